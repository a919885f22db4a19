/**
 * Issue 5 client upload benches:
 * - story zip validation: a sparse 500 MiB story zip on disk (the big entry's data is a hole made with ftruncate,
 *   so nothing near 500 MB is written or allocated), validated through a file-handle reader that counts the bytes
 *   read. Budgets: under 1 MB read, under 50 ms.
 * - MD5 in the browser worker: the real adapters/md5.ts + md5.worker.ts, built with vite (the app's vite config)
 *   into a one-page bundle, served on loopback and driven in Chromium; a 200 MiB generated Blob and a 256 MiB file
 *   picked through a file input are hashed while a PerformanceObserver collects `longtask` entries and a
 *   requestAnimationFrame loop the frame gaps. Budgets: ≥ 200 MB/s, no long task over 50 ms.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, open, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { crc32 } from 'node:zlib';
import { type Browser } from '@playwright/test';
import { launchChromium } from '../support/chromium.ts';
import yauzl from 'yauzl';
import { build } from 'vite';
import { validateStoryZip } from '../../domain/storyZip.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MB = 1_000_000;
const MIB = 1024 * 1024;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

// ---------------------------------------------------------------------------------------------------------
// 1. Story zip validation reads only the tail

interface Entry {
  name: string;
  /** The data, or the size of a hole of zeros (never allocated). */
  data: Uint8Array | number;
}

/** CRC-32 of `size` zero bytes, one MiB at a time. */
function crcOfZeros(size: number): number {
  const zeros = new Uint8Array(MIB);
  let crc = 0;
  for (let left = size; left > 0; left -= MIB) crc = crc32(left >= MIB ? zeros : zeros.subarray(0, left), crc);
  return crc;
}

/**
 * Writes a stored (uncompressed) zip per APPNOTE 4.3.7 / 4.3.12 / 4.3.16 with UTF-8 names; an entry given as a
 * size is a hole: the file is extended over it with ftruncate, so it takes no disk space and no memory.
 */
async function writeSparseZip(file: string, entries: Entry[]): Promise<number> {
  const handle = await open(file, 'w');
  try {
    const central: Buffer[] = [];
    let offset = 0;
    for (const entry of entries) {
      const name = Buffer.from(entry.name, 'utf8');
      const size = typeof entry.data === 'number' ? entry.data : entry.data.length;
      const crc = typeof entry.data === 'number' ? crcOfZeros(entry.data) : crc32(entry.data);
      const local = Buffer.alloc(30 + name.length);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(0x0800, 6);
      local.writeUInt16LE(0x21, 12); // 1980-01-01
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(size, 18);
      local.writeUInt32LE(size, 22);
      local.writeUInt16LE(name.length, 26);
      name.copy(local, 30);
      await handle.write(local, 0, local.length, offset);
      if (typeof entry.data === 'number') await handle.truncate(offset + local.length + size);
      else await handle.write(entry.data, 0, size, offset + local.length);

      const header = Buffer.alloc(46 + name.length);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(0x0800, 8);
      header.writeUInt16LE(0x21, 14);
      header.writeUInt32LE(crc, 16);
      header.writeUInt32LE(size, 20);
      header.writeUInt32LE(size, 24);
      header.writeUInt16LE(name.length, 28);
      header.writeUInt32LE(offset, 42);
      name.copy(header, 46);
      central.push(header);
      offset += local.length + size;
    }
    const directory = Buffer.concat(central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    const tail = Buffer.concat([directory, end]);
    await handle.write(tail, 0, tail.length, offset);
    return offset + tail.length;
  } finally {
    await handle.close();
  }
}

/** Entry names as an independent reader (yauzl) sees them: the fixture is a real zip. */
function listWithYauzl(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** A reader over a file handle, as Blob.slice is in the browser, counting what it reads. */
function countingReader(handle: FileHandle) {
  let bytes = 0;
  return {
    read: async (offset: number, length: number) => {
      const buffer = new Uint8Array(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      bytes += bytesRead;
      return buffer.subarray(0, bytesRead);
    },
    bytesRead: () => bytes,
  };
}

/** "Validating a 500 MB story zip reads under 1 MB of it and takes under 50 ms." */
export async function benchStoryZipValidation(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'review-bench-zip-'));
  try {
    const file = path.join(dir, 'course.zip');
    const size = await writeSparseZip(file, [
      { name: 'story_content/5b1/video.mp4', data: 500 * MIB },
      { name: 'story.html', data: Buffer.from('<!doctype html><title>Bench course</title>') },
      { name: 'threeSixty.json', data: Buffer.from(JSON.stringify({ version: 3, title: 'Bench course', slides: [] })) },
      { name: 'story_content/thumbnail.jpg', data: Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]) },
    ]);
    const names = await listWithYauzl(file);
    const handle = await open(file, 'r');
    try {
      const runs: { ms: number; bytes: number; ok: boolean }[] = [];
      for (let i = 0; i < 21; i++) {
        const reader = countingReader(handle);
        const started = performance.now();
        const result = await validateStoryZip(size, reader.read);
        runs.push({ ms: performance.now() - started, bytes: reader.bytesRead(), ok: result.ok });
      }
      const [first, ...rest] = runs;
      console.log(
        `story zip validation: ${(size / MB).toFixed(0)} MB sparse story zip (${names.length} entries per yauzl; valid: ${runs.every((r) => r.ok)}): ` +
          `${first!.bytes.toLocaleString('en')} bytes read (${((first!.bytes / size) * 100).toFixed(4)} % of the file), ` +
          `${first!.ms.toFixed(2)} ms first, ${median(rest.map((r) => r.ms)).toFixed(2)} ms median of ${rest.length} — budgets < 1,000,000 bytes, < 50 ms`,
      );
    } finally {
      await handle.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------
// 2. MD5 in the browser worker

/**
 * An in-memory generated Blob of 200 MiB (209.7 MB: Chromium here refuses to read in-memory Blobs from 256 MiB
 * on, as it has no disk to page them to in a Playwright context), and a 256 MiB file picked through a file input,
 * which is what an upload really hashes: a disk-backed File.
 */
const GENERATED_MIB = 200;
const PICKED_MIB = 256;
const HASH_RUNS = 5;

/** The bench page: the real hashFile (adapters/md5.ts → md5.worker.ts), timed with long tasks observed. */
const PAGE_ENTRY = (md5Module: string) => `
import { hashFile } from ${JSON.stringify(md5Module)};

/** The same bytes the bench hashes in Node: a 1 MiB pattern chunk, repeated. */
function patternBlob(mib) {
  const chunk = new Uint8Array(1024 * 1024);
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 31 + 7) & 255;
  return new Blob(Array.from({ length: mib }, () => chunk));
}

/** 'generated': an in-memory Blob of \`mib\` MiB; 'picked': the File chosen in the page's file input (on disk). */
window.benchHash = async (source, mib) => {
  // One generated Blob for all runs: Chromium keeps in-memory Blobs within a quota until they are collected.
  if (source === 'generated' && window.generated?.size !== mib * 1024 * 1024) window.generated = patternBlob(mib);
  const blob = source === 'picked' ? document.querySelector('input[type=file]').files[0] : window.generated;
  const longTasks = [];
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)));
  observer.observe({ type: 'longtask' });
  let frames = 0;
  let maxFrameGap = 0;
  let last = performance.now();
  let running = true;
  const tick = (now) => {
    frames++;
    maxFrameGap = Math.max(maxFrameGap, now - last);
    last = now;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  let progressMessages = 0;
  const started = performance.now();
  const hex = await hashFile(blob, () => progressMessages++, new AbortController().signal);
  const ms = performance.now() - started;
  running = false;
  // Long-task entries are delivered asynchronously: give the observer a moment before reading them.
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  return { hex, ms, bytes: blob.size, longTasks, frames, maxFrameGap, progressMessages };
};
window.benchReady = true;
`;

/** Builds the bench page with the app's vite config (so the worker is bundled as in the app) into `outDir`. */
async function buildHashPage(workDir: string, outDir: string): Promise<void> {
  const md5Module = path.relative(workDir, path.join(ROOT, 'adapters/md5.ts')).split(path.sep).join('/');
  await writeFile(path.join(workDir, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><title>md5 bench</title></head><body><input type="file" aria-label="file"><script type="module" src="./main.js"></script></body></html>');
  await writeFile(path.join(workDir, 'main.js'), PAGE_ENTRY(md5Module.startsWith('.') ? md5Module : `./${md5Module}`));
  await build({ configFile: path.join(ROOT, 'vite.config.ts'), root: workDir, logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: false } });
}

/** Serves `dir` on loopback (module workers need a real origin and a JavaScript content type). */
async function serveStatic(dir: string): Promise<{ server: Server; url: string }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const file = path.join(dir, path.normalize(decodeURIComponent((req.url ?? '/').split('?')[0]!)).replace(/^(\.\.[/\\])+/, ''));
    const target = file.endsWith(path.sep) ? path.join(file, 'index.html') : file;
    if (!target.startsWith(dir) || !existsSync(target)) {
      res.statusCode = 404;
      return res.end();
    }
    res.setHeader('content-type', types[path.extname(target)] ?? 'application/octet-stream');
    createReadStream(target).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

/** "MD5 in the browser worker at ≥ 200 MB/s while the page stays responsive (no long task over 50 ms)." */
export async function benchMd5Worker(): Promise<void> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'review-bench-md5-'));
  let browser: Browser | null = null;
  let server: Server | null = null;
  try {
    const outDir = path.join(workDir, 'dist');
    await buildHashPage(workDir, outDir);
    const served = await serveStatic(outDir);
    server = served.server;
    browser = await launchChromium();
    const page = await (await browser.newContext()).newPage();
    await page.goto(served.url);
    await page.waitForFunction(() => (window as unknown as { benchReady?: boolean }).benchReady === true);

    const chunk = new Uint8Array(MIB).map((_, i) => (i * 31 + 7) & 255);
    const expectedMd5 = (mib: number) => {
      const hash = createHash('md5');
      for (let i = 0; i < mib; i++) hash.update(chunk);
      return hash.digest('hex');
    };
    const picked = path.join(workDir, 'picked-upload.bin');
    const handle = await open(picked, 'w');
    for (let i = 0; i < PICKED_MIB; i++) await handle.write(chunk);
    await handle.close();
    await page.getByLabel('file').setInputFiles(picked);

    type Run = { hex: string; ms: number; bytes: number; longTasks: number[]; frames: number; maxFrameGap: number; progressMessages: number };
    for (const [source, mib] of [
      ['generated', GENERATED_MIB],
      ['picked', PICKED_MIB],
    ] as const) {
      const runs: Run[] = [];
      for (let i = 0; i < HASH_RUNS; i++) {
        runs.push(await page.evaluate(([s, m]) => (window as unknown as { benchHash: (source: string, mib: number) => Promise<Run> }).benchHash(s, m), [source, mib] as const));
      }
      const expectedHex = expectedMd5(mib);
      const rates = runs.map((run) => run.bytes / MB / (run.ms / 1000));
      const longest = Math.max(0, ...runs.flatMap((run) => run.longTasks));
      const longTaskCount = runs.reduce((n, run) => n + run.longTasks.length, 0);
      const what = source === 'generated' ? `generated ${mib} MiB Blob (${((mib * MIB) / MB).toFixed(1)} MB) in memory` : `picked ${mib} MiB file (${((mib * MIB) / MB).toFixed(1)} MB) from disk through a file input`;
      console.log(
        `md5 worker: ${what}, hashed by adapters/md5.ts's worker in Chromium, digest ${runs.every((run) => run.hex === expectedHex) ? 'matches node:crypto' : 'DIFFERS from node:crypto'}: ` +
          `${rates[0]!.toFixed(0)} MB/s first, ${median(rates).toFixed(0)} MB/s median of ${runs.length}; ` +
          `page thread: ${longTaskCount} long tasks (longest ${longest.toFixed(0)} ms), longest frame gap ${Math.max(...runs.map((run) => run.maxFrameGap)).toFixed(0)} ms, ` +
          `${runs[0]!.progressMessages} progress messages per file — budgets ≥ 200 MB/s, no long task over 50 ms`,
      );
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await rm(workDir, { recursive: true, force: true });
  }
}
