import { readdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { gzipAsync as zopfliGzipAsync } from '@gfx/zopfli';

/** Text files worth compressing; images, fonts in woff2 and the like are already compressed. */
const TEXT_FILE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest|wasm)$/i;
/** Below this a compressed copy saves too little to be worth a file (the server's own threshold is the same). */
const MIN_BYTES = 1024;
/**
 * Scripts and styles up to this size get their gzip copy from Zopfli (a deflate encoder that searches harder: the same
 * format every browser decodes, about 3.5 % smaller than zlib's level 9); larger files, which no page's first load
 * carries, keep zlib's level 9.
 */
const ZOPFLI_FILE = /\.(?:js|mjs|css|html)$/i;
const ZOPFLI_MAX_BYTES = 1_000_000;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * How a file's gzip copy is made. Zopfli's block splitting (the deflate stream cut where the statistics change) costs
 * about nine tenths of its time in this WebAssembly build, a few tenths of a second per file whatever its size, for
 * about 1 % of the bytes: it is spent on the files index.html names (the entry, its imports, its styles and the chunks
 * the route preload may ask for: what a first load carries), not on chunks loaded later, which browsers ask for as
 * brotli anyway.
 */
function gzipCopy(file: string, bytes: Buffer, firstLoad: boolean): Promise<Uint8Array> {
  if (ZOPFLI_FILE.test(file) && bytes.length <= ZOPFLI_MAX_BYTES) return zopfliGzipAsync(bytes, { numiterations: 1, blocksplitting: firstLoad });
  return gzipAsync(bytes, { level: 9 });
}

/** The files of `dir` that `dir/index.html` names (src and href of its tags and its inline preload script), if any. */
async function namedByIndexHtml(dir: string): Promise<Set<string>> {
  const html = await readFile(path.join(dir, 'index.html'), 'utf8').catch(() => '');
  const named = new Set([path.join(dir, 'index.html')]);
  for (const match of html.matchAll(/["'`(]\/?((?:[\w.-]+\/)*[\w.-]+\.(?:js|mjs|css))["'`)]/g)) named.add(path.join(dir, match[1]!));
  return named;
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes `<file>.br` and `<file>.gz` beside one file when it is a text file worth compressing; true when it was. */
async function precompressFile(file: string, firstLoad: boolean): Promise<boolean> {
  if (!TEXT_FILE.test(file)) return false;
  const bytes = await readFile(file);
  if (bytes.length < MIN_BYTES) return false;
  const [br, gz] = await Promise.all([
    brotliAsync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    }),
    gzipCopy(file, bytes, firstLoad),
  ]);
  if (br.length < bytes.length) await writeFile(`${file}.br`, br);
  if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
  return true;
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip: Zopfli for scripts and styles, with block splitting
 * for what index.html names; else zlib level 9) beside every text file of the build, so the service sends them without
 * compressing at request time (server/routes/client.ts, @fastify/static `preCompressed`). A copy that is not smaller
 * than its file is not written. Brotli and zlib run on libuv's thread pool, several files at once; Zopfli
 * (WebAssembly) runs on the build's thread meanwhile. Returns the files compressed.
 */
export async function precompressDir(dir: string): Promise<number> {
  const files: string[] = [];
  for await (const file of filesUnder(dir)) files.push(file);
  const firstLoad = await namedByIndexHtml(dir);
  const done = await Promise.all(files.map((file) => precompressFile(file, firstLoad.has(file))));
  return done.filter(Boolean).length;
}

/** The vite plugin: precompresses the build output once every file is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'review:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle(error?: Error) {
      // A build that failed (closeBundle runs then too) wrote nothing to compress: its own error is the one to see.
      if (error || !existsSync(outDir)) return;
      await precompressDir(outDir);
    },
  };
}
