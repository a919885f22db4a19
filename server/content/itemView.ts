/**
 * Who may open an item and what they receive (review-and-content §3 Item, §4 item load, §6 item owner,
 * §7 items get): the view decision shared by item.get, the item namespace, downloads and backups, the
 * per-user ItemDetail, and the version pushes built from it.
 */
import type { ItemRecord, PersonRef } from '../../domain/content.ts';
import { FOLDER_ROLE_ACTIONS, type FolderAction } from '../../domain/folderRoles.ts';
import type { ItemDetail, ItemVersion } from '../../domain/items.ts';
import type { Db } from '../db/database.ts';
import type { ItemRow } from '../db/schema.ts';
import { verifyPassword } from '../passwords.ts';
import { userAccess, type AccessSnapshot, type UserAccess } from './access.ts';
import { canSeeContent, contentFolderActions, refuse, type ContentContext } from './common.ts';
import { itemAudience, itemUpdatePushes, type Push, type RoomPush } from './pushes.ts';
import { itemGridRow, loadPeople, toItemRecords } from './repository.ts';
import { FAILED_VERSION_STATES, toItemVersion, versionForViewer, versionsOf, type ContentFiles } from './versionRepository.ts';

/** The item-view requests' context: content's, plus file storage and the upload key rules. */
export interface ItemContext extends ContentContext {
  files: ContentFiles;
  /** Key prefix of story zip uploads (UPLOAD_KEY_PREFIXES.storyline). */
  storylineKeyPrefix: string;
  /** Key prefix of video uploads (the transcode prefix from configuration). */
  videoKeyPrefix: string;
}

/**
 * The item actions an owner has whatever the folder gives (§6 "Item owner: nearly all item actions"):
 * every action of the owner role that concerns an item.
 */
export const ITEM_OWNER_ACTIONS: readonly FolderAction[] = [
  'viewItem',
  'createItem',
  'editItemMetadata',
  'exportToLms',
  'enableComments',
  'moveItem',
  'deleteItem',
  'unshareItem',
  'restoreItem',
  'hardDeleteItem',
  'deleteComment',
];

/** How a person sees an item: through its folder (or as its owner), or through its public link. */
export type ViewRight = 'folder' | 'link';

/** Whether the user sees the item where it sits (or owns it): no password asked then. */
export function seesThroughFolder(access: UserAccess, row: ItemRow): boolean {
  return row.user_aid === access.aid || canSeeContent(access, row);
}

/** Whether the account is one of the item's explicit people (server/sharing, table item_shares): a named viewer. */
export async function isExplicitPerson(db: Db, itemId: string, aid: string): Promise<boolean> {
  const row = await db.selectFrom('item_shares').select('item_id').where('item_id', '=', itemId).where('user_aid', '=', aid).executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether the identity is a reviewer of the item (server/reviewRequests, table review_requests): a named viewer
 * too. An account by its id or by its e-mail; an anonymous reviewer (`anon|<email>`) by an e-mail with no account.
 */
export async function isReviewer(db: Db, itemId: string, identity: string): Promise<boolean> {
  let query = db.selectFrom('review_requests').select('id').where('item_id', '=', itemId);
  if (identity.startsWith('anon|')) {
    const email = identity.slice('anon|'.length).toLowerCase();
    if (email === '') return false;
    query = query.where('reviewer_aid', 'is', null).where('email', '=', email);
  } else {
    query = query.where((eb) =>
      eb.or([eb('reviewer_aid', '=', identity), eb('email', 'in', eb.selectFrom('users').select((u) => u.fn<string>('lower', ['email']).as('email')).where('aid', '=', identity))]),
    );
  }
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * §7 items get: notFound for a trashed item unless it is the user's; people who see the item through
 * its folder (or own it) open it as it is; the item's explicit people and reviewers (`named`, server/sharing,
 * server/reviewRequests) open it as
 * named viewers, private or not and without a password, but with no folder actions; anyone else (another
 * account, an anonymous reviewer) only through the public link: a private item is accessDenied, and a
 * password set means `pass` must match (passwordFailed otherwise).
 */
export async function decideView(access: UserAccess, row: ItemRow, pass: string | null, named = false): Promise<ViewRight> {
  if (row.archived_at !== null && row.user_aid !== access.aid) refuse('notFound');
  if (seesThroughFolder(access, row)) return 'folder';
  if (named) return 'link';
  if (row.is_private === 1) refuse('accessDenied');
  if (row.password_hash !== null && (pass === null || !(await verifyPassword(pass, row.password_hash)))) refuse('passwordFailed');
  return 'link';
}

/** The same decision for an item id, the explicit people looked up: notFound for a missing row. */
export async function findViewable(db: Db, access: UserAccess, itemId: string, pass: string | null): Promise<{ row: ItemRow; right: ViewRight }> {
  const row = await db.selectFrom('items').selectAll().where('id', '=', itemId).executeTakeFirst();
  if (!row) refuse('notFound');
  const named = !seesThroughFolder(access, row) && ((await isExplicitPerson(db, row.id, access.aid)) || (await isReviewer(db, row.id, access.aid)));
  return { row, right: await decideView(access, row, pass, named) };
}

/** What the detail of one item is, before it is told apart per user. */
export interface DetailBase {
  row: ItemRow;
  record: ItemRecord;
  versions: ItemVersion[];
  uploader: PersonRef | null;
  /** A target item of a translation stack (server/translations): ItemDetail.showTranslationsTab. */
  isTranslationTarget: boolean;
  /** A member of a translation stack, source or target: ItemDetail.showItemStacksSidebar. */
  isTranslationMember: boolean;
  /** Mints each receiver's view tickets (`versionFor`). */
  files: Pick<ContentFiles, 'viewTicket'>;
}

/** A version of the base's item as `subject` receives it: its package and video addresses carry their view ticket. */
export function versionFor(base: Pick<DetailBase, 'row' | 'files'>, version: ItemVersion, subject: string): ItemVersion {
  return versionForViewer(base.files, base.row, version, subject);
}

/** Reads everything an ItemDetail needs (call inside the transaction that made the change). */
export async function loadDetailBase(db: Db, context: ItemContext, itemId: string): Promise<DetailBase> {
  const row = await db.selectFrom('items').selectAll().where('id', '=', itemId).executeTakeFirstOrThrow();
  const [record] = await toItemRecords(db, [itemGridRow(row)], context.avatarUrl);
  const rows = await versionsOf(db, itemId);
  const versions = rows.map((version, i) => toItemVersion(context.files, version, i + 1));
  const latest = rows.at(-1);
  let uploader: PersonRef | null = null;
  if (latest) {
    const person = (await loadPeople(db, [latest.user_aid], context.avatarUrl)).get(latest.user_aid);
    uploader = person ? { userId: person.userId, fullName: person.fullName, avatar: person.avatar } : { userId: latest.user_aid, fullName: '', avatar: null };
  }
  // One primary-key lookup: the translations tab shows on target items of a translation stack.
  const member = await db.selectFrom('translation_items').select('role').where('item_id', '=', itemId).executeTakeFirst();
  return { row, record: record!, versions, uploader, isTranslationTarget: member?.role === 'target', isTranslationMember: member !== undefined, files: context.files };
}

/**
 * The item actions of one user (ItemDetail.actions): those of its folder (none through a public link or as
 * a named viewer), plus every item action for the owner; in the role lists' order, so the answer is stable.
 */
export function itemActionsFor(access: UserAccess, row: ItemRow): FolderAction[] {
  const granted = new Set<FolderAction>(canSeeContent(access, row) ? contentFolderActions(access, row) : []);
  if (row.user_aid === access.aid) for (const action of ITEM_OWNER_ACTIONS) granted.add(action);
  return FOLDER_ROLE_ACTIONS.owner.filter((action) => granted.has(action));
}

/**
 * The item as one user receives it: the actions of its folder (none through a public link), plus every
 * item action for the owner; the folder's name only for those who see the folder.
 */
export function detailFor(base: DetailBase, access: UserAccess): ItemDetail {
  const { row, record } = base;
  const isOwner = row.user_aid === access.aid;
  const actions = itemActionsFor(access, row);
  const versions = base.versions.map((version) => versionFor(base, version, access.aid));
  const latest = versions.at(-1) ?? null;
  const folderName = row.folder_id !== null && access.isVisible(row.folder_id) ? (access.snapshot.folders.get(row.folder_id)?.name ?? null) : null;
  return {
    ...record,
    projectId: row.project_id,
    originalUserId: row.original_user_aid ?? row.user_aid,
    uploader: base.uploader,
    versions,
    latestVersion: latest,
    allowAnonComments: row.allow_anon_comments === 1,
    hasPassword: row.password_hash !== null,
    enableComments: row.enable_comments === 1,
    isUploading: latest?.state === 'uploading',
    uploadProgress: latest?.progress ?? 0,
    isErrored: latest !== null && FAILED_VERSION_STATES.has(latest.state),
    showTranslationsTab: base.isTranslationTarget,
    showItemStacksSidebar: base.isTranslationMember,
    folderName,
    actions,
    isOwner,
  };
}

/** Per-identity details, each user's access computed once. */
export function detailsBy(base: DetailBase, snapshot: AccessSnapshot): (id: string) => ItemDetail {
  const cache = new Map<string, ItemDetail>();
  return (id) => {
    let detail = cache.get(id);
    if (!detail) cache.set(id, (detail = detailFor(base, userAccess(snapshot, id))));
    return detail;
  };
}

/** Who hears about a version change on /user/<aid>: everyone who sees the item where it sits. */
function audienceOf(snapshot: AccessSnapshot, row: ItemRow): string[] {
  return [...itemAudience(snapshot, row)];
}

/**
 * A version was added (upload, restore): `item.versionCreated` with each receiver's own detail, on
 * /user/<aid> and on the item's namespace, plus `item.updateHashed` so grids show the new state.
 */
export function versionCreatedPushes(snapshot: AccessSnapshot, base: DetailBase, version: ItemVersion, previousPlacement: ItemRow | null = null): { pushes: Push[]; roomPushes: RoomPush[] } {
  const detail = detailsBy(base, snapshot);
  const itemId = base.row.id;
  const pushes: Push[] = audienceOf(snapshot, base.row).map((aid) => ({ aids: [aid], event: 'item.versionCreated', data: { itemId, version: versionFor(base, version, aid), item: detail(aid) } }));
  pushes.push(...itemUpdatePushes(snapshot, snapshot, previousPlacement, base.record));
  const roomPushes: RoomPush[] = [{ itemId, event: 'item.versionCreated', dataFor: (viewer) => ({ itemId, version: versionFor(base, version, viewer.id), item: detail(viewer.id) }) }];
  return { pushes, roomPushes };
}

/** A version changed state or was deleted: `item.versionUpdated` and the grid record. */
export function versionUpdatedPushes(snapshot: AccessSnapshot, base: DetailBase, version: ItemVersion, deleted: boolean): { pushes: Push[]; roomPushes: RoomPush[] } {
  const itemId = base.row.id;
  const dataFor = (subject: string) => ({ itemId, version: deleted ? version : versionFor(base, version, subject), deleted });
  const pushes: Push[] = [...audienceOf(snapshot, base.row).map((aid): Push => ({ aids: [aid], event: 'item.versionUpdated', data: dataFor(aid) })), ...itemUpdatePushes(snapshot, snapshot, null, base.record)];
  const roomPushes: RoomPush[] = [{ itemId, event: 'item.versionUpdated', dataFor: (viewer) => dataFor(viewer.id) }];
  return { pushes, roomPushes };
}
