/**
 * The player page of a package (a Storyline publish's story.html, a Rise or other HTML export's index.html) is
 * served with the review bridge added: a small script of ours, injected as the page is sent and never written into
 * the stored package, that tells the dashboard which slide or lesson the unmodified player shows and moves the
 * player when a comment's place is clicked (the window messages of review-and-content §7). Everything else of the
 * package is served byte for byte by fileServer.ts.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendFile } from './fileServer.ts';
import { MAX_META_FILE_BYTES, readRiseCourse, readRiseManifest, readStoryMeta, RISE_MANIFEST_FILE, RISE_PLAYER_PAGES, STORY_META_FILE, STORY_PLAYER_FILE } from './packageMeta.ts';

/** Which bridge a player page gets: Storyline's player runtime, or hash-routed lessons (Rise) / the page as a whole. */
export type PlayerPageKind = 'storyline' | 'lessons';

/** Larger pages are served as they are, without the bridge (comments then go on the item as a whole). */
const MAX_PLAYER_PAGE_BYTES = 4 * 1024 * 1024;

const BRIDGE_SOURCE = readFileSync(new URL('./reviewBridge.js', import.meta.url), 'utf8');

/** What the bridge needs to know of a package. */
export interface BridgeConfig {
  kind: PlayerPageKind;
  /** Slides (Storyline) or lessons (Rise) as the service read them, so the bridge reports the same ids. */
  places: { id: string; title: string }[];
  /** Only these may receive the bridge's messages or send it requests. */
  dashboardOrigins: string[];
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

/**
 * Pages that can be a package's player: Storyline's story.html (3.19 redirects from it to story_html5.html, whose page
 * runs the player), and the index.html of Rise exports (web: content/, SCORM: scormcontent/) and other HTML.
 */
const STORYLINE_PAGES = new Set([STORY_PLAYER_FILE, 'story_html5.html', 'index.html']);
const LESSON_PAGES: ReadonlySet<string> = new Set(RISE_PLAYER_PAGES);

/** Whether `relative` is a package's player page, and which kind; null for every other file (served as it is). */
export async function playerPageKind(folder: string, relative: string): Promise<PlayerPageKind | null> {
  const storyline = await isFile(path.join(folder, STORY_META_FILE));
  if (storyline) return STORYLINE_PAGES.has(relative) ? 'storyline' : null;
  return LESSON_PAGES.has(relative) ? 'lessons' : null;
}

/** Slides or lessons of a package by version and the mtime of the file they came from (packages never change in place). */
const placesCache = new Map<string, { mtimeMs: number; places: BridgeConfig['places'] }>();
const PLACES_CACHE_SIZE = 200;

async function readPlaces(folder: string, kind: PlayerPageKind, versionId: string): Promise<BridgeConfig['places']> {
  const source = path.join(folder, kind === 'storyline' ? STORY_META_FILE : RISE_MANIFEST_FILE);
  const info = await stat(source).catch(() => null);
  if (!info?.isFile() || info.size > MAX_META_FILE_BYTES) return [];
  const cacheKey = `${versionId}:${kind}`;
  const cached = placesCache.get(cacheKey);
  if (cached && cached.mtimeMs === info.mtimeMs) return cached.places;
  const raw = await readFile(source, 'utf8');
  const meta = kind === 'storyline' ? readStoryMeta(raw) : readRiseManifest(raw);
  const places = meta.ok ? (kind === 'storyline' ? meta.meta.slides : meta.meta.lessons).map(({ id, title }) => ({ id, title })) : [];
  if (placesCache.size >= PLACES_CACHE_SIZE) placesCache.delete(placesCache.keys().next().value!);
  placesCache.set(cacheKey, { mtimeMs: info.mtimeMs, places });
  return places;
}

/** The bridge as one inline script element: our source and its configuration (JSON that cannot end the element). */
export function bridgeScript(config: BridgeConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script data-review-bridge>${BRIDGE_SOURCE.replace('/*CONFIG*/null', json)}</script>`;
}

/**
 * `html` with the bridge placed first in <head> (before the player's own scripts, so it sees the player start), or
 * after the doctype / at the very start when there is no <head> tag.
 */
export function injectBridge(html: string, script: string): string {
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + script + html.slice(head.index + head[0].length);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  if (doctype) return html.slice(0, doctype[0].length) + script + html.slice(doctype[0].length);
  return script + html;
}

export interface PlayerPageOptions {
  file: string;
  folder: string;
  kind: PlayerPageKind;
  versionId: string;
  headers: Record<string, string>;
  dashboardOrigins: string[];
}

/** Sends a player page with the bridge injected (no Range: the page is small and sent whole). */
export async function sendPlayerPage(request: FastifyRequest, reply: FastifyReply, o: PlayerPageOptions): Promise<FastifyReply> {
  const info = await stat(o.file).catch(() => null);
  if (!info?.isFile() || info.size > MAX_PLAYER_PAGE_BYTES) return sendFile(request, reply, o.file, { contentType: 'text/html; charset=utf-8', headers: o.headers });
  const page = await readFile(o.file, 'utf8');
  let places = await readPlaces(o.folder, o.kind, o.versionId);
  // A real Rise export has no manifest: its lessons are in the page itself.
  if (places.length === 0 && o.kind === 'lessons') places = readRiseCourse(page)?.lessons ?? [];
  const html = injectBridge(page, bridgeScript({ kind: o.kind, places, dashboardOrigins: o.dashboardOrigins }));
  const etag = `W/"b-${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;
  for (const [name, value] of Object.entries(o.headers)) reply.header(name, value);
  reply.header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'no-cache').header('ETag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('text/html; charset=utf-8').send(html);
}
