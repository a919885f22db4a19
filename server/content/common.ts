/**
 * What every content operation shares: refusals and their messages, the transaction runner (decide and
 * write in one transaction, push after the acknowledgement), and the small checks built on the domain.
 */
import type { Ack, ContentRefusal } from '../../domain/content.ts';
import { itemFolderId } from '../../domain/folderMoves.ts';
import { isItemVisibleTo, itemMenu, type FolderAction, type FolderId, type ItemMenuEntry } from '../../domain/folderRoles.ts';
import type { FolderNode } from '../../domain/folderTree.ts';
import { checkName, type NameCheckOptions } from '../../domain/names.ts';
import type { Db } from '../db/database.ts';
import type { Realtime } from '../realtime.ts';
import type { UserAccess } from './access.ts';
import { sendPushesSoon, type Placement, type Push } from './pushes.ts';
import type { AvatarUrl } from './repository.ts';

export interface ContentContext {
  db: Db;
  realtime: Realtime;
  avatarUrl: AvatarUrl;
  /** Server faults (answered serverError): logged, never shown. */
  logError: (error: unknown, where: string) => void;
}

/** The sentence sent with each refusal; the client shows its own text for the reason. */
export const REFUSAL_MESSAGES: Readonly<Record<ContentRefusal, string>> = {
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
};

/** A refusal thrown from inside an operation: the transaction rolls back and the ack carries it. */
export class Refusal extends Error {
  constructor(
    readonly reason: ContentRefusal,
    message: string = REFUSAL_MESSAGES[reason],
    readonly failedId?: string | number,
  ) {
    super(message);
  }
}

/** Throws a refusal (for expressions). */
export function refuse(reason: ContentRefusal, failedId?: string | number, message?: string): never {
  throw new Refusal(reason, message ?? REFUSAL_MESSAGES[reason], failedId);
}

/** The ack for an error: a Refusal as it is, anything else logged and answered serverError. */
export function failure(context: ContentContext, error: unknown, where: string): Ack<never> {
  if (error instanceof Refusal) {
    return error.failedId === undefined
      ? { success: false, reason: error.reason, message: error.message }
      : { success: false, reason: error.reason, message: error.message, failedId: error.failedId };
  }
  context.logError(error, where);
  return { success: false, reason: 'serverError', message: REFUSAL_MESSAGES.serverError };
}

/**
 * Runs one change: reads, decisions and writes in one transaction (all or nothing: a refusal anywhere
 * rolls everything back), then the pushes, once the requester's ack has gone out.
 */
export async function mutate<T>(context: ContentContext, where: string, work: (trx: Db) => Promise<{ data: T; pushes: Push[] }>): Promise<Ack<T>> {
  try {
    const { data, pushes } = await context.db.transaction().execute(work);
    sendPushesSoon(context.realtime, pushes);
    return { success: true, data };
  } catch (error) {
    return failure(context, error, where);
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

/** The trimmed name, or a refusal with the domain's reason (empty, tooLong, duplicate). */
export function acceptName(raw: string, options: NameCheckOptions, failedId?: string | number): string {
  const check = checkName(raw, options);
  if (!check.ok) refuse(check.reason, failedId);
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
