/**
 * Zips of real Storyline 360 publishes for the service tests, the end-to-end tests and the bench, from the files kept
 * in tests/fixtures/storyline/<slug>/ (threeSixty.json, meta.xml, story.html, html5/data/js/data.js and the thumbnail,
 * byte for byte as published; SOURCES.md says where each came from). Articulate's player runtime is not kept: with
 * `player: true` the zip gets the stand-in runtime of tests/support/storylineStandIn/ under the name the real
 * story.html loads (html5/lib/scripts/bootstrapper.min.js), plus a stand-in analytics-frame.html.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { zipSync, type Zippable } from 'fflate';

export const STORYLINE_FIXTURES = path.resolve(import.meta.dirname, '../fixtures/storyline');
const STAND_IN = path.resolve(import.meta.dirname, 'storylineStandIn');

export interface PublishOptions {
  /** Add the stand-in player runtime so the publish plays in a browser. */
  player?: boolean;
  /** Put every file inside this folder, as people zip a publish folder. */
  folder?: string;
  /** Leave these paths out (e.g. 'threeSixty.json'). */
  omit?: string[];
  /** Replace or add files. */
  extra?: Record<string, Uint8Array | string>;
  /** Entries at the zip's root beside `folder` (what zip tools add: __MACOSX/…, .DS_Store). */
  beside?: Record<string, string>;
}

/** The fixture folders (one per real publish). */
export function storylineFixtureSlugs(): string[] {
  return readdirSync(STORYLINE_FIXTURES).filter((name) => statSync(path.join(STORYLINE_FIXTURES, name)).isDirectory()).sort();
}

function walk(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    const relative = prefix ? `${prefix}/${name}` : name;
    return statSync(full).isDirectory() ? walk(full, relative) : [relative];
  });
}

/** The publish's files as kept: the player page as story.html (a repository that renamed it to index.html for its web page gets its name back). */
export function publishFiles(slug: string): Record<string, Uint8Array> {
  const dir = path.join(STORYLINE_FIXTURES, slug);
  const files: Record<string, Uint8Array> = {};
  for (const relative of walk(dir)) {
    if (relative === 'files.txt') continue;
    const target = relative === 'index.html' && !existsSync(path.join(dir, 'story.html')) ? 'story.html' : relative;
    files[target] = new Uint8Array(readFileSync(path.join(dir, relative)));
  }
  return files;
}

/** A zip of the publish `slug` (see the options). */
export function buildPublishZip(slug: string, options: PublishOptions = {}): Uint8Array {
  const files: Record<string, Uint8Array | string> = { ...publishFiles(slug) };
  if (options.player) {
    files['html5/lib/scripts/bootstrapper.min.js'] = readFileSync(path.join(STAND_IN, 'bootstrapper.min.js'));
    files['analytics-frame.html'] = readFileSync(path.join(STAND_IN, 'analytics-frame.html'));
  }
  for (const name of options.omit ?? []) delete files[name];
  Object.assign(files, options.extra ?? {});
  const entries: Zippable = {};
  for (const [name, content] of Object.entries(files)) {
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content);
    entries[options.folder ? `${options.folder}/${name}` : name] = [bytes, { level: /\.(jpe?g|png|mp[34]|woff2?)$/i.test(name) ? 0 : 6 }];
  }
  for (const [name, content] of Object.entries(options.beside ?? {})) entries[name] = new TextEncoder().encode(content);
  return zipSync(entries, { mtime: new Date(Date.UTC(2025, 0, 1)) });
}

/** threeSixty.json of a fixture, parsed (for expectations written against the file itself). */
export function fixtureThreeSixty(slug: string): { title?: string; slides: { id: string; title: string; scene_index: string }[]; scenes: { title: string }[] } {
  return JSON.parse(readFileSync(path.join(STORYLINE_FIXTURES, slug, 'threeSixty.json'), 'utf8').replace(/^\uFEFF/, ''));
}
