import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/testServer.ts';
import type { TestServer } from '../support/testServer.ts';

let server: TestServer;
let clientDir: string;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'review-client-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>app shell</title>');
  await writeFile(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)');
  server = await startTestServer({ clientDir });
});
afterAll(async () => {
  await server?.close();
  await rm(clientDir, { recursive: true, force: true });
});

describe('built client', () => {
  it.each(['/', '/review', '/auth-callback?code=x&state=y', '/signin', '/x', '/review/content/abc/review'])('serves the app shell for %s', async (route) => {
    const response = await fetch(`${server.url}${route}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('app shell');
  });

  it('serves files as they are, hashed assets as immutable', async () => {
    const response = await fetch(`${server.url}/assets/app-1234.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('never serves the app shell for server paths', async () => {
    const response = await fetch(`${server.url}/api/nothing-here`);
    expect(response.status).toBe(401);
    const services = await fetch(`${server.url}/services/unknown/thing`);
    expect(services.status).toBe(404);
    expect(services.headers.get('content-type')).toMatch(/json/);
  });
});
