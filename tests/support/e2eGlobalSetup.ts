import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * Playwright's global set-up for the end-to-end run: makes starting a worker's server cheap, once for the whole run.
 *
 * 1. The service (server/main.ts) bundled into one ES module by esbuild (npm packages stay external, each module's
 *    `import.meta.url` kept as its own file's address so the paths it resolves — dist/, the LMS player, the bridge
 *    script — are the same as unbundled). Node then loads one file instead of tsx compiling some hundred on every
 *    server start: about half of a start on a busy machine.
 * 2. A seeded data folder (database migrated and seeded, OIDC keys made): the bundle started once on an empty folder
 *    and stopped. Each worker's server starts on a copy of it, as a fresh server would look after its first start.
 *
 * Both are handed to the workers through the environment (E2E_SERVER_BUNDLE, E2E_SERVER_TEMPLATE; see
 * tests/e2e/fixtures.ts, which falls back to `tsx server/main.ts` on an empty folder without them). The returned
 * teardown removes them.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Replaces `import.meta.url` in each bundled file by that file's own address. */
const keepModuleUrls: Plugin = {
  name: 'keep-module-urls',
  setup(bundle) {
    bundle.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/** Bundles server/main.ts into `outDir`/main.mjs. */
async function bundleServer(outDir: string): Promise<string> {
  const outfile = path.join(outDir, 'main.mjs');
  await build({
    entryPoints: [path.join(ROOT, 'server/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    outfile,
    plugins: [keepModuleUrls],
  });
  return outfile;
}

/** Starts the bundled server on `dataDir` until it listens (so it has migrated and seeded), then stops it. */
async function seedDataDir(bundle: string, dataDir: string): Promise<void> {
  const child = spawn(process.execPath, [bundle], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/listening on/.test(out)) resolve();
    });
    void exited.then(({ code }) => reject(new Error(`e2e global set-up: the server exited with ${code} before listening: ${err}`)));
  });
  // Seeding is committed before the server listens, so a stop by the signal itself (before main.ts has set its
  // handler) leaves the same folder as its graceful shutdown: SQLite replays its write-ahead log, copied with it.
  child.kill('SIGTERM');
  const { code, signal } = await exited;
  if (code !== 0 && signal !== 'SIGTERM') throw new Error(`e2e global set-up: the server's shutdown exited with ${code}: ${err}`);
}

export default async function globalSetup(): Promise<() => void> {
  mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  // Inside the repository, so the bundle's bare imports resolve from its node_modules; one folder per run.
  const runDir = mkdtempSync(path.join(ROOT, '.tmp', 'e2e-run-'));
  const templateDir = path.join(runDir, 'data');
  mkdirSync(templateDir);
  const removeRunDir = () => rmSync(runDir, { recursive: true, force: true });
  try {
    const bundle = await bundleServer(path.join(runDir, 'server'));
    await seedDataDir(bundle, templateDir);
    process.env.E2E_SERVER_BUNDLE = bundle;
    process.env.E2E_SERVER_TEMPLATE = templateDir;
  } catch (error) {
    // Playwright runs no teardown for a set-up that failed.
    removeRunDir();
    throw error;
  }
  return removeRunDir;
}
