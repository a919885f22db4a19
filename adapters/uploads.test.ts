import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { HttpClient, RequestOptions } from './http.ts';
import { contentDisposition, contentMd5, createUploadClient, inspectFile, UploadPutError, type UploadPutInput } from './uploads.ts';

const storyFiles = {
  'story.html': strToU8('<!doctype html>'),
  'threeSixty.json': strToU8('{"title":"Course"}'),
  'story_content/thumbnail.jpg': new Uint8Array([0xff, 0xd8, 0xff]),
};

describe('inspectFile (§5 checks on a real File)', () => {
  it('accepts a Storyline package and a video', async () => {
    await expect(inspectFile(new File([zipSync(storyFiles)], 'Onboarding.zip'))).resolves.toEqual({
      ok: true,
      kind: 'storyline',
      product: 'storyline',
      title: 'Onboarding',
      contentType: 'application/zip',
    });
    const mp4 = Uint8Array.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x31]);
    await expect(inspectFile(new File([mp4, new Uint8Array(10_000)], 'Intro.mp4'))).resolves.toMatchObject({ ok: true, kind: 'video', title: 'Intro', contentType: 'video/mp4' });
  });

  it('refuses a zip without story.html, naming what is missing', async () => {
    const { 'story.html': _omitted, ...rest } = storyFiles;
    const check = await inspectFile(new File([zipSync(rest)], 'course.zip'));
    expect(check).toMatchObject({ ok: false, reason: 'invalidStoryZip' });
    expect(!check.ok && check.detail).toContain('story.html');
  });

  it('refuses a truncated zip, a renamed .exe and an empty file', async () => {
    const zip = zipSync(storyFiles);
    await expect(inspectFile(new File([zip.slice(0, zip.length - 30)], 'course.zip'))).resolves.toMatchObject({ ok: false, reason: 'invalidStoryZip' });
    await expect(inspectFile(new File([Uint8Array.from([0x4d, 0x5a, 0x90, 0]), new Uint8Array(5000)], 'movie.mp4'))).resolves.toMatchObject({ ok: false, reason: 'contentMismatch' });
    await expect(inspectFile(new File([], 'movie.mp4'))).resolves.toMatchObject({ ok: false, reason: 'emptyFile' });
  });
});

describe('upload URL call (§7)', () => {
  function recordingHttp(answer: unknown) {
    const calls: { path: string; options: RequestOptions | undefined }[] = [];
    const http: HttpClient = {
      request: async <T>(path: string, options?: RequestOptions) => {
        calls.push({ path, options });
        return answer as T;
      },
    };
    return { http, calls };
  }

  it('asks GET /uploads/url with acl, keyPrefix, fileName and md5, and returns key, url and type', async () => {
    const answer = { key: 'review/uploads/abc/course.zip', url: 'http://127.0.0.1:1/api/uploads/put?sig=x', type: 'application/zip' };
    const { http, calls } = recordingHttp(answer);
    const client = createUploadClient({ http });
    await expect(client.uploadUrl({ fileName: 'course.zip', keyPrefix: 'review/uploads', md5: 'd41d8cd98f00b204e9800998ecf8427e' })).resolves.toEqual(answer);
    await client.uploadUrl({ fileName: 'clip.mp4', keyPrefix: 'review/transcode', md5: null });
    expect(calls).toEqual([
      { path: '/uploads/url', options: { method: 'GET', query: { acl: 'public-read', keyPrefix: 'review/uploads', fileName: 'course.zip', md5: 'd41d8cd98f00b204e9800998ecf8427e' } } },
      { path: '/uploads/url', options: { method: 'GET', query: { acl: 'public-read', keyPrefix: 'review/transcode', fileName: 'clip.mp4' } } },
    ]);
  });

  it('rejects an answer without key, url or type', async () => {
    const client = createUploadClient({ http: recordingHttp({ key: 'k', url: 'u' }).http });
    await expect(client.uploadUrl({ fileName: 'a.zip', keyPrefix: 'review/uploads', md5: null })).rejects.toMatchObject({ name: 'HttpError', error: 'InvalidResponse' });
  });
});

/** Just enough of XMLHttpRequest for the client: the test plays the network through `respond`, `progress` and `fail`. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  aborted = false;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable });
  }
  respond(status: number, body = '') {
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}

describe('PUT to the signed URL (§7, with a fake XMLHttpRequest)', () => {
  const md5Hex = createHash('md5').update('hello').digest('hex');
  const file = new Blob(['hello']);

  function start(overrides: Partial<UploadPutInput> = {}) {
    const progress: [number, number][] = [];
    const controller = new AbortController();
    const client = createUploadClient({ http: { request: async () => ({}) as never }, createXhr: () => new FakeXhr() as unknown as XMLHttpRequest });
    const done = client.put({
      url: 'http://127.0.0.1:9/api/uploads/put/review%2Fuploads%2Fk%2Fcourse.zip?expires=1&signature=s',
      file,
      contentType: 'application/zip',
      fileName: 'Café (final).zip',
      md5Hex,
      onProgress: (loaded, total) => progress.push([loaded, total]),
      signal: controller.signal,
      ...overrides,
    });
    const outcome = done.then(
      () => 'resolved' as const,
      (error: unknown) => error,
    );
    return { xhr: FakeXhr.last!, progress, controller, outcome };
  }

  it('sends the file with Content-Type, Content-Disposition and Content-MD5 and reports progress', async () => {
    const { xhr, progress, outcome } = start();
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toContain('signature=s');
    expect(xhr.body).toBe(file);
    expect(xhr.headers).toEqual({
      'Content-Type': 'application/zip',
      'Content-Disposition': "attachment; filename*=UTF-8''Caf%C3%A9%20%28final%29.zip",
      'Content-MD5': createHash('md5').update('hello').digest('base64'),
    });
    xhr.progress(2, 5);
    xhr.progress(5, 0, false);
    xhr.respond(200, '{"key":"k","size":5,"md5":"x"}');
    await expect(outcome).resolves.toBe('resolved');
    expect(progress).toEqual([
      [2, 5],
      [5, 5],
    ]);
  });

  it.each([200, 201, 204, 299])('treats %s as success', async (status) => {
    const { xhr, outcome } = start();
    xhr.respond(status);
    await expect(outcome).resolves.toBe('resolved');
  });

  it('rejects any other status with the server’s message', async () => {
    const { xhr, outcome } = start();
    xhr.respond(400, JSON.stringify({ error: 'BadDigest', message: 'Content-MD5 does not match the body.' }));
    const error = await outcome;
    expect(error).toBeInstanceOf(UploadPutError);
    expect(error).toMatchObject({ status: 400, message: 'Content-MD5 does not match the body.', aborted: false });
    const other = start();
    other.xhr.respond(300, '<html>');
    await expect(other.outcome).resolves.toMatchObject({ status: 300, message: 'Upload failed with status 300.' });
  });

  it('rejects a network error with status 0', async () => {
    const { xhr, outcome } = start();
    xhr.fail();
    await expect(outcome).resolves.toMatchObject({ name: 'UploadPutError', status: 0, aborted: false });
  });

  it('aborts the request when the signal aborts, and never sends when already aborted', async () => {
    const { xhr, controller, outcome } = start();
    controller.abort();
    expect(xhr.aborted).toBe(true);
    await expect(outcome).resolves.toMatchObject({ name: 'UploadPutError', status: 0, aborted: true });

    const controllerBefore = new AbortController();
    controllerBefore.abort();
    FakeXhr.last = null;
    const early = start({ signal: controllerBefore.signal });
    await expect(early.outcome).resolves.toMatchObject({ aborted: true });
    expect(FakeXhr.last).toBeNull();
  });

  it('refuses a malformed md5 without sending', async () => {
    FakeXhr.last = null;
    const { outcome } = start({ md5Hex: 'not-a-digest' });
    await expect(outcome).resolves.toMatchObject({ name: 'UploadPutError', status: 0 });
    expect(FakeXhr.last).toBeNull();
  });
});

describe('header helpers', () => {
  it('encodes the file name per RFC 8187 and the digest as base64', () => {
    expect(contentDisposition("it's a *test*.mp4")).toBe("attachment; filename*=UTF-8''it%27s%20a%20%2Atest%2A.mp4");
    expect(contentMd5('d41d8cd98f00b204e9800998ecf8427e')).toBe('1B2M2Y8AsgTpgAmY7PhCfg==');
  });
});
