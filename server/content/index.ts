/**
 * Folders, items, item stacks and the item view of the reference service: the socket
 * requests on /user/<aid> (and item.get on /anon), who may open /item/<itemId>, the item read, item-stack and backup
 * routes under /api, and the hooks the uploads service calls as files arrive.
 */
import type { FastifyInstance } from 'fastify';
import { UPLOAD_KEY_PREFIXES } from '../../domain/items.ts';
import type { TokenVerifier } from '../auth.ts';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs.ts';
import type { Realtime } from '../realtime.ts';
import { backupRoutes } from './backupRoutes.ts';
import type { ItemContext } from './itemView.ts';
import { itemRoutes } from './itemRoutes.ts';
import { registerItemRequests } from './itemSocket.ts';
import { itemNamespaceAccess, itemViewOperations } from './itemViewOps.ts';
import type { AvatarUrl } from './repository.ts';
import { registerContentRequests } from './socket.ts';
import { stackOperations } from './stackOps.ts';
import { itemStackRoutes } from './stackRoutes.ts';
import { createVersionHooks, type VersionHooks } from './uploadHooks.ts';
import { failExpiredUploads, type ContentFiles } from './versionRepository.ts';

export type { ContentFiles } from './versionRepository.ts';
export { createFileAccess } from './fileAccess.ts';
export type { VersionHooks } from './uploadHooks.ts';

export interface ContentOptions {
  db: Db;
  realtime: Realtime;
  verify: TokenVerifier;
  avatarUrl: AvatarUrl;
  logError: (error: unknown, where: string) => void;
  /** Blob storage and package processing (server/uploads). */
  files: ContentFiles;
  /** Key prefix of video uploads; default UPLOAD_KEY_PREFIXES.video. */
  videoKeyPrefix?: string;
  /** The service's job queue (server/jobs.ts): uploads are processed through it. */
  jobs: JobQueue;
}

export interface ContentService {
  /** The uploads service's hooks (UploadHooks) and a way to wait for processing still running. */
  hooks: VersionHooks;
  /** The item-view context, for the seed. */
  context: ItemContext;
}

/** Wires the content requests and routes into the app (routes under `/api`). */
export async function registerContent(app: FastifyInstance, options: ContentOptions): Promise<ContentService> {
  const context: ItemContext = {
    db: options.db,
    realtime: options.realtime,
    avatarUrl: options.avatarUrl,
    logError: options.logError,
    files: options.files,
    storylineKeyPrefix: UPLOAD_KEY_PREFIXES.storyline,
    videoKeyPrefix: options.videoKeyPrefix ?? UPLOAD_KEY_PREFIXES.video,
  };
  // Uploads cut off by a stop (their URL expired since): failed, so their owner can retry.
  await failExpiredUploads(options.db);
  // Package downloads asked for before processing ended: pushed when it does.
  const pendingPackages = new Set<string>();
  registerContentRequests(options.realtime, context);
  const itemOperations = itemViewOperations(context, pendingPackages);
  registerItemRequests(options.realtime, context, itemOperations);
  options.realtime.setItemAccess((itemId, identity, password) => itemNamespaceAccess(context, itemId, identity.id, password));
  await app.register(itemStackRoutes, { prefix: '/api', verify: options.verify, stacks: stackOperations(context) });
  await app.register(backupRoutes, { prefix: '/api', verify: options.verify, context });
  await app.register(itemRoutes, { prefix: '/api', verify: options.verify, operations: itemOperations });
  return { hooks: createVersionHooks(context, pendingPackages, options.jobs), context };
}
