import { XMLParser } from 'fast-xml-parser';
import type { PackageLesson, PackageScene, PackageSlide, VersionMeta } from '../../domain/items.ts';

/** Files a Storyline 360 publish must contain (the client checks the same before uploading). */
export const STORY_REQUIRED_FILES = ['story.html', 'threeSixty.json', 'story_content/thumbnail.jpg'] as const;
export const STORY_PLAYER_FILE = 'story.html';
export const STORY_META_FILE = 'threeSixty.json';
export const STORY_THUMBNAIL_FILE = 'story_content/thumbnail.jpg';
/** Storyline's publish description (project title, release); read when threeSixty.json lacks a title. */
export const STORY_PUBLISH_META_FILE = 'meta.xml';
/** A Rise export: index.html is required; manifest.json (see README) is optional. */
export const RISE_PLAYER_FILE = 'index.html';
/** Where a Rise export's player page sits: a web export's content/, a SCORM export's scormcontent/, or the root. */
export const RISE_PLAYER_PAGES = ['index.html', 'content/index.html', 'scormcontent/index.html'] as const;
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

/** A slide's place as Storyline numbers it: `scene_index` "2.3" (scene 2, slide 3) or "Q1.2" (question bank 1). */
interface SlidePlace {
  bank: boolean;
  /** 1-based scene or bank number, or null when only a plain index was given. */
  group: number | null;
  /** The plain index (a number or numeric string), as written. */
  plain: number | null;
  number: string | null;
}

function placeOf(value: unknown): SlidePlace {
  if (typeof value === 'string') {
    const dotted = /^\s*(q?)(\d+)\s*\.\s*(\d+)\s*$/i.exec(value);
    if (dotted) return { bank: dotted[1] !== '', group: Number(dotted[2]), plain: null, number: `${dotted[1] ? 'Q' : ''}${Number(dotted[2])}.${Number(dotted[3])}` };
    if (/^\s*\d+\s*$/.test(value)) return { bank: false, group: null, plain: Number(value), number: null };
  }
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return { bank: false, group: null, plain: value, number: null };
  return { bank: false, group: null, plain: null, number: null };
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
    const places = rawSlides.map((slide) => placeOf(slide.scene_index));
    // Plain-number scene indexes: 1-based when none is 0 (Storyline numbers scenes from 1), else 0-based.
    const plains = places.map((place) => place.plain).filter((n): n is number => n !== null);
    const plainBase = plains.length > 0 && !plains.includes(0) ? 1 : 0;
    // A slide may name a scene the list leaves out: every scene a slide is in exists.
    const storyScenes = Math.max(scenes.length, ...places.map((place) => (place.bank ? 0 : place.group ?? (place.plain === null ? 0 : place.plain - plainBase + 1))));
    for (let i = scenes.length; i < storyScenes; i++) scenes.push({ index: i, title: `Scene ${i + 1}` });
    // Question banks ('Q<n>.<m>') follow the story's scenes, one scene each, in bank order.
    const banks = [...new Set(places.filter((place) => place.bank).map((place) => place.group!))].sort((a, b) => a - b);
    const bankScene = new Map(banks.map((bank, i) => [bank, storyScenes + i]));
    for (const bank of banks) scenes.push({ index: bankScene.get(bank)!, title: `Question bank ${bank}`, questionBank: true });
    const seen = new Set<string>();
    const slides: PackageSlide[] = [];
    rawSlides.forEach((slide, i) => {
      const id = looseText(slide.id);
      if (!id || seen.has(id)) return;
      seen.add(id);
      const place = places[i]!;
      const sceneIndex = place.bank ? bankScene.get(place.group!)! : place.group !== null ? place.group - 1 : place.plain !== null ? Math.max(0, place.plain - plainBase) : 0;
      slides.push({ id, title: looseText(slide.title) ?? '', sceneIndex, ...(place.number ? { number: place.number } : {}) });
    });
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

/** What meta.xml of a Storyline publish adds: the project's title and the Storyline release that published it. */
export interface PublishMeta {
  title: string | null;
  release: string | null;
}

/**
 * meta.xml (`<meta><project title="…"><application name="Articulate Storyline" version="3.19.16600.0"/>`) → the
 * title and release; anything unreadable gives nulls (the file is optional and only fills gaps).
 */
export function readPublishMeta(raw: string): PublishMeta {
  try {
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', processEntities: true, htmlEntities: false, ignoreDeclaration: true });
    const xml: unknown = parser.parse(raw.replace(/^\uFEFF/, ''));
    const project = isRecord(xml) && isRecord(xml.meta) && isRecord(xml.meta.project) ? xml.meta.project : null;
    const application = project && isRecord(project.application) ? project.application : null;
    return { title: looseText(project?.title) || null, release: looseText(application?.version) || null };
  } catch {
    return { title: null, release: null };
  }
}

/** The base64 course of a Rise export: `window.courseData = "…"` (2021 on), `window.course = "…"` (2018), `__resolveJsonp("course:…", "…")`. */
const RISE_COURSE_PATTERNS = [/window\.courseData\s*=\s*["']([A-Za-z0-9+/=\s]+)["']/, /window\.course\s*=\s*["']([A-Za-z0-9+/=\s]+)["']/, /__resolveJsonp\(\s*["']course:[^"']*["']\s*,\s*["']([A-Za-z0-9+/=\s]+)["']/];

/**
 * The title and lessons of a real Rise 360 export, from the text of its player page or locale script: the course JSON
 * is base64 of UTF-8, `{ course: { title, lessons } }` (or the course itself in 2018 exports); lessons of type
 * "section" are menu headings, not pages, and are left out. Null when the text holds no readable course.
 */
export function readRiseCourse(text: string): VersionMeta | null {
  for (const pattern of RISE_COURSE_PATTERNS) {
    const match = pattern.exec(text);
    if (!match?.[1]) continue;
    try {
      const json: unknown = JSON.parse(Buffer.from(match[1].replace(/\s+/g, ''), 'base64').toString('utf8'));
      const course = isRecord(json) && isRecord(json.course) ? json.course : json;
      if (!isRecord(course) || !Array.isArray(course.lessons)) continue;
      const lessons: PackageLesson[] = [];
      for (const lesson of course.lessons.slice(0, MAX_LIST)) {
        if (!isRecord(lesson) || lesson.type === 'section') continue;
        const id = looseText(lesson.id);
        if (id) lessons.push({ id, title: looseText(lesson.title) ?? '' });
      }
      return { title: looseText(course.title) || null, player: null, scenes: [], slides: [], lessons };
    } catch {
      continue;
    }
  }
  return null;
}
