/**
 * Builds an LMS package (a zip, fflate): the player page (player/), its configuration, the video and the target's
 * manifest files; SCORM packages also carry the official schema files of their edition (schemas/<target>/).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { LmsTarget } from '../../../domain/lmsExport.ts';
import { aiccFiles, isScormTarget, scormManifest, tincanXml, type ManifestInput } from './manifests.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const PLAYER_DIR = path.join(HERE, 'player');
export const SCHEMAS_DIR = path.join(HERE, 'schemas');

/** The player's files, copied as they are. */
const PLAYER_FILES = ['index.html', 'player.js', 'player.css'] as const;

export interface PackageInput {
  target: LmsTarget;
  /** Checked (domain checkLmsTitle). */
  title: string;
  /** Clamped (domain clampCompletePercent). */
  completePercent: number;
  /** `lms-<uuid>`. */
  identifier: string;
  /** xAPI activity id (an IRI) and AICC course id. */
  activityId: string;
  video: { bytes: Uint8Array; extension: string };
}

/** How the player talks to the LMS (player.js adapters). */
function standardOf(target: LmsTarget): 'scorm12' | 'scorm2004' | 'aicc' | 'xapi' {
  if (target === 'scorm12' || target === 'aicc' || target === 'xapi') return target;
  return 'scorm2004';
}

/**
 * config.js: the player's settings as JSON in a script. JSON.stringify writes the text; `<`, U+2028 and U+2029 are
 * escaped so no title can end the script or break the line.
 */
export function playerConfigScript(config: Record<string, unknown>): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `window.LMS_EXPORT_CONFIG = ${json};\n`;
}

const fileCache = new Map<string, Promise<Record<string, Uint8Array>>>();

/** Every file under `dir`, by path relative to it (with '/'), read once per process. */
function filesUnder(dir: string): Promise<Record<string, Uint8Array>> {
  let cached = fileCache.get(dir);
  if (!cached) {
    cached = (async () => {
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      const files: Record<string, Uint8Array> = {};
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        files[path.relative(dir, full).split(path.sep).join('/')] = await readFile(full);
      }
      return files;
    })();
    cached.catch(() => fileCache.delete(dir));
    fileCache.set(dir, cached);
  }
  return cached;
}

/** The files of a package, by path (the zip's content; tests read it too). */
export async function packageFiles(input: PackageInput): Promise<Record<string, Uint8Array>> {
  const encoder = new TextEncoder();
  const videoPath = `media/video${input.video.extension}`;
  const player = await filesUnder(PLAYER_DIR);
  const files: Record<string, Uint8Array> = {};
  for (const name of PLAYER_FILES) files[name] = player[name]!;
  files['config.js'] = encoder.encode(
    playerConfigScript({ standard: standardOf(input.target), title: input.title, video: videoPath, completePercent: input.completePercent, activityId: input.activityId }),
  );
  files[videoPath] = input.video.bytes;
  const manifest: ManifestInput = {
    identifier: input.identifier,
    title: input.title,
    files: [...PLAYER_FILES, 'config.js', videoPath],
    activityId: input.activityId,
    completePercent: input.completePercent,
  };
  if (isScormTarget(input.target)) {
    files['imsmanifest.xml'] = encoder.encode(await scormManifest(input.target, manifest));
    for (const [name, bytes] of Object.entries(await filesUnder(path.join(SCHEMAS_DIR, input.target)))) files[name] = bytes;
  } else if (input.target === 'aicc') {
    for (const [name, text] of Object.entries(await aiccFiles(manifest))) files[name] = encoder.encode(text);
  } else {
    files['tincan.xml'] = encoder.encode(await tincanXml(manifest));
  }
  return files;
}

/** How much of a file goes into the zip between two turns of the event loop. */
const ZIP_CHUNK_BYTES = 1024 * 1024;
/** How much of the finished zip is joined into one buffer between two turns of the event loop. */
const JOIN_CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * The package as a zip, written a megabyte at a time with a turn of the event loop in between (fflate's streaming
 * Zip), so packing a large video does not hold up the service's other requests. Videos are stored, not deflated
 * again (they do not shrink); the other files are deflated.
 */
export async function buildLmsPackage(input: PackageInput): Promise<Uint8Array> {
  const files = await packageFiles(input);
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zipper = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk);
  });
  for (const [name, bytes] of Object.entries(files)) {
    const entry = name.startsWith('media/') ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
    zipper.add(entry);
    if (bytes.length === 0) entry.push(new Uint8Array(0), true);
    for (let offset = 0; offset < bytes.length; offset += ZIP_CHUNK_BYTES) {
      entry.push(bytes.subarray(offset, offset + ZIP_CHUNK_BYTES), offset + ZIP_CHUNK_BYTES >= bytes.length);
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (failure) throw failure;
  }
  zipper.end();
  if (failure) throw failure;
  // Joined a few megabytes at a time too: copying the whole 100 MB at once held the event loop for 60-140 ms.
  const zip = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let at = 0;
  let sinceTurn = 0;
  for (const chunk of chunks) {
    zip.set(chunk, at);
    at += chunk.length;
    sinceTurn += chunk.length;
    if (sinceTurn >= JOIN_CHUNK_BYTES) {
      sinceTurn = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return zip;
}
