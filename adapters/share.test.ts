import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpError, createHttpClient } from './http.ts';
import { createShareClient } from './share.ts';

// The share calls against a local server: answers per "METHOD path", requests recorded with their bodies and headers.
let server: Server;
let base = '';
let answers: Record<string, { status: number; body?: unknown }> = {};
let seen: { method: string; url: string; body: unknown; authorization: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = (req.url ?? '').replace(/^\/api/, '');
      seen.push({ method: req.method ?? 'GET', url, body: raw ? JSON.parse(raw) : null, authorization: req.headers.authorization });
      const answer = answers[`${req.method} ${url}`] ?? { status: 404, body: { error: 'Not Found', message: 'No such item' } };
      res.statusCode = answer.status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  answers = {};
  seen = [];
});

const client = () => createShareClient({ http: createHttpClient({ baseURL: base, tokens: { accessToken: async () => 'at', forceRefresh: async () => null } }) });

const PERSON = { userId: 'u-sam', profile: { firstName: 'Sam', lastName: 'Seat', email: 'sam@example.com', links: { micro: null } }, reasons: ['explicit'], role: 0 };
const SETTINGS = { isPrivate: true, allowAnonComments: false, hasPassword: false };

describe('share client (§7 permissions and share-settings calls)', () => {
  it('reads the permissions of an item with the bearer', async () => {
    answers['GET /items/a%2Fb/permissions'] = { status: 200, body: { people: [PERSON], settings: SETTINGS } };
    await expect(client().permissions('a/b')).resolves.toEqual({ people: [PERSON], settings: SETTINGS });
    expect(seen).toEqual([{ method: 'GET', url: '/items/a%2Fb/permissions', body: null, authorization: 'Bearer at' }]);
  });

  it('saves a private share and returns the invalid e-mails with the settings and people', async () => {
    answers['PUT /items/i1/share-settings/private'] = { status: 200, body: { invalidEmails: ['ghost@example.com'], settings: SETTINGS, people: [PERSON] } };
    const body = { explicitPermissions: [{ email: 'sam@example.com' }, { email: 'ghost@example.com' }] };
    await expect(client().savePrivate('i1', body)).resolves.toEqual({ invalidEmails: ['ghost@example.com'], settings: SETTINGS, people: [PERSON] });
    expect(seen[0]).toMatchObject({ method: 'PUT', body });
  });

  it('saves a public share with the password as given (a string, null, or absent)', async () => {
    const settings = { isPrivate: false, allowAnonComments: true, hasPassword: true };
    answers['PUT /items/i1/share-settings/public'] = { status: 200, body: { settings } };
    await expect(client().savePublic('i1', { allowAnonComments: true, password: 'letmein' })).resolves.toEqual({ settings });
    await client().savePublic('i1', { allowAnonComments: false, password: null });
    await client().savePublic('i1', { allowAnonComments: false });
    expect(seen.map((s) => s.body)).toEqual([{ allowAnonComments: true, password: 'letmein' }, { allowAnonComments: false, password: null }, { allowAnonComments: false }]);
  });

  it('rejects with the service’s status and message (403, 404)', async () => {
    answers['PUT /items/i1/share-settings/public'] = { status: 403, body: { error: 'Forbidden', message: 'Only the owner or editors can change sharing.' } };
    const refused = await client().savePublic('i1', { allowAnonComments: true }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 403, message: 'Only the owner or editors can change sharing.' });
    await expect(client().permissions('missing')).rejects.toMatchObject({ status: 404 });
  });

  it('rejects unreadable answers', async () => {
    answers['GET /items/i1/permissions'] = { status: 200, body: { people: [{ ...PERSON, reasons: ['friend'] }], settings: SETTINGS } };
    answers['PUT /items/i1/share-settings/private'] = { status: 200, body: { settings: SETTINGS, people: [] } };
    answers['PUT /items/i1/share-settings/public'] = { status: 200, body: { settings: { isPrivate: 'no' } } };
    await expect(client().permissions('i1')).rejects.toMatchObject({ error: 'InvalidResponse' });
    await expect(client().savePrivate('i1', { explicitPermissions: [] })).rejects.toMatchObject({ error: 'InvalidResponse' });
    await expect(client().savePublic('i1', { allowAnonComments: true })).rejects.toMatchObject({ error: 'InvalidResponse' });
  });
});
