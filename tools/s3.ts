/**
 * A local S3-compatible server for development and tests: s3rver (npm, plain Node, objects as files in a folder of
 * its own), listening on 127.0.0.1 with its fixed development credentials. Used by `npm run start:cluster`
 * (tools/cluster.ts) and the cluster tests; a deployment points S3_* at a real object store instead.
 */
import S3rver from 's3rver';
import type { AddressInfo } from 'node:net';

/** s3rver's built-in account (it accepts no other). */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* variables that point a service instance at this server. */
  env: Record<'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_REGION', string>;
  stop(): Promise<void>;
}

/**
 * Starts s3rver on `port`, or on a port the system picks as it listens, with its objects in `directory` and the bucket
 * `bucket` created. The port is not picked beforehand (found free, closed, then listened on): another socket may take
 * it in between, and s3rver's run() then never settles (its listen promise ignores the server's 'error' event).
 */
export async function startLocalS3(directory: string, options: { bucket?: string; port?: number } = {}): Promise<LocalS3> {
  const bucket = options.bucket ?? 'review-blobs';
  const server = new S3rver({ address: '127.0.0.1', port: options.port ?? 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId, S3_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey, S3_REGION: 'us-east-1' },
    stop: () => server.close(),
  };
}
