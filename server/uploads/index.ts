/**
 * Uploads, blob storage, package processing and serving. See README.md in this folder and
 * "Uploads" in server/README.md. The item side (versions, pushes) talks to this through `UploadHooks`
 * and `UploadService`.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES, SIGNED_URL_TTL_MS } from '../../domain/constants.ts';
import { UPLOAD_KEY_PREFIXES } from '../../domain/items.ts';
import { bearerToken } from '../auth.ts';
import type { TokenVerifier } from '../auth.ts';
import { BlobStore, isSafeKey, isSafeVersionId } from './blobStore.ts';
import { checkPackageUrl, defaultPackageUrl, packageOrigins } from './packageOrigin.ts';
import type { PackageOrigins } from './packageOrigin.ts';
import { processPackage, processVideo, removeLeftoverPackageFolders, removeVersionFiles } from './processing.ts';
import type { ProcessingContext } from './processing.ts';
import { registerUploadRoutes, signedPutUrl } from './routes.ts';
export { packageHostGuard } from './routes.ts';
export { packageLabel } from './packageOrigin.ts';
import { signGrant } from './signer.ts';
import type { ProcessResult, UploadService, UploadServiceOptions } from './types.ts';
import { cachedDecisions, FILE_ACCESS_CACHE_MS, passwordFingerprint, signViewTicket, viewTicketExpiry, type ViewGrant } from './viewTicket.ts';

export type { ProcessResult, UploadFailure, UploadHooks, UploadService, UploadServiceOptions } from './types.ts';
export type { FileAccess, ViewGrant } from './viewTicket.ts';
export { passwordFingerprint } from './viewTicket.ts';
export { buildRiseFixture, buildStoryFixture, videoFixture } from './fixtures.ts';
export { contentPrefixFor, thumbnailKeyFor } from './processing.ts';

/**
 * The `verifyBearer` the service needs, from the server's token verifier (auth.ts): the same check
 * `requireAccount` makes for the /api routes.
 */
export function bearerVerifier(verify: TokenVerifier): (request: FastifyRequest) => Promise<{ aid: string } | null> {
  return async (request) => {
    const token = bearerToken(request.headers.authorization);
    const user = token ? await verify(token) : undefined;
    return user ? { aid: user.aid } : null;
  };
}

/** Creates the uploads service; nothing is served until `register(app)`. */
export function createUploadService(options: UploadServiceOptions): UploadService {
  const store = new BlobStore(options.dataDir, options.objectStore ?? null);
  const videoKeyPrefix = options.videoKeyPrefix ?? UPLOAD_KEY_PREFIXES.video;
  if (!isSafeKey(videoKeyPrefix)) throw new Error(`Unsafe video key prefix: ${JSON.stringify(videoKeyPrefix)}`);
  const keyPrefixes = [...new Set([UPLOAD_KEY_PREFIXES.default, UPLOAD_KEY_PREFIXES.storyline, videoKeyPrefix])];
  const blobUrl = (key: string) => `/blobs/${key.split('/').map(encodeURIComponent).join('/')}`;
  const processing: ProcessingContext = { store, packageRoot: path.resolve(options.dataDir, 'packages'), blobUrl };
  // The public URL is known only after listen (port 0): the origins are made on first use, again if it changes.
  let originsFor: { template: string; origins: PackageOrigins } | null = null;
  const origins = (): PackageOrigins => {
    const publicUrl = options.publicUrl();
    const template = checkPackageUrl(options.packageUrl?.() ?? defaultPackageUrl(publicUrl), publicUrl);
    if (originsFor?.template !== template) originsFor = { template, origins: packageOrigins(template) };
    return originsFor.origins;
  };
  const dashboardOrigins = (): string[] => {
    const url = new URL(options.publicUrl());
    const alias = url.hostname === 'localhost' ? '127.0.0.1' : url.hostname === '127.0.0.1' ? 'localhost' : null;
    return alias ? [url.origin, `${url.protocol}//${alias}${url.port ? `:${url.port}` : ''}`] : [url.origin];
  };

  // One processing run per version at a time: a second run waits for the first (they share `<id>.tmp`).
  const running = new Map<string, Promise<unknown>>();
  const serialized = (versionId: string, run: () => Promise<ProcessResult>): Promise<ProcessResult> => {
    const previous = running.get(versionId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(run);
    running.set(versionId, next);
    void next.catch(() => undefined).finally(() => {
      if (running.get(versionId) === next) running.delete(versionId);
    });
    return next;
  };

  const cacheMs = options.accessCacheMs ?? FILE_ACCESS_CACHE_MS;
  const allows = cachedDecisions<ViewGrant>((grant) => options.access.allows(grant), cacheMs);
  const isLiveThumbnail = cachedDecisions<string>((key) => options.access.isLiveThumbnail(key), cacheMs);

  return {
    async register(app: FastifyInstance) {
      await store.prepare();
      // With an object store the package folders are a cache, possibly stale after a stop: it starts empty.
      if (store.remote) await rm(processing.packageRoot, { recursive: true, force: true });
      await removeLeftoverPackageFolders(processing.packageRoot);
      options.instances?.listen((versionId) => {
        if (isSafeVersionId(versionId)) void store.dropPackage(processing.packageRoot, versionId).catch(() => undefined);
      });
      await registerUploadRoutes(app, {
        store,
        packageRoot: processing.packageRoot,
        publicUrl: options.publicUrl,
        secret: options.secret,
        verifyBearer: options.verifyBearer,
        hooks: options.hooks,
        keyPrefixes,
        maxBytes: options.maxBytes ?? MAX_UPLOAD_BYTES,
        origins,
        dashboardOrigins,
        allows: (ticket, grant) => allows(ticket, grant),
        isLiveThumbnail: (key) => isLiveThumbnail(key, key),
      });
    },
    signDownload(key, fileName, viewer) {
      store.pathOf(key); // throws on an unsafe key: a caller bug, better loud than a link that 404s
      const bound = viewer ? { viewer: { subject: viewer.subject, itemId: viewer.itemId, password: viewer.passwordHash === null ? null : passwordFingerprint(viewer.passwordHash) } } : {};
      const token = signGrant(options.secret, { method: 'GET', key, md5: null, expiresAt: Date.now() + SIGNED_URL_TTL_MS, ...bound }, fileName);
      return `${options.publicUrl()}/api/downloads/${token}?name=${encodeURIComponent(fileName)}`;
    },
    signUpload(key, _contentType, md5 = null) {
      store.pathOf(key); // throws on an unsafe key, as signDownload does
      return signedPutUrl(options.secret, options.publicUrl(), key, md5);
    },
    processPackage: (key, versionId, kind) =>
      serialized(versionId, async () => {
        const result = await processPackage(processing, key, versionId, kind);
        // Stored in the object store by now: the other instances drop what they cached of an earlier run.
        if (result.state === 'ready' && store.remote) options.instances?.announce(versionId);
        return result;
      }),
    processVideo: (key, versionId) => serialized(versionId, () => processVideo(processing, key, versionId)),
    putBlob: (key, bytes) => store.put(key, bytes),
    removeBlob: (key) => store.remove(key),
    // The comment export reads snapshot images into its PDF, the LMS export packs a stored video; null when missing or unsafe.
    readBlob: async (key) => {
      try {
        return await store.read(key);
      } catch {
        return null;
      }
    },
    removeVersionFiles: (versionId) => removeVersionFiles(processing, versionId),
    blobUrl,
    viewTicket: ({ passwordHash, ...grant }) =>
      signViewTicket(options.secret, { ...grant, password: passwordHash === null ? null : passwordFingerprint(passwordHash), expiresAt: viewTicketExpiry(Date.now()) }),
    origins,
    packageUrl(contentPrefix) {
      const versionId = /^\/packages\/([^/]+)\//.exec(contentPrefix)?.[1];
      return versionId && isSafeVersionId(versionId) ? `${origins().originFor(versionId)}${contentPrefix}` : contentPrefix;
    },
  };
}
