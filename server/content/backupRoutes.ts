/**
 * The backup calls (review-and-content §7; domain/items.ts BACKUP_CALLS) under /api, bearer token
 * required: the list of an item's project backups, newest first, and a signed download link for one
 * (saved by the client as `{title}.story`). An item the caller may not open is unknown to them (404).
 */
import type { FastifyPluginAsync } from 'fastify';
import { accountOf, requireAccount } from '../auth.ts';
import type { TokenVerifier } from '../auth.ts';
import { errorBodySchema, sendError } from '../errors.ts';
import { userAccess } from './access.ts';
import { Refusal } from './common.ts';
import { findViewable, type ItemContext } from './itemView.ts';
import { loadSnapshot } from './repository.ts';
import { backupSchemas } from './validation.ts';
import { backupsOf, findBackup } from './versionRepository.ts';

export interface BackupRoutesOptions {
  verify: TokenVerifier;
  context: ItemContext;
}

const backupSchema = {
  type: 'object',
  required: ['id', 'version', 'status'],
  properties: { id: { type: 'string' }, version: { type: 'integer' }, status: { type: 'string', enum: ['created', 'ready'] } },
} as const;

const errors = { 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema } as const;
const NOT_FOUND = 'No such item, or you may not open it.';

/** Registered under /api. */
export const backupRoutes: FastifyPluginAsync<BackupRoutesOptions> = async (app, { verify, context }) => {
  app.addHook('onRequest', requireAccount(verify));

  /** The item when the caller may open it without a password (through its folder, or its public link); else null. */
  const viewable = async (aid: string, itemId: string) => {
    try {
      return (await findViewable(context.db, userAccess(await loadSnapshot(context.db), aid), itemId, null)).row;
    } catch (error) {
      if (error instanceof Refusal) return null;
      throw error;
    }
  };

  app.get<{ Params: { itemId: string } }>(
    '/backups/:itemId',
    { schema: { params: backupSchemas.itemParams, response: { 200: { type: 'object', required: ['backups'], properties: { backups: { type: 'array', items: backupSchema } } }, ...errors } } },
    async (request, reply) => {
      const item = await viewable(accountOf(request).aid, request.params.itemId);
      if (!item) return sendError(reply, 404, NOT_FOUND);
      return { backups: await backupsOf(context.db, item.id) };
    },
  );

  app.get<{ Params: { backupId: string } }>(
    '/backups/download/v1/:backupId',
    { schema: { params: backupSchemas.backupParams, response: { 200: { type: 'object', required: ['downloadURL'], properties: { downloadURL: { type: 'string' } } }, ...errors } } },
    async (request, reply) => {
      const backup = await findBackup(context.db, request.params.backupId);
      const item = backup ? await viewable(accountOf(request).aid, backup.item_id) : null;
      if (!backup || !item) return sendError(reply, 404, 'No such backup, or you may not open its item.');
      if (backup.status !== 'ready') return sendError(reply, 409, 'This backup is still being made; try again when it is ready.');
      return { downloadURL: context.files.signDownload(backup.blob_key, `${item.title}.story`, { subject: accountOf(request).aid, itemId: item.id, passwordHash: item.password_hash }) };
    },
  );
};
