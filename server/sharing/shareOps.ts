/**
 * The share calls' decisions (review-and-content §5 share save, §6 share roles, §7 permissions and
 * share-settings calls; domain/sharing.ts): who may read the people list and who may change the settings,
 * the explicit list of a private share, the public link's password. Each call reads, decides and writes in
 * one transaction (a refusal stores nothing), then pushes once committed.
 */
import { isEmailAddress } from '../../domain/auth.ts';
import type { CommentPushes, CommentPushName } from '../../domain/comments.ts';
import { ITEM_PASSWORD_MAX_CHARS } from '../../domain/constants.ts';
import { unsafeMarkupIn } from '../../domain/richText.ts';
import { canChangeSharing, itemPasswordProblem, type PermissionsResponse, type PrivateShareBody, type PrivateShareResponse, type PublicShareBody, type PublicShareResponse, type ShareSettings } from '../../domain/sharing.ts';
import { userAccess, type UserAccess } from '../content/access.ts';
import type { ContentContext } from '../content/common.ts';
import { isExplicitPerson, itemActionsFor, seesThroughFolder } from '../content/itemView.ts';
import { itemUpdatePushes, sendPushesSoon, type Push } from '../content/pushes.ts';
import { itemGridRow, loadSnapshot, newHash, toItemRecords } from '../content/repository.ts';
import type { Db } from '../db/database.ts';
import type { ItemRow } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { hashPassword } from '../passwords.ts';
import { explicitAidsOf, reviewerAidsOf, standingsOf, toPermissionPeople } from './people.ts';

/** The context the share calls run in: content's (database, pushes, avatars, error log). */
export type SharingContext = Pick<ContentContext, 'db' | 'realtime' | 'avatarUrl' | 'logError'>;

export const SHARE_MESSAGES = {
  notFound: 'No such item, or you may not see it.',
  forbidden: "Only the item's owner, or people whose folder role lets them edit its details, can change how it is shared.",
} as const;

/** The item's share settings as the dialog starts from them. */
export function settingsOf(row: Pick<ItemRow, 'is_private' | 'allow_anon_comments' | 'password_hash'>): ShareSettings {
  return { isPrivate: row.is_private === 1, allowAnonComments: row.allow_anon_comments === 1, hasPassword: row.password_hash !== null };
}

/** How the caller stands towards the item, or 404: the owner, someone who sees it through its folder, or an explicit person. */
async function standingOf(trx: Db, access: UserAccess, itemId: string): Promise<{ row: ItemRow; named: boolean }> {
  const row = await trx.selectFrom('items').selectAll().where('id', '=', itemId).executeTakeFirst();
  if (!row) throw new HttpError(404, SHARE_MESSAGES.notFound);
  // A trashed item is its owner's alone (§6), whoever it is shared with.
  if (row.archived_at !== null && row.user_aid !== access.aid) throw new HttpError(404, SHARE_MESSAGES.notFound);
  if (seesThroughFolder(access, row)) return { row, named: false };
  if (await isExplicitPerson(trx, row.id, access.aid)) return { row, named: true };
  throw new HttpError(404, SHARE_MESSAGES.notFound);
}

/** §6: change visibility and share need edit-metadata or ownership, over the actions item.get gives. */
function requireSharingRight(access: UserAccess, row: ItemRow): void {
  if (!canChangeSharing({ isOwner: row.user_aid === access.aid, actions: itemActionsFor(access, row) })) throw new HttpError(403, SHARE_MESSAGES.forbidden);
}

/**
 * The well-formed e-mails among a private share's entries: lower-cased, once each. Markup never is an
 * e-mail, even when the address pattern would let it through.
 */
export function wellFormedEmails(entries: readonly string[]): string[] {
  const emails = new Set<string>();
  for (const entry of entries) {
    const email = entry.trim().toLowerCase();
    if (isEmailAddress(email) && unsafeMarkupIn(entry) === null) emails.add(email);
  }
  return [...emails];
}

/** The share calls for one context. */
export function shareOperations(context: SharingContext) {
  /** The people list and settings of a row, read in `trx`. */
  async function permissionsOf(trx: Db, access: UserAccess, row: ItemRow): Promise<PermissionsResponse> {
    const standings = standingsOf(access.snapshot, row, await explicitAidsOf(trx, row.id), await reviewerAidsOf(trx, row.id));
    return { people: await toPermissionPeople(trx, context, row.user_aid, standings), settings: settingsOf(row) };
  }

  /** The row after a change, a new hash so grids replace their copy; the grid push to those who see it where it sits. */
  async function touched(trx: Db, access: UserAccess, itemId: string): Promise<{ row: ItemRow; pushes: Push[] }> {
    await trx.updateTable('items').set({ hash: newHash() }).where('id', '=', itemId).execute();
    const row = await trx.selectFrom('items').selectAll().where('id', '=', itemId).executeTakeFirstOrThrow();
    const [record] = await toItemRecords(trx, [itemGridRow(row)], context.avatarUrl);
    return { row, pushes: itemUpdatePushes(access.snapshot, access.snapshot, null, record!) };
  }

  function emitToItem<K extends CommentPushName>(itemId: string, event: K, data: CommentPushes[K]): void {
    context.realtime.emitToItem(itemId, event, data as unknown as Record<string, unknown>);
  }

  /** Once the answer is on its way: the grid record, `share.updated`, and `comment.refresh` when anonymous comments were switched. */
  function announce(before: ItemRow, after: ItemRow, pushes: readonly Push[]): void {
    sendPushesSoon(context.realtime, pushes);
    setImmediate(() => {
      emitToItem(after.id, 'share.updated', { itemId: after.id, ...settingsOf(after) });
      if (before.allow_anon_comments !== after.allow_anon_comments) {
        emitToItem(after.id, 'comment.refresh', { itemId: after.id, enableComments: after.enable_comments === 1, allowAnonComments: after.allow_anon_comments === 1 });
      }
    });
  }

  return {
    /** GET /items/{itemId}/permissions: anyone who may open the item as a named person reads it; others 404. */
    permissions: (aid: string, itemId: string): Promise<PermissionsResponse> =>
      context.db.transaction().execute(async (trx) => {
        const access = userAccess(await loadSnapshot(trx), aid);
        const { row } = await standingOf(trx, access, itemId);
        return permissionsOf(trx, access, row);
      }),

    /**
     * PUT /items/{itemId}/share-settings/private: the item becomes private and its explicit list the entries
     * that are e-mails of accounts; the others come back in `invalidEmails`, as sent. The body's size and
     * entry lengths are checked by the route's schema (400).
     */
    sharePrivately: async (aid: string, itemId: string, body: PrivateShareBody): Promise<PrivateShareResponse> => {
      const emails = wellFormedEmails(body.explicitPermissions.map((entry) => entry.email));
      const { data, before, after, pushes } = await context.db.transaction().execute(async (trx) => {
        const access = userAccess(await loadSnapshot(trx), aid);
        const { row: before } = await standingOf(trx, access, itemId);
        requireSharingRight(access, before);
        const accounts =
          emails.length === 0 ? [] : await trx.selectFrom('users').select(['aid', 'email']).where((eb) => eb(eb.fn('lower', ['email']), 'in', emails)).execute();
        const aidOf = new Map(accounts.map((account) => [account.email.toLowerCase(), account.aid]));
        const known = emails.filter((email) => aidOf.has(email));
        // Entries kept keep their date; the rest go, the new ones come.
        const stored = new Map((await trx.selectFrom('item_shares').select(['email', 'user_aid']).where('item_id', '=', itemId).execute()).map((share) => [share.email, share.user_aid]));
        const gone = [...stored.keys()].filter((email) => !aidOf.has(email));
        if (gone.length > 0) await trx.deleteFrom('item_shares').where('item_id', '=', itemId).where('email', 'in', gone).execute();
        const now = new Date().toISOString();
        const added = known.filter((email) => !stored.has(email)).map((email) => ({ item_id: itemId, email, user_aid: aidOf.get(email)!, created_at: now }));
        if (added.length > 0) await trx.insertInto('item_shares').values(added).execute();
        // A kept entry follows the account its e-mail belongs to now (one whose account was gone comes back).
        for (const email of known.filter((e) => stored.has(e) && stored.get(e) !== aidOf.get(e))) {
          await trx.updateTable('item_shares').set({ user_aid: aidOf.get(email)! }).where('item_id', '=', itemId).where('email', '=', email).execute();
        }
        await trx.updateTable('items').set({ is_private: 1 }).where('id', '=', itemId).execute();
        const { row: after, pushes } = await touched(trx, access, itemId);
        const permissions = await permissionsOf(trx, access, after);
        // In the order sent, each once: every entry that is not an account's e-mail (`aidOf` holds only well-formed ones).
        const sent = body.explicitPermissions.map((entry) => entry.email);
        const invalidEmails = [...new Set(sent.filter((entry) => !aidOf.has(entry.trim().toLowerCase())))];
        return { data: { invalidEmails, ...permissions }, before, after, pushes };
      });
      announce(before, after, pushes);
      return data;
    },

    /**
     * PUT /items/{itemId}/share-settings/public: the item becomes public; `password` a string sets it (the
     * domain's password rule, 400 otherwise), null removes it, absent keeps it. The explicit list is kept.
     */
    sharePublicly: async (aid: string, itemId: string, body: PublicShareBody): Promise<PublicShareResponse> => {
      if (typeof body.password === 'string') {
        const problem = itemPasswordProblem(body.password, ITEM_PASSWORD_MAX_CHARS);
        if (problem !== null) throw new HttpError(400, `Invalid password: ${problem}`);
      }
      // scrypt is slow on purpose: hashed before the transaction so it does not hold the database.
      const passwordHash = typeof body.password === 'string' ? await hashPassword(body.password) : body.password;
      const { before, after, pushes } = await context.db.transaction().execute(async (trx) => {
        const access = userAccess(await loadSnapshot(trx), aid);
        const { row: before } = await standingOf(trx, access, itemId);
        requireSharingRight(access, before);
        const changes = { is_private: 0, allow_anon_comments: body.allowAnonComments ? 1 : 0, ...(passwordHash === undefined ? {} : { password_hash: passwordHash }) };
        await trx.updateTable('items').set(changes).where('id', '=', itemId).execute();
        const { row: after, pushes } = await touched(trx, access, itemId);
        return { before, after, pushes };
      });
      announce(before, after, pushes);
      return { settings: settingsOf(after) };
    },
  };
}

export type ShareOperations = ReturnType<typeof shareOperations>;
