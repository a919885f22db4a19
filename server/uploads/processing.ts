import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { FILE_SNIFF_BYTES } from '../../domain/constants.ts';
import { publishRoot } from '../../domain/storyZip.ts';
import type { BlobStore } from './blobStore.ts';
import { isSafeVersionId } from './blobStore.ts';
import type { VersionMeta } from '../../domain/items.ts';
import type { ProcessResult } from './types.ts';
import {
  emptyMeta,
  MAX_META_FILE_BYTES,
  readRiseManifest,
  readStoryMeta,
  readRiseCourse,
  RISE_MANIFEST_FILE,
  RISE_PLAYER_FILE,
  RISE_PLAYER_PAGES,
  STORY_META_FILE,
  STORY_PLAYER_FILE,
  STORY_PUBLISH_META_FILE,
  STORY_REQUIRED_FILES,
  readPublishMeta,
  STORY_THUMBNAIL_FILE,
} from './packageMeta.ts';
import type { MetaResult } from './packageMeta.ts';
import { DEFAULT_UNPACK_LIMITS, unpackZip } from './unpack.ts';
import type { UnpackLimits } from './unpack.ts';

export interface ProcessingContext {
  store: BlobStore;
  /** `<dataDir>/packages`. */
  packageRoot: string;
  blobUrl(key: string): string;
  limits?: UnpackLimits;
}

/** The blob key of a Storyline version's thumbnail. */
export function thumbnailKeyFor(versionId: string): string {
  return `review/thumbnails/${versionId}.jpg`;
}

/** Public path of an unpacked package, ending in '/'. */
export function contentPrefixFor(versionId: string): string {
  return `/packages/${versionId}/`;
}

function checkVersionId(versionId: string): void {
  if (!isSafeVersionId(versionId)) throw new Error(`Unsafe version id for a package folder: ${JSON.stringify(versionId.slice(0, 100))}`);
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

async function readMetaFile(dir: string, name: string): Promise<string | { message: string }> {
  const file = path.join(dir, name);
  const info = await stat(file);
  if (info.size > MAX_META_FILE_BYTES) return { message: `${name} is larger than ${MAX_META_FILE_BYTES} bytes.` };
  return readFile(file, 'utf8');
}

const failed = (message: string): ProcessResult => ({ state: 'unpackFailed', message });


/**
 * Unpacks the zip stored under `key` into `<packages>/<versionId>.tmp/`, checks it and reads its meta, then
 * renames it to `<packages>/<versionId>/`. Any failure removes the temporary folder (and a thumbnail blob
 * already copied) and answers unpackFailed; a folder of an earlier run for the same version is replaced
 * only on success.
 */
export async function processPackage(ctx: ProcessingContext, key: string, versionId: string, kind: 'storyline' | 'rise'): Promise<ProcessResult> {
  checkVersionId(versionId);
  const zipFile = await ctx.store.localFile(key);
  if (!zipFile || !(await isFile(zipFile))) return failed('The uploaded package is missing.');
  const temp = path.join(ctx.packageRoot, `${versionId}.tmp`);
  const final = path.join(ctx.packageRoot, versionId);
  let thumbnailKey: string | null = null;
  try {
    await mkdir(ctx.packageRoot, { recursive: true });
    await rm(temp, { recursive: true, force: true });
    const unpacked = await unpackZip(zipFile, temp, ctx.limits ?? DEFAULT_UNPACK_LIMITS);
    if (!unpacked.ok) {
      await rm(temp, { recursive: true, force: true });
      return failed(unpacked.message);
    }
    // A Rise export's player page is index.html at the root, or in content/ (web) or scormcontent/ (SCORM).
    const riseFile = kind === 'rise' ? (RISE_PLAYER_PAGES.find((page) => publishRoot(unpacked.files, [page]) !== null) ?? RISE_PLAYER_FILE) : null;
    const required = riseFile === null ? STORY_REQUIRED_FILES : [riseFile];
    const root = publishRoot(unpacked.files, required);
    if (root === null) {
      await rm(temp, { recursive: true, force: true });
      const missing = required.filter((name) => !unpacked.files.has(name));
      return failed(`The package has no ${missing.join(', ')}. A published course must have them at the root of the zip, or in one folder that holds the whole publish.`);
    }
    // Zipped inside its publish folder: that folder becomes the package, whatever else sat beside it (__MACOSX) goes.
    const packageDir = root === '' ? temp : path.join(temp, root);
    const files = root === '' ? unpacked.files : new Set([...unpacked.files].filter((name) => name.startsWith(`${root}/`)).map((name) => name.slice(root.length + 1)));
    let meta: MetaResult;
    if (kind === 'storyline') {
      const raw = await readMetaFile(packageDir, STORY_META_FILE);
      meta = typeof raw === 'string' ? readStoryMeta(raw) : { ok: false, message: raw.message };
      // Older releases leave the title out of threeSixty.json; meta.xml has the project's.
      if (meta.ok && !meta.meta.title && files.has(STORY_PUBLISH_META_FILE)) {
        const xml = await readMetaFile(packageDir, STORY_PUBLISH_META_FILE);
        if (typeof xml === 'string') meta = { ok: true, meta: { ...meta.meta, title: readPublishMeta(xml).title } };
      }
    } else {
      const raw = files.has(RISE_MANIFEST_FILE) ? await readMetaFile(packageDir, RISE_MANIFEST_FILE) : null;
      meta = raw === null || typeof raw === 'string' ? readRiseManifest(raw) : { ok: false, message: raw.message };
      // A real Rise export has no manifest: its course (title, lessons) is inside the player page or a locale script.
      if (raw === null) meta = { ok: true, meta: (await readRiseExport(packageDir, riseFile!, files)) ?? emptyMeta() };
    }
    if (!meta.ok) {
      await rm(temp, { recursive: true, force: true });
      return failed(meta.message);
    }
    if (kind === 'storyline') {
      thumbnailKey = thumbnailKeyFor(versionId);
      const copy = ctx.store.tempPath();
      await copyFile(path.join(packageDir, STORY_THUMBNAIL_FILE), copy);
      await ctx.store.commit(copy, thumbnailKey).catch(async (error: unknown) => {
        await rm(copy, { force: true });
        throw error;
      });
    }
    // In the object store first (when there is one), so every instance can serve the version once it is ready.
    await ctx.store.publishPackage(versionId, packageDir);
    await rm(final, { recursive: true, force: true });
    await rename(packageDir, final);
    if (packageDir !== temp) await rm(temp, { recursive: true, force: true });
    return {
      state: 'ready',
      meta: meta.meta,
      contentPrefix: contentPrefixFor(versionId),
      playerFile: riseFile ?? STORY_PLAYER_FILE,
      thumbnailKey,
      mediaUrl: null,
      posterUrl: null,
    };
  } catch (error) {
    // Disk trouble and the like: nothing half-done may stay behind.
    await rm(temp, { recursive: true, force: true });
    if (thumbnailKey) await ctx.store.remove(thumbnailKey).catch(() => undefined);
    return failed(`The package could not be unpacked (${error instanceof Error ? error.message : String(error)}).`);
  }
}

/**
 * The course of a real Rise export: from its player page (`window.courseData` / `window.course`), else from the
 * locale scripts beside it (`locales/<name>.js`, newer exports); null when neither holds one.
 */
async function readRiseExport(dir: string, playerFile: string, files: ReadonlySet<string>): Promise<VersionMeta | null> {
  const page = await readMetaFile(dir, playerFile);
  const fromPage = typeof page === 'string' ? readRiseCourse(page) : null;
  if (fromPage) return fromPage;
  const base = playerFile.includes('/') ? playerFile.slice(0, playerFile.lastIndexOf('/') + 1) : '';
  for (const name of [...files].filter((file) => file.startsWith(`${base}locales/`) && file.endsWith('.js')).sort()) {
    const script = await readMetaFile(dir, name);
    const course = typeof script === 'string' ? readRiseCourse(script) : null;
    if (course) return course;
  }
  return null;
}

/** Reads at most `bytes` bytes from the start of a file. */
async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Sniffs the first 4,100 bytes of the stored video (file-type): a video/* type → ready, served as uploaded. */
export async function processVideo(ctx: ProcessingContext, key: string, versionId: string): Promise<ProcessResult> {
  checkVersionId(versionId);
  const file = await ctx.store.localFile(key);
  if (!file || !(await isFile(file))) return { state: 'invalidVideoFile', message: 'The uploaded video is missing.' };
  const head = await readHead(file, FILE_SNIFF_BYTES);
  if (head.length === 0) return { state: 'invalidVideoFile', message: 'The uploaded file is empty.' };
  // file-type (a large module graph) loads with the first upload, not with the server.
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(head);
  if (!type?.mime.startsWith('video/')) {
    return { state: 'invalidVideoFile', message: `The uploaded file is not a video${type ? ` (it looks like ${type.mime})` : ''}.` };
  }
  return { state: 'ready', meta: emptyMeta(), contentPrefix: null, playerFile: null, thumbnailKey: null, mediaUrl: ctx.blobUrl(key), posterUrl: null };
}

/** Removes a version's package folder, its leftover temporary folder and its thumbnail blob. */
export async function removeVersionFiles(ctx: ProcessingContext, versionId: string): Promise<void> {
  checkVersionId(versionId);
  await rm(path.join(ctx.packageRoot, versionId), { recursive: true, force: true });
  await rm(path.join(ctx.packageRoot, `${versionId}.tmp`), { recursive: true, force: true });
  await ctx.store.remove(thumbnailKeyFor(versionId));
  await ctx.store.removePackage(versionId);
}

/** At start: temporary package folders a crash left behind (`<versionId>.tmp`) are removed. */
export async function removeLeftoverPackageFolders(packageRoot: string): Promise<void> {
  await mkdir(packageRoot, { recursive: true });
  const names = await readdir(packageRoot);
  await Promise.all(names.filter((name) => name.endsWith('.tmp')).map((name) => rm(path.join(packageRoot, name), { recursive: true, force: true })));
}
