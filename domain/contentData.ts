/**
 * What the client accepts from the content protocol (domain/content.ts): item and folder records, pages and
 * server pushes are checked before they reach an actor's context, because a push or an answer is input like
 * any other. Checks are shallow where the views only display a field, strict where a rule reads it.
 */
import type { ContentPushes, ContentPushName, ItemRecord } from './content.ts';
import { CONTENT_PUSH_NAMES } from './content.ts';
import type { FolderRecord } from './folderTree.ts';

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown) => value === null || typeof value === 'string';
const isFolderNumber = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
/** An item's folder: a real folder id, or null (0 accepted) for the private-content root. */
const isItemFolderId = (value: unknown): value is number | null => value === null || value === 0 || isFolderNumber(value);
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const isNumberArray = (value: unknown): value is number[] => Array.isArray(value) && value.every(isFolderNumber);

/** True for an item (or stack entry) the grid can show and the rules can read (§3 Item, domain/content.ts ItemRecord). */
export function isItemRecord(value: unknown): value is ItemRecord {
  if (!isObject(value)) return false;
  return (
    isString(value.id) &&
    value.id !== '' &&
    isString(value.title) &&
    isString(value.product) &&
    isString(value.userId) &&
    isItemFolderId(value.folderId) &&
    isNullableString(value.archivedAt) &&
    typeof value.isArchived === 'boolean' &&
    typeof value.isStack === 'boolean' &&
    isString(value.updatedAt)
  );
}

/** True for a folder record as the service sends it (§3 Folder): positive id, a name and a folder type. */
export function isFolderRecord(value: unknown): value is FolderRecord {
  if (!isObject(value)) return false;
  const parent = value.parent ?? value.parentFolderId ?? 0;
  return (
    isFolderNumber(value.id) &&
    isString(value.name) &&
    (value.folderType === 'private' || value.folderType === 'shared' || value.folderType === 'team' || value.folderType === 'deleted') &&
    (parent === 0 || parent === null || isFolderNumber(parent))
  );
}

/** True for a list of folder records. */
export function isFolderList(value: unknown): value is FolderRecord[] {
  return Array.isArray(value) && value.every(isFolderRecord);
}

/** True for one page of items as `item.fetch` answers it. */
export function isItemPage(value: unknown): value is { items: ItemRecord[]; count: number; page: number } {
  if (!isObject(value)) return false;
  return (
    Array.isArray(value.items) &&
    value.items.every(isItemRecord) &&
    typeof value.count === 'number' &&
    Number.isSafeInteger(value.count) &&
    value.count >= 0 &&
    typeof value.page === 'number' &&
    Number.isSafeInteger(value.page) &&
    value.page >= 1
  );
}

/** A server push with its data checked (§7 "Server pushes"). */
export type ContentPush = { [K in ContentPushName]: { name: K; data: ContentPushes[K] } }[ContentPushName];

const PUSH_CHECKS: { readonly [K in ContentPushName]: (data: Loose) => boolean } = {
  'item.updateHashed': (d) => isItemRecord(d.item),
  'item.softDeleteHashed': (d) => isString(d.id) && isItemFolderId(d.folderId),
  'item.hardDeleteHashed': (d) => isString(d.id) && isItemFolderId(d.folderId),
  'item.refresh': (d) => isItemFolderId(d.folderId ?? null),
  'folder.updateHashed': (d) => isFolderList(d.folders),
  'folder.hardDeleted': (d) => isNumberArray(d.ids),
  'itemStack.updateHashed': (d) => isItemRecord(d.stack),
  'itemStack.moveHashed': (d) => isStringArray(d.stackIds) && isItemFolderId(d.toFolderId),
  'itemStack.softDeleteHashed': (d) => isStringArray(d.stackIds),
  'itemStack.hardDeleteHashed': (d) => isStringArray(d.stackIds),
};

/** True for the name of a content push. */
export function isContentPushName(value: unknown): value is ContentPushName {
  return typeof value === 'string' && (CONTENT_PUSH_NAMES as readonly string[]).includes(value);
}

/**
 * A realtime message as a content push, or null when it is not one or its data is malformed. `item.refresh`
 * without a folderId means "any folder" (null), as domain/content.ts says.
 */
export function parseContentPush(event: unknown, data: unknown): ContentPush | null {
  if (!isContentPushName(event) || !isObject(data)) return null;
  if (!PUSH_CHECKS[event](data)) return null;
  const normalized = event === 'item.refresh' ? { ...data, folderId: data.folderId ?? null } : data;
  return { name: event, data: normalized } as ContentPush;
}
