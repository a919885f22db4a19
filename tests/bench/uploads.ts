/**
 * Issue 5 bench: "a 200 MB upload over loopback at ≥ 100 MB/s, the server's resident memory rising less than
 * 50 MB". The server runs in a child process (its own RSS, read from /proc/<pid>/status); the upload is
 * generated 1 MB chunk by chunk (never a 200 MB buffer) and PUT with node:http to a signed URL from
 * GET /api/uploads/url.
 *
 * The child is the real server (server/main.ts): signed in through the login form, each upload announced
 * with item.create on the user's socket as the client does. Should the real server not be usable (it does
 * not start or serve uploads), the child is this file run with `--serve`: the same uploads service on a
 * fastify instance configured as server/app.ts configures its own, and the printed line says so.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'socket.io-client';

const ROOT = path.resolve(import.meta.dirname, '../..');
const THIS_FILE = fileURLToPath(import.meta.url);
const CHUNK_BYTES = 1_000_000;
const CHUNKS = 200;
const BUDGET_MB_PER_S = 100;
const BUDGET_RSS_MB = 50;
const SAMPLE_MS = 10;
const STANDALONE_TOKEN = 'bench-upload-token';

/** Chunk `i` of the generated upload: pseudo-random bytes (MD5 and disk see real data), stamped with `i`. */
function makeChunks(): (i: number) => Buffer {
  let seed = 12345;
  const base = Buffer.alloc(CHUNK_BYTES);
  for (let i = 0; i < CHUNK_BYTES; i += 4) base.writeUInt32LE((seed = (seed * 1_664_525 + 1_013_904_223) >>> 0), i);
  return (i) => {
    const chunk = Buffer.from(base);
    chunk.writeUInt32LE(i, 0);
    return chunk;
  };
}

export function readRssBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
}

function spawnServer(args: string[], env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start within 30 s: ${err}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]! });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${err}`));
    });
  });
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

export async function uploadUrl(url: string, token: string, fileName: string): Promise<Response> {
  const query = new URLSearchParams({ acl: 'public-read', keyPrefix: 'review/uploads', fileName });
  return fetch(`${url}/api/uploads/url?${query}`, { headers: { authorization: `Bearer ${token}` } });
}

export interface Target {
  child: ChildProcess;
  url: string;
  token: string;
  label: string;
  /** Records the upload as the client would before its PUT (item.create on the real server). */
  announce(upload: { key: string; fileName: string; size: number; md5: string }): Promise<void>;
  /** The signed-in user's socket on the real server (its pushes say when a version is processed); null standalone. */
  socket: Socket | null;
  close(): void;
}

/** The real server when it serves uploads, else the standalone upload service (see the file comment). */
export async function startTarget(dataDir: string): Promise<Target> {
  let real: { child: ChildProcess; url: string } | null = null;
  let reason = 'GET /api/uploads/url is not served';
  try {
    real = await spawnServer(['server/main.ts'], { PORT: '0', DATA_DIR: path.join(dataDir, 'server') });
    const { signIn, connectSocket, connectOutcome } = await import('../support/clients.ts');
    const user = await signIn(real.url, 'alex.admin@example.com');
    const probe = await uploadUrl(real.url, user.token, 'probe.zip');
    if (probe.ok) {
      const socket = connectSocket(real.url, `/user/${user.aid}`, { token: user.token });
      const outcome = await connectOutcome(socket);
      if (outcome !== 'connected') throw new Error(`socket: ${outcome}`);
      return {
        ...real,
        token: user.token,
        label: 'server/main.ts',
        announce: async (upload) => {
          const title = upload.fileName.replace(/\.[^.]+$/, '');
          const ack = (await socket.timeout(10_000).emitWithAck('item.create', { title, kind: 'storyline', folderId: null, upload })) as { success: boolean; message?: string };
          if (!ack.success) throw new Error(`item.create refused: ${ack.message}`);
        },
        socket,
        close: () => void socket.disconnect(),
      };
    }
  } catch (error) {
    // The server does not start, sign-in or the socket fails: use the standalone service, and say why.
    reason = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 120) : String(error);
  }
  if (real) await stopServer(real.child);
  const standalone = await spawnServer([THIS_FILE, '--serve'], { DATA_DIR: path.join(dataDir, 'standalone') });
  return { ...standalone, token: STANDALONE_TOKEN, label: `upload service alone, the real server is not usable: ${reason}`, announce: async () => undefined, socket: null, close: () => undefined };
}

/** Asks for a signed URL, announces the upload, PUTs `chunks` generated chunks; resolves the status once answered. */
async function upload(target: Target, fileName: string, chunks: number, chunkAt: (i: number) => Buffer, onStart: () => void = () => undefined): Promise<number> {
  const md5 = md5Of(chunks, chunkAt);
  const response = await uploadUrl(target.url, target.token, fileName);
  if (!response.ok) throw new Error(`upload URL call answered ${response.status}`);
  const { key, url } = (await response.json()) as { key: string; url: string };
  const size = chunks * CHUNK_BYTES;
  await target.announce({ key, fileName, size, md5: md5.toString('hex') });
  onStart();
  const request = http.request(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/zip', 'content-length': String(size), 'content-md5': md5.toString('base64') },
  });
  const answered = new Promise<number>((resolve, reject) => {
    request.once('response', (answer) => {
      answer.resume();
      answer.once('end', () => resolve(answer.statusCode ?? 0));
    });
    request.once('error', reject);
  });
  for (let i = 0; i < chunks; i++) if (!request.write(chunkAt(i))) await once(request, 'drain');
  request.end();
  return answered;
}

export function md5Of(chunks: number, chunkAt: (i: number) => Buffer): Buffer {
  const hash = createHash('md5');
  for (let i = 0; i < chunks; i++) hash.update(chunkAt(i));
  return hash.digest();
}

/** Prints MB/s of a 200 MB PUT and the server's RSS rise during it, beside their budgets. */
export async function benchUploadThroughput(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'review-bench-upload-'));
  let target: Target | null = null;
  try {
    target = await startTarget(dataDir);
    const pid = target.child.pid!;
    const chunkAt = makeChunks();

    // Warm-up: code paths compiled and buffers allocated before the baseline is taken.
    const warmStatus = await upload(target, 'warm-up.zip', 8, chunkAt);
    if (warmStatus !== 200) throw new Error(`warm-up upload answered ${warmStatus}`);
    await new Promise((resolve) => setTimeout(resolve, 200));

    let baseline = NaN;
    let peak = NaN;
    let started = NaN;
    let sampler: NodeJS.Timeout | undefined;
    const status = await upload(target, 'bench-200MB.zip', CHUNKS, chunkAt, () => {
      baseline = peak = readRssBytes(pid);
      sampler = setInterval(() => (peak = Math.max(peak, readRssBytes(pid))), SAMPLE_MS);
      started = performance.now();
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, readRssBytes(pid));
    if (status !== 200) throw new Error(`200 MB upload answered ${status}`);

    const megabytes = (CHUNKS * CHUNK_BYTES) / 1e6;
    console.log(
      `upload: ${megabytes} MB PUT over loopback (streamed to disk with MD5, ${target.label}): ${(megabytes / seconds).toFixed(0)} MB/s — budget ≥ ${BUDGET_MB_PER_S} MB/s; ` +
        `server RSS ${(baseline / 1e6).toFixed(0)} → peak ${(peak / 1e6).toFixed(0)} MB, rise ${((peak - baseline) / 1e6).toFixed(1)} MB — budget < ${BUDGET_RSS_MB} MB`,
    );
  } finally {
    target?.close();
    if (target) await stopServer(target.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `--serve`: the upload service alone, configured as server/app.ts configures fastify. */
async function serveStandalone(): Promise<void> {
  const [{ default: Fastify }, { installErrorHandling }, { createUploadService }] = await Promise.all([
    import('fastify'),
    import('../../server/errors.ts'),
    import('../../server/uploads/index.ts'),
  ]);
  const app = Fastify({ bodyLimit: 1024 * 1024, routerOptions: { maxParamLength: 1000 }, ajv: { customOptions: { removeAdditional: false } } });
  installErrorHandling(app);
  let url = '';
  const uploads = createUploadService({
    dataDir: process.env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'review-bench-upload-')),
    publicUrl: () => url,
    secret: 'bench-secret',
    verifyBearer: async (request) => (request.headers.authorization === `Bearer ${STANDALONE_TOKEN}` ? { aid: 'bench' } : null),
    hooks: { expectedSize: async () => null, stored: async () => undefined, failed: async () => undefined },
    // Only uploads are timed here: nothing is served back.
    access: { allows: async () => false, isLiveThumbnail: async () => false },
  });
  await uploads.register(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  console.log(`Upload service listening on ${url}`);
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === THIS_FILE && process.argv[2] === '--serve') await serveStandalone();
