/**
 * What happens as a comment file (attachment or snapshot, key under review/comments/) arrives through the
 * uploads service's signed PUT: the composition root (server/app.ts) dispatches those keys here and every
 * other key to the item side. A presigned file is `pending` until its PUT stores it (`stored`) or fails
 * (`failed`); only stored files can be named in a comment.
 */
import type { Db } from '../db/database.ts';
import { HttpError } from '../errors.ts';

/** The uploads service's hooks (server/uploads UploadHooks) for comment files. */
export interface CommentUploadHooks {
  expectedSize(key: string): Promise<number | null>;
  stored(key: string, info: { size: number; md5: string }): Promise<void>;
  failed(key: string, reason: string): Promise<void>;
}

export function createCommentUploadHooks(db: Db): CommentUploadHooks {
  return {
    // The size announced at the presign: the PUT must have exactly it.
    expectedSize: async (key) =>
      (await db.selectFrom('comment_uploads').select('size').where('key', '=', key).where('state', '=', 'pending').executeTakeFirst())?.size ?? null,

    stored: async (key, { md5 }) => {
      const pending = await db.selectFrom('comment_uploads').select(['md5']).where('key', '=', key).where('state', '=', 'pending').executeTakeFirst();
      // Nobody waits for this file (never presigned, or failed already): refused, and the uploads service removes it.
      if (!pending) throw new HttpError(409, 'No comment file is waiting for this upload: ask for a new upload URL.');
      // The uploads service then reports the refusal through `failed`.
      if (pending.md5 !== md5) throw new HttpError(400, 'The file is not the one announced for this upload (its MD5 differs).');
      await db.updateTable('comment_uploads').set({ state: 'stored' }).where('key', '=', key).where('state', '=', 'pending').execute();
    },

    failed: async (key) => {
      await db.updateTable('comment_uploads').set({ state: 'failed' }).where('key', '=', key).where('state', '=', 'pending').execute();
    },
  };
}
