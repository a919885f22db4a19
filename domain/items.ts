/**
 * The item-view and upload protocol (review-and-content §3 Item, Item version, Backup; §4 item load,
 * version states, upload states, backups; §7 upload URL call, PUT, items get/create/upload/restore
 * version/delete version by key/presign, versionCreated and readyForDownload pushes, backups).
 *
 * Wire conventions are those of domain/content.ts (acks, ISO times, `messageId` on pushes). The item-view
 * requests below are answered on the user's namespace (/user/<aid>) AND on the anonymous reviewer's
 * namespace (/anon), because anonymous reviewers open items too; uploads need a signed-in account.
 *
 * The upload sequence (one file):
 *  1. the client checks the file (domain/uploads.ts: extension, first 4,100 bytes, story zip tail) and hashes
 *     it (MD5, in a worker);
 *  2. `GET /api/uploads/url` ({@link UPLOAD_URL_CALL}) returns `{ key, url, type }`: a signed, expiring PUT URL
 *     on the review service for that key;
 *  3. `item.create` (a new item in a folder) or `item.upload` (a new version of an existing item) records the
 *     version with that key in state `uploading` and answers the item;
 *  4. the client PUTs the file to `url` (headers Content-Type, Content-Disposition, Content-MD5 = base64 of the
 *     MD5); 200–299 is success. The server streams it to disk, checks size and Content-MD5, then moves the
 *     version to `uploaded` and processes it (story zip unpacked, video sniffed) to `ready` or a failed state,
 *     pushing each change. An aborted or refused PUT leaves no file and the version `uploadFailed`;
 *  5. a stalled upload (no progress for 2,000 ms) is marked failed by the client with `item.markUploadFailed`.
 */
import type { ContentRefusal, ItemRecord, PersonRef, VersionState } from './content.ts';
import type { FolderAction } from './folderRoles.ts';

// ---------------------------------------------------------------------------------------------------------
// Versions

// VersionState and VersionDisplayState live in content.ts (the grid's ItemRecord carries the display state).
export type { VersionState, VersionDisplayState } from './content.ts';
export { VERSION_STATES } from './content.ts';

/** A slide of a Storyline package (threeSixty.json `slides`). */
export interface PackageSlide {
  id: string;
  title: string;
  sceneIndex: number;
  /** Storyline's own number of the slide: '2.3' (scene 2, slide 3), 'Q1.2' (question bank 1, question 2). */
  number?: string;
}
/** A scene of a Storyline package; question banks follow the scenes as scenes of their own. */
export interface PackageScene {
  index: number;
  title: string;
  /** The scene is a question bank ('Q<n>.<m>' slides), not one of the story's scenes. */
  questionBank?: boolean;
}
/** A lesson of a Rise package. */
export interface PackageLesson {
  id: string;
  title: string;
}

/** What processing read from the package (threeSixty.json for Storyline; the manifest for Rise). */
export interface VersionMeta {
  title: string | null;
  player: { name: string | null; width: number | null; height: number | null } | null;
  scenes: PackageScene[];
  slides: PackageSlide[];
  lessons: PackageLesson[];
}

/** §3 Item version. `number` is the 1-based position among the item's versions, oldest first (the `version` query). */
export interface ItemVersion {
  id: string;
  number: number;
  createdAt: string;
  /** The uploaded file: its storage key and MD5 (hex). */
  package: { key: string; md5_checksum: string | null };
  thumbnail: { key: string } | null;
  /** Thumbnail address for the view, or null. */
  thumbnailUrl: string | null;
  /** 0 to 1 (1 once the upload finished). */
  progress: number;
  state: VersionState;
  /** The uploader's account id. */
  userId: string;
  hidden: boolean;
  /**
   * Where the unpacked package is served for the person who received it, ending in '/': the reference service sends
   * '<package origin>/packages/<versionId>/<their view ticket>/'; null until processed and for videos. The player
   * loads `contentPrefix + playerFile`.
   */
  contentPrefix: string | null;
  /** 'story.html' (Storyline), 'index.html' (Rise), null otherwise. */
  playerFile: string | null;
  /** Video: the address of the video file (with the receiver's view ticket as `?access=`); null otherwise. */
  mediaUrl: string | null;
  /** Video: the poster image (840 wide), or null. */
  posterUrl: string | null;
  /** File name as uploaded. */
  fileName: string;
  /** Bytes. */
  size: number;
  meta: VersionMeta | null;
  /** Why processing refused the file, in words (failed versions); absent or null otherwise. */
  failureReason?: string | null;
}

/** §3 Item, as the item view needs it. `password` never travels; `hasPassword` says whether one is set. */
export interface ItemDetail extends ItemRecord {
  projectId: string | null;
  originalUserId: string;
  uploader: PersonRef | null;
  /** Oldest first. */
  versions: ItemVersion[];
  latestVersion: ItemVersion | null;
  allowAnonComments: boolean;
  hasPassword: boolean;
  enableComments: boolean;
  isUploading: boolean;
  uploadProgress: number;
  isErrored: boolean;
  showTranslationsTab: boolean;
  /**
   * A member (source course or target) of a translation stack: the item view shows the stack's title and its stack
   * sidebar (review-and-content §3 showItemStacksSidebar), read with the stack call (TRANSLATION_CALLS.stack).
   * Optional so that older records without it still read.
   */
  showItemStacksSidebar?: boolean;
  /** The folder's name for the header's back link, null at the private-content root. */
  folderName: string | null;
  /**
   * What this user may do with the item: the folder's actions, plus every item action for the owner
   * (§6 "Item owner"). The client shows controls from it; the server decides again on each request.
   */
  actions: FolderAction[];
  isOwner: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// Backups (§3 Backup, §4 Backups)

export interface Backup {
  id: string;
  /** The version number it was made from. */
  version: number;
  status: 'created' | 'ready';
}

// ---------------------------------------------------------------------------------------------------------
// Refusals of item-view requests (§8 item fetch reasons)

/**
 * Besides the content refusals: `passwordFailed` (the item has a password and `pass` was missing or wrong:
 * the view asks for it) and `accessDenied` (a private item the user may not see). `notFound` also covers
 * a deleted (trashed for others, or destroyed) item.
 */
export type ItemRefusal = ContentRefusal | 'passwordFailed' | 'accessDenied' | 'versionReady' | 'uploadNotAllowed';

export type ItemAck<T> = { success: true; data: T } | { success: false; reason: ItemRefusal; message: string };

/** An upload that `item.create` / `item.upload` records (the key from the upload URL call). */
export interface UploadRef {
  key: string;
  fileName: string;
  /** Bytes; the PUT must send exactly this many. */
  size: number;
  /** MD5 hex of the file. */
  md5: string;
}

/** 'storyline' (a story zip) or 'video'. */
export type UploadKind = 'storyline' | 'video';

// ---------------------------------------------------------------------------------------------------------
// Socket requests (same ack shape as domain/content.ts)

export interface ItemRequests {
  /**
   * One item with its versions (§7 "Items: get"). `pass` is the item password typed by the viewer (or null);
   * `protectedLinksFlagEnabled` is always true. Refusals: notFound, accessDenied, passwordFailed.
   * People who see the item through its folder (or own it) need no password; trashed items only for the owner.
   */
  'item.get': { payload: { id: string; pass: string | null; protectedLinksFlagEnabled: true }; data: { item: ItemDetail } };
  /**
   * A new item in `folderId` (a real folder with createItem, or null = the private-content root) whose first
   * version is `upload` in state `uploading`. `title` is the file name without its extension (≤ 255).
   */
  'item.create': { payload: { title: string; kind: UploadKind; folderId: number | null; upload: UploadRef }; data: { item: ItemDetail; version: ItemVersion } };
  /** A new version of an existing storyline or video item (not a stack); owner or createItem on its folder. */
  'item.upload': { payload: { itemId: string; kind: UploadKind; upload: UploadRef }; data: { item: ItemDetail; version: ItemVersion } };
  /**
   * Restore version `version` (1-based): a new latest version with that version's package (state ready).
   * Needs ownership or restoreItem; not for the latest version (invalidRequest); out of range → invalidRequest.
   */
  'item.restoreVersion': { payload: { itemId: string; version: number }; data: { item: ItemDetail } };
  /**
   * Delete the version with this package key, only when it is not ready (versionReady otherwise): cancel of an
   * upload, or of a failed version. The uploader or the owner. When no version remains the item is destroyed
   * (`item` null) and `item.hardDeleteHashed` is pushed.
   */
  'item.deleteVersionByKey': { payload: { itemId: string; key: string }; data: { item: ItemDetail | null } };
  /** The client saw no progress for 2,000 ms: the version (still uploading, by this uploader) becomes uploadFailed. */
  'item.markUploadFailed': { payload: { itemId: string; key: string }; data: { item: ItemDetail } };
  /** A signed, expiring download link for a video version (Content-Disposition attachment; name = title + extension). */
  'item.presignDownload': { payload: { itemId: string; version: number }; data: { url: string; fileName: string } };
  /**
   * Ask for a version's package as a download. Answers at once with `{ url }` when it is ready; the server also
   * pushes `item.packageReadyForDownload` on the item's namespace.
   */
  'item.packagePresign': { payload: { itemId: string; version: number }; data: { url: string | null } };
}

export type ItemRequestName = keyof ItemRequests;
export type ItemPayload<K extends ItemRequestName> = ItemRequests[K]['payload'];
export type ItemAckData<K extends ItemRequestName> = ItemRequests[K]['data'];

export const ITEM_REQUEST_NAMES: readonly ItemRequestName[] = [
  'item.get',
  'item.create',
  'item.upload',
  'item.restoreVersion',
  'item.deleteVersionByKey',
  'item.markUploadFailed',
  'item.presignDownload',
  'item.packagePresign',
];

/** Requests an anonymous reviewer may send (on /anon); the others need an account. */
export const ANONYMOUS_ITEM_REQUESTS: readonly ItemRequestName[] = ['item.get'];

// ---------------------------------------------------------------------------------------------------------
// Pushes. On the item's namespace (/item/<itemId>) AND to the users who can see the item on /user/<aid>
// (the grid shows upload and processing state); `messageId` added by the realtime layer.

export interface ItemPushes {
  /** A version was added (upload started, or a restore). */
  'item.versionCreated': { itemId: string; version: ItemVersion; item: ItemDetail };
  /** A version changed state or progress (uploaded → processing, ready, failed) or was deleted (`deleted`). */
  'item.versionUpdated': { itemId: string; version: ItemVersion; deleted: boolean };
  /** A backup was created or became ready. */
  'item.backupUpdated': { itemId: string; backup: Backup };
  /** §7 package readyForDownload. */
  'item.packageReadyForDownload': { itemId: string; version: number; url: string };
}

export type ItemPushName = keyof ItemPushes;
export const ITEM_PUSH_NAMES: readonly ItemPushName[] = ['item.versionCreated', 'item.versionUpdated', 'item.backupUpdated', 'item.packageReadyForDownload'];

// ---------------------------------------------------------------------------------------------------------
// HTTP calls under the review API base (/api); errors are the API's usual { error, message } JSON.

/**
 * §7 Upload URL call: `GET /api/uploads/url?acl=public-read&keyPrefix=<prefix>&fileName=<name>&md5=<hex, optional>`
 * (bearer) → 200 `{ key, url, type }`: `key` = `<prefix>/<random id>/<fileName>`, `url` an absolute signed PUT URL
 * on this server that expires after 1 hour, `type` the Content-Type to send. keyPrefix must be one of
 * {@link UPLOAD_KEY_PREFIXES}' values (400 otherwise).
 * PUT `<url>` with the file: 200 `{ key, size, md5 }`; 400 bad/missing Content-MD5 or digest mismatch; 403 bad or
 * expired signature; 411 no Content-Length; 413 over 5 GB (0x140000000 bytes) or other than the recorded size.
 */
export const UPLOAD_URL_CALL = { method: 'GET', path: '/uploads/url', expect: 200 } as const;

/** §7 keyPrefix values: default review/items; storyline uploads review/uploads; video the transcode prefix (server configuration, default review/transcode). */
export const UPLOAD_KEY_PREFIXES = { default: 'review/items', storyline: 'review/uploads', video: 'review/transcode' } as const;

/**
 * The comments of an item read over HTTP (domain/comments.ts `comment.find`; here beside the item read, which the
 * same page makes first): `POST /api/comments/find/{itemId}` with a bearer token and the body
 * `{ pass }` (the password the item was opened with, or null; never in the address) → 200 with `comment.find`'s answer.
 * The same decision and refusals as the socket request (the error body names the `reason`: 404 notFound, 403
 * accessDenied or passwordFailed, 400 invalidRequest). Anonymous reviewers read over their socket (/anon).
 */
export const COMMENTS_READ_CALL = { method: 'POST', path: '/comments/find/', expect: 200 } as const;

/**
 * The item read over HTTP: `POST /api/items/read/{itemId}` with a bearer token and the body `{ pass }` (the item's
 * password, or null; never in the address) → 200 with `item.get`'s answer `{ item }`. The same decision as `item.get`
 * (folder, owner, explicit people, public link, password and private rules); a refusal answers the API's error body
 * with `reason` (the ItemRefusal): 404 notFound, 403 accessDenied or passwordFailed, 400 invalidRequest.
 * Anonymous reviewers read over their socket (/anon).
 */
export const ITEM_READ_CALL = { method: 'POST', path: '/items/read/', expect: 200 } as const;

/**
 * §7 backups: `GET /api/backups/{itemId}` (Accept json, optional bearer; anonymous with item access not needed:
 * bearer required here) → 200 `{ backups: Backup[] }` newest first; `GET /api/backups/download/v1/{backupId}` →
 * 200 `{ downloadURL }` (a signed link; the client saves it as `{title}.story`); 404 unknown or not visible,
 * 409 when the backup is not ready.
 */
export const BACKUP_CALLS = {
  list: { method: 'GET', path: '/backups/', expect: 200 },
  download: { method: 'GET', path: '/backups/download/v1/', expect: 200 },
} as const;
