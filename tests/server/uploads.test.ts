import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { createDeflateRaw, crc32 } from 'node:zlib';
import { strToU8, Zip, ZipDeflate, zipSync, type ZipInputFile } from 'fflate';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../server/db/schema.ts';
import { bearerVerifier, buildRiseFixture, buildStoryFixture, videoFixture } from '../../server/uploads/index.ts';
import { fetchPackage } from '../support/clients.ts';
import { startUploadService, type StandaloneUploads } from '../support/uploadService.ts';
import type { UploadService } from '../../server/uploads/index.ts';
import { thumbnailFixture } from '../../server/uploads/fixtures.ts';
import { signGrant } from '../../server/uploads/signer.ts';
import { FILE_ACCESS_CACHE_MS, signViewTicket } from '../../server/uploads/viewTicket.ts';
import { unpackZip } from '../../server/uploads/unpack.ts';

const SECRET = 'test-secret-for-uploads';
const TOKEN = 'good-token';
const MAX_BYTES = 64 * 1024;
/** The dashboard (127.0.0.1 here) and its localhost alias may frame packages; nothing else. */
const packageCspFor = (base: string) => {
  const port = new URL(base).port;
  return `default-src 'self' 'unsafe-inline' data: blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self' http://127.0.0.1:${port} http://localhost:${port}`;
};
const packageAddress = (versionId: string, file: string) => uploads.packageAddress(versionId, file);

let service: UploadService;
let baseUrl: string;
let dataDir: string;
let uploads: StandaloneUploads;
let expectedSizes: Map<string, number>;
let storedCalls: StandaloneUploads['storedCalls'];
let failedCalls: StandaloneUploads['failedCalls'];

beforeAll(async () => {
  uploads = await startUploadService({ secret: SECRET, token: TOKEN, maxBytes: MAX_BYTES });
  ({ service, baseUrl, dataDir, expectedSizes, storedCalls, failedCalls } = uploads);
});

afterAll(async () => {
  await uploads?.close();
});

const md5Hex = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
const md5Base64 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('base64');
const blobFile = (key: string) => path.join(dataDir, 'blobs', key);
const tempFiles = () => readdirSync(path.join(dataDir, 'upload-tmp'));
const packageEntries = () => (existsSync(path.join(dataDir, 'packages')) ? readdirSync(path.join(dataDir, 'packages')) : []);

async function uploadUrl(query: Record<string, string>, token: string | null = TOKEN) {
  const response = await fetch(`${baseUrl}/api/uploads/url?${new URLSearchParams(query)}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

async function newUpload(fileName = 'course.zip', extra: Record<string, string> = {}) {
  const { status, body } = await uploadUrl({ acl: 'public-read', keyPrefix: 'review/uploads', fileName, ...extra });
  expect(status).toBe(200);
  return body as { key: string; url: string; type: string };
}

async function put(url: string, body: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'PUT', body, headers: { 'content-type': 'application/zip', 'content-md5': md5Base64(body), ...headers } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Raw HTTP, for what fetch will not send: unnormalized paths, no Content-Length, a body cut off mid-way. */
function raw(method: string, pathAndQuery: string, headers: Record<string, string> = {}, body?: Uint8Array): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    // host/port/path options: a URL string would be normalized ('..' resolved) before it is sent.
    const { hostname, port } = new URL(baseUrl);
    const request = http.request({ hostname, port, path: pathAndQuery, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

const failuresFor = (key: string) => failedCalls.filter((call) => call.key === key).map((call) => call.reason);
const someBytes = (n: number, seed = 7) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);

/** `mib` MiB of zeros deflated (raw, level 1) one reused 1 MiB chunk at a time, with their size and CRC-32. */
async function deflatedZeros(mib: number): Promise<{ deflated: Uint8Array<ArrayBuffer>; size: number; crc: number }> {
  const deflate = createDeflateRaw({ level: 1 });
  const out: Buffer[] = [];
  const collected = (async () => {
    for await (const part of deflate) out.push(part as Buffer);
  })();
  const chunk = Buffer.alloc(1024 * 1024);
  let crc = 0;
  for (let i = 0; i < mib; i++) {
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await collected;
  return { deflated: new Uint8Array(Buffer.concat(out)), size: mib * chunk.length, crc };
}

describe('upload URL call', () => {
  it('needs a bearer token', async () => {
    const { status, body } = await uploadUrl({ acl: 'public-read', fileName: 'a.zip' }, null);
    expect(status).toBe(401);
    expect(body).toMatchObject({ error: 'Unauthorized' });
    expect((await uploadUrl({ acl: 'public-read', fileName: 'a.zip' }, 'wrong')).status).toBe(401);
  });

  it('answers a key under the prefix, a signed PUT URL on this server and the type', async () => {
    const story = await newUpload('Fire drill (v2).zip');
    expect(story.key).toMatch(/^review\/uploads\/[0-9a-f-]{36}\/Fire_drill_\(v2\)\.zip$/);
    expect(story.url.startsWith(`${baseUrl}/api/uploads/put/`)).toBe(true);
    expect(story.type).toBe('application/zip');

    const byDefault = await uploadUrl({ acl: 'public-read', fileName: 'clip.mp4' });
    expect(byDefault.body.key).toMatch(/^review\/items\/[0-9a-f-]{36}\/clip\.mp4$/);
    expect(byDefault.body.type).toBe('video/mp4');
    const video = await uploadUrl({ acl: 'public-read', keyPrefix: 'review/transcode', fileName: 'Ünïcode clip.webm' });
    expect(video.body.key).toMatch(/^review\/transcode\/[0-9a-f-]{36}\/_n_code_clip\.webm$/);
    expect(video.body.type).toBe('video/webm');
    expect((await uploadUrl({ acl: 'public-read', fileName: 'notes.unknown' })).body.type).toBe('application/octet-stream');
    expect((await uploadUrl({ acl: 'public-read', fileName: '..' })).body.key).toMatch(/\/__$/);
  });

  it('refuses a prefix, acl, file name or md5 it does not accept', async () => {
    const queries: Record<string, string>[] = [
      { acl: 'public-read', keyPrefix: 'review/other', fileName: 'a.zip' },
      { acl: 'public-read', keyPrefix: '../review/uploads', fileName: 'a.zip' },
      { acl: 'private', fileName: 'a.zip' },
      { fileName: 'a.zip' },
      { acl: 'public-read', fileName: '' },
      { acl: 'public-read', fileName: 'dir/a.zip' },
      { acl: 'public-read', fileName: 'dir\\a.zip' },
      { acl: 'public-read', fileName: 'x'.repeat(256) },
      { acl: 'public-read', fileName: 'a.zip', md5: 'not-hex' },
      { acl: 'public-read', fileName: 'a.zip', extra: '1' },
    ];
    for (const query of queries) {
      const { status, body } = await uploadUrl(query);
      expect(status, JSON.stringify(query)).toBe(400);
      expect(Object.keys(body).sort()).toEqual(['error', 'message']);
    }
  });
});

describe('PUT to the signed URL', () => {
  it('stores the file whole and tells the hooks its size and MD5', async () => {
    const { key, url } = await newUpload();
    const body = someBytes(40_000);
    expectedSizes.set(key, body.length);
    const result = await put(url, body);
    expect(result).toEqual({ status: 200, body: { key, size: body.length, md5: md5Hex(body) } });
    expect(new Uint8Array(await readFile(blobFile(key)))).toEqual(body);
    expect(storedCalls).toContainEqual({ key, size: body.length, md5: md5Hex(body) });
    expect(failuresFor(key)).toEqual([]);
    expect(tempFiles()).toEqual([]);

    // A second PUT of the same link does not replace the stored file.
    expect((await put(url, someBytes(100, 3))).status).toBe(409);
    expect(new Uint8Array(await readFile(blobFile(key)))).toEqual(body);
    expect(failuresFor(key)).toEqual([]);
  });

  it('takes any content type, or none', async () => {
    const variants: Record<string, string>[] = [{ 'content-type': 'video/webm; codecs="vp8"' }, { 'content-type': 'application/json' }, {}];
    for (const headers of variants) {
      const { key, url } = await newUpload('clip.webm');
      const body = videoFixture();
      const response = await raw('PUT', new URL(url).pathname, { ...headers, 'content-length': String(body.length), 'content-md5': md5Base64(body) }, body);
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(new Uint8Array(await readFile(blobFile(key)))).toEqual(body);
    }
  });

  it('accepts an MD5 fixed by the URL call and refuses another one', async () => {
    const body = someBytes(1000);
    const signed = await newUpload('a.zip', { md5: md5Hex(body).toUpperCase() });
    expect((await put(signed.url, body)).status).toBe(200);

    const other = await newUpload('b.zip', { md5: md5Hex(someBytes(1000, 9)) });
    const refused = await put(other.url, body);
    expect(refused.status).toBe(400);
    expect(failuresFor(other.key)).toEqual(['md5Mismatch']);
    expect(existsSync(blobFile(other.key))).toBe(false);
  });

  it('refuses a body that does not match its Content-MD5, and keeps nothing', async () => {
    const { key, url } = await newUpload();
    const result = await put(url, someBytes(5000), { 'content-md5': md5Base64(someBytes(5000, 1)) });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ error: 'Bad Request' });
    expect(failuresFor(key)).toEqual(['md5Mismatch']);
    expect(existsSync(blobFile(key))).toBe(false);
    expect(tempFiles()).toEqual([]);
  });

  it('refuses a missing or malformed Content-MD5', async () => {
    for (const header of [undefined, 'abc', Buffer.alloc(20).toString('base64')]) {
      const { key, url } = await newUpload();
      const body = someBytes(100);
      const response = await fetch(url, { method: 'PUT', body, headers: { 'content-type': 'application/zip', ...(header ? { 'content-md5': header } : {}) } });
      expect(response.status).toBe(400);
      expect(failuresFor(key)).toEqual(['md5Mismatch']);
      expect(existsSync(blobFile(key))).toBe(false);
    }
  });

  it('refuses an expired link (403, failed) and a forged one (403, nothing to report)', async () => {
    const key = 'review/uploads/expired-id/a.zip';
    const expired = signGrant(SECRET, { method: 'PUT', key, md5: null, expiresAt: Date.now() - 1 });
    const body = someBytes(10);
    expect((await put(`${baseUrl}/api/uploads/put/${expired}`, body)).status).toBe(403);
    expect(failuresFor(key)).toEqual(['badSignature']);

    const { url } = await newUpload();
    const [payload = '', signature = ''] = url.slice(url.lastIndexOf('/') + 1).split('.');
    const otherKey = Buffer.from(JSON.stringify({ m: 'PUT', k: 'review/uploads/x/evil.zip', e: Date.now() + 60_000 })).toString('base64url');
    const forgeries = [
      `${otherKey}.${signature}`,
      `${payload}.${signature.slice(0, -2)}AA`,
      signGrant('another secret', { method: 'PUT', key: 'review/uploads/x/evil.zip', md5: null, expiresAt: Date.now() + 60_000 }),
      signGrant(SECRET, { method: 'GET', key: 'review/uploads/x/evil.zip', md5: null, expiresAt: Date.now() + 60_000 }),
      'no-dot-at-all',
    ];
    for (const token of forgeries) {
      const result = await put(`${baseUrl}/api/uploads/put/${token}`, body);
      expect(result.status, token).toBe(403);
    }
    expect(failedCalls.some((call) => call.key.includes('evil'))).toBe(false);
    expect(existsSync(blobFile('review/uploads/x/evil.zip'))).toBe(false);
  });

  it('refuses a file over the size limit before reading it (413)', async () => {
    const { key, url } = await newUpload();
    const result = await put(url, someBytes(MAX_BYTES + 1));
    expect(result.status).toBe(413);
    expect(failuresFor(key)).toEqual(['tooLarge']);
    expect(existsSync(blobFile(key))).toBe(false);
    expect(tempFiles()).toEqual([]);
  });

  it('refuses a file of another size than item.create recorded (413)', async () => {
    const { key, url } = await newUpload();
    expectedSizes.set(key, 1000);
    const result = await put(url, someBytes(1001));
    expect(result.status).toBe(413);
    expect(failuresFor(key)).toEqual(['sizeMismatch']);
    expect(existsSync(blobFile(key))).toBe(false);
  });

  it('needs a Content-Length (411)', async () => {
    const { key, url } = await newUpload();
    const body = someBytes(100);
    const result = await raw('PUT', new URL(url).pathname, { 'content-type': 'application/zip', 'content-md5': md5Base64(body), 'transfer-encoding': 'chunked' }, body);
    expect(result.status).toBe(411);
    expect(failuresFor(key)).toEqual(['sizeMismatch']);
    expect(existsSync(blobFile(key))).toBe(false);
  });

  it('leaves no file when the client goes away mid-way, and reports the upload aborted', async () => {
    const { key, url } = await newUpload();
    const body = someBytes(60_000);
    expectedSizes.set(key, body.length);
    const request = http.request(url, { method: 'PUT', headers: { 'content-type': 'application/zip', 'content-length': String(body.length), 'content-md5': md5Base64(body) } });
    request.on('error', () => undefined);
    request.write(body.subarray(0, body.length / 2));
    // The server is receiving: its temporary file exists.
    await until(() => tempFiles().length > 0, 'the temporary file');
    request.destroy();
    await until(() => failuresFor(key).length > 0, 'the failed hook');
    expect(failuresFor(key)).toEqual(['aborted']);
    expect(tempFiles()).toEqual([]);
    expect(existsSync(blobFile(key))).toBe(false);
    expect(storedCalls.some((call) => call.key === key)).toBe(false);
  });
});

describe('blobs and downloads', () => {
  it('compresses a text file as the request accepts, but never a byte range of it', async () => {
    const key = 'review/items/blob-test/notes.txt';
    const text = Array.from({ length: 300 }, (_, i) => `line ${i}: the same words again and again`).join('\n');
    await service.putBlob(key, new TextEncoder().encode(text));
    const address = `${baseUrl}${service.blobUrl(key)}?access=${uploads.ticket(`b:${key}`)}`;
    const whole = await fetch(address, { headers: { 'accept-encoding': 'gzip' } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-encoding')).toBe('gzip');
    expect(whole.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await whole.text()).toBe(text);
    const part = await fetch(address, { headers: { 'accept-encoding': 'br, gzip', range: 'bytes=10-59' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-encoding')).toBeNull();
    expect(part.headers.get('content-range')).toBe(`bytes 10-59/${text.length}`);
    expect(await part.text()).toBe(text.slice(10, 60));
  });

  it('serves a stored blob with byte ranges to the holder of a view ticket', async () => {
    const key = 'review/items/blob-test/clip.webm';
    const video = videoFixture();
    await service.putBlob(key, video);
    expect(service.blobUrl(key)).toBe('/blobs/review/items/blob-test/clip.webm');
    const address = `${service.blobUrl(key)}?access=${uploads.ticket(`b:${key}`)}`;
    const whole = await fetch(`${baseUrl}${address}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(video);

    const part = await fetch(`${baseUrl}${address}`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${video.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(video.subarray(100, 200));
    const tail = await fetch(`${baseUrl}${address}`, { headers: { range: 'bytes=-10' } });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(video.subarray(video.length - 10));
    expect((await fetch(`${baseUrl}${address}`, { headers: { range: `bytes=${video.length}-` } })).status).toBe(416);
    const head = await fetch(`${baseUrl}${address}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(video.length));
    const etag = whole.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await fetch(`${baseUrl}${address}`, { headers: { 'if-none-match': etag! } })).status).toBe(304);

    await service.removeBlob(key);
    expect((await fetch(`${baseUrl}${address}`)).status).toBe(404);
  });

  it('refuses unsafe keys, in the store and in blob URLs', async () => {
    for (const key of ['../outside.txt', '/etc/passwd', 'a/../../b', 'a\\b', 'a/\u0000b', 'a//b', '']) {
      await expect(service.putBlob(key, someBytes(1)), key).rejects.toThrow(/Unsafe storage key/);
    }
    expect(existsSync(path.join(dataDir, 'outside.txt'))).toBe(false);
    await service.putBlob('review/items/secret-neighbour/a.txt', strToU8('inside'));
    for (const target of ['/blobs/review/items/../../upload-tmp', '/blobs/%2e%2e/%2e%2e/etc/passwd', '/blobs/review/items/secret-neighbour/..%2f..%2f..%2fblobs%2freview%2fitems%2fsecret-neighbour%2fa.txt', '/blobs/review/items/']) {
      expect((await raw('GET', target)).status, target).toBe(404);
    }
  });

  it('signs a download link that saves the file under its name', async () => {
    const key = 'review/uploads/download-test/project.story';
    const bytes = someBytes(2000);
    await service.putBlob(key, bytes);
    const link = service.signDownload(key, 'Fire drill “final” 100%.story');
    expect(link.startsWith(`${baseUrl}/api/downloads/`)).toBe(true);
    const response = await fetch(link);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Fire drill _final_ 100%.story"; filename*=UTF-8''Fire%20drill%20%E2%80%9Cfinal%E2%80%9D%20100%25.story`);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);

    const renamed = link.replace(/name=[^&]+/, 'name=other.story');
    expect((await fetch(renamed)).status).toBe(403);
    const expired = signGrant(SECRET, { method: 'GET', key, md5: null, expiresAt: Date.now() - 1 }, 'a.story');
    expect((await fetch(`${baseUrl}/api/downloads/${expired}?name=a.story`)).status).toBe(403);
  });
});

describe('processing a story zip', () => {
  const slides = [
    { id: '5xYz1', title: 'Welcome', sceneIndex: 0 },
    { id: '5xYz2', title: 'Exits & routes', sceneIndex: 0 },
    { id: '6aBc1', title: 'Quiz', sceneIndex: 1 },
  ];

  async function storedZip(bytes: Uint8Array, name = 'course.zip') {
    const key = `review/uploads/${Math.random().toString(36).slice(2)}/${name}`;
    await service.putBlob(key, bytes);
    return key;
  }

  it('unpacks a Storyline publish, reads its meta, extracts the thumbnail and serves it with a strict CSP', async () => {
    const key = await storedZip(buildStoryFixture({ title: 'Fire drill <procedure>', courseId: 'course-42', slides, scenes: ['Intro', 'Check'] }));
    const result = await service.processPackage(key, 'version-story-1', 'storyline');
    expect(result).toEqual({
      state: 'ready',
      meta: {
        title: 'Fire drill <procedure>',
        player: { name: 'Modern', width: 960, height: 540 },
        scenes: [
          { index: 0, title: 'Intro' },
          { index: 1, title: 'Check' },
        ],
        slides,
        lessons: [],
      },
      contentPrefix: '/packages/version-story-1/',
      playerFile: 'story.html',
      thumbnailKey: 'review/thumbnails/version-story-1.jpg',
      mediaUrl: null,
      posterUrl: null,
    });
    expect(new Uint8Array(await readFile(blobFile('review/thumbnails/version-story-1.jpg')))).toEqual(thumbnailFixture());
    expect(packageEntries()).not.toContain('version-story-1.tmp');

    const address = packageAddress('version-story-1', 'story.html');
    expect(new URL(address).hostname).toMatch(/^[a-z0-9]{26}\.packages\.localhost$/);
    const page = await fetchPackage(address);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(packageCspFor(baseUrl));
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    expect(page.text).toContain('Fire drill &#60;procedure&#62;');
    expect(page.text).toContain('Exits &#38; routes');
    // The review bridge is added as the page is served, with the slides the service read, first in <head>.
    expect(page.text).toMatch(/<head><script data-review-bridge>/);
    expect(page.text).toContain('"places":[{"id":"5xYz1","title":"Welcome"}');
    const stored = await readFile(path.join(dataDir, 'packages', 'version-story-1', 'story.html'), 'utf8');
    expect(stored).not.toContain('data-review-bridge');
    const script = await fetchPackage(packageAddress('version-story-1', 'story_content/user.js'));
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['content-security-policy']).toBe(packageCspFor(baseUrl));
    expect(script.text).not.toContain('data-review-bridge');
    // A thumbnail is a card image: served without a ticket while a version shows it.
    expect((await fetch(`${baseUrl}${service.blobUrl('review/thumbnails/version-story-1.jpg')}`)).status).toBe(404);
    uploads.liveThumbnails.add('review/thumbnails/version-story-1.jpg');
    const thumbnail = await fetch(`${baseUrl}${service.blobUrl('review/thumbnails/version-story-1.jpg')}`);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect((await fileTypeFromBuffer(new Uint8Array(await thumbnail.arrayBuffer())))?.mime).toBe('image/jpeg');

    await service.removeVersionFiles('version-story-1');
    expect((await fetchPackage(address)).status).toBe(404);
    expect(existsSync(blobFile('review/thumbnails/version-story-1.jpg'))).toBe(false);
  });

  it('never serves a package on the dashboard origin, and a package origin serves nothing else', async () => {
    const key = await storedZip(buildStoryFixture({ title: 'Origins', slides }));
    expect((await service.processPackage(key, 'version-origins', 'storyline')).state).toBe('ready');
    // An old link on the dashboard's origin goes to the package's own origin.
    const ticketed = new URL(packageAddress('version-origins', 'story.html'));
    const old = await raw('GET', `${ticketed.pathname}?x=1`);
    expect(old.status).toBe(302);
    expect(old.headers.location).toBe(packageAddress('version-origins', 'story.html?x=1'));
    // Another version's origin does not serve this version.
    const other = new URL(packageAddress('version-other', 'story.html')).host;
    expect((await raw('GET', ticketed.pathname, { host: other })).status).toBe(404);
    // A package origin serves packages only: no API, no upload links, no blobs.
    const own = new URL(packageAddress('version-origins', 'story.html')).host;
    expect((await raw('GET', '/api/uploads/url?acl=public-read&fileName=a.zip', { host: own, authorization: `Bearer ${TOKEN}` })).status).toBe(404);
    expect((await raw('GET', `/blobs/${key}`, { host: own })).status).toBe(404);
    expect((await raw('POST', '/packages/version-origins/story.html', { host: own })).status).toBe(404);
  });

  it('unpacks a Rise export with its lessons', async () => {
    const lessons = [
      { id: 'l1', title: 'Getting started' },
      { id: 'l2', title: 'Next steps' },
    ];
    const key = await storedZip(buildRiseFixture({ title: 'My first Rise course', lessons }));
    const result = await service.processPackage(key, 'version-rise-1', 'rise');
    expect(result).toMatchObject({ state: 'ready', meta: { title: 'My first Rise course', lessons }, contentPrefix: '/packages/version-rise-1/', playerFile: 'index.html', thumbnailKey: null });
    const page = await fetchPackage(packageAddress('version-rise-1', 'index.html'));
    expect(page.text).toContain('Getting started');
    expect(page.text).toContain('"kind":"lessons","places":[{"id":"l1","title":"Getting started"}');
  });

  it('refuses files served from outside the package', async () => {
    const key = await storedZip(buildStoryFixture({ title: 'Paths', slides }));
    expect((await service.processPackage(key, 'version-paths', 'storyline')).state).toBe('ready');
    await service.putBlob('review/items/neighbour/secret.txt', strToU8('secret'));
    const host = new URL(packageAddress('version-paths', 'story.html')).host;
    const base = new URL(packageAddress('version-paths', '')).pathname;
    expect((await raw('GET', `${base}story.html`, { host })).status).toBe(200);
    const tmpTicket = uploads.ticket('p:version-paths.tmp');
    for (const target of [
      `${base}../../blobs/review/items/neighbour/secret.txt`,
      `${base}%2e%2e/%2e%2e/blobs/review/items/neighbour/secret.txt`,
      `${base}story_content/..%2f..%2f..%2fblobs%2freview%2fitems%2fneighbour%2fsecret.txt`,
      `${base}..%5c..%5cblobs%5creview%5citems%5cneighbour%5csecret.txt`,
      '/packages/..%2fblobs/review/items/neighbour/secret.txt',
      `/packages/version-paths.tmp/${tmpTicket}/story.html`,
      base,
      `${base}story_content`,
      `${base}story_content/`,
      `${base}missing.html`,
    ]) {
      const result = await raw('GET', target, { host });
      expect(result.status, target).toBe(404);
      expect(result.text).not.toContain('secret');
    }
  });

  it('fails a zip without story.html and leaves nothing', async () => {
    const key = await storedZip(zipSync({ 'threeSixty.json': strToU8('{}'), 'story_content/thumbnail.jpg': thumbnailFixture() }));
    const result = await service.processPackage(key, 'version-no-story', 'storyline');
    expect(result).toEqual({ state: 'unpackFailed', message: expect.stringContaining('story.html') });
    expect(packageEntries().filter((name) => name.startsWith('version-no-story'))).toEqual([]);
    expect(existsSync(blobFile('review/thumbnails/version-no-story.jpg'))).toBe(false);
  });

  it('fails a zip whose threeSixty.json is not JSON', async () => {
    const key = await storedZip(zipSync({ 'story.html': strToU8('<p>x</p>'), 'threeSixty.json': strToU8('{ nope'), 'story_content/thumbnail.jpg': thumbnailFixture() }));
    const result = await service.processPackage(key, 'version-bad-json', 'storyline');
    expect(result).toEqual({ state: 'unpackFailed', message: 'threeSixty.json is not valid JSON.' });
    expect(packageEntries().filter((name) => name.startsWith('version-bad-json'))).toEqual([]);
  });

  it('fails a truncated zip and an empty file', async () => {
    const whole = buildStoryFixture({ title: 'Cut', slides });
    const truncated = await storedZip(whole.subarray(0, Math.floor(whole.length * 0.6)));
    expect((await service.processPackage(truncated, 'version-truncated', 'storyline')).state).toBe('unpackFailed');
    const empty = await storedZip(new Uint8Array(0));
    expect((await service.processPackage(empty, 'version-empty', 'storyline')).state).toBe('unpackFailed');
    // A zip whose central directory is intact but whose data was damaged.
    const damaged = Uint8Array.from(whole);
    damaged.fill(0x41, 60, 400);
    expect((await service.processPackage(await storedZip(damaged), 'version-damaged', 'storyline')).state).toBe('unpackFailed');
    expect(packageEntries().filter((name) => /version-(truncated|empty|damaged)/.test(name))).toEqual([]);
  });

  it('refuses entries that climb out of the package, naming the entry, with nothing written anywhere', async () => {
    const cases: [string, string][] = [
      ['../escaped.txt', '../escaped.txt'],
      ['story_content/../../escaped.txt', 'story_content/../../escaped.txt'],
      ['/tmp/escaped-absolute.txt', '/tmp/escaped-absolute.txt'],
      ['story_content\\..\\..\\escaped.txt', 'story_content\\\\..\\\\..\\\\escaped.txt'],
    ];
    for (const [entry, quoted] of cases) {
      // Good entries first, so the temporary folder has files in it when the bad one comes.
      const zipped = zipSync({ 'story.html': strToU8('<p>ok</p>'), 'threeSixty.json': strToU8('{}'), 'story_content/thumbnail.jpg': thumbnailFixture(), [entry]: strToU8('escaped') });
      const key = await storedZip(zipped);
      const result = await service.processPackage(key, 'version-evil', 'storyline');
      expect(result.state, entry).toBe('unpackFailed');
      expect(result.state === 'unpackFailed' && result.message, entry).toContain(quoted);
      expect(packageEntries().filter((name) => name.startsWith('version-evil'))).toEqual([]);
    }
    expect(existsSync(path.join(dataDir, 'escaped.txt'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'packages', 'escaped.txt'))).toBe(false);
    expect(existsSync('/tmp/escaped-absolute.txt')).toBe(false);
  });

  it('stops a zip bomb early (a 300 MB entry of zeros) and removes what it wrote', async () => {
    // Built by streaming deflate, one reused 1 MiB chunk at a time: the test never holds 300 MB. The big entry is
    // deflated by Node's zlib and handed to the archive already compressed (fflate's deflate in JavaScript took 20 s
    // of CPU on a busy machine for the same bytes).
    const parts: Uint8Array[] = [];
    const bomb = new Zip((error, chunk) => {
      if (error) throw error;
      parts.push(chunk);
    });
    for (const [name, content] of [['story.html', '<p>boom</p>'], ['threeSixty.json', '{}']] as const) {
      const small = new ZipDeflate(name);
      bomb.add(small);
      small.push(strToU8(content), true);
    }
    const zeros = await deflatedZeros(300);
    const entry: ZipInputFile = { filename: 'story_content/zeros.bin', size: zeros.size, crc: zeros.crc, compression: 8 };
    bomb.add(entry);
    entry.ondata!(null, zeros.deflated, true);
    bomb.end();
    const bytes = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
    parts.reduce((offset, part) => (bytes.set(part, offset), offset + part.length), 0);
    expect(bytes.length).toBeLessThan(2 * 1024 * 1024);

    const key = await storedZip(bytes);
    const result = await service.processPackage(key, 'version-bomb', 'storyline');
    expect(result).toEqual({ state: 'unpackFailed', message: expect.stringContaining('story_content/zeros.bin') });
    expect(result.state === 'unpackFailed' && result.message).toMatch(/200:1/);
    expect(packageEntries().filter((name) => name.startsWith('version-bomb'))).toEqual([]);
  }, 60_000); // deflating 300 MB takes seconds on a busy machine

  it('refuses more than 20,000 entries and more bytes than allowed in total', async () => {
    const many: Record<string, Uint8Array> = { 'story.html': strToU8('x') };
    for (let i = 0; i < 20_000; i++) many[`story_content/f${i}.txt`] = new Uint8Array(0);
    const key = await storedZip(zipSync(many, { level: 0 }));
    const result = await service.processPackage(key, 'version-many', 'storyline');
    expect(result).toEqual({ state: 'unpackFailed', message: expect.stringContaining('20000') });
    expect(packageEntries().filter((name) => name.startsWith('version-many'))).toEqual([]);

    await service.putBlob('review/uploads/limits/big.zip', zipSync({ 'a.bin': someBytes(3000), 'b.bin': someBytes(3000) }, { level: 0 }));
    const target = path.join(dataDir, 'limits-out');
    const limited = await unpackZip(blobFile('review/uploads/limits/big.zip'), target, { maxTotalBytes: 5000, maxEntries: 10, maxRatio: 200, ratioAfterBytes: 1024 * 1024 });
    expect(limited).toEqual({ ok: false, message: 'The package unpacks to more than 5000 bytes.' });
    await rm(target, { recursive: true, force: true });
  });
});

describe('processing a video', () => {
  it('keeps a real video as uploaded and serves it', async () => {
    const video = videoFixture();
    expect((await fileTypeFromBuffer(video))?.mime).toBe('video/webm');
    const key = 'review/transcode/video-ok/clip.webm';
    await service.putBlob(key, video);
    const result = await service.processVideo(key, 'version-video-1');
    expect(result).toEqual({ state: 'ready', meta: { title: null, player: null, scenes: [], slides: [], lessons: [] }, contentPrefix: null, playerFile: null, thumbnailKey: null, mediaUrl: '/blobs/review/transcode/video-ok/clip.webm', posterUrl: null });
    const served = await fetch(`${baseUrl}${result.state === 'ready' ? result.mediaUrl : ''}?access=${uploads.ticket(`b:${key}`)}`, { headers: { range: 'bytes=0-' } });
    expect(served.status).toBe(206);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(video);
  });

  it('calls a renamed .exe and a 0-byte file invalid video files', async () => {
    // The start of a Windows executable: 'MZ', the PE header offset, 'PE\0\0'.
    const exe = new Uint8Array(4096);
    exe.set(strToU8('MZ'), 0);
    exe.set([0x80, 0, 0, 0], 0x3c);
    exe.set(strToU8('PE\u0000\u0000'), 0x80);
    await service.putBlob('review/transcode/exe/clip.mp4', exe);
    const renamed = await service.processVideo('review/transcode/exe/clip.mp4', 'version-exe');
    expect(renamed).toEqual({ state: 'invalidVideoFile', message: expect.stringContaining('not a video') });

    await service.putBlob('review/transcode/empty/clip.mp4', new Uint8Array(0));
    expect(await service.processVideo('review/transcode/empty/clip.mp4', 'version-empty-video')).toEqual({ state: 'invalidVideoFile', message: 'The uploaded file is empty.' });
    expect(await service.processVideo('review/transcode/never-stored/clip.mp4', 'version-missing')).toMatchObject({ state: 'invalidVideoFile' });
  });
});

describe('bearerVerifier', () => {
  it('turns the server token check into the service check', async () => {
    const verify = bearerVerifier(async (token) => (token === 'abc' ? ({ aid: 'aid-9' } as UserRow) : undefined));
    const request = (authorization?: string) => ({ headers: authorization ? { authorization } : {} }) as Parameters<typeof verify>[0];
    expect(await verify(request('Bearer abc'))).toEqual({ aid: 'aid-9' });
    expect(await verify(request('Bearer nope'))).toBeNull();
    expect(await verify(request())).toBeNull();
  });
});

describe('view tickets', () => {
  it('refuses a package or blob without its ticket, with an expired, tampered or other resource’s one, and one the item side refuses', async () => {
    const key = 'review/uploads/tickets/course.zip';
    await service.putBlob(key, buildStoryFixture({ title: 'Tickets', slides: [{ id: 's1', title: 'One', sceneIndex: 0 }] }));
    expect((await service.processPackage(key, 'version-tickets', 'storyline')).state).toBe('ready');
    const good = packageAddress('version-tickets', 'story.html');
    expect((await fetchPackage(good)).status).toBe(200);
    const ticket = /\/packages\/version-tickets\/([^/]+)\//.exec(good)![1]!;
    const at = (t: string) => good.replace(ticket, t);
    const refusal = async (address: string) => {
      const response = await fetchPackage(address);
      return [response.status, (JSON.parse(response.text) as { message: string }).message];
    };
    expect(await refusal(good.replace(`${ticket}/story.html`, 'story.html'))).toEqual([403, expect.stringContaining('needs an access ticket')]);
    const expired = signViewTicket(SECRET, { subject: 'viewer', itemId: 'item', resource: 'p:version-tickets', password: null, expiresAt: Date.now() - 1 });
    expect(await refusal(at(expired))).toEqual([403, expect.stringContaining('expired')]);
    const [payload, signature] = ticket.split('.') as [string, string];
    const tampered = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('"viewer"', '"someone"')).toString('base64url');
    expect(await refusal(at(`${tampered}.${signature}`))).toEqual([403, expect.stringContaining('not valid')]);
    expect(await refusal(at(signViewTicket('another secret', { subject: 'viewer', itemId: 'item', resource: 'p:version-tickets', password: null, expiresAt: Date.now() + 60_000 })))).toEqual([403, expect.stringContaining('not valid')]);
    expect(await refusal(at(uploads.ticket('p:version-other')))).toEqual([403, expect.stringContaining('not valid')]);
    expect(await refusal(at(uploads.ticket('p:version-tickets', { subject: 'stranger', allow: false })))).toEqual([403, 'You do not have access to this item.']);
    // Blobs: an upload (here the zip) is served with a ticket for it only.
    expect((await fetch(`${baseUrl}${service.blobUrl(key)}`)).status).toBe(403);
    expect((await fetch(`${baseUrl}${service.blobUrl(key)}?access=${ticket}`)).status).toBe(403);
    expect((await fetch(`${baseUrl}${service.blobUrl(key)}?access=${uploads.ticket(`b:${key}`, { allow: false, subject: 'stranger' })}`)).status).toBe(403);
    expect((await fetch(`${baseUrl}${service.blobUrl(key)}?access=${uploads.ticket(`b:${key}`)}`)).status).toBe(200);
  });

  it('asks the item side once per ticket while a decision is remembered, however many files the player loads', async () => {
    const cached = await startUploadService({ secret: SECRET, token: TOKEN, accessCacheMs: 60_000 });
    try {
      const key = 'review/uploads/cached/course.zip';
      await cached.service.putBlob(key, buildStoryFixture({ title: 'Cached', slides: [{ id: 's1', title: 'One', sceneIndex: 0 }] }));
      expect((await cached.service.processPackage(key, 'version-cached', 'storyline')).state).toBe('ready');
      const files = ['story.html', 'story_content/user.js', 'story_content/data.js', 'story_content/thumbnail.jpg', 'threeSixty.json'];
      const page = cached.packageAddress('version-cached', 'story.html');
      const responses = await Promise.all([...files, ...files].map((file) => fetchPackage(page.replace(/story\.html$/, file))));
      expect(responses.map((response) => response.status)).toEqual(Array(files.length * 2).fill(200));
      expect(cached.accessQuestions).toHaveLength(1);
      // Within the remembered time a revocation is not seen yet; FILE_ACCESS_CACHE_MS keeps that time to 2 s.
      cached.allowedGrants.clear();
      expect((await fetchPackage(page)).status).toBe(200);
      expect(FILE_ACCESS_CACHE_MS).toBeLessThanOrEqual(2_000);
    } finally {
      await cached.close();
    }
  });
});
