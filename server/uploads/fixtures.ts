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
  const storyHtml = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(o.title)}</title>
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
${playerBridgeJs('data-slide-id')}`;
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
 * The fixture players' side of the review frame's window messages (review-and-content §7 "Messages with the review
 * player frame travel as window messages"): each slide or lesson can be picked (click, Enter), the picked one is
 * marked current, and `{ source: 'review-player', type: 'slideChanged', slideId }` goes to the parent window — at
 * start for the first one too; `{ source: 'review-dashboard', type: 'goToSlide', slideId }` from the parent picks one.
 * The frame is sandboxed without same-origin, so the target origin cannot be named.
 */
function playerBridgeJs(attribute: 'data-slide-id' | 'data-lesson-id'): string {
  return `(function () {
  var items = document.querySelectorAll('[${attribute}]');
  function pick(el) {
    for (var i = 0; i < items.length; i++) items[i].removeAttribute('aria-current');
    el.setAttribute('aria-current', 'true');
    if (window.parent !== window) window.parent.postMessage({ source: 'review-player', type: 'slideChanged', slideId: el.getAttribute('${attribute}') }, '*');
  }
  for (var i = 0; i < items.length; i++) {
    (function (el) {
      el.tabIndex = 0;
      el.setAttribute('role', 'button');
      el.style.cursor = 'pointer';
      el.addEventListener('click', function () { pick(el); });
      el.addEventListener('keydown', function (event) { if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); pick(el); } });
    })(items[i]);
  }
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || data.source !== 'review-dashboard' || data.type !== 'goToSlide') return;
    for (var i = 0; i < items.length; i++) if (items[i].getAttribute('${attribute}') === data.slideId) pick(items[i]);
  });
  if (items.length) pick(items[0]);
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
  const indexHtml = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(o.title)}</title>
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
    'lib/player.js': `document.body.setAttribute('data-player', 'ready');\n${playerBridgeJs('data-lesson-id')}`,
    'lib/rise.css': 'body { margin: 0; font-family: system-ui, sans-serif; }\n.rise-course { max-width: 720px; margin: 0 auto; padding: 24px; }\n.lesson { padding: 6px 0; }\n[aria-current] { font-weight: 700; text-decoration: underline; }\n',
  });
}
