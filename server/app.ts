import { createHmac } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import type Provider from 'oidc-provider';
import { createTokenInspector, createTokenVerifier } from './auth.ts';
import { checkReconnectPolicy, llmConfigFromEnv, type JobRetrySettings, type LlmConfig } from './config.ts';
import { isCommentUploadKey, registerComments, type CommentUploadHooks } from './comments/index.ts';
import { registerCommentExport } from './exports/comments/index.ts';
import { createFileAccess, registerContent, type VersionHooks } from './content/index.ts';
import type { LinkName, ReconnectPolicy, RuntimeConfig, ServiceName } from './config.ts';
import { openDatabase } from './db/database.ts';
import { installErrorHandling } from './errors.ts';
import { registerCompression } from './compression.ts';
import { installRequestValidation } from './validation.ts';
import { pruneExpiredOidcPayloads } from './oidc/adapter.ts';
import { loadOrCreateSecrets } from './oidc/keys.ts';
import { createOidcProvider } from './oidc/provider.ts';
import { oidcRoutes } from './oidc/routes.ts';
import { attachRealtime } from './realtime.ts';
import type { Realtime } from './realtime.ts';
import { apiRoutes } from './routes/api.ts';
import { clientRoutes } from './routes/client.ts';
import { configRoutes } from './routes/config.ts';
import { externalRoutes } from './routes/external.ts';
import { registerReviewRequests } from './reviewRequests/index.ts';
// LMS export of video items.
import { registerExportFileRemoval } from './exports/fileExpiry.ts';
import { registerLmsExport } from './exports/lms/index.ts';
import { DEFAULT_DEMO_PASSWORD, seedIfEmpty } from './seed.ts';
import { registerSharing } from './sharing/index.ts';
import { registerTranslations, seedTranslations } from './translations/index.ts';
import { s3ObjectStore, s3SettingsFromEnv, type S3ObjectStore } from './storage/s3.ts';
import { jobRoutes } from './jobRoutes.ts';
import { createJobQueue, type JobQueue } from './jobs.ts';
import { registerOutboxDelivery } from './comments/delivery.ts';
import { seedComments, seedReviewRequests, seedVersions } from './seedContent.ts';
import { registerServices } from './services/index.ts';
// Activation, trial and downloads stand-ins (learning-product activation, localization trial, desktop builds).
import { registerActivation, seedActivationAccounts } from './activation/index.ts';
// The authoring dashboard's stand-ins.
import { registerAuthoring } from './authoring/index.ts';
import { initials } from './services/subscriptions.ts';
import { bearerVerifier, createUploadService, packageHostGuard, passwordFingerprint, type FileAccess, type UploadHooks } from './uploads/index.ts';

export type { ServiceName } from './config.ts';

export interface ServerOptions {
  /** 0 picks a free port. Default 3000. */
  port?: number;
  /** How often the notification outbox's due rows are delivered (server/comments/delivery.ts). Default 15 s. */
  outboxDeliveryMs?: number;
  /**
   * Default 'localhost': fastify then listens on every loopback address (127.0.0.1 and ::1), so both
   * http://localhost:PORT and http://127.0.0.1:PORT work without exposing the port to the network.
   * Use '0.0.0.0' or '::' to accept remote connections.
   */
  host?: string;
  dataDir: string;
  /** A `postgres://` URL: the database is PostgreSQL (several instances may share it); default `DATABASE_URL`, else SQLite in `dataDir`. */
  databaseUrl?: string;
  /**
   * Where blobs, processed packages, translation files and snapshots live when instances share them (S3); null: the
   * disk under `dataDir` only; absent: from S3_ENDPOINT / S3_BUCKET / S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY / S3_REGION.
   */
  objectStore?: S3ObjectStore | null;
  /** A `redis://` URL: the realtime bus between instances runs on Redis (socket.io's Redis adapter); absent: REDIS_URL; null or unset: on PostgreSQL. */
  redisUrl?: string | null;
  /** Default http://localhost:<actual port>. */
  publicUrl?: string;
  /**
   * Where packages are served: an origin, with `{id}` as the first host label for one origin per version (see
   * server/uploads/packageOrigin.ts). Default `http://{id}.packages.localhost:<port>` on a loopback public URL.
   */
  packageUrl?: string;
  accessTokenTtlSeconds?: number;
  demoPassword?: string;
  /** The built client. Default <repo>/dist. */
  clientDir?: string;
  serviceUrls?: Partial<Record<ServiceName, string>>;
  /** External sites the dashboard links to; default `<public URL>/external/<name>` (stand-in pages). */
  linkUrls?: Partial<Record<LinkName, string>>;
  /** Served as `/config.json` `socket.reconnect`; null or absent: the client keeps the spec's policy. */
  socketReconnect?: ReconnectPolicy | null;
  /** Served as `/config.json` `eventLog`: the client's session log bound and checkpoint interval (tests make it small). */
  eventLog?: RuntimeConfig['eventLog'];
  /** Served as `/config.json` `downtime`: the dashboard's downtime banner window (staff set it); absent: none. */
  downtime?: RuntimeConfig['downtime'];
  /** How failing background jobs are retried (`JOB_MAX_ATTEMPTS`, `JOB_RETRY_DELAY_MS`); absent: the queue's defaults. */
  jobRetry?: JobRetrySettings;
  /** Key prefix of video uploads (§7 "a transcode prefix from configuration"); default `review/transcode`. */
  videoKeyPrefix?: string;
  /** How long a package or blob access decision is remembered (default 2 s, server/uploads FILE_ACCESS_CACHE_MS); tests pass 0. */
  fileAccessCacheMs?: number;
  logger?: boolean;
  /**
   * The OpenAI-compatible service for AI suggestions; null: the offline translation-memory provider;
   * absent: from TRANSLATION_LLM_ENDPOINT / TRANSLATION_LLM_API_KEY / TRANSLATION_LLM_MODEL.
   */
  llm?: LlmConfig | null;
  // The authoring dashboard's stand-ins (server/authoring/).
  /** How long the conveyor takes to finish a template import; default 1500 ms. */
  courseImportDelayMs?: number;
}

export interface RunningServer {
  url: string;
  /** This instance's own address (`http://localhost:<port>`), which differs from `url` behind a proxy or in a cluster. */
  listenUrl: string;
  /** Extra handle for later features (pushing events); not needed to run the server. */
  realtime: Realtime;
  /** The background job queue (server/jobs.ts) of this instance. */
  jobs: JobQueue;
  close(): Promise<void>;
}

const BODY_LIMIT_BYTES = 1024 * 1024;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
/** The recurring job that removes expired sign-in payloads. */
export const OIDC_PRUNE_JOB = 'oidc.pruneExpired';
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The key that signs upload and download links, derived from the cookie keys kept in DATA_DIR, so links survive a restart. */
export function uploadSecret(dataDir: string): Buffer {
  const [cookieKey] = loadOrCreateSecrets(dataDir).cookieKeys;
  return createHmac('sha256', cookieKey ?? '').update('review-uploads/v1').digest();
}

/** Starts the reference review service: client, API, stand-in services, OIDC and sockets on one port. */
/** How long a closing service waits for requests in progress before it closes their connections. */
const CLOSE_GRACE_MS = 3_000;

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const socketReconnect = opts.socketReconnect
    ? checkReconnectPolicy(opts.socketReconnect, { delayMs: 'socketReconnect.delayMs', delayMaxMs: 'socketReconnect.delayMaxMs', attempts: 'socketReconnect.attempts' })
    : null;
  // Several instances: blobs in an object store (server/storage/s3.ts); a bucket missing on a development server is made.
  const s3Settings = opts.objectStore === undefined ? s3SettingsFromEnv(process.env) : null;
  const objectStore = opts.objectStore === undefined ? (s3Settings ? s3ObjectStore(s3Settings) : null) : opts.objectStore;
  await objectStore?.ensureBucket();
  const db = await openDatabase(opts.dataDir, opts.databaseUrl ?? process.env.DATABASE_URL);
  // Background work that runs once across instances (server/jobs.ts); features add their kinds, polling starts after listen.
  // A job given up after its last attempt is always logged (stderr), whatever the request log says.
  const jobs = createJobQueue(db, {
    ...opts.jobRetry,
    onError: (error, kind, job) => {
      app.log.error({ err: error, kind, job }, job?.final ? 'background job failed for good' : 'background job failed');
      if (job?.final) console.error(`Background job ${kind} ${job.id} failed after ${job.attempts} attempts: ${error instanceof Error ? error.message : String(error)}`);
    },
  });
  const seeded = await seedIfEmpty(db, opts.demoPassword ?? DEFAULT_DEMO_PASSWORD);
  // Activation demo accounts (Pilot Team, learning product off) beside the main seed.
  if (seeded) await seedActivationAccounts(db, opts.demoPassword ?? DEFAULT_DEMO_PASSWORD);

  // Both are known only after listen (port 0); routes read them through these closures.
  let provider: Provider | undefined;
  let publicUrl = opts.publicUrl?.replace(/\/+$/, '') ?? '';
  const inspect = createTokenInspector(db, () => provider);
  const verify = createTokenVerifier(inspect);

  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Above the router's default of 100, so a too-long parameter reaches schema validation (400)
    // instead of matching no route (404).
    routerOptions: { maxParamLength: 1000 },
  });
  // Bodies are never coerced, query strings and params are (finite numbers only); unknown fields are refused.
  installRequestValidation(app);
  installErrorHandling(app);
  // brotli/gzip for every compressible answer of the routes below (server/compression.ts).
  await registerCompression(app);
  // Package origins serve package files only (the service is created below; requests come after listen).
  app.addHook('onRequest', packageHostGuard(() => uploads.origins()));
  // Before the routes: some of them push events.
  const realtime = attachRealtime(app.server, db, inspect, {
    onError: (error, event) => app.log.error({ err: error, event }, 'socket request failed'),
    redisUrl: opts.redisUrl === undefined ? process.env.REDIS_URL || null : opts.redisUrl,
  });
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(configRoutes, { publicUrl: () => publicUrl, serviceUrls: opts.serviceUrls ?? {}, linkUrls: opts.linkUrls ?? {}, socketReconnect, eventLog: opts.eventLog, downtime: opts.downtime ?? null });
  await app.register(externalRoutes, { prefix: '/external' });
  await app.register(apiRoutes, { prefix: '/api', verify, realtime });
  // Staff: the background jobs that failed for good, and running one again.
  await app.register(jobRoutes, { prefix: '/api', db, jobs, verify });
  // Uploads call the item side back as files arrive; the item side is registered next, hence the late binding.
  // Comment files (keys under review/comments/) go to the comment service, every other key to the item side.
  const bound: { hooks?: VersionHooks; comments?: CommentUploadHooks; access?: FileAccess } = {};
  const hooks = (key: string): Pick<VersionHooks, 'expectedSize' | 'stored' | 'failed'> => {
    const target = isCommentUploadKey(key) ? bound.comments : bound.hooks;
    if (!target) throw new Error('upload hooks used before the content and comment services were registered');
    return target;
  };
  const uploadHooks: UploadHooks = {
    expectedSize: (key) => hooks(key).expectedSize(key),
    stored: (key, info) => hooks(key).stored(key, info),
    failed: (key, reason) => hooks(key).failed(key, reason),
  };
  const uploads = createUploadService({
    dataDir: opts.dataDir,
    objectStore,
    publicUrl: () => publicUrl,
    secret: uploadSecret(opts.dataDir),
    verifyBearer: bearerVerifier(verify),
    hooks: uploadHooks,
    // Who may still read a package or a video: the item side decides, from the database, on each request.
    access: {
      allows: (grant) => bound.access?.allows(grant) ?? Promise.resolve(false),
      isLiveThumbnail: (key) => bound.access?.isLiveThumbnail(key) ?? Promise.resolve(false),
    },
    packageUrl: () => opts.packageUrl,
    // A package processed again on one instance is dropped from the others' caches (server/uploads/blobStore.ts).
    instances: {
      announce: (versionId) => realtime.tellInstances('package.processed', { versionId }),
      listen: (listener) => realtime.onInstanceMessage('package.processed', (data) => typeof data.versionId === 'string' && listener(data.versionId)),
    },
    ...(opts.videoKeyPrefix === undefined ? {} : { videoKeyPrefix: opts.videoKeyPrefix }),
    ...(opts.fileAccessCacheMs === undefined ? {} : { accessCacheMs: opts.fileAccessCacheMs }),
  });
  // Folders, items, stacks and the item view: socket requests on /user/<aid> (item.get also on /anon),
  // /item/<itemId> access, item-stack and backup routes under /api.
  const content = await registerContent(app, {
    db,
    realtime,
    verify,
    avatarUrl: (person) => `${publicUrl}/services/avatars/v1/avatars-default/${initials(person.first_name, person.last_name)}?size=small`,
    logError: (error, where) => app.log.error({ err: error, where }, 'content request failed'),
    files: uploads,
    jobs,
    ...(opts.videoKeyPrefix === undefined ? {} : { videoKeyPrefix: opts.videoKeyPrefix }),
  });
  bound.hooks = content.hooks;
  bound.access = createFileAccess(db, passwordFingerprint, (key) => uploads.blobUrl(key));
  // Share people and share settings of one item, under /api.
  await registerSharing(app, { verify, context: content.context });
  // Comments: socket requests on /user/<aid> and /anon, pushes on /item/<itemId>, the outbox route under /api.
  const comments = await registerComments(app, {
    item: content.context,
    verify,
    files: uploads,
    publicUrl: () => publicUrl,
    logError: (error, where) => app.log.error({ err: error, where }, 'comment request failed'),
  });
  bound.comments = comments.hooks;
  // The outbox's e-mails, digests and review reminders are delivered by a recurring job (once across instances).
  registerOutboxDelivery(db, jobs, opts.outboxDeliveryMs);
  // Export files (comments, LMS packages) are removed by a job once their links expire.
  registerExportFileRemoval(db, jobs, uploads);
  // LMS export of video items: the lms.export socket request on /user/<aid>, the package's push to the one who asked.
  registerLmsExport({
    ...content.context,
    jobs,
    readBlob: async (key) => {
      const bytes = await uploads.readBlob(key);
      if (!bytes) throw new Error(`The stored file ${key} is missing`);
      return bytes;
    },
    publicUrl: () => publicUrl,
  });
  // Comment export (server/exports/comments): CSV and PDF jobs on /user/<aid>, files under review/exports/comments/.
  const commentExport = registerCommentExport({ db, jobs, realtime, files: uploads, logError: (error, where) => app.log.error({ err: error, where }, 'comment export failed') });
  // Review requests of one item under /api; pushes on /item/<itemId>.
  await registerReviewRequests(app, { verify, context: { ...content.context, publicUrl: () => publicUrl } });
  // Translations: the validation calls under /api, translation files and language maps under /services/cdn.
  const translations = await registerTranslations(app, {
    db,
    verify,
    realtime,
    dataDir: opts.dataDir,
    objectStore,
    jobs,
    logError: (error, where) => app.log.error({ err: error, where }, 'translation request failed'),
    cdnUrl: () => opts.serviceUrls?.cdn ?? `${publicUrl}/services/cdn`,
    llm: opts.llm === undefined ? llmConfigFromEnv(process.env) : opts.llm,
  });
  await uploads.register(app);
  // Versions of the seeded items need the blob store, which exists from here on.
  if (seeded) {
    await seedVersions(content.context);
    await seedComments(content.context.db, uploads);
    await seedReviewRequests(content.context.db);
    await seedTranslations(content.context.db, translations.cdn);
  }
  // Activation, trial and downloads stand-ins (server/activation).
  await registerActivation(app, { db, jobs, verify, publicUrl: () => publicUrl });
  // The authoring dashboard's stand-ins: content browse, rise-runtime ducks, training home, growth, conveyor room.
  await registerAuthoring(app, { db, verify, realtime, publicUrl: () => publicUrl, ...(opts.courseImportDelayMs === undefined ? {} : { importDelayMs: opts.courseImportDelayMs }) });
  await registerServices(app, { db, verify, realtime, publicUrl: () => publicUrl });
  await app.register(oidcRoutes, { db, getProvider: () => provider });
  await app.register(clientRoutes, { clientDir: opts.clientDir ?? path.join(REPO_ROOT, 'dist') });

  // Expired sign-in payloads are removed once an hour, by one instance (a recurring job).
  jobs.every(OIDC_PRUNE_JOB, PRUNE_INTERVAL_MS, () => pruneExpiredOidcPayloads(db).then(() => null));
  try {
    await app.listen({ port: opts.port ?? 3000, host: opts.host ?? 'localhost' });
    const { port } = app.server.address() as AddressInfo;
    publicUrl ||= `http://localhost:${port}`;
    uploads.origins(); // PACKAGE_URL is checked against the public URL now, not on the first package request
    provider = createOidcProvider({
      db,
      dataDir: opts.dataDir,
      publicUrl,
      accessTokenTtlSeconds: opts.accessTokenTtlSeconds ?? 3600,
    });
    await pruneExpiredOidcPayloads(db);
    jobs.start();
  } catch (error) {
    jobs.stop();
    await realtime.close().catch(() => undefined);
    await app.close().catch(() => undefined);
    await db.destroy();
    if (opts.objectStore === undefined) objectStore?.close();
    throw error;
  }

  let closing: Promise<void> | undefined;
  return {
    url: publicUrl,
    listenUrl: `http://localhost:${(app.server.address() as AddressInfo).port}`,
    realtime,
    jobs,
    close: () =>
      (closing ??= (async () => {
        // No new background job is claimed; the ones running finish (the app's onClose hooks wait for them).
        jobs.stop();
        await realtime.close();
        // Requests in progress get a grace period to finish; then every connection still open is closed (a client may
        // hold one open without sending a request, which Node would otherwise keep until its headers time-out).
        const closed = app.close();
        const grace = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
        await closed;
        clearTimeout(grace);
        await content.hooks.idle();
        await commentExport.idle();
        await jobs.idle();
        await db.destroy();
        if (opts.objectStore === undefined) objectStore?.close();
      })()),
  };
}
