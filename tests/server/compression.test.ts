import { randomBytes } from 'node:crypto';
import { request as httpRequest, Agent, type IncomingHttpHeaders } from 'node:http';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../tools/precompress.ts';
import { startTestServer } from '../support/testServer.ts';
import type { TestServer } from '../support/testServer.ts';

let server: TestServer;
let clientDir: string;
/** Large enough to be compressed, text like a real bundle. */
const script = Array.from({ length: 400 }, (_, i) => `export function f${i}(a) { return a + ${i}; }`).join('\n');
const shell = `<!doctype html><html lang="en"><head><title>app shell</title><style>${'.x{color:red}'.repeat(200)}</style></head><body></body></html>`;

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  socketPort: number | undefined;
}

/** One GET with the raw body (fetch would decode it) and the local port of the socket it went over. */
function get(url: string, headers: Record<string, string> = {}, agent?: Agent): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), socketPort: res.socket?.localPort }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(answer: RawAnswer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  return answer.body;
}

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'review-compress-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(path.join(clientDir, 'index.html'), shell);
  await writeFile(path.join(clientDir, 'assets', 'app-1234.js'), script);
  await writeFile(path.join(clientDir, 'assets', 'photo-1234.png'), randomBytes(4096));
  await precompressDir(clientDir);
  server = await startTestServer({ clientDir });
});
afterAll(async () => {
  await server?.close();
  await rm(clientDir, { recursive: true, force: true });
});

describe('build-time compression', () => {
  it('writes a .br and a .gz beside text files only', async () => {
    const files = (await readdir(path.join(clientDir, 'assets'))).sort();
    expect(files).toEqual(['app-1234.js', 'app-1234.js.br', 'app-1234.js.gz', 'photo-1234.png']);
  });
});

describe('static files', () => {
  it.each([
    ['br', 'gzip, deflate, br'],
    ['gzip', 'gzip'],
  ])('a hashed asset comes as %s when accepted, immutable, and decodes to the file', async (encoding, accept) => {
    const answer = await get(`${server.url}/assets/app-1234.js`, { 'accept-encoding': accept });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.body.length).toBeLessThan(script.length / 3);
    expect(decode(answer).toString()).toBe(script);
  });

  it('sends the file itself to a client that accepts no encoding', async () => {
    const answer = await get(`${server.url}/assets/app-1234.js`, { 'accept-encoding': 'identity' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.body.toString()).toBe(script);
  });

  it('leaves binary files as they are', async () => {
    const answer = await get(`${server.url}/assets/photo-1234.png`, { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.length).toBe(4096);
  });

  it.each(['/', '/review/content/abc/review', '/index.html'])('the app shell at %s is compressed and never cached without revalidation', async (route) => {
    const answer = await get(`${server.url}${route}`, { 'accept-encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(decode(answer).toString()).toBe(shell);
  });
});

describe('dynamic answers', () => {
  it('/config.json is compressed as accepted and revalidated on every load', async () => {
    const plain = await get(`${server.url}/config.json`);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const answer = await get(`${server.url}/config.json`, { 'accept-encoding': encoding });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(JSON.parse(decode(answer).toString())).toEqual(JSON.parse(plain.body.toString()));
    }
  });

  it('small answers go out as they are', async () => {
    const answer = await get(`${server.url}/api/nothing-here`, { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(401);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.body.toString())).toMatchObject({ error: 'Unauthorized' });
  });
});

describe('connections', () => {
  it('HTTP/1.1 keep-alive: several requests share one connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(`${server.url}/assets/app-1234.js`, { 'accept-encoding': 'br' }, agent);
      const second = await get(`${server.url}/config.json`, { 'accept-encoding': 'gzip' }, agent);
      const third = await get(`${server.url}/`, {}, agent);
      expect(first.headers.connection).toBe('keep-alive');
      expect(first.headers['keep-alive']).toMatch(/timeout=\d+/);
      expect(new Set([first.socketPort, second.socketPort, third.socketPort]).size).toBe(1);
    } finally {
      agent.destroy();
    }
  });
});
