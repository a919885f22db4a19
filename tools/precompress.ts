import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images, fonts in woff2 and the like are already compressed. */
const TEXT_FILE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest|wasm)$/i;
/** Below this a compressed copy saves too little to be worth a file (the server's own threshold is the same). */
const MIN_BYTES = 1024;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes `<file>.br` and `<file>.gz` beside one file when it is a text file worth compressing; true when it was. */
async function precompressFile(file: string): Promise<boolean> {
  if (!TEXT_FILE.test(file)) return false;
  const bytes = await readFile(file);
  if (bytes.length < MIN_BYTES) return false;
  const [br, gz] = await Promise.all([
    brotliAsync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  if (br.length < bytes.length) await writeFile(`${file}.br`, br);
  if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
  return true;
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file of the build, so the
 * service sends them without compressing at request time (server/routes/client.ts, @fastify/static `preCompressed`).
 * A copy that is not smaller than its file is not written. The files are compressed on libuv's thread pool, several at
 * once, off the build's main thread. Returns the files compressed.
 */
export async function precompressDir(dir: string): Promise<number> {
  const files: string[] = [];
  for await (const file of filesUnder(dir)) files.push(file);
  const done = await Promise.all(files.map((file) => precompressFile(file)));
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
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
