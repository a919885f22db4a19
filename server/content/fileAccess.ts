/**
 * Who may still read an item's files (server/uploads asks on every package, blob and bound download request,
 * remembering each answer for a few seconds): the view tickets the item view puts in its package and video addresses,
 * the download links issued to one person, and the decision behind them — the same people `item.get` lets in (itemView.ts `decideView`), decided again from the
 * database each time, so removing someone, deleting the item or turning the public link off stops their addresses.
 */
import type { Db } from '../db/database.ts';
import type { ItemRow } from '../db/schema.ts';
import { userAccess } from './access.ts';
import { isExplicitPerson, isReviewer, seesThroughFolder } from './itemView.ts';
import { loadSnapshot } from './repository.ts';

/** One person's grant on one resource of one item (server/uploads ViewGrant). */
export interface FileGrant {
  /** An account id, or `anon|<email>`. */
  subject: string;
  itemId: string;
  /** `p:<versionId>` (an unpacked package folder), `b:<key>` (a video or poster blob) or `d:<key>` (a download of an upload or backup). */
  resource: string;
  /** The fingerprint of the item's password hash when the ticket was issued, or null. */
  password: string | null;
}

/** What server/uploads asks (its FileAccess). */
export interface FileAccessDecider {
  allows(grant: FileGrant): Promise<boolean>;
  isLiveThumbnail(key: string): Promise<boolean>;
}

/** The decider server/uploads is given (app.ts). */
export function createFileAccess(db: Db, passwordFingerprint: (hash: string) => string, blobUrl: (key: string) => string): FileAccessDecider {
  /** The resource is a file of one of the item's ready versions (or one of its backups). */
  async function belongsToItem(itemId: string, resource: string): Promise<boolean> {
    let query = db.selectFrom('item_versions').select('id').where('item_id', '=', itemId).where('state', '=', 'ready');
    if (resource.startsWith('p:')) {
      query = query.where('content_prefix', '=', `/packages/${resource.slice(2)}/`);
    } else if (resource.startsWith('d:')) {
      // A download: a version's uploaded file, or one of the item's backups.
      const key = resource.slice(2);
      if ((await query.where('package_key', '=', key).executeTakeFirst()) !== undefined) return true;
      const backup = await db.selectFrom('backups').select('id').where('item_id', '=', itemId).where('blob_key', '=', key).where('status', '=', 'ready').executeTakeFirst();
      return backup !== undefined;
    } else if (resource.startsWith('b:')) {
      const url = blobUrl(resource.slice(2));
      query = query.where((eb) => eb.or([eb('media_url', '=', url), eb('poster_url', '=', url)]));
    } else {
      return false;
    }
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** itemView.ts decideView, with the password proven by the ticket's fingerprint instead of the password itself. */
  async function mayView(grant: FileGrant, row: ItemRow): Promise<boolean> {
    if (row.archived_at !== null && row.user_aid !== grant.subject) return false;
    if (!grant.subject.startsWith('anon|') && seesThroughFolder(userAccess(await loadSnapshot(db), grant.subject), row)) return true;
    if ((await isExplicitPerson(db, row.id, grant.subject)) || (await isReviewer(db, row.id, grant.subject))) return true;
    if (row.is_private === 1) return false;
    return row.password_hash === null || grant.password === passwordFingerprint(row.password_hash);
  }

  return {
    async allows(grant) {
      const row = await db.selectFrom('items').selectAll().where('id', '=', grant.itemId).executeTakeFirst();
      if (!row || !(await belongsToItem(row.id, grant.resource))) return false;
      return mayView(grant, row);
    },
    async isLiveThumbnail(key) {
      // While a version shows it (also in its owner's trash); it is removed with the last version that does.
      const live = await db.selectFrom('item_versions').select('id').where('thumbnail_key', '=', key).executeTakeFirst();
      return live !== undefined;
    },
  };
}
