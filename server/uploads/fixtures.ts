/**
 * Small packages in the shape of the real thing, for the seed and for tests: a Storyline 360 publish, a
 * Rise export and a playable video. Deterministic: the same options give the same bytes.
 */
import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import type { Zippable } from 'fflate';
import { THUMBNAIL_JPEG_BASE64, VIDEO_WEBM_BASE64 } from './fixtureAssets.ts';

export interface StoryFixtureOptions {
  title: string;
  /** threeSixty.json `course_id`; default derived from the title. */
  courseId?: string;
  slides: { id: string; title: string; sceneIndex: number }[];
  /** Scene titles by index; default "Scene 1", "Scene 2", … as far as the slides need. */
  scenes?: string[];
}

export interface RiseFixtureOptions {
  title: string;
  lessons: { id: string; title: string }[];
}

/** Every fixture zip carries this modification time, so its bytes never change. */
const FIXED_MTIME = new Date(Date.UTC(2025, 0, 1, 12));

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON safe to put inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function bytes(base64: string): Uint8Array {
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

/** The thumbnail of story fixtures: a real 160×90 JPEG. */
export function thumbnailFixture(): Uint8Array {
  return bytes(THUMBNAIL_JPEG_BASE64);
}

/** A real, small (≈3.5 KB), 1 s VP8 WebM that Chromium plays and seeks. */
export function videoFixture(): Uint8Array {
  return bytes(VIDEO_WEBM_BASE64);
}

function zip(files: Record<string, string | Uint8Array>): Uint8Array {
  const entries: Zippable = {};
  for (const [name, content] of Object.entries(files)) entries[name] = typeof content === 'string' ? strToU8(content) : content;
  return zipSync(entries, { level: 6, mtime: FIXED_MTIME });
}

/** The start of a fixture's HTML page, up to its title: doctype, language, charset and viewport. */
function pageHead(title: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>`;
}

/**
 * A Storyline 360 publish: story.html (the course title and its slides by scene, visible without
 * scripts; story_content/user.js then marks the player ready), threeSixty.json (version, course_id, title,
 * thumbnail, scenes, slides with id/title/scene_index, player name/width/height, stage), meta.xml,
 * story_content/thumbnail.jpg (a real JPEG), story_content/data.js and story_content/user.js.
 */
export function buildStoryFixture(o: StoryFixtureOptions): Uint8Array {
  const sceneCount = Math.max(o.scenes?.length ?? 0, ...o.slides.map((slide) => slide.sceneIndex + 1), 1);
  const scenes = Array.from({ length: sceneCount }, (_, index) => ({ index, title: o.scenes?.[index] ?? `Scene ${index + 1}` }));
  const courseId = o.courseId ?? `6${createHash('sha256').update(o.title).digest('base64url').slice(0, 10)}`;
  const player = { name: 'Modern', width: 960, height: 540 };
  const threeSixty = {
    version: '3.98.33047.0',
    course_id: courseId,
    title: o.title,
    thumbnail: 'story_content/thumbnail.jpg',
    scenes: scenes.map((scene) => ({ index: scene.index, title: scene.title })),
    slides: o.slides.map((slide) => ({ id: slide.id, title: slide.title, scene_index: slide.sceneIndex })),
    player,
    stage: { width: 960, height: 540 },
  };
  const sceneSections = scenes
    .map((scene) => {
      const items = o.slides
        .filter((slide) => slide.sceneIndex === scene.index)
        .map((slide) => `        <li class="slide" data-slide-id="${escapeHtml(slide.id)}">${escapeHtml(slide.title)}</li>`)
        .join('\n');
      return `    <section class="scene" data-scene-index="${scene.index}">\n      <h2>${escapeHtml(scene.title)}</h2>\n      <ol>\n${items}\n      </ol>\n    </section>`;
    })
    .join('\n');
  const storyHtml = `${pageHead(o.title)}
  <style>
    body { margin: 0; font-family: system-ui, sans-serif; background: #101828; color: #f9fafb; }
    main { max-width: ${player.width}px; margin: 0 auto; padding: 24px; }
    .slide { padding: 4px 0; }
    .slide[aria-current] { color: #facc15; font-weight: 700; }
    #player-status { color: #facc15; }
  </style>
  <script src="story_content/data.js"></script>
</head>
<body>
  <main class="story-player" data-course-id="${escapeHtml(courseId)}">
    <h1 class="course-title">${escapeHtml(o.title)}</h1>
    <img class="course-thumbnail" src="story_content/thumbnail.jpg" alt="" width="160" height="90">
${sceneSections}
    <p id="player-status">Loading player…</p>
  </main>
  <script src="story_content/user.js"></script>
</body>
</html>
`;
  const dataJs = `window.storyData = ${scriptJson({ courseId, title: o.title, slides: threeSixty.slides })};\n`;
  const userJs = `(function () {
  var status = document.getElementById('player-status');
  var data = window.storyData || { slides: [] };
  if (status) status.textContent = 'Player ready: ' + data.slides.length + ' slides';
  document.body.setAttribute('data-player', 'ready');
})();
${storyRuntimeJs()}`;
  const metaXml = `<?xml version="1.0" encoding="utf-8"?>
<meta><project title="${escapeHtml(o.title)}" id="${escapeHtml(courseId)}" player="${player.name}" width="${player.width}" height="${player.height}" /></meta>
`;
  return zip({
    'story.html': storyHtml,
    'threeSixty.json': `${JSON.stringify(threeSixty, null, 2)}\n`,
    'meta.xml': metaXml,
    'story_content/thumbnail.jpg': thumbnailFixture(),
    'story_content/data.js': dataJs,
    'story_content/user.js': userJs,
  });
}

/**
 * The fixture publish's player, in the shape of Storyline 360's runtime as the review bridge (server/uploads/
 * reviewBridge.js) finds it in a real publish: window.DS with pubSub (on / trigger), events.slide.STARTED
 * ('slide:started') and events.request.NEXT_SLIDE ('nextSlide:requesting', given a slide's absolute id as the player's
 * menu does), windowManager.getCurrentWindowSlide() and presentation.scenes() with slide models (get('id'),
 * get('title'), absoluteId '_player.<scene>.<slide>'). The slide list items are its menu (click, Enter); the first
 * slide starts. The bridge, injected when the page is served, does the talking to the dashboard.
 */
function storyRuntimeJs(): string {
  return `(function () {
  var handlers = {};
  var DS = (window.DS = window.DS || {});
  DS.pubSub = {
    on: function (name, fn) { (handlers[name] = handlers[name] || []).push(fn); },
    trigger: function (name, arg) { (handlers[name] || []).slice().forEach(function (fn) { fn(arg); }); },
  };
  DS.events = { slide: { STARTED: 'slide:started' }, request: { NEXT_SLIDE: 'nextSlide:requesting' } };
  var items = document.querySelectorAll('[data-slide-id]');
  var models = [];
  var scenes = {};
  for (var i = 0; i < items.length; i++) {
    (function (el) {
      var scene = el.closest('[data-scene-index]').getAttribute('data-scene-index');
      var attributes = { id: el.getAttribute('data-slide-id'), title: el.textContent };
      var model = { el: el, absoluteId: '_player.scene' + scene + '.' + attributes.id, get: function (key) { return attributes[key]; } };
      models.push(model);
      (scenes[scene] = scenes[scene] || []).push(model);
      el.tabIndex = 0;
      el.setAttribute('role', 'button');
      el.style.cursor = 'pointer';
      function request() { DS.pubSub.trigger(DS.events.request.NEXT_SLIDE, model.absoluteId); }
      el.addEventListener('click', request);
      el.addEventListener('keydown', function (event) { if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); request(); } });
    })(items[i]);
  }
  var current = null;
  DS.presentation = { scenes: function () { return Object.keys(scenes).map(function (key) { return { slides: function () { return { models: scenes[key] }; } }; }); } };
  DS.windowManager = { getCurrentWindowSlide: function () { return current; } };
  DS.pubSub.on(DS.events.request.NEXT_SLIDE, function (absoluteId) {
    for (var i = 0; i < models.length; i++) {
      if (models[i].absoluteId !== absoluteId) continue;
      if (current) current.el.removeAttribute('aria-current');
      current = models[i];
      current.el.setAttribute('aria-current', 'true');
      DS.pubSub.trigger(DS.events.slide.STARTED, current);
    }
  });
  if (models.length) DS.pubSub.trigger(DS.events.request.NEXT_SLIDE, models[0].absoluteId);
})();
`;
}

/**
 * The fixture Rise export's player: lessons routed by the hash as Rise 360 routes them ('#/lessons/<id>'); a lesson
 * picked (click, Enter) sets it, the current one is marked, and the first lesson opens at start.
 */
function riseRuntimeJs(): string {
  return `(function () {
  var items = document.querySelectorAll('[data-lesson-id]');
  function route() {
    var match = /^#\\/lessons\\/([^/]+)/.exec(location.hash);
    var id = match ? decodeURIComponent(match[1]) : null;
    for (var i = 0; i < items.length; i++) {
      if (items[i].getAttribute('data-lesson-id') === id) items[i].setAttribute('aria-current', 'true');
      else items[i].removeAttribute('aria-current');
    }
  }
  for (var i = 0; i < items.length; i++) {
    (function (el) {
      el.tabIndex = 0;
      el.setAttribute('role', 'button');
      el.style.cursor = 'pointer';
      function open() { location.hash = '#/lessons/' + encodeURIComponent(el.getAttribute('data-lesson-id')); }
      el.addEventListener('click', open);
      el.addEventListener('keydown', function (event) { if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); open(); } });
    })(items[i]);
  }
  window.addEventListener('hashchange', route);
  if (!location.hash && items.length) location.replace('#/lessons/' + encodeURIComponent(items[0].getAttribute('data-lesson-id')));
  route();
})();
`;
}

/**
 * A Rise export: index.html (the title and the lessons, visible without scripts), lib/rise.css, lib/player.js, and
 * manifest.json `{ "title": string, "lessons": [{ "id": string, "title": string }] }`, the file the
 * service reads the lessons from.
 */
export function buildRiseFixture(o: RiseFixtureOptions): Uint8Array {
  const lessons = o.lessons.map((lesson) => `      <li class="lesson" data-lesson-id="${escapeHtml(lesson.id)}">${escapeHtml(lesson.title)}</li>`).join('\n');
  const indexHtml = `${pageHead(o.title)}
  <link rel="stylesheet" href="lib/rise.css">
</head>
<body>
  <main class="rise-course">
    <h1 class="course-title">${escapeHtml(o.title)}</h1>
    <ol class="lessons">
${lessons}
    </ol>
  </main>
  <script src="lib/player.js"></script>
</body>
</html>
`;
  return zip({
    'index.html': indexHtml,
    'manifest.json': `${JSON.stringify({ title: o.title, lessons: o.lessons.map((lesson) => ({ id: lesson.id, title: lesson.title })) }, null, 2)}\n`,
    'lib/player.js': `document.body.setAttribute('data-player', 'ready');\n${riseRuntimeJs()}`,
    'lib/rise.css': 'body { margin: 0; font-family: system-ui, sans-serif; }\n.rise-course { max-width: 720px; margin: 0 auto; padding: 24px; }\n.lesson { padding: 6px 0; }\n[aria-current] { font-weight: 700; text-decoration: underline; }\n',
  });
}
