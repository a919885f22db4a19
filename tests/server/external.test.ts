import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_NAMES } from '../../domain/config.ts';
import { startTestServer } from '../support/testServer.ts';
import type { TestServer } from '../support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function get(path: string) {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** GET with the path exactly as given (fetch would percent-encode quotes and brackets). */
function rawGet(path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: new URL(server.url).hostname, port: new URL(server.url).port, path }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
  });
}

describe('external stand-in pages', () => {
  it('answers every link base of /config.json with a page naming the site and a link back to the dashboard', async () => {
    const config = (await (await fetch(`${server.url}/config.json`)).json()) as { links: Record<string, string> };
    expect(Object.keys(config.links).sort()).toEqual([...LINK_NAMES].sort());
    for (const name of LINK_NAMES) {
      expect(config.links[name]).toBe(`${server.url}/external/${name}`);
      const response = await fetch(config.links[name]!);
      const html = await response.text();
      expect(response.status, name).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(html).toMatch(/<h1>Stand-in for the [a-z ]+ site<\/h1>/);
      expect(html).toContain('<a href="/">');
      expect(html).toContain(`<code>/external/${name}</code>`);
    }
    expect((await get('/external/subscriptions')).text).toContain('Stand-in for the subscription management site');
  });

  it('shows the requested path and query, HTML-escaped', async () => {
    const page = await get('/external/marketing/buy/tebnreviewmodal?subscription=sub-1&x=%3Cscript%3E');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<code>/external/marketing/buy/tebnreviewmodal</code>');
    expect(page.text).toContain('<code>subscription=sub-1&amp;x=%3Cscript%3E</code>');

    // Sent unencoded, as a hand-made request could: markup in the path or query stays text.
    const raw = await rawGet('/external/support/"><img/src=x>?q="><b>bold</b>');
    expect(raw.status).toBe(200);
    expect(raw.text).toContain('<code>/external/support/&quot;&gt;&lt;img/src=x&gt;</code>');
    expect(raw.text).toContain('<code>q=&quot;&gt;&lt;b&gt;bold&lt;/b&gt;</code>');
    expect(raw.text).not.toContain('<img/src=x>');
  });

  it('refuses to be framed, except the maintenance page', async () => {
    const page = await get('/external/account/account');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
  });

  it('serves the maintenance page for same-origin framing, saying the service is under maintenance', async () => {
    for (const path of ['/external/marketing/maintenance', '/external/marketing/maintenance/?app=review']) {
      const page = await get(path);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
      expect(page.text).toContain('is under maintenance');
    }
    // Only on the marketing site.
    expect((await get('/external/support/maintenance')).text).not.toContain('is under maintenance');
  });

  it('answers 404 JSON for an unknown site, and for /external itself', async () => {
    for (const path of ['/external/nowhere', '/external/nowhere/deep/path', '/external/', '/external']) {
      const page = await get(path);
      expect(page.status, path).toBe(404);
      expect(page.headers.get('content-type')).toMatch(/application\/json/);
      const body = JSON.parse(page.text) as { error: string; message: string };
      expect(body.error).toBe('Not Found');
    }
    expect(JSON.parse((await get('/external/nowhere')).text).message).toBe(`No external site named "nowhere". Known: ${LINK_NAMES.join(', ')}.`);
  });
});
