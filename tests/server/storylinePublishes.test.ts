/**
 * Real Storyline 360 publishes (tests/fixtures/storyline, SOURCES.md: releases 3.19 to 3.111) through the service:
 * each becomes ready with the title, slides, scenes and thumbnail a reviewer sees in Storyline; zipped inside its
 * folder too; without threeSixty.json or with a broken one it fails with a reason in words; the player page is
 * served with the review bridge added and nothing else changed. threeSixty.json's shapes across releases are read
 * tolerantly (readStoryMeta). Rise 360 exports: the course (title, lessons) is read from inside the player page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thumbnailFixture } from '../../server/uploads/fixtures.ts';
import { readPublishMeta, readStoryMeta } from '../../server/uploads/packageMeta.ts';
import { fetchPackage } from '../support/clients.ts';
import { buildPublishZip, publishFiles, STORYLINE_FIXTURES } from '../support/storylinePublish.ts';
import { startUploadService, type StandaloneUploads } from '../support/uploadService.ts';

let uploads: StandaloneUploads;
beforeAll(async () => {
  uploads = await startUploadService({ secret: 'storyline-publishes', token: 'token' });
});
afterAll(async () => {
  await uploads?.close();
});

let stored = 0;
async function process(bytes: Uint8Array, versionId: string) {
  const key = `review/uploads/publish-${(stored += 1)}/course.zip`;
  await uploads.service.putBlob(key, bytes);
  return uploads.service.processPackage(key, versionId, 'storyline');
}

/** What Storyline shows for each publish: its title, slides, story scenes and question banks, the first slide, the player. */
const PUBLISHES = [
  { slug: 'eddie-jeopardy-3-111', title: 'eddie lorenzo slide new', slides: 28, scenes: 7, banks: 0, first: { id: '6idIf6H1xd8', title: 'main menu', number: '1.1' }, player: { name: 'unified', width: 980, height: 611 } },
  { slug: 'error-prevention-3-75', title: 'Error Prevention', slides: 97, scenes: 9, banks: 0, first: { id: '5makoZNGHbe', title: 'Journey to Zero Harm', number: '1.1' }, player: { name: 'unified', width: 1284, height: 862 } },
  // A portrait stage and a long title with a colon.
  { slug: 'agent-of-change-portrait-3-72', title: 'Self Assessment: How well is your research engaging target audiences?', slides: 6, scenes: 1, banks: 0, first: { id: '5iwKleFqVzJ', title: 'Start Screen', number: '1.1' }, player: { name: 'unified', width: 800, height: 763 } },
  { slug: 'google-forms-qbank-3-93', title: 'Mondelez project', slides: 32, scenes: 1, banks: 9, first: { id: '6mF1dU1X2yp', title: 'Start Quiz', number: '1.1' }, player: { name: 'unified', width: 1940, height: 1100 } },
  // 3.19 writes no title into threeSixty.json: the project title comes from meta.xml.
  { slug: 'lei-gamified-quiz-3-19', title: 'Lesson 6 V2', slides: 34, scenes: 1, banks: 0, first: { id: '5yPDOnuGgWR', title: 'Intro', number: '1.1' }, player: { name: 'classic', width: 740, height: 560 } },
  { slug: 'rocket-launch-3-84', title: 'Rocket launch game', slides: 1, scenes: 1, banks: 0, first: { id: '5ZDHm9RKR9G', title: 'Starting page', number: '1.1' }, player: { name: 'unified', width: 980, height: 658 } },
  { slug: 'sabic-qbank-3-77', title: 'Business Innovation', slides: 27, scenes: 9, banks: 1, first: { id: '6PU3TDrKe67', title: 'Intro 1', number: '1.1' }, player: { name: 'unified', width: 1940, height: 1174 } },
  { slug: 'telephone-3-54', title: 'Telephone Soft Skills Training', slides: 44, scenes: 1, banks: 0, first: null, player: null },
] as const;

/** The one publish kept without its thumbnail (too large for the fixtures): a real JPEG stands in. */
const extraFor = (slug: string): Record<string, Uint8Array> => (slug === 'error-prevention-3-75' ? { 'story_content/thumbnail.jpg': thumbnailFixture() } : {});

describe('real Storyline publishes become ready with what Storyline shows', () => {
  it.each(PUBLISHES)('$slug: title, slides, scenes, question banks, player size and thumbnail', async (expected) => {
    const versionId = `real-${expected.slug}`;
    const result = await process(buildPublishZip(expected.slug, { extra: extraFor(expected.slug) }), versionId);
    if (result.state !== 'ready') throw new Error(`not ready: ${result.message}`);
    const { meta } = result;
    expect(meta.title).toBe(expected.title);
    expect(meta.slides).toHaveLength(expected.slides);
    expect(meta.scenes.filter((scene) => !scene.questionBank)).toHaveLength(expected.scenes);
    expect(meta.scenes.filter((scene) => scene.questionBank)).toHaveLength(expected.banks);
    // Every slide sits in a scene that exists, ids are unique.
    expect(meta.slides.every((slide) => slide.sceneIndex >= 0 && slide.sceneIndex < meta.scenes.length)).toBe(true);
    expect(new Set(meta.slides.map((slide) => slide.id)).size).toBe(meta.slides.length);
    if (expected.first) expect(meta.slides[0]).toMatchObject({ ...expected.first, sceneIndex: 0 });
    if (expected.player) expect(meta.player).toEqual(expected.player);
    uploads.liveThumbnails.add(result.thumbnailKey!);
    const served = await fetch(`${uploads.baseUrl}${uploads.service.blobUrl(result.thumbnailKey!)}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array(publishFiles(expected.slug)['story_content/thumbnail.jpg'] ?? thumbnailFixture()));
  });

  it('question-bank slides keep Storyline’s numbers and sit in a scene per bank after the story’s scenes', async () => {
    const result = await process(buildPublishZip('sabic-qbank-3-77'), 'real-banks');
    if (result.state !== 'ready') throw new Error(result.message);
    const bank = result.meta.scenes.find((scene) => scene.questionBank)!;
    expect(bank).toEqual({ index: 9, title: 'Question bank 2', questionBank: true });
    expect(result.meta.slides.filter((slide) => slide.sceneIndex === 9).map((slide) => slide.number)).toEqual(Array.from({ length: 12 }, (_, i) => `Q2.${i + 1}`));
    expect(result.meta.slides.find((slide) => slide.number === '9.3')).toMatchObject({ title: 'Results Slide', sceneIndex: 8 });
  });

  it('a publish zipped inside its folder (with macOS clutter beside it) is ready and served from the folder’s content', async () => {
    const zip = buildPublishZip('rocket-launch-3-84', { folder: 'Rocket launch game - Storyline output', beside: { '__MACOSX/Rocket launch game - Storyline output/._story.html': 'x', '.DS_Store': 'x' } });
    const result = await process(zip, 'real-folder');
    if (result.state !== 'ready') throw new Error(result.message);
    expect(result.meta.title).toBe('Rocket launch game');
    const page = await fetchPackage(uploads.packageAddress('real-folder', 'story.html'));
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Rocket launch game</title>');
    expect((await fetchPackage(uploads.packageAddress('real-folder', 'threeSixty.json'))).status).toBe(200);
  });
});

describe('publishes that cannot be processed say why', () => {
  it('without threeSixty.json (an older publish): unpackFailed naming the file and where it must be', async () => {
    const result = await process(buildPublishZip('telephone-3-54', { omit: ['threeSixty.json'] }), 'real-no-360');
    expect(result).toEqual({ state: 'unpackFailed', message: expect.stringMatching(/no threeSixty\.json.*root of the zip, or in one folder/) });
  });

  it('a broken threeSixty.json: unpackFailed with the reason, nothing left behind', async () => {
    const broken = readFileSync(path.join(STORYLINE_FIXTURES, 'rocket-launch-3-84', 'threeSixty.json'), 'utf8').slice(0, 200);
    const result = await process(buildPublishZip('rocket-launch-3-84', { extra: { 'threeSixty.json': broken } }), 'real-broken');
    expect(result).toEqual({ state: 'unpackFailed', message: 'threeSixty.json is not valid JSON.' });
    expect((await fetchPackage(uploads.packageAddress('real-broken', 'story.html'))).status).toBe(404);
  });
});

describe('the player page', () => {
  it('is the publish’s story.html with the review bridge first in <head>, knowing the slides; nothing else changes', async () => {
    const result = await process(buildPublishZip('eddie-jeopardy-3-111'), 'real-bridge');
    expect(result.state).toBe('ready');
    const page = await fetchPackage(uploads.packageAddress('real-bridge', 'story.html'));
    const original = Buffer.from(publishFiles('eddie-jeopardy-3-111')['story.html']!).toString('utf8');
    const bridge = /<script data-review-bridge>[\s\S]*?<\/script>/.exec(page.text)?.[0] ?? '';
    expect(page.text.indexOf(bridge)).toBe(page.text.indexOf('<head>') + '<head>'.length);
    expect(page.text.replace(bridge, '')).toBe(original);
    expect(bridge).toContain('"kind":"storyline"');
    expect(bridge).toContain('{"id":"6idIf6H1xd8","title":"main menu"}');
    expect(bridge).toContain(`"dashboardOrigins":["${uploads.baseUrl}"`);
    // Other pages of the package (nested frames) are served as they are.
    const data = await fetchPackage(uploads.packageAddress('real-bridge', 'html5/data/js/data.js'));
    expect(data.body).toEqual(Buffer.from(publishFiles('eddie-jeopardy-3-111')['html5/data/js/data.js']!));
  });
});

describe('the player page of 3.19, which redirects from story.html to story_html5.html', () => {
  it('gets the bridge on both pages', async () => {
    expect((await process(buildPublishZip('lei-gamified-quiz-3-19'), 'real-319')).state).toBe('ready');
    for (const page of ['story.html', 'story_html5.html']) {
      const served = await fetchPackage(uploads.packageAddress('real-319', page));
      expect(served.text, page).toContain('<script data-review-bridge>');
      expect(served.text, page).toContain('{"id":"5yPDOnuGgWR","title":"Intro"}');
    }
  });
});

describe('Rise 360 exports (the course inside the page, as Rise writes it)', () => {
  /** A SCORM-shaped Rise export: the player page in scormcontent/, the course as base64 of UTF-8 JSON in window.courseData. */
  function riseExport(course: unknown, where: 'page' | 'locale' = 'page'): Uint8Array {
    const base64 = Buffer.from(JSON.stringify(course), 'utf8').toString('base64');
    const page = `<!doctype html><html><head><title>Rise</title></head><body><div id="app"></div>${where === 'page' ? `<script>window.courseData = "${base64}";</script>` : ''}<script src="lib/main.bundle.js"></script></body></html>`;
    const files: Record<string, Uint8Array> = { 'index_lms.html': strToU8('<p>launcher</p>'), 'scormcontent/index.html': strToU8(page), 'scormcontent/lib/main.bundle.js': strToU8('/* */') };
    if (where === 'locale') files['scormcontent/locales/und.js'] = strToU8(`__resolveJsonp("course:und","${base64}")`);
    return zipSync(files);
  }
  const course = {
    course: {
      title: 'Sécurité au travail',
      lessons: [
        { id: 'sec1', title: 'Section', type: 'section' },
        { id: 'l1'.padEnd(32, 'x'), title: 'Prévenir les chutes', type: 'blocks' },
        { id: 'l2'.padEnd(32, 'y'), title: '安全第一', type: 'blocks' },
      ],
    },
  };

  it('reads the title and the lessons (sections left out) from the page, and serves the page with the lessons bridge', async () => {
    const key = `review/uploads/rise-${(stored += 1)}/course.zip`;
    await uploads.service.putBlob(key, riseExport(course));
    const result = await uploads.service.processPackage(key, 'rise-real', 'rise');
    if (result.state !== 'ready') throw new Error(result.message);
    expect(result.playerFile).toBe('scormcontent/index.html');
    expect(result.meta.title).toBe('Sécurité au travail');
    expect(result.meta.lessons).toEqual([
      { id: 'l1'.padEnd(32, 'x'), title: 'Prévenir les chutes' },
      { id: 'l2'.padEnd(32, 'y'), title: '安全第一' },
    ]);
    const page = await fetchPackage(uploads.packageAddress('rise-real', 'scormcontent/index.html'));
    expect(page.text).toContain('"kind":"lessons"');
    expect(page.text).toContain(`{"id":"${'l1'.padEnd(32, 'x')}","title":"Prévenir les chutes"}`);
  });

  it('reads the course from a locale script (newer exports)', async () => {
    const key = `review/uploads/rise-${(stored += 1)}/course.zip`;
    await uploads.service.putBlob(key, riseExport(course, 'locale'));
    const result = await uploads.service.processPackage(key, 'rise-locale', 'rise');
    if (result.state !== 'ready') throw new Error(result.message);
    expect(result.meta.lessons.map((lesson) => lesson.title)).toEqual(['Prévenir les chutes', '安全第一']);
  });
});

describe('readStoryMeta: threeSixty.json as Storyline has written it', () => {
  it('"scene.slide" strings, numbers (1-based without a 0, else 0-based), scenes as titles or objects, extra fields ignored', () => {
    const read = (json: unknown) => {
      const result = readStoryMeta(JSON.stringify(json));
      if (!result.ok) throw new Error(result.message);
      return result.meta;
    };
    expect(read({ scenes: [{ title: 'A' }, { title: 'B' }], slides: [{ id: 'x', title: 'X', scene_index: '2.1', extra: true }], new_field: {} }).slides).toEqual([{ id: 'x', title: 'X', sceneIndex: 1, number: '2.1' }]);
    expect(read({ scenes: ['A', 'B'], slides: [{ id: 'x', title: 'X', scene_index: 2 }] }).slides[0]!.sceneIndex).toBe(1);
    expect(read({ scenes: ['A', 'B'], slides: [{ id: 'x', scene_index: 0 }, { id: 'y', scene_index: 1 }] }).slides.map((s) => s.sceneIndex)).toEqual([0, 1]);
    expect(read({ slides: [{ id: 'x', scene_index: '3.1' }] }).scenes).toEqual([
      { index: 0, title: 'Scene 1' },
      { index: 1, title: 'Scene 2' },
      { index: 2, title: 'Scene 3' },
    ]);
  });

  it('fields of an unexpected type are left out, slides without an id skipped; only a non-object file is refused', () => {
    const result = readStoryMeta(JSON.stringify({ title: 42, player: { name: null, width: '960', height: 'tall' }, stage: { width: 720, height: 540 }, scenes: [null, 7], slides: [{ title: 'no id' }, 'x', { id: 5, title: ['?'], scene_index: 'Q' }, { id: 'a', scene_index: '1.1' }, { id: 'a', scene_index: '1.2' }] }));
    expect(result).toEqual({
      ok: true,
      meta: {
        title: '42',
        player: { name: null, width: 720, height: 540 },
        scenes: [
          { index: 0, title: 'Scene 1' },
          { index: 1, title: '7' },
        ],
        slides: [
          { id: '5', title: '', sceneIndex: 0 },
          { id: 'a', title: '', sceneIndex: 0, number: '1.1' },
        ],
        lessons: [],
      },
    });
    expect(readStoryMeta('[1,2]')).toEqual({ ok: false, message: 'threeSixty.json is not a JSON object.' });
    expect(readStoryMeta('\uFEFF{"title":"BOM"}')).toMatchObject({ ok: true, meta: { title: 'BOM' } });
  });

  it('meta.xml gives the project title and the release; anything unreadable gives nothing', () => {
    const xml = Buffer.from(publishFiles('lei-gamified-quiz-3-19')['meta.xml']!).toString('utf8');
    expect(readPublishMeta(xml)).toEqual({ title: 'Lesson 6 V2', release: '3.19.16600.0' });
    expect(readPublishMeta('<meta><project title="A &amp; B"/></meta>')).toEqual({ title: 'A & B', release: null });
    expect(readPublishMeta('not xml <<<')).toEqual({ title: null, release: null });
  });
});
