/**
 * The object store on an S3-compatible service (`@aws-sdk/client-s3`, path-style addresses so a local server such as
 * s3rver or MinIO works without wildcard DNS). Configured by S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID,
 * S3_SECRET_ACCESS_KEY and S3_REGION (default us-east-1): all of the first four or none. The SDK (a large module
 * graph) is loaded on the store's first request, so a server without an object store never loads it.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3 from '@aws-sdk/client-s3';
import { EnvConfigError } from '../config.ts';
import type { ObjectStore } from './objectStore.ts';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The S3 settings of the environment; null when none is set; EnvConfigError naming what is missing or wrong. */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv): S3Settings | null {
  const given = S3_VARIABLES.filter((name) => (env[name] ?? '').trim() !== '');
  if (given.length === 0) return null;
  const missing = S3_VARIABLES.filter((name) => !given.includes(name));
  if (missing.length > 0) throw new EnvConfigError(`${missing.join(', ')} must be set as well: the object store needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.`);
  const endpoint = env.S3_ENDPOINT!.trim();
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new EnvConfigError(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new EnvConfigError(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}".`);
  const bucket = env.S3_BUCKET!.trim();
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new EnvConfigError(`S3_BUCKET must be a bucket name (3–63 lower-case letters, digits, dots, hyphens), got "${bucket}".`);
  return { endpoint, bucket, accessKeyId: env.S3_ACCESS_KEY_ID!.trim(), secretAccessKey: env.S3_SECRET_ACCESS_KEY!.trim(), region: env.S3_REGION?.trim() || 'us-east-1' };
}

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

export interface S3ObjectStore extends ObjectStore {
  /** Creates the bucket when it does not exist (a development server starts empty). */
  ensureBucket(): Promise<void>;
  close(): void;
}

export function s3ObjectStore(settings: S3Settings): S3ObjectStore {
  let connected: Promise<{ sdk: typeof S3; client: S3.S3Client }> | undefined;
  let closed = false;
  /** The SDK and the client, made on the first request. */
  const connect = () =>
    (connected ??= import('@aws-sdk/client-s3').then((sdk) => {
      const client = new sdk.S3Client({
        endpoint: settings.endpoint,
        region: settings.region,
        forcePathStyle: true,
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
        // Plain signed requests: checksums only where S3 requires them (local servers do not know the newer trailers).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      if (closed) client.destroy();
      return { sdk, client };
    }));
  const Bucket = settings.bucket;

  const get = async (key: string): Promise<Readable | null> => {
    try {
      const { sdk, client } = await connect();
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
      return answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };

  const list = async (prefix: string): Promise<string[]> => {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const { sdk, client } = await connect();
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  };

  return {
    kind: 's3',
    put: async (key, bytes, contentType) => {
      const { sdk, client } = await connect();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentLength: bytes.byteLength, ContentType: contentType }));
    },
    putFile: async (key, file, contentType) => {
      const { size } = await stat(file);
      const { sdk, client } = await connect();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: size === 0 ? new Uint8Array() : createReadStream(file), ContentLength: size, ContentType: contentType }));
    },
    get: async (key) => {
      const body = await get(key);
      if (!body) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    download: async (key, file) => {
      const body = await get(key);
      if (!body) return false;
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomUUID()}.tmp`;
      try {
        await pipeline(body, createWriteStream(temp, { flags: 'wx' }));
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return true;
    },
    exists: async (key) => {
      try {
        const { sdk, client } = await connect();
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    remove: async (key) => {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    list,
    removePrefix: async (prefix) => {
      const keys = await list(prefix);
      for (let start = 0; start < keys.length; start += 1000) {
        const Objects = keys.slice(start, start + 1000).map((Key) => ({ Key }));
        const { sdk, client } = await connect();
        await client.send(new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      }
    },
    ensureBucket: async () => {
      try {
        const { sdk, client } = await connect();
        await client.send(new sdk.HeadBucketCommand({ Bucket }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
        const { sdk, client } = await connect();
        await client.send(new sdk.CreateBucketCommand({ Bucket }));
      }
    },
    close: () => {
      closed = true;
      void connected?.then(({ client }) => client.destroy());
    },
  };
}
