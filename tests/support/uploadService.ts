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
import { registerCompression } from '../../server/compression.ts';
import { createUploadService, packageHostGuard } from '../../server/uploads/index.ts';
import type { UploadFailure, UploadService, ViewGrant } from '../../server/uploads/index.ts';

export interface StandaloneUploads {
  app: FastifyInstance;
  service: UploadService;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  dataDir: string;
  expectedSizes: Map<string, number>;
  storedCalls: { key: string; size: number; md5: string }[];
  failedCalls: { key: string; reason: UploadFailure }[];
  /**
   * What the item side would answer about file access: grants whose `<subject> <itemId> <resource>` is listed are
   * allowed, thumbnails listed are live. Tickets are issued for subject `viewer`, item `item` unless told otherwise.
   */
  allowedGrants: Set<string>;
  liveThumbnails: Set<string>;
  /** Every decision the service asked for (to see the cache at work). */
  accessQuestions: ViewGrant[];
  /** A view ticket for `resource` (`p:<versionId>`, `b:<key>`), allowed in `allowedGrants` unless `allow` is false. */
  ticket(resource: string, options?: { subject?: string; itemId?: string; allow?: boolean }): string;
  /** The address of a file of a processed version on its package origin, with an allowed view ticket. */
  packageAddress(versionId: string, file: string): string;
  close(): Promise<void>;
}

export async function startUploadService(options: { secret: string; token: string; maxBytes?: number; accessCacheMs?: number }): Promise<StandaloneUploads> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'review-uploads-test-'));
  const app = Fastify({ bodyLimit: 1024 * 1024, routerOptions: { maxParamLength: 1000 }, ajv: { customOptions: { removeAdditional: false } } });
  installErrorHandling(app);
  // As the service wires it (server/app.ts): compression before the routes.
  await registerCompression(app);
  const expectedSizes = new Map<string, number>();
  const storedCalls: StandaloneUploads['storedCalls'] = [];
  const failedCalls: StandaloneUploads['failedCalls'] = [];
  const allowedGrants = new Set<string>();
  const liveThumbnails = new Set<string>();
  const accessQuestions: ViewGrant[] = [];
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
    access: {
      allows: async (grant) => {
        accessQuestions.push(grant);
        return allowedGrants.has(`${grant.subject} ${grant.itemId} ${grant.resource}`);
      },
      isLiveThumbnail: async (key) => liveThumbnails.has(key),
    },
    accessCacheMs: options.accessCacheMs ?? 0,
    ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
  });
  const ticket: StandaloneUploads['ticket'] = (resource, { subject = 'viewer', itemId = 'item', allow = true } = {}) => {
    if (allow) allowedGrants.add(`${subject} ${itemId} ${resource}`);
    return service.viewTicket({ subject, itemId, resource, passwordHash: null });
  };
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
    allowedGrants,
    liveThumbnails,
    accessQuestions,
    ticket,
    packageAddress: (versionId, file) => `${service.packageUrl(`/packages/${versionId}/`)}${ticket(`p:${versionId}`)}/${file}`,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
