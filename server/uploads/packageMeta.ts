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

/** A title-like value: strings as they are (trimmed, capped), numbers as text, anything else absent. */
function looseText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim().slice(0, MAX_TEXT);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** A size-like value: a finite number ≥ 0, or a numeric string ("960"); anything else absent. */
function looseSize(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : null;
}

/**
 * The scene of a slide's `scene_index`, 0-based. Storyline 360 writes "scene.slide" strings, 1-based ("2.3" = scene
 * 2, slide 3); a plain number or numeric string is taken as 1-based when the publish numbers its scenes from 1 (see
 * `oneBased`), else 0-based.
 */
function sceneOf(value: unknown, oneBased: boolean): number | null {
  if (typeof value === 'string') {
    const dotted = /^\s*(\d+)\s*\.\s*\d+\s*$/.exec(value);
    if (dotted) return Math.max(0, Number(dotted[1]) - 1);
    if (/^\s*\d+\s*$/.test(value)) return Math.max(0, Number(value) - (oneBased ? 1 : 0));
    return null;
  }
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return Math.max(0, value - (oneBased ? 1 : 0));
  return null;
}

/**
 * threeSixty.json of a Storyline 360 publish → VersionMeta, read as tolerantly as Storyline has written it across
 * releases: `title`, `scenes` (objects with a `title` and sometimes an `index`, or plain titles), `slides` (`id`,
 * `title`, `scene_index` as "scene.slide" or a number), `player` (`name`, `width`, `height`), extra fields ignored.
 * A field of an unexpected type is left out (a slide without an id is skipped), never fatal: only a file that is not a
 * JSON object, or that lists more than 10,000 slides or scenes, is refused, with a message saying which.
 */
export function readStoryMeta(raw: string): MetaResult {
  const parsed = parseJson(raw, STORY_META_FILE);
  if (!parsed.ok) return parsed;
  const json = parsed.value;
  try {
    const rawScenes = list(json.scenes, 'scenes');
    const rawSlides = list(json.slides, 'slides').filter(isRecord);
    const scenes: PackageScene[] = rawScenes.map((scene, i) => {
      if (isRecord(scene)) return { index: i, title: looseText(scene.title) ?? looseText(scene.name) ?? `Scene ${i + 1}` };
      return { index: i, title: looseText(scene) ?? `Scene ${i + 1}` };
    });
    // Plain-number scene indexes: 1-based when none is 0 and one reaches past the last 0-based scene.
    const numbers = rawSlides.map((slide) => looseSize(slide.scene_index)).filter((n): n is number => n !== null && Number.isInteger(n));
    const oneBased = numbers.length > 0 && !numbers.includes(0) && (numbers.some((n) => n >= scenes.length) || scenes.length === 0 ? true : numbers.every((n) => n >= 1));
    const seen = new Set<string>();
    const slides: PackageSlide[] = [];
    for (const slide of rawSlides) {
      const id = looseText(slide.id);
      if (!id || seen.has(id)) continue;
      seen.add(id);
      const sceneIndex = sceneOf(slide.scene_index, oneBased) ?? 0;
      slides.push({ id, title: looseText(slide.title) ?? '', sceneIndex });
    }
    // A slide may name a scene the list leaves out: every scene a slide is in exists.
    const sceneCount = Math.max(scenes.length, ...slides.map((slide) => slide.sceneIndex + 1));
    for (let i = scenes.length; i < sceneCount; i++) scenes.push({ index: i, title: `Scene ${i + 1}` });
    const player = isRecord(json.player) ? { name: looseText(json.player.name), width: looseSize(json.player.width), height: looseSize(json.player.height) } : null;
    const stage = isRecord(json.stage) ? { width: looseSize(json.stage.width), height: looseSize(json.stage.height) } : null;
    // The frame keeps the player's aspect; without the player's size the stage's is the next best.
    const sized = player && (player.width === null || player.height === null) && stage?.width && stage.height ? { ...player, width: stage.width, height: stage.height } : player;
    return { ok: true, meta: { title: looseText(json.title) || null, player: sized, scenes, slides, lessons: [] } };
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
