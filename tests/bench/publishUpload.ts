/**
 * A real-shaped Storyline publish of about 85 MB in hundreds of files through the real server: the PUT (MB/s, budget
 * ≥ 100), the processing to ready (unpacking MB/s), and the server's RSS rise across both (budget < 50 MB). The publish
 * is the 97-slide Storyline 3.75 fixture (tests/fixtures/storyline/error-prevention-3-75: threeSixty.json, meta.xml,
 * story.html) with a slide script per slide and media files of the sizes a real publish carries (the real one unpacks
 * to 86 MB in 515 files), filled with incompressible bytes and stored, as Storyline stores its media.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { zipSync, type Zippable } from 'fflate';
import { thumbnailFixture } from '../../server/uploads/fixtures.ts';
import { fixtureThreeSixty, publishFiles } from '../support/storylinePublish.ts';
import { readRssBytes, startTarget, stopServer, uploadUrl, type Target } from './uploads.ts';

const SLUG = 'error-prevention-3-75';
const MEDIA_FILES = 420;
const MEDIA_BYTES = 85_000_000;
const BUDGET_MB_PER_S = 100;
const BUDGET_RSS_MB = 50;
const SAMPLE_MS = 10;

/** Deterministic incompressible bytes (media compress no further). */
function noise(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  const view = new DataView(bytes.buffer);
  let x = seed >>> 0 || 1;
  for (let i = 0; i + 4 <= length; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    view.setUint32(i, x >>> 0, true);
  }
  return bytes;
}

/** The publish as a zip: the fixture's files, one slide script per slide, media of varied sizes summing to MEDIA_BYTES. */
export function buildLargePublish(): { zip: Uint8Array; files: number; unpackedBytes: number } {
  const entries: Zippable = {};
  let unpackedBytes = 0;
  const add = (name: string, bytes: Uint8Array, level: 0 | 6) => {
    entries[name] = [bytes, { level }];
    unpackedBytes += bytes.length;
  };
  for (const [name, bytes] of Object.entries(publishFiles(SLUG))) add(name, bytes, 6);
  add('story_content/thumbnail.jpg', thumbnailFixture(), 0);
  const slides = fixtureThreeSixty(SLUG).slides;
  for (const slide of slides) add(`html5/data/js/${slide.id}.js`, new TextEncoder().encode(`window.globalProvideData('slide', '${JSON.stringify({ id: slide.id, title: slide.title }).repeat(200)}');`), 6);
  // Sizes from 20 KB to ~1 MB, as images, audio and video of a course are; the total is MEDIA_BYTES.
  const weights = Array.from({ length: MEDIA_FILES }, (_, i) => 1 + ((i * 37) % 50));
  const total = weights.reduce((sum, w) => sum + w, 0);
  const kinds = ['png', 'mp3', 'jpg', 'mp4', 'woff'];
  weights.forEach((weight, i) => add(`story_content/${createHash('sha1').update(String(i)).digest('hex').slice(0, 11)}.${kinds[i % kinds.length]}`, noise(Math.floor((MEDIA_BYTES * weight) / total), i + 1), 0));
  return { zip: zipSync(entries), files: Object.keys(entries).length, unpackedBytes };
}

/** Waits for the user's push saying the item's version is ready (or failed). */
function processed(target: Target, title: string): Promise<string> {
  return new Promise((resolve) => {
    target.socket!.on('item.updateHashed', (data: { item: { title: string; versionState: string } }) => {
      if (data.item.title === title && ['ready', 'unpackFailed', 'uploadFailed', 'invalidVideoFile', 'transcodeFailed'].includes(data.item.versionState)) resolve(data.item.versionState);
    });
  });
}

async function put(url: string, bytes: Uint8Array): Promise<number> {
  const request = http.request(url, { method: 'PUT', headers: { 'content-type': 'application/zip', 'content-length': String(bytes.length), 'content-md5': createHash('md5').update(bytes).digest('base64') } });
  const answered = new Promise<number>((resolve, reject) => {
    request.once('response', (answer) => {
      answer.resume();
      answer.once('end', () => resolve(answer.statusCode ?? 0));
    });
    request.once('error', reject);
  });
  for (let at = 0; at < bytes.length; at += 1_000_000) if (!request.write(bytes.subarray(at, at + 1_000_000))) await once(request, 'drain');
  request.end();
  return answered;
}

/** Prints the PUT's MB/s, the processing time and the RSS rise for the large real-shaped publish. */
export async function benchPublishUpload(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'review-bench-publish-'));
  let target: Target | null = null;
  try {
    const publish = buildLargePublish();
    target = await startTarget(dataDir);
    if (!target.socket) {
      console.log(`publish upload: skipped (${target.label})`);
      return;
    }
    const pid = target.child.pid!;
    const title = 'Error Prevention bench';
    const fileName = `${title}.zip`;
    const response = await uploadUrl(target.url, target.token, fileName);
    const { key, url } = (await response.json()) as { key: string; url: string };
    await target.announce({ key, fileName, size: publish.zip.length, md5: createHash('md5').update(publish.zip).digest('hex') });
    const ready = processed(target, title);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const baseline = readRssBytes(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, readRssBytes(pid))), SAMPLE_MS);
    const started = performance.now();
    const status = await put(url, publish.zip);
    const uploaded = performance.now();
    const state = await ready;
    const done = performance.now();
    clearInterval(sampler);
    peak = Math.max(peak, readRssBytes(pid));
    if (status !== 200) throw new Error(`publish PUT answered ${status}`);
    const megabytes = publish.zip.length / 1e6;
    const processing = (done - uploaded) / 1000;
    console.log(
      `publish upload: ${megabytes.toFixed(0)} MB real-shaped Storyline 3.75 publish, ${publish.files} files (${(publish.unpackedBytes / 1e6).toFixed(0)} MB unpacked): ` +
        `PUT ${(megabytes / ((uploaded - started) / 1000)).toFixed(0)} MB/s — budget ≥ ${BUDGET_MB_PER_S} MB/s; processing to ${state} ${processing.toFixed(2)} s (${(publish.unpackedBytes / 1e6 / processing).toFixed(0)} MB/s unpacked); ` +
        `server RSS ${(baseline / 1e6).toFixed(0)} → peak ${(peak / 1e6).toFixed(0)} MB, rise ${((peak - baseline) / 1e6).toFixed(1)} MB — budget < ${BUDGET_RSS_MB} MB`,
    );
  } finally {
    target?.close();
    if (target) await stopServer(target.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
