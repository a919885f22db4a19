/**
 * What every content operation shares: refusals and their messages, the transaction runner (decide and
 * write in one transaction, push after the acknowledgement), and the small checks built on the domain.
 */
import type { Ack } from '../../domain/content.ts';
import type { ItemAck, ItemRefusal } from '../../domain/items.ts';
import { itemFolderId } from '../../domain/folderMoves.ts';
import { isItemVisibleTo, itemMenu, type FolderAction, type FolderId, type ItemMenuEntry } from '../../domain/folderRoles.ts';
import type { FolderNode } from '../../domain/folderTree.ts';
import { checkName, type NameCheckOptions } from '../../domain/names.ts';
import type { Db } from '../db/database.ts';
import type { Realtime } from '../realtime.ts';
import type { UserAccess } from './access.ts';
import { sendPushesSoon, sendRoomPushesSoon, type Placement, type Push, type RoomPush } from './pushes.ts';
import type { AvatarUrl } from './repository.ts';
import { orphanedFiles, removeFiles, type ContentFiles, type VersionFiles } from './versionRepository.ts';

export interface ContentContext {
  db: Db;
  realtime: Realtime;
  avatarUrl: AvatarUrl;
  /** Server faults (answered serverError): logged, never shown. */
  logError: (error: unknown, where: string) => void;
  /** Blob storage: deleting items forever also removes the files only they used. Absent: files stay. */
  files?: ContentFiles;
}

/**
 * After items were deleted forever (their versions with them, in this transaction): the clean-up to run
 * once committed, removing the files nothing else uses. Spread into a change: `...(await release(...))`.
 */
export async function releaseVersionFiles(trx: Db, context: ContentContext, doomed: readonly VersionFiles[]): Promise<{ afterCommit?: () => Promise<void> }> {
  const files = context.files;
  if (!files || doomed.length === 0) return {};
  const orphans = await orphanedFiles(trx, doomed);
  return { afterCommit: () => removeFiles(files, orphans, context.logError) };
}

/** The sentence sent with each refusal; the client shows its own text for the reason. */
export const REFUSAL_MESSAGES: Readonly<Record<ItemRefusal, string>> = {
  invalidRequest: 'The request is malformed.',
  notFound: 'This folder or item does not exist or is not visible to you.',
  forbidden: 'Your role does not allow this.',
  serverError: 'Something went wrong on our side. Please try again later.',
  empty: 'A name is required.',
  tooLong: 'Names can be at most 255 characters.',
  duplicate: 'That name is already taken here.',
  folderMissing: 'The folder does not exist or is not visible to you.',
  notMovable: 'This folder cannot be moved.',
  targetMissing: 'The destination folder does not exist or is not visible to you.',
  sameFolder: 'A folder cannot be moved into itself.',
  alreadyInParent: 'The folder is already there.',
  intoDescendant: 'A folder cannot be moved into one of its own subfolders.',
  targetForbidsSubfolders: 'The destination does not allow subfolders.',
  notPermitted: 'Your role does not allow this.',
  tooDeep: 'Folders can be nested at most 7 levels deep.',
  archived: 'Items in the trash cannot be moved; restore them first.',
  alreadyInFolder: 'The item is already in that folder.',
  targetForbidsItems: 'The destination does not allow adding items.',
  blockedFolderTypes: "Someone else's item cannot be moved from a shared folder into a private one.",
  passwordFailed: 'This item is protected by a password; the one given is missing or wrong.',
  accessDenied: 'This item is private.',
  versionReady: 'A version that is ready cannot be deleted.',
  uploadNotAllowed: 'This item does not take a new version of that kind.',
};

/** A refusal thrown from inside an operation: the transaction rolls back and the ack carries it. */
export class Refusal extends Error {
  constructor(
    readonly reason: ItemRefusal,
    message: string = REFUSAL_MESSAGES[reason],
    readonly failedId?: string | number,
  ) {
    super(message);
  }
}

/** Throws a refusal (for expressions). */
export function refuse(reason: ItemRefusal, failedId?: string | number, message?: string): never {
  throw new Refusal(reason, message ?? REFUSAL_MESSAGES[reason], failedId);
}

type Failure = { success: false; reason: ItemRefusal; message: string; failedId?: string | number };

function failureOf(context: ContentContext, error: unknown, where: string): Failure {
  if (error instanceof Refusal) {
    return error.failedId === undefined
      ? { success: false, reason: error.reason, message: error.message }
      : { success: false, reason: error.reason, message: error.message, failedId: error.failedId };
  }
  context.logError(error, where);
  return { success: false, reason: 'serverError', message: REFUSAL_MESSAGES.serverError };
}

/**
 * The ack for an error: a Refusal as it is, anything else logged and answered serverError. Content
 * operations (domain/content.ts) only ever refuse with content reasons, hence the narrower type.
 */
export function failure(context: ContentContext, error: unknown, where: string): Ack<never> {
  return failureOf(context, error, where) as Ack<never>;
}

/** The same for item-view requests (domain/items.ts), whose refusals add passwordFailed, accessDenied… */
export function itemFailure(context: ContentContext, error: unknown, where: string): ItemAck<never> {
  const { success, reason, message } = failureOf(context, error, where);
  return { success, reason, message };
}

/** What a change hands back: its answer, and the pushes to send once the answer is out. */
export interface Change<T> {
  data: T;
  pushes: Push[];
  /** Pushes to the sockets on an item's namespace (/item/<itemId>). */
  roomPushes?: RoomPush[];
  /** Runs once the change is committed, before the answer (removing files nothing refers to any more). */
  afterCommit?: () => Promise<void>;
}

/**
 * A change the client named with a `changeId` (domain/content.ts): done once per person and id. A repeat (the first
 * answer was lost and the client asks again) is answered without doing anything: from `again` (the state now, e.g. the
 * folder a create made as it is today) or, without it, the first answer as it was; no pushes (the first sent them).
 */
export interface Once<T> {
  aid: string;
  changeId: string | undefined;
  again?: (trx: Db, first: T) => Promise<T>;
}

/** How long a change id is remembered: far longer than any client waits to ask again. */
export const CHANGE_ID_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

async function runChange<T>(context: ContentContext, where: string, work: (trx: Db) => Promise<Change<T>>, once?: Once<T>): Promise<T> {
  const changeId = once?.changeId;
  const { data, pushes, roomPushes, afterCommit } = await context.db.transaction().execute(async (trx): Promise<Change<T>> => {
    if (once && changeId !== undefined) {
      const seen = await trx.selectFrom('content_changes').select(['request', 'answer_json']).where('aid', '=', once.aid).where('change_id', '=', changeId).executeTakeFirst();
      if (seen) {
        if (seen.request !== where) refuse('invalidRequest', undefined, 'This change id was already used for another request.');
        const first = JSON.parse(seen.answer_json) as T;
        return { data: once.again ? await once.again(trx, first) : first, pushes: [] };
      }
    }
    const change = await work(trx);
    if (once && changeId !== undefined) {
      const now = new Date();
      // Written with the change: both are committed or neither is (the primary key refuses a second row).
      await trx.insertInto('content_changes').values({ aid: once.aid, change_id: changeId, request: where, answer_json: JSON.stringify(change.data), created_at: now.toISOString() }).execute();
      await trx.deleteFrom('content_changes').where('aid', '=', once.aid).where('created_at', '<', new Date(now.getTime() - CHANGE_ID_KEPT_MS).toISOString()).execute();
    }
    return change;
  });
  if (afterCommit) await afterCommit().catch((error: unknown) => context.logError(error, 'afterCommit'));
  sendPushesSoon(context.realtime, pushes);
  if (roomPushes) sendRoomPushesSoon(context.realtime, roomPushes);
  return data;
}

/**
 * Runs one change: reads, decisions and writes in one transaction (all or nothing: a refusal anywhere
 * rolls everything back), then the pushes, once the requester's ack has gone out. With `once` (a change the
 * client named) a repeat of the same change id is answered from the first and not done again.
 */
export async function mutate<T>(context: ContentContext, where: string, work: (trx: Db) => Promise<Change<T>>, once?: Once<T>): Promise<Ack<T>> {
  try {
    return { success: true, data: await runChange(context, where, work, once) };
  } catch (error) {
    return failure(context, error, where);
  }
}

/** `mutate` for item-view requests. */
export async function mutateItem<T>(context: ContentContext, where: string, work: (trx: Db) => Promise<Change<T>>): Promise<ItemAck<T>> {
  try {
    return { success: true, data: await runChange(context, where, work) };
  } catch (error) {
    return itemFailure(context, error, where);
  }
}

/** Runs a read in one transaction, so a change committed meanwhile is seen whole or not at all. */
export async function read<T>(context: ContentContext, where: string, work: (trx: Db) => Promise<T>): Promise<Ack<T>> {
  try {
    return { success: true, data: await context.db.transaction().execute(work) };
  } catch (error) {
    return failure(context, error, where);
  }
}

/**
 * The trimmed NFC name, or a refusal with the domain's reason (empty, tooLong, duplicate; invalidRequest with the
 * sentence naming the character for control characters, bidirectional overrides and lone surrogates).
 */
export function acceptName(raw: string, options: NameCheckOptions, failedId?: string | number): string {
  const check = checkName(raw, options);
  if (!check.ok) refuse(check.reason, failedId, check.message);
  return check.name;
}

/** A folder the user sees, or notFound. */
export function visibleFolder(access: UserAccess, id: number, failedId?: string | number): FolderNode {
  const node = access.tree.get(id);
  if (!access.isVisible(id) || !node) refuse('notFound', failedId);
  return node;
}

/** Names of the folders the user sees directly under a folder or virtual root (the duplicate check's siblings). */
export function siblingNames(access: UserAccess, parentId: FolderId, exceptId?: number): string[] {
  return access.tree
    .children(parentId)
    .filter((node) => typeof node.id === 'number' && node.id !== exceptId && access.isVisible(node.id))
    .map((node) => node.name);
}

/** Whether the user sees an item or stack placed like this (§6: archived ones only their owner). */
export function canSeeContent(access: UserAccess, row: Placement): boolean {
  if (!isItemVisibleTo({ userId: row.user_aid, archivedAt: row.archived_at }, access.aid)) return false;
  if (row.archived_at !== null) return true;
  if (row.folder_id === null) return row.user_aid === access.aid;
  return access.isVisible(row.folder_id);
}

/** The actions the item's folder gives the user (the private root's for their own root items). */
export function contentFolderActions(access: UserAccess, row: Placement): ReadonlySet<FolderAction> {
  return access.tree.get(itemFolderId({ folderId: row.folder_id }))?.actions ?? new Set();
}

/** Whether the item menu (§6) offers this entry to the user: the server allows exactly what the menu shows. */
export function menuOffers(access: UserAccess, row: Placement & { product: string }, isStack: boolean, entry: ItemMenuEntry): boolean {
  const menu = itemMenu({ userId: row.user_aid, product: row.product, isStack, archivedAt: row.archived_at }, contentFolderActions(access, row), access.aid);
  return menu.includes(entry);
}

/** The item as the move rules read it. */
export function movable(row: Placement): { userId: string; folderId: number | null; archivedAt: string | null } {
  return { userId: row.user_aid, folderId: row.folder_id, archivedAt: row.archived_at };
}
