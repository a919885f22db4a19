/**
 * Item versions and backups in storage (review-and-content §3 Item version, Backup): reads, the wire
 * shapes, and the few writes every version change shares. SQL stays portable, like repository.ts.
 */
import { randomUUID } from 'node:crypto';
import { SIGNED_URL_TTL_MS } from '../../domain/constants.ts';
import type { Backup, ItemVersion, VersionDisplayState, VersionMeta, VersionState } from '../../domain/items.ts';
import type { Db } from '../db/database.ts';
import type { BackupRow, ItemVersionRow, NewItemVersion } from '../db/schema.ts';

/** What version code needs of the file storage (server/uploads implements it). */
export interface ContentFiles {
  /**
   * A signed, expiring download link for a stored blob, saved as `fileName`; with `viewer`, every request also asks
   * fileAccess.ts whether that person may still view the item.
   */
  signDownload(key: string, fileName: string, viewer?: { subject: string; itemId: string; passwordHash: string | null }): string;
  processPackage(key: string, versionId: string, kind: 'storyline' | 'rise'): Promise<ProcessOutcome>;
  processVideo(key: string, versionId: string): Promise<ProcessOutcome>;
  putBlob(key: string, bytes: Uint8Array): Promise<void>;
  removeBlob(key: string): Promise<void>;
  /** Removes the unpacked package of one version (its /packages/<versionId>/ folder). */
  removeVersionFiles(versionId: string): Promise<void>;
  /** The address a stored blob (a thumbnail) is served from. */
  blobUrl(key: string): string;
  /** The absolute address of a stored content prefix ('/packages/<versionId>/') on the package's own origin. */
  packageUrl(contentPrefix: string): string;
  /**
   * A signed view ticket (server/uploads viewTicket.ts) for one person, item and resource (`p:<versionId>` a package
   * folder, `b:<key>` a blob), with the item's password hash of now: see fileAccess.ts.
   */
  viewTicket(request: { subject: string; itemId: string; resource: string; passwordHash: string | null }): string;
}

/** The outcome of processing an upload (server/uploads ProcessResult). */
export type ProcessOutcome =
  | {
      state: 'ready';
      meta: VersionMeta;
      contentPrefix: string | null;
      playerFile: string | null;
      thumbnailKey: string | null;
      mediaUrl: string | null;
      posterUrl: string | null;
    }
  | { state: 'unpackFailed' | 'invalidVideoFile'; message: string };

/** §4: these count as failed. */
export const FAILED_VERSION_STATES: ReadonlySet<VersionState> = new Set(['uploadFailed', 'transcodeFailed', 'invalidVideoFile', 'unpackFailed']);

/** §4 "plus processing (display)": an uploaded version is being processed. */
export function displayState(state: VersionState): VersionDisplayState {
  return state === 'uploaded' ? 'processing' : state;
}

/** An item's versions, oldest first. */
export async function versionsOf(db: Db, itemId: string): Promise<ItemVersionRow[]> {
  return db.selectFrom('item_versions').selectAll().where('item_id', '=', itemId).orderBy('seq').execute();
}

/** The latest version's display state per item (items without versions are absent). */
export async function latestVersionStates(db: Db, itemIds: readonly string[]): Promise<Map<string, VersionDisplayState>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('item_versions as v')
    .select(['v.item_id', 'v.state'])
    .where('v.item_id', 'in', [...itemIds])
    .where(({ eb, selectFrom }) => eb('v.seq', '=', selectFrom('item_versions as w').select((w) => w.fn.max('w.seq').as('m')).whereRef('w.item_id', '=', 'v.item_id')))
    .execute();
  return new Map(rows.map((row) => [row.item_id, displayState(row.state)]));
}

/** The versions of this item stored under `key` (copies share a key), newest first. */
export async function versionsWithKey(db: Db, itemId: string, key: string): Promise<ItemVersionRow[]> {
  return db.selectFrom('item_versions').selectAll().where('item_id', '=', itemId).where('package_key', '=', key).orderBy('seq', 'desc').execute();
}

/** The upload a PUT for `key` belongs to: the version that recorded the key and still waits for it. */
export async function uploadingVersion(db: Db, key: string): Promise<ItemVersionRow | undefined> {
  return db
    .selectFrom('item_versions')
    .selectAll()
    .where('package_key', '=', key)
    .where('files_of_version_id', 'is', null)
    .where('state', '=', 'uploading')
    .executeTakeFirst();
}

/**
 * At start: versions still `uploading` whose signed upload URL has expired become `uploadFailed` (their owner then
 * sees Retry). The URL is issued before the version is recorded, so a version created more than SIGNED_URL_TTL_MS
 * ago has none that still works, and the PUT that was under way died with the process that ran it (a PUT is refused
 * once its URL expired). Younger ones keep waiting: their URL can still deliver the file. Only at start: while the
 * service runs, a long PUT that began in time may still be arriving. Answers how many were marked.
 */
export async function failExpiredUploads(db: Db, now: Date = new Date()): Promise<number> {
  const issuedBefore = new Date(now.getTime() - SIGNED_URL_TTL_MS).toISOString();
  const result = await db
    .updateTable('item_versions')
    .set({ state: 'uploadFailed', updated_at: now.toISOString() })
    .where('state', '=', 'uploading')
    .where('created_at', '<', issuedBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether any version (of any item) was recorded with this key: an upload key serves one upload only. */
export async function isKeyUsed(db: Db, key: string): Promise<boolean> {
  return (await db.selectFrom('item_versions').select('id').where('package_key', '=', key).executeTakeFirst()) !== undefined;
}

export async function findVersion(db: Db, versionId: string): Promise<ItemVersionRow | undefined> {
  return db.selectFrom('item_versions').selectAll().where('id', '=', versionId).executeTakeFirst();
}

/** Inserts a version after the item's last one and returns it. */
export async function appendVersion(db: Db, version: Omit<NewItemVersion, 'id' | 'seq'> & { id?: string }): Promise<ItemVersionRow> {
  const last = await db
    .selectFrom('item_versions')
    .select((eb) => eb.fn.max('seq').as('m'))
    .where('item_id', '=', version.item_id)
    .executeTakeFirst();
  const seq = Number(last?.m ?? 0) + 1;
  const id = version.id ?? randomUUID();
  await db
    .insertInto('item_versions')
    .values({ ...version, id, seq })
    .execute();
  return (await findVersion(db, id))!;
}

/** What file clean-up needs of a version. */
export type VersionFiles = Pick<ItemVersionRow, 'id' | 'package_key' | 'files_of_version_id'>;

/** The versions of items about to be deleted (by id, or as members of these stacks); read before the delete. */
export async function versionFilesOf(db: Db, doomed: { itemIds?: readonly string[]; stackIds?: readonly string[] }): Promise<VersionFiles[]> {
  const itemIds = [...(doomed.itemIds ?? [])];
  const stackIds = [...(doomed.stackIds ?? [])];
  if (itemIds.length === 0 && stackIds.length === 0) return [];
  return db
    .selectFrom('item_versions')
    .select(['id', 'package_key', 'files_of_version_id'])
    .where((eb) =>
      eb.or([
        ...(itemIds.length > 0 ? [eb('item_id', 'in', itemIds)] : []),
        ...(stackIds.length > 0 ? [eb('item_id', 'in', eb.selectFrom('items').select('id').where('stack_id', 'in', stackIds))] : []),
      ]),
    )
    .execute();
}

/**
 * Files removed versions leave behind that nothing else uses (call after deleting the rows): an upload
 * blob once no version has its key, and a version's own files (unpacked folder, thumbnail, named after the
 * version that made them) once neither that version nor any copy of it remains.
 */
export async function orphanedFiles(db: Db, removed: readonly VersionFiles[]): Promise<{ keys: string[]; versionIds: string[] }> {
  const keys = new Set<string>();
  const versionIds = new Set<string>();
  for (const version of removed) {
    const keyUsed = await db.selectFrom('item_versions').select('id').where('package_key', '=', version.package_key).executeTakeFirst();
    if (!keyUsed) keys.add(version.package_key);
    const maker = version.files_of_version_id ?? version.id;
    const filesUsed = await db
      .selectFrom('item_versions')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', maker), eb('files_of_version_id', '=', maker)]))
      .executeTakeFirst();
    if (!filesUsed) versionIds.add(maker);
  }
  return { keys: [...keys], versionIds: [...versionIds] };
}

/** Removes files no version needs any more (after the rows are gone); failures are logged, never thrown. */
export async function removeFiles(files: ContentFiles, orphans: { keys: readonly string[]; versionIds: readonly string[] }, logError: (error: unknown, where: string) => void): Promise<void> {
  const work = [...orphans.keys.map((key) => files.removeBlob(key)), ...orphans.versionIds.map((id) => files.removeVersionFiles(id))];
  const results = await Promise.allSettled(work);
  for (const result of results) if (result.status === 'rejected') logError(result.reason, 'removeFiles');
}

/** The thumbnail address a version gives its item: the extracted thumbnail, else a video's poster. */
export function versionThumbnailUrl(files: Pick<ContentFiles, 'blobUrl'>, row: Pick<ItemVersionRow, 'thumbnail_key' | 'poster_url'>): string | null {
  if (row.thumbnail_key !== null) return files.blobUrl(row.thumbnail_key);
  return row.poster_url;
}

/** Items show the latest ready version's thumbnail (null when none is ready). */
export async function refreshItemThumbnail(db: Db, files: Pick<ContentFiles, 'blobUrl'>, itemId: string): Promise<void> {
  const latestReady = await db
    .selectFrom('item_versions')
    .select(['thumbnail_key', 'poster_url'])
    .where('item_id', '=', itemId)
    .where('state', '=', 'ready')
    .orderBy('seq', 'desc')
    .executeTakeFirst();
  await db
    .updateTable('items')
    .set({ thumbnail_url: latestReady ? versionThumbnailUrl(files, latestReady) : null })
    .where('id', '=', itemId)
    .execute();
}

function parseMeta(text: string | null): VersionMeta | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as VersionMeta;
  } catch {
    return null;
  }
}

/** A version as the wire carries it; `number` is its 1-based position among the item's versions. */
export function toItemVersion(files: Pick<ContentFiles, 'blobUrl' | 'packageUrl'>, row: ItemVersionRow, number: number): ItemVersion {
  return {
    id: row.id,
    number,
    createdAt: row.created_at,
    package: { key: row.package_key, md5_checksum: row.md5 },
    thumbnail: row.thumbnail_key === null ? null : { key: row.thumbnail_key },
    thumbnailUrl: versionThumbnailUrl(files, row),
    progress: row.progress,
    state: row.state,
    userId: row.user_aid,
    hidden: row.hidden === 1,
    contentPrefix: row.content_prefix === null ? null : files.packageUrl(row.content_prefix),
    playerFile: row.player_file,
    mediaUrl: row.media_url,
    posterUrl: row.poster_url,
    fileName: row.file_name,
    size: row.size,
    meta: parseMeta(row.meta_json),
    failureReason: row.failure_reason ?? null,
  };
}

/** The wire version of one row, numbered among its item's versions. */
export async function itemVersionOf(db: Db, files: Pick<ContentFiles, 'blobUrl' | 'packageUrl'>, row: ItemVersionRow): Promise<ItemVersion> {
  const before = await db
    .selectFrom('item_versions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('item_id', '=', row.item_id)
    .where('seq', '<=', row.seq)
    .executeTakeFirst();
  return toItemVersion(files, row, Number(before?.n ?? 1));
}

/** An item's backups, newest first, each numbered by its version's position. */
export async function backupsOf(db: Db, itemId: string): Promise<Backup[]> {
  const [versions, backups] = await Promise.all([
    db.selectFrom('item_versions').select(['id']).where('item_id', '=', itemId).orderBy('seq').execute(),
    db.selectFrom('backups').selectAll().where('item_id', '=', itemId).execute(),
  ]);
  const position = new Map(versions.map((v, i) => [v.id, i + 1]));
  return backups
    .map((row) => toBackup(row, position.get(row.version_id) ?? 0))
    .sort((a, b) => b.version - a.version);
}

export function toBackup(row: BackupRow, version: number): Backup {
  return { id: row.id, version, status: row.status };
}

export async function findBackup(db: Db, backupId: string): Promise<BackupRow | undefined> {
  return db.selectFrom('backups').selectAll().where('id', '=', backupId).executeTakeFirst();
}

/** A duplicate's versions: copies of the source's ready ones, sharing their files (nothing is copied on disk). */
export async function copyReadyVersions(db: Db, fromItemId: string, toItemId: string): Promise<void> {
  const ready = (await versionsOf(db, fromItemId)).filter((version) => version.state === 'ready');
  if (ready.length === 0) return;
  await db
    .insertInto('item_versions')
    .values(ready.map((version, i) => ({ ...version, id: randomUUID(), item_id: toItemId, seq: i + 1, files_of_version_id: version.files_of_version_id ?? version.id })))
    .execute();
}

/** The package folder a content prefix names (`…/packages/<versionId>/`), or null. */
export function packageFolderOf(contentPrefix: string): string | null {
  const path = /^(?:[a-z]+:\/\/[^/]+)?\/packages\/([^/]+)\/$/i.exec(contentPrefix);
  return path?.[1] ?? null;
}

/** The blob key of a `/blobs/<key>` address (segments URL-encoded), or null. */
export function blobKeyOf(url: string): string | null {
  if (!url.startsWith('/blobs/')) return null;
  try {
    return url.slice('/blobs/'.length).split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
}

/**
 * A version as one person receives it: its package address carries their view ticket as a path segment
 * (`…/packages/<versionId>/<ticket>/`, so the package's relative addresses keep it) and its video address as
 * `?access=<ticket>`. Tickets of one person and resource are the same string for hours (see server/uploads
 * viewTicket.ts), so addresses do not change from push to push.
 */
export function versionForViewer(files: Pick<ContentFiles, 'viewTicket'>, row: { id: string; password_hash: string | null }, version: ItemVersion, subject: string): ItemVersion {
  const ticket = (resource: string) => files.viewTicket({ subject, itemId: row.id, resource, passwordHash: row.password_hash });
  const folder = version.contentPrefix === null ? null : packageFolderOf(version.contentPrefix);
  const mediaKey = version.mediaUrl === null ? null : blobKeyOf(version.mediaUrl);
  const posterKey = version.posterUrl === null ? null : blobKeyOf(version.posterUrl);
  if (folder === null && mediaKey === null && posterKey === null) return version;
  return {
    ...version,
    ...(folder === null ? {} : { contentPrefix: `${version.contentPrefix}${ticket(`p:${folder}`)}/` }),
    ...(mediaKey === null ? {} : { mediaUrl: `${version.mediaUrl}?access=${ticket(`b:${mediaKey}`)}` }),
    ...(posterKey === null ? {} : { posterUrl: `${version.posterUrl}?access=${ticket(`b:${posterKey}`)}` }),
  };
}
