import type { PackageLesson, PackageScene, PackageSlide, VersionMeta } from '../../domain/items.ts';

/** Files a Storyline 360 publish must contain (the client checks the same before uploading). */
export const STORY_REQUIRED_FILES = ['story.html', 'threeSixty.json', 'story_content/thumbnail.jpg'] as const;
export const STORY_PLAYER_FILE = 'story.html';
export const STORY_META_FILE = 'threeSixty.json';
export const STORY_THUMBNAIL_FILE = 'story_content/thumbnail.jpg';
/** A Rise export: index.html is required; manifest.json (see README) is optional. */
export const RISE_PLAYER_FILE = 'index.html';
export const RISE_MANIFEST_FILE = 'manifest.json';
/** threeSixty.json and manifest.json are read whole, so they are capped. */
export const MAX_META_FILE_BYTES = 5 * 1024 * 1024;
/** More than this many slides, scenes or lessons is not a real course. */
const MAX_LIST = 10_000;
const MAX_TEXT = 1024;

export type MetaResult = { ok: true; meta: VersionMeta } | { ok: false; message: string };

/** A failed check of the JSON's shape; the message names the field. */
class ShapeError extends Error {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new ShapeError(`${field} must be a string`);
  return value.slice(0, MAX_TEXT);
}

function size(value: unknown, field: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new ShapeError(`${field} must be a number ≥ 0`);
  return value;
}

function list(value: unknown, field: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new ShapeError(`${field} must be a list`);
  if (value.length > MAX_LIST) throw new ShapeError(`${field} has more than ${MAX_LIST} entries`);
  return value;
}

function parseJson(raw: string, file: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  try {
    const value: unknown = JSON.parse(raw.replace(/^\uFEFF/, ''));
    return isRecord(value) ? { ok: true, value } : { ok: false, message: `${file} is not a JSON object.` };
  } catch {
    return { ok: false, message: `${file} is not valid JSON.` };
  }
}

/**
 * threeSixty.json of a Storyline 360 publish → VersionMeta. Fields: `version`, `course_id`, `title`,
 * `thumbnail`, `scenes` (titles, or `{ title, index? }`), `slides` (`{ id, title, scene_index }`),
 * `player` (`{ name, width, height }`), `stage` (`{ width, height }`). Missing fields are null or empty;
 * present ones of the wrong type make the package invalid.
 */
export function readStoryMeta(raw: string): MetaResult {
  const parsed = parseJson(raw, STORY_META_FILE);
  if (!parsed.ok) return parsed;
  const json = parsed.value;
  try {
    if (json.version != null && typeof json.version !== 'string' && typeof json.version !== 'number') throw new ShapeError('version must be a string or a number');
    text(json.course_id, 'course_id');
    text(json.thumbnail, 'thumbnail');
    if (json.stage !== undefined && json.stage !== null) {
      if (!isRecord(json.stage)) throw new ShapeError('stage must be an object');
      size(json.stage.width, 'stage.width');
      size(json.stage.height, 'stage.height');
    }
    const scenes: PackageScene[] = list(json.scenes, 'scenes').map((scene, i) => {
      if (typeof scene === 'string') return { index: i, title: scene.slice(0, MAX_TEXT) };
      if (!isRecord(scene)) throw new ShapeError(`scenes[${i}] must be a title or an object`);
      const index = scene.index === undefined ? i : size(scene.index, `scenes[${i}].index`);
      return { index: Math.floor(index ?? i), title: text(scene.title, `scenes[${i}].title`) ?? '' };
    });
    const slides: PackageSlide[] = list(json.slides, 'slides').map((slide, i) => {
      if (!isRecord(slide)) throw new ShapeError(`slides[${i}] must be an object`);
      const id = text(slide.id, `slides[${i}].id`);
      if (!id) throw new ShapeError(`slides[${i}].id is missing`);
      const sceneIndex = size(slide.scene_index, `slides[${i}].scene_index`);
      return { id, title: text(slide.title, `slides[${i}].title`) ?? '', sceneIndex: Math.floor(sceneIndex ?? 0) };
    });
    let player: VersionMeta['player'] = null;
    if (json.player !== undefined && json.player !== null) {
      if (!isRecord(json.player)) throw new ShapeError('player must be an object');
      player = { name: text(json.player.name, 'player.name'), width: size(json.player.width, 'player.width'), height: size(json.player.height, 'player.height') };
    }
    return { ok: true, meta: { title: text(json.title, 'title'), player, scenes, slides, lessons: [] } };
  } catch (error) {
    if (error instanceof ShapeError) return { ok: false, message: `${STORY_META_FILE}: ${error.message}.` };
    throw error;
  }
}

/** manifest.json of a Rise export (our own format, see README): `{ title, lessons: [{ id, title }] }` → VersionMeta. */
export function readRiseManifest(raw: string | null): MetaResult {
  if (raw === null) return { ok: true, meta: emptyMeta() };
  const parsed = parseJson(raw, RISE_MANIFEST_FILE);
  if (!parsed.ok) return parsed;
  const json = parsed.value;
  try {
    const lessons: PackageLesson[] = list(json.lessons, 'lessons').map((lesson, i) => {
      if (!isRecord(lesson)) throw new ShapeError(`lessons[${i}] must be an object`);
      const id = text(lesson.id, `lessons[${i}].id`);
      if (!id) throw new ShapeError(`lessons[${i}].id is missing`);
      return { id, title: text(lesson.title, `lessons[${i}].title`) ?? '' };
    });
    return { ok: true, meta: { title: text(json.title, 'title'), player: null, scenes: [], slides: [], lessons } };
  } catch (error) {
    if (error instanceof ShapeError) return { ok: false, message: `${RISE_MANIFEST_FILE}: ${error.message}.` };
    throw error;
  }
}

/** Meta of a video version (nothing is read from the file) and of a Rise export without a manifest. */
export function emptyMeta(): VersionMeta {
  return { title: null, player: null, scenes: [], slides: [], lessons: [] };
}
