/**
 * Events and data shared by the upload, uploads and item actors (review-and-content §3, §4, §7; the wire
 * protocol is domain/items.ts). They live apart from the machines because the actors name each other's events
 * (the session forwards version pushes to `uploads`, the item view asks `uploads` for a new version) and the
 * machines must not import each other. The checks here are shallow where a view only displays a field and
 * strict where a machine decides on it: a push or an answer is input like any other.
 */
import { isItemRecord, parseContentPush, type ContentPush } from '../../domain/contentData.ts';
import type { ItemRecord } from '../../domain/content.ts';
import { VERSION_STATES, type Backup, type ItemDetail, type ItemPushes, type ItemVersion, type VersionState } from '../../domain/items.ts';
import { displayVersionState, isFailedVersionState } from '../../domain/versions.ts';

// ---------------------------------------------------------------------------------------------------------
// Uploads

/**
 * A file the user picked or dropped, as events carry it. The File itself stays in the composition root's
 * FileStore (events are recorded and replayed; file bodies never enter them): machines hold its `fileId`.
 */
export interface UploadFileRef {
  fileId: string;
  name: string;
  /** Bytes. */
  size: number;
  /** The browser's MIME type guess ('' when it has none). */
  type: string;
}

/** Where an upload goes: a new item in a folder (null = the private-content root), or a new version of an item. */
export type UploadTarget = { kind: 'newItem'; folderId: number | null } | { kind: 'newVersion'; itemId: string; product: string };

/** §4 upload states, as the uploads list shows them. */
export type UploadStatus = 'pending' | 'uploading' | 'preparing' | 'error' | 'uploaded' | 'canceled';

/**
 * Why an upload is in `error`: `invalidFile` (the checks refused it: the file-not-supported dialog), `readFailed`
 * (the file could not be read), `hashFailed`, `requestFailed` (the upload URL call or item.create/item.upload was
 * refused), `putFailed` (the PUT was refused or the network failed), `stalled` (no progress for 2,000 ms),
 * `processingFailed` (the server could not process it: unpackFailed, invalidVideoFile, transcodeFailed, …).
 */
export type UploadErrorReason = 'invalidFile' | 'readFailed' | 'hashFailed' | 'requestFailed' | 'putFailed' | 'stalled' | 'processingFailed';

export interface UploadError {
  reason: UploadErrorReason;
  /** For the log and the row's tooltip; the views' catalogue has the words per reason. */
  message: string;
}

/** One upload as the uploads list (the persistent toast) shows it; kept by `uploads` from its children's reports. */
export interface UploadEntry {
  uploadId: string;
  fileName: string;
  size: number;
  status: UploadStatus;
  /** 0 to 1: hashing fills the first 5 %, the PUT the rest. */
  progress: number;
  /** The item once item.create / item.upload recorded the version. */
  itemId: string | null;
  error: UploadError | null;
}

/** What an upload tells its manager after every change (status or progress). */
export type UploadReport = { type: 'upload.changed' } & UploadEntry & { versionKey: string | null; unsupported: UnsupportedFile | null };

/** A file the checks refused, for the file-not-supported dialog (§5; foundation §8 "file upload issue"). */
export interface UnsupportedFile {
  fileName: string;
  /** domain/uploads.ts UploadRefusal ('blockedExtension', 'unsupportedType', …) or 'kindMismatch' (new version of another product). */
  reason: string;
  detail: string;
}

/** What views and other actors send to `uploads`. */
export type UploadsRequestEvent =
  | { type: 'uploads.add'; files: UploadFileRef[]; target: UploadTarget }
  | { type: 'uploads.cancel'; uploadId: string }
  /** Retry re-selects a file (§4): the view opened the chooser and sends the new file. */
  | { type: 'uploads.retry'; uploadId: string; file: UploadFileRef }
  /** Sign-out with uploads in progress was confirmed (foundation §1, §8). */
  | { type: 'uploads.cancelAll' }
  | { type: 'uploads.closeNotSupported' };

// ---------------------------------------------------------------------------------------------------------
// Pushes

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown): value is string | null => value === null || typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** True for a version state of §4. */
export function isVersionState(value: unknown): value is VersionState {
  return typeof value === 'string' && (VERSION_STATES as readonly string[]).includes(value);
}

/** True for an item version the view can show and the rules can read (domain/items.ts ItemVersion). */
export function isItemVersion(value: unknown): value is ItemVersion {
  if (!isObject(value)) return false;
  const pkg = value.package;
  return (
    isString(value.id) &&
    value.id !== '' &&
    isNumber(value.number) &&
    isVersionState(value.state) &&
    isString(value.userId) &&
    isObject(pkg) &&
    isString(pkg.key) &&
    isNullableString(value.contentPrefix ?? null) &&
    isNullableString(value.playerFile ?? null) &&
    isNullableString(value.mediaUrl ?? null)
  );
}

/** True for an item as item.get, item.create, item.upload and item.restoreVersion answer it. */
export function isItemDetail(value: unknown): value is ItemDetail {
  if (!isItemRecord(value)) return false;
  const detail = value as unknown as Loose;
  return Array.isArray(detail.versions) && detail.versions.every(isItemVersion) && Array.isArray(detail.actions) && typeof detail.isOwner === 'boolean';
}

/** True for a backup entry (§3 Backup). */
export function isBackup(value: unknown): value is Backup {
  return isObject(value) && isString(value.id) && isNumber(value.version) && (value.status === 'created' || value.status === 'ready');
}

/** A push the item view reads, with its data checked: the item pushes and the content pushes about items. */
export type ItemPush =
  | { [K in keyof ItemPushes]: { name: K; data: ItemPushes[K] } }[keyof ItemPushes]
  | Extract<ContentPush, { name: 'item.updateHashed' | 'item.softDeleteHashed' | 'item.hardDeleteHashed' }>;

const ITEM_PUSH_CHECKS: { readonly [K in keyof ItemPushes]: (data: Loose) => boolean } = {
  'item.versionCreated': (d) => isString(d.itemId) && isItemVersion(d.version),
  'item.versionUpdated': (d) => isString(d.itemId) && isItemVersion(d.version) && typeof d.deleted === 'boolean',
  'item.backupUpdated': (d) => isString(d.itemId) && isBackup(d.backup),
  'item.packageReadyForDownload': (d) => isString(d.itemId) && isNumber(d.version) && isString(d.url),
};

/** The names of the pushes the item view reads (parseItemPush): the item pushes and the content pushes about items. */
export const ITEM_VIEW_PUSH_NAMES: readonly string[] = [...Object.keys(ITEM_PUSH_CHECKS), 'item.updateHashed', 'item.softDeleteHashed', 'item.hardDeleteHashed'];

/**
 * A realtime message as an item push, or null when it is none or malformed. `item.versionCreated` carries an
 * ItemDetail made for whoever the server built it for: only its version is read (the view keeps its own
 * actions and ownership).
 */
export function parseItemPush(event: unknown, data: unknown): ItemPush | null {
  if (!isObject(data) || typeof event !== 'string') return null;
  if (event in ITEM_PUSH_CHECKS) {
    const name = event as keyof ItemPushes;
    return ITEM_PUSH_CHECKS[name](data) ? ({ name, data } as unknown as ItemPush) : null;
  }
  const content = parseContentPush(event, data);
  if (content && (content.name === 'item.updateHashed' || content.name === 'item.softDeleteHashed' || content.name === 'item.hardDeleteHashed')) return content;
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Item data

/** The item with its derived fields (latest version, uploading, progress, errored) read again from its versions. */
function withVersions(item: ItemDetail, versions: ItemVersion[]): ItemDetail {
  const latest = versions.at(-1) ?? null;
  return {
    ...item,
    versions,
    latestVersion: latest,
    isUploading: latest?.state === 'uploading',
    uploadProgress: latest?.progress ?? 0,
    isErrored: latest ? isFailedVersionState(latest.state) : false,
    versionState: latest ? displayVersionState(latest.state) : null,
  };
}

/** The item with a version added or replaced (by id), versions kept oldest first. */
export function upsertVersion(item: ItemDetail, version: ItemVersion): ItemDetail {
  const known = item.versions.some((v) => v.id === version.id);
  const versions = known ? item.versions.map((v) => (v.id === version.id ? version : v)) : [...item.versions, version].sort((a, b) => a.number - b.number);
  return withVersions(item, versions);
}

/** The item without a version; the others are numbered 1…n again (the number is the position, oldest first). */
export function removeVersion(item: ItemDetail, versionId: string): ItemDetail {
  const versions = item.versions.filter((v) => v.id !== versionId).map((v, index) => (v.number === index + 1 ? v : { ...v, number: index + 1 }));
  return withVersions(item, versions);
}

/** The item with a grid record's fields (title, folder, trash state…) laid over it; per-user fields stay. */
export function mergeRecord(item: ItemDetail, record: ItemRecord): ItemDetail {
  return { ...item, ...record, id: item.id };
}

/** The grid's record of an item (what item.fetch and item.updateHashed carry), from the item view's detail. */
export function toItemRecord(item: ItemDetail): ItemRecord {
  const latest = item.versions.at(-1) ?? null;
  return {
    id: item.id,
    title: item.title,
    product: item.product,
    type: item.type,
    userId: item.userId,
    owner: item.owner,
    updatedBy: item.updatedBy,
    updatedAt: item.updatedAt,
    createdAt: item.createdAt,
    folderId: item.folderId,
    hash: item.hash,
    archivedAt: item.archivedAt,
    isArchived: item.isArchived,
    isStack: item.isStack,
    stackSize: item.stackSize,
    thumbnailUrl: item.thumbnailUrl,
    isPrivate: item.isPrivate,
    versionState: latest ? displayVersionState(latest.state) : (item.versionState ?? null),
  };
}
