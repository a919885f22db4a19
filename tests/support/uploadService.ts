/**
 * The uploads service alone on a real fastify instance, configured as server/app.ts configures the whole service
 * (1 MiB body limit, long route parameters, strict JSON schemas, the package-origin guard), with recording hooks.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { installErrorHandling } from '../../server/errors.ts';
import { createUploadService, packageHostGuard } from '../../server/uploads/index.ts';
import type { UploadFailure, UploadService } from '../../server/uploads/index.ts';

export interface StandaloneUploads {
  app: FastifyInstance;
  service: UploadService;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  dataDir: string;
  expectedSizes: Map<string, number>;
  storedCalls: { key: string; size: number; md5: string }[];
  failedCalls: { key: string; reason: UploadFailure }[];
  /** The address of a file of a processed version on its package origin. */
  packageAddress(versionId: string, file: string): string;
  close(): Promise<void>;
}

export async function startUploadService(options: { secret: string; token: string; maxBytes?: number }): Promise<StandaloneUploads> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'review-uploads-test-'));
  const app = Fastify({ bodyLimit: 1024 * 1024, routerOptions: { maxParamLength: 1000 }, ajv: { customOptions: { removeAdditional: false } } });
  installErrorHandling(app);
  const expectedSizes = new Map<string, number>();
  const storedCalls: StandaloneUploads['storedCalls'] = [];
  const failedCalls: StandaloneUploads['failedCalls'] = [];
  let baseUrl = '';
  const service = createUploadService({
    dataDir,
    publicUrl: () => baseUrl,
    secret: options.secret,
    verifyBearer: async (request) => (request.headers.authorization === `Bearer ${options.token}` ? { aid: 'aid-1' } : null),
    hooks: {
      expectedSize: async (key) => expectedSizes.get(key) ?? null,
      stored: async (key, info) => void storedCalls.push({ key, ...info }),
      failed: async (key, reason) => void failedCalls.push({ key, reason }),
    },
    ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
  });
  app.addHook('onRequest', packageHostGuard(() => service.origins()));
  await service.register(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    app,
    service,
    baseUrl,
    dataDir,
    expectedSizes,
    storedCalls,
    failedCalls,
    packageAddress: (versionId, file) => `${service.packageUrl(`/packages/${versionId}/`)}${file}`,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
