import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, HttpError, type TokenSource } from './http.ts';

let server: Server;
let base = '';
const seen: { url: string; auth: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', auth: req.headers.authorization });
    res.setHeader('content-type', 'application/json');
    if (req.url === '/api/always-401') {
      res.statusCode = 401;
      res.end(JSON.stringify({ error: 'Unauthorized', message: 'The access token is not valid.' }));
    } else if (req.headers.authorization === 'Bearer fresh') {
      res.end(JSON.stringify({ ok: true, url: req.url }));
    } else if (req.url === '/api/bad') {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: 'Bad Request', message: 'body/name must be string' }));
    } else {
      res.statusCode = 401;
      res.end(JSON.stringify({ error: 'Unauthorized', message: 'The access token expired.' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function tokens(): TokenSource & { refreshes: number; current: string } {
  const source = {
    refreshes: 0,
    current: 'stale',
    accessToken: async () => source.current,
    forceRefresh: async () => {
      source.refreshes++;
      source.current = 'fresh';
      return source.current;
    },
  };
  return source;
}

describe('http adapter', () => {
  it('sends the bearer token and, on a 401, refreshes once and retries', async () => {
    const t = tokens();
    const http = createHttpClient({ baseURL: base, tokens: t });
    seen.length = 0;
    await expect(http.request('/me')).resolves.toEqual({ ok: true, url: '/api/me' });
    expect(t.refreshes).toBe(1);
    expect(seen.map((s) => s.auth)).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('does not loop when the retry is refused too, and refreshes only once per URL', async () => {
    const t = tokens();
    const http = createHttpClient({ baseURL: base, tokens: t });
    seen.length = 0;
    const first = await http.request('/always-401').catch((e: unknown) => e);
    expect(first).toBeInstanceOf(HttpError);
    expect(first).toMatchObject({ status: 401, error: 'Unauthorized', message: 'The access token is not valid.' });
    expect(seen).toHaveLength(2);
    await expect(http.request('/always-401')).rejects.toMatchObject({ status: 401 });
    expect(t.refreshes).toBe(1);
    expect(seen).toHaveLength(3);
  });

  it("surfaces the server's error and message for other failures without refreshing", async () => {
    const t = tokens();
    t.current = 'fresh';
    const http = createHttpClient({ baseURL: base, tokens: t });
    await expect(http.request('/bad', { method: 'POST', body: { name: 1 } })).resolves.toMatchObject({ ok: true });
    t.current = 'other';
    const error = await http.request('/bad', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, error: 'Bad Request', message: 'body/name must be string' });
    expect(t.refreshes).toBe(0);
  });

  it('reports an unreachable service as a network error', async () => {
    const http = createHttpClient({ baseURL: 'http://127.0.0.1:1/api', tokens: tokens() });
    await expect(http.request('/me')).rejects.toMatchObject({ status: 0, error: 'NetworkError' });
  });
});
