import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_BOOTSTRAP, type ReviewRequestRow } from '../domain/reviewRequests.ts';
import { HttpError, createHttpClient } from './http.ts';
import { createReviewRequestClient } from './reviewRequests.ts';

// The review-request calls against a local server: answers per "METHOD path", requests recorded with body and headers.
let server: Server;
let base = '';
let answers: Record<string, { status: number; body?: unknown }> = {};
let seen: { method: string; url: string; body: unknown; authorization: string | undefined; password: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = (req.url ?? '').replace(/^\/api/, '');
      const header = req.headers['x-item-password'];
      seen.push({ method: req.method ?? 'GET', url, body: raw ? JSON.parse(raw) : null, authorization: req.headers.authorization, password: typeof header === 'string' ? header : undefined });
      const answer = answers[`${req.method} ${url.split('?')[0]}`] ?? { status: 404, body: { error: 'Not Found', message: 'No such item' } };
      res.statusCode = answer.status;
      if (answer.status === 204) return res.end();
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

const client = (token: string | null = 'at') => createReviewRequestClient({ http: createHttpClient({ baseURL: base, tokens: { accessToken: async () => token, forceRefresh: async () => null } }) });

const ROW: ReviewRequestRow = {
  id: 'rr1',
  itemId: 'i1',
  email: 'sam@example.com',
  displayName: 'Sam',
  status: 'emailSent',
  reviewerAID: 'u-sam',
  requesterDisplayName: 'Alex',
  createdAt: '2026-11-21T10:00:00.000Z',
  dueDate: null,
  completedAt: null,
  customMessage: null,
  isInStack: false,
  avatars: { small: null },
  userTypes: { mrus: 0, subAndNonMruUsers: 0, emailUsers: 1 },
  action: 'complete',
};

describe('review-request client (§7 review-request calls)', () => {
  it('reads the bootstrap with the bearer, the item-password header and the optional params', async () => {
    const body = { canCRUD: true, reviewRequests: [ROW], frequentReviewers: [{ email: 'kim@example.com', displayName: 'Kim', avatars: { small: null } }] };
    answers['GET /review-requests/bootstrap/i1'] = { status: 200, body };
    await expect(client().bootstrap({ itemId: 'i1', pass: 'letmein', anonUserEmail: 'guest@example.com', reviewRequestId: 'rr1' })).resolves.toEqual(body);
    expect(seen[0]).toMatchObject({ method: 'GET', authorization: 'Bearer at', password: 'letmein' });
    const url = new URL(seen[0]!.url, 'http://x');
    expect([url.pathname, url.searchParams.get('anonUserEmail'), url.searchParams.get('reviewRequest')]).toEqual(['/review-requests/bootstrap/i1', 'guest@example.com', 'rr1']);
  });

  it('takes a 404 bootstrap as the empty result, and rejects other failures with the server message', async () => {
    await expect(client().bootstrap({ itemId: 'gone', pass: null, anonUserEmail: null, reviewRequestId: null })).resolves.toEqual(EMPTY_BOOTSTRAP);
    answers['GET /review-requests/bootstrap/i1'] = { status: 500, body: { error: 'ServerError', message: 'Database down' } };
    await expect(client().bootstrap({ itemId: 'i1', pass: null, anonUserEmail: null, reviewRequestId: null })).rejects.toMatchObject({ status: 500, message: 'Database down' });
  });

  it('rejects an unreadable answer', async () => {
    answers['GET /review-requests/bootstrap/i1'] = { status: 200, body: { canCRUD: true, reviewRequests: [{ ...ROW, status: 'done' }], frequentReviewers: [] } };
    const error = await client().bootstrap({ itemId: 'i1', pass: null, anonUserEmail: null, reviewRequestId: null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ error: 'InvalidResponse' });
  });

  it('works without a token (anonymous reviewer): no Authorization header is sent', async () => {
    answers['POST /review-requests/update-status'] = { status: 204 };
    await client(null).updateStatus({ reviewRequestId: 'rr1', anonUserEmail: 'guest@example.com', pass: null });
    expect(seen[0]).toEqual({
      method: 'POST',
      url: '/review-requests/update-status',
      body: { reviewRequest: 'rr1', reviewStatus: 'viewed', anonUserEmail: 'guest@example.com' },
      authorization: undefined,
      password: undefined,
    });
  });

  it('sends every other call with its body', async () => {
    answers['GET /review-requests/i1'] = { status: 200, body: { canCRUD: false, reviewRequests: [ROW] } };
    answers['POST /review-requests'] = { status: 200, body: { requestedReviewers: [ROW] } };
    answers['POST /review-requests/edit-due-date'] = { status: 204 };
    answers['POST /review-requests/complete/rr1'] = { status: 204 };
    answers['POST /review-requests/reopen'] = { status: 204 };
    answers['DELETE /review-requests'] = { status: 204 };
    answers['DELETE /review-requests/i1'] = { status: 204 };
    const c = client();
    await expect(c.list({ itemId: 'i1', pass: null })).resolves.toEqual({ canCRUD: false, reviewRequests: [ROW] });
    const body = {
      itemId: 'i1',
      reviewers: ['sam@example.com'],
      dueDate: null,
      customMessage: null,
      action: 'request' as const,
      requesterTimeZone: 'Europe/Berlin',
      isInStack: false,
      userTypes: { mrus: 0, subAndNonMruUsers: 0, emailUsers: 1 },
    };
    await expect(c.create({ body, pass: null })).resolves.toEqual({ requestedReviewers: [ROW] });
    await c.editDueDate({ itemId: 'i1', dueDate: '2026-12-24', pass: null });
    await c.complete({ reviewRequestId: 'rr1', itemId: 'i1', isInStack: false, anonUserEmail: null, pass: null });
    await c.reopen({ reviewRequestId: 'rr1', anonEmail: null, pass: null });
    await c.deleteReviews({ itemId: 'i1', ids: ['rr1'], isInStack: false, pass: null });
    await c.deleteAll({ itemId: 'i1', pass: null });
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['GET', '/review-requests/i1', null],
      ['POST', '/review-requests', body],
      ['POST', '/review-requests/edit-due-date', { itemId: 'i1', dueDate: '2026-12-24' }],
      ['POST', '/review-requests/complete/rr1', { itemId: 'i1', isInStack: false, anonUserEmail: null }],
      ['POST', '/review-requests/reopen', { reviewRequestId: 'rr1', anonEmail: null }],
      ['DELETE', '/review-requests', { itemId: 'i1', reviewRequests: ['rr1'], isInStack: false }],
      ['DELETE', '/review-requests/i1', null],
    ]);
  });

  it('rejects a refused call with its status and message', async () => {
    answers['POST /review-requests/reopen'] = { status: 409, body: { error: 'Conflict', message: 'The review is not complete.' } };
    await expect(client().reopen({ reviewRequestId: 'rr1', anonEmail: null, pass: null })).rejects.toMatchObject({ status: 409, message: 'The review is not complete.' });
  });
});
