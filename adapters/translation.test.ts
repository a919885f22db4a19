import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandChange, ExperienceBody, SuggestionRequest, ValidationChange, ValidationResponse } from '../domain/translation.ts';
import { HttpError, createHttpClient } from './http.ts';
import { STACK_SHARE_MS, SuggestionRequestError, createTranslationClient } from './translation.ts';
import { createTranslationFileReader } from './translationFiles.ts';

// The translation calls against a local server: the review API under /api, the CDN under /cdn; answers per "METHOD path".
let server: Server;
let origin = '';
/** `hold`: never answered (a time-out); `type`: the content type of `raw`. */
type Answer = { status: number; body?: unknown; raw?: string; hold?: boolean; type?: string };
let answers: Record<string, Answer> = {};
/** Overrides the answer of the n-th request (0-based) when it returns one. */
let respond: (index: number) => Answer | null = () => null;
let seen: { method: string; url: string; body: unknown; authorization: string | undefined; password: string | undefined; cacheControl: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = req.url ?? '';
      const header = req.headers['x-item-password'];
      seen.push({
        method: req.method ?? 'GET',
        url,
        body: raw ? JSON.parse(raw) : null,
        authorization: req.headers.authorization,
        password: typeof header === 'string' ? header : undefined,
        cacheControl: req.headers['cache-control'],
      });
      const answer = respond(seen.length - 1) ?? answers[`${req.method} ${url.split('?')[0]}`] ?? { status: 404, body: { error: 'notFound', message: 'No such thing' } };
      if (answer.hold) return;
      res.statusCode = answer.status;
      if (answer.status === 204) return res.end();
      res.setHeader('content-type', answer.type ?? 'application/json');
      res.end(answer.raw ?? JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

beforeEach(() => {
  answers = {};
  seen = [];
  respond = () => null;
});

const client = (token: string | null = 'at', suggestionTimeoutMs?: number) => {
  const tokens = { accessToken: async () => token, forceRefresh: async () => null };
  return createTranslationClient({
    http: createHttpClient({ baseURL: `${origin}/api`, tokens }),
    cdn: createHttpClient({ baseURL: `${origin}/cdn`, tokens: { accessToken: async () => null, forceRefresh: async () => null } }),
    ...(suggestionTimeoutMs !== undefined ? { suggestionTimeoutMs } : {}),
  });
};

const CHANGE: ValidationChange = {
  validationSegmentId: 'vs1',
  status: 'pending',
  replacement: { newValue: 'Bonjour', unsavedValue: null },
  proposedBy: 'u-vera',
  proposedAt: '2026-11-21T10:00:00.000Z',
  lastAcceptedDate: null,
  lastAcceptedBy: null,
};
const VALIDATION: ValidationResponse = {
  validationId: 'val-1',
  translationFilePath: 'translations/i-fr/v2.json',
  paths: { '["s1","t1"]': CHANGE },
  progressDetails: { '["s1"]': { userId: 'u-vera', updatedAt: '2026-11-21T10:00:00.000Z', isCourseUpdate: false } },
  updates: {},
  profiles: { 'u-vera': { firstName: 'Vera', lastName: 'Validator' } },
  showCourseUpdates: false,
};
const change = (path: string, newValue: string): CommandChange => ({ path, command: 0, data: { newValue, normalizedLevenshteinDistance: 0.5 }, isCourseUpdate: false });

describe('translation client (translation-editor §7)', () => {
  it('reads the validation with the bearer and the item-password header', async () => {
    answers['GET /api/translations/validation/i-fr/v2/fr'] = { status: 200, body: VALIDATION };
    await expect(client().validation({ itemId: 'i-fr', versionId: 'v2', targetLocale: 'fr', pass: 'letmein' })).resolves.toEqual(VALIDATION);
    expect(seen[0]).toMatchObject({ method: 'GET', authorization: 'Bearer at', password: 'letmein' });
  });

  it('rejects a validation with malformed changes as unreadable, and a refusal with its status', async () => {
    answers['GET /api/translations/validation/i-fr/v2/fr'] = { status: 200, body: { ...VALIDATION, paths: { '["s1","t1"]': { ...CHANGE, status: 'maybe' } } } };
    const error = await client().validation({ itemId: 'i-fr', versionId: 'v2', targetLocale: 'fr', pass: null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 200, error: 'InvalidResponse' });
    answers['GET /api/translations/validation/i-fr/v2/fr'] = { status: 500, body: { error: 'serverError', message: 'Database down' } };
    await expect(client().validation({ itemId: 'i-fr', versionId: 'v2', targetLocale: 'fr', pass: null })).rejects.toMatchObject({ status: 500 });
  });

  it('reads the stack, and the file and the language map from the CDN without a token', async () => {
    const stack = { stackId: 'st1', sourceLocale: 'en', entries: [{ itemId: 'i-en', title: 'Course', locale: 'en', role: 'source', progress: null }, { itemId: 'i-fr', title: 'Course (French)', locale: 'fr', role: 'target', progress: { complete: 1, total: 6 } }] };
    answers['GET /api/translations/stack/i-fr'] = { status: 200, body: stack };
    answers['GET /cdn/translations/i-fr/v2.json'] = { status: 200, body: { sourceLocale: 'en' } };
    answers['GET /cdn/language-map/en.json'] = { status: 200, body: { fr: { displayName: 'French' } } };
    const c = client();
    await expect(c.stack({ itemId: 'i-fr', pass: null })).resolves.toEqual(stack);
    await expect(c.file('translations/i-fr/v2.json')).resolves.toEqual({ sourceLocale: 'en' });
    await expect(c.languageMap('en')).resolves.toEqual({ fr: { displayName: 'French' } });
    expect(seen.map((s) => [s.url, s.authorization])).toEqual([
      ['/api/translations/stack/i-fr', 'Bearer at'],
      ['/cdn/translations/i-fr/v2.json', undefined],
      ['/cdn/language-map/en.json', undefined],
    ]);
  });

  it('serves the stack sidebar and the editor with one stack call; a later read, another item or a failed read asks again', async () => {
    const stack = { stackId: 'st1', sourceLocale: 'en', entries: [{ itemId: 'i-fr', title: 'Course (French)', locale: 'fr', role: 'target', progress: null }] };
    answers['GET /api/translations/stack/i-fr'] = { status: 200, body: stack };
    answers['GET /api/translations/stack/i-de'] = { status: 500, body: { error: 'serverError', message: 'Database down' } };
    let at = 0;
    const tokens = { accessToken: async () => 'at', forceRefresh: async () => null };
    const c = createTranslationClient({
      http: createHttpClient({ baseURL: `${origin}/api`, tokens }),
      cdn: createHttpClient({ baseURL: `${origin}/cdn`, tokens }),
      now: () => at,
    });
    const stackCalls = () => seen.filter((s) => s.url.startsWith('/api/translations/stack/')).map((s) => s.url);
    // The sidebar's read on the wire and the editor's just after it: one call.
    const [first, second] = await Promise.all([c.stack({ itemId: 'i-fr', pass: null }), c.stack({ itemId: 'i-fr', pass: null })]);
    at += STACK_SHARE_MS - 1;
    await expect(c.stack({ itemId: 'i-fr', pass: null })).resolves.toEqual(stack);
    expect([first, second]).toEqual([stack, stack]);
    expect(stackCalls()).toEqual(['/api/translations/stack/i-fr']);
    // Later, or with a password: read again.
    at += 1;
    await c.stack({ itemId: 'i-fr', pass: null });
    await c.stack({ itemId: 'i-fr', pass: 'secret' });
    expect(stackCalls()).toHaveLength(3);
    // A refusal is each reader's own: the next read asks again.
    await expect(c.stack({ itemId: 'i-de', pass: null })).rejects.toMatchObject({ status: 500 });
    await expect(c.stack({ itemId: 'i-de', pass: null })).rejects.toMatchObject({ status: 500 });
    expect(stackCalls()).toHaveLength(5);
  });

  it('shows the prefetched file once decoded without taking it over: the editor reads the same value, with no second call', async () => {
    answers['GET /cdn/translations/i-fr/v2.json'] = { status: 200, body: { sourceLocale: 'en', version: 2 } };
    const c = client();
    expect(c.prefetchedFile('translations/i-fr/v2.json')).toBeNull();
    expect(c.prefetching()).toBeNull();
    c.prefetchFile('translations/i-fr/v2.json');
    expect(c.prefetching()).toBe('translations/i-fr/v2.json');
    expect(c.prefetchedFile('translations/i-fr/v3.json')).toBeNull();
    const early = await c.prefetchedFile('translations/i-fr/v2.json');
    expect(early).toEqual({ sourceLocale: 'en', version: 2 });
    // The same decoded value: what was built from it early serves the editor.
    expect(await c.file('translations/i-fr/v2.json')).toBe(early);
    expect(seen.map((s) => s.url)).toEqual(['/cdn/translations/i-fr/v2.json']);
    // A failed read shows as nothing (the editor reads the file itself).
    respond = () => ({ status: 503, body: { error: 'unavailable', message: 'Try again' } });
    c.prefetchFile('translations/i-fr/v2.json');
    await expect(c.prefetchedFile('translations/i-fr/v2.json')).resolves.toBeUndefined();
  });

  it('answers the stack and the validation from reads started as the app loaded, once; a failed early read is made again', async () => {
    const stack = { stackId: 'st1', sourceLocale: 'en', entries: [{ itemId: 'i-fr', title: 'Course (French)', locale: 'fr', role: 'target', progress: null }] };
    answers['GET /api/translations/validation/i-fr/v2/fr'] = { status: 200, body: VALIDATION };
    const tokens = { accessToken: async () => 'at', forceRefresh: async () => null };
    const files = createTranslationFileReader({ cdn: createHttpClient({ baseURL: `${origin}/cdn`, tokens }) });
    const c = createTranslationClient({ http: createHttpClient({ baseURL: `${origin}/api`, tokens }), cdn: createHttpClient({ baseURL: `${origin}/cdn`, tokens }), files });
    files.prefetchCall('/translations/stack/i-fr', async () => stack);
    files.prefetchCall('/translations/validation/i-fr/v2/fr', async () => {
      throw new Error('offline');
    });
    await expect(c.stack({ itemId: 'i-fr', pass: null })).resolves.toEqual(stack);
    await expect(c.validation({ itemId: 'i-fr', versionId: 'v2', targetLocale: 'fr', pass: null })).resolves.toEqual(VALIDATION);
    expect(seen.map((s) => s.url)).toEqual(['/api/translations/validation/i-fr/v2/fr']);
    // An unreadable early answer is refused like a read one; leaving the address drops what was not taken.
    files.prefetchCall('/translations/validation/i-fr/v3/fr', async () => ({ nope: true }));
    await expect(c.validation({ itemId: 'i-fr', versionId: 'v3', targetLocale: 'fr', pass: null })).rejects.toMatchObject({ error: 'InvalidResponse' });
    files.prefetchCall('/translations/validation/i-fr/v4/fr', async () => VALIDATION);
    files.prefetchFile(null);
    expect(files.takeCall('/translations/validation/i-fr/v4/fr')).toBeNull();
  });

  it('hands a prefetched file to the editor without reading it twice; another path drops it; a failed one is read again', async () => {
    answers['GET /cdn/translations/i-fr/v2.json'] = { status: 200, body: { sourceLocale: 'en', version: 2 } };
    answers['GET /cdn/translations/i-fr/v3.json'] = { status: 200, body: { sourceLocale: 'en', version: 3 } };
    const c = client();
    c.prefetchFile('translations/i-fr/v2.json');
    await expect(c.file('translations/i-fr/v2.json')).resolves.toEqual({ sourceLocale: 'en', version: 2 });
    expect(seen.map((s) => s.url)).toEqual(['/cdn/translations/i-fr/v2.json']);

    c.prefetchFile('translations/i-fr/v2.json');
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    c.prefetchFile('translations/i-fr/v3.json');
    await expect(c.file('translations/i-fr/v2.json')).resolves.toEqual({ sourceLocale: 'en', version: 2 });
    await expect(c.file('translations/i-fr/v3.json')).resolves.toEqual({ sourceLocale: 'en', version: 3 });
    expect(seen.map((s) => s.url).slice(1)).toEqual(['/cdn/translations/i-fr/v2.json', '/cdn/translations/i-fr/v3.json', '/cdn/translations/i-fr/v2.json']);

    seen = [];
    respond = (index) => (index === 0 ? { status: 503, body: { error: 'unavailable', message: 'Try again' } } : null);
    c.prefetchFile('translations/i-fr/v2.json');
    await expect(c.file('translations/i-fr/v2.json')).resolves.toEqual({ sourceLocale: 'en', version: 2 });
    expect(seen).toHaveLength(2);
  });

  it('rejects a translation file that is not JSON', async () => {
    answers['GET /cdn/translations/bad.json'] = { status: 200, raw: '{"sourceLocale": ' };
    await expect(client().file('translations/bad.json')).rejects.toBeInstanceOf(HttpError);
  });

  it('sends the batches of a save one after another and merges the answers', async () => {
    const second = { ...CHANGE, validationSegmentId: 'vs2', replacement: { newValue: 'Salut', unsavedValue: null } };
    answers['POST /api/translations/validation/commands/val-1'] = { status: 200, body: { success: true, paths: { '["s1","t1"]': CHANGE } } };
    // The second batch gets a different answer: both must end up in the result.
    respond = (index) => (index === 1 ? { status: 200, body: { success: true, paths: { '["s1","t2"]': second } } } : null);
    const result = await client().saveChanges({
      validationId: 'val-1',
      email: 'vera@example.com',
      batches: [[change('["s1","t1"]', 'Qm9uam91cg==')], [change('["s1","t2"]', 'U2FsdXQ=')]],
      view: 'translate',
      pass: 'letmein',
    });
    expect(seen.map((s) => [s.method, s.url, s.password])).toEqual([
      ['POST', '/api/translations/validation/commands/val-1', 'letmein'],
      ['POST', '/api/translations/validation/commands/val-1', 'letmein'],
    ]);
    expect(seen.map((s) => (s.body as { changes: CommandChange[] }).changes.map((c) => c.path))).toEqual([['["s1","t1"]'], ['["s1","t2"]']]);
    expect(seen[0]!.body).toMatchObject({ email: 'vera@example.com', view: 'translate' });
    expect(result.paths).toEqual({ '["s1","t1"]': CHANGE, '["s1","t2"]': second });
  });

  it('stops at the first refused batch with the server message', async () => {
    answers['POST /api/translations/validation/commands/val-1'] = { status: 409, body: { error: 'locked', message: 'The segment is locked.' } };
    const error = await client()
      .saveChanges({ validationId: 'val-1', email: 'vera@example.com', batches: [[change('["a"]', 'eA==')], [change('["b"]', 'eQ==')]], view: 'translate', pass: null })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, message: 'The segment is locked.' });
    expect(seen).toHaveLength(1);
  });

  it('sends progress, get-segments and reset with their bodies', async () => {
    answers['PUT /api/translations/validation/val-1/progress'] = { status: 204 };
    answers['DELETE /api/translations/validation/val-1/progress'] = { status: 204 };
    answers['POST /api/translations/validation/get-segments'] = { status: 200, body: { data: [{ validationSegmentId: 'vs1', path: '["s1","t1"]', change: CHANGE }, { validationSegmentId: 'vs2', path: '["s1","t2"]', change: null }] } };
    answers['PUT /api/translations/validation/segment/val-1/reset'] = { status: 204 };
    const c = client();
    const body = { path: '["s1"]', email: 'vera@example.com', view: 'translate', isCourseUpdate: false };
    await c.completeGroup({ validationId: 'val-1', body, pass: null });
    await c.reopenGroup({ validationId: 'val-1', body, pass: null });
    await expect(c.getSegments({ ids: ['vs1', 'vs2'], pass: null })).resolves.toMatchObject({ data: [{ change: CHANGE }, { change: null }] });
    const reset = { path: '["s1","t1"]', command: 0 as const, data: { newValue: 'Bonjour' }, isCourseUpdate: false, view: 'translate', email: 'vera@example.com' };
    await c.resetSegment({ validationId: 'val-1', body: reset, pass: null });
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['PUT', '/api/translations/validation/val-1/progress', body],
      ['DELETE', '/api/translations/validation/val-1/progress', body],
      ['POST', '/api/translations/validation/get-segments', { validationSegmentIds: ['vs1', 'vs2'] }],
      ['PUT', '/api/translations/validation/segment/val-1/reset', reset],
    ]);
  });
});

const SUGGESTION_REQUEST: SuggestionRequest = {
  translationItem: { path: '["s1","t1"]', validationSegmentId: 'vs1', textType: 'text', source: 'Hello', target: 'Bonjour' },
  targetLocale: 'fr',
  sourceLocale: 'en',
  extractedSourceText: 'Hello',
  extractedTranslatedText: 'Bonjour',
  validationId: 'val-1',
};
const failureOf = (error: unknown) => (error instanceof SuggestionRequestError ? error.failure : error);

describe('translation tools client (translation-editor §7)', () => {
  it('posts a suggestion request uncached and returns the answer as sent', async () => {
    const answer = { success: true, result: { model: 'translation-memory', originalContext: 'Fine.', originalRating: 0.8, suggestions: [] } };
    answers['POST /api/translations/suggestions'] = { status: 200, body: answer };
    await expect(client().suggestions(SUGGESTION_REQUEST)).resolves.toEqual(answer);
    expect(seen[0]).toMatchObject({ method: 'POST', body: SUGGESTION_REQUEST, authorization: 'Bearer at' });
    // Node's fetch turns `cache: 'no-store'` into a no-cache request header (browsers bypass their cache).
    expect(seen[0]!.cacheControl).toBe('no-cache');
  });

  it('tells a refusal (status and body), a time-out and a network failure apart', async () => {
    answers['POST /api/translations/suggestions'] = { status: 400, body: { error: 'Bad path', message: 'path is required' } };
    expect(failureOf(await client().suggestions(SUGGESTION_REQUEST).catch((e: unknown) => e))).toEqual({ kind: 'http', status: 400, body: { error: 'Bad path', message: 'path is required' } });

    answers['POST /api/translations/suggestions'] = { status: 200, hold: true };
    expect(failureOf(await client('at', 50).suggestions(SUGGESTION_REQUEST).catch((e: unknown) => e))).toEqual({ kind: 'timeout' });

    const offline = createTranslationClient({ http: createHttpClient({ baseURL: 'http://127.0.0.1:1/api', tokens: { accessToken: async () => null, forceRefresh: async () => null } }), cdn: createHttpClient({ baseURL: 'http://127.0.0.1:1', tokens: { accessToken: async () => null, forceRefresh: async () => null } }) });
    expect(failureOf(await offline.suggestions(SUGGESTION_REQUEST).catch((e: unknown) => e))).toEqual({ kind: 'http', status: 0, body: null });
  });

  it('lets an abort by the caller through as an abort, not a time-out', async () => {
    answers['POST /api/translations/suggestions'] = { status: 200, hold: true };
    const controller = new AbortController();
    const pending = client('at', 5_000).suggestions(SUGGESTION_REQUEST, controller.signal).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 20);
    const error = await pending;
    expect(error).not.toBeInstanceOf(SuggestionRequestError);
  });

  it('reads and requests memory reports with the item password', async () => {
    answers['GET /api/translations/validation/val-1/memory-report'] = { status: 200, body: { reports: [] } };
    answers['POST /api/translations/validation/val-1/memory-report'] = { status: 202, body: { report: { id: 'r1' } } };
    const c = client();
    await expect(c.memoryReport('val-1', 'letmein')).resolves.toEqual({ reports: [] });
    await expect(c.requestMemoryReport('val-1')).resolves.toEqual({ report: { id: 'r1' } });
    expect(seen.map((s) => [s.method, s.url, s.password])).toEqual([
      ['GET', '/api/translations/validation/val-1/memory-report', 'letmein'],
      ['POST', '/api/translations/validation/val-1/memory-report', undefined],
    ]);
    answers['POST /api/translations/validation/val-1/memory-report'] = { status: 409, body: { error: 'conflict', message: 'A report is being computed.' } };
    await expect(c.requestMemoryReport('val-1')).rejects.toMatchObject({ status: 409, message: 'A report is being computed.' });
  });

  it('posts a survey answer and reads the submitted surveys (unknown slugs dropped)', async () => {
    answers['POST /api/translations/experience'] = { status: 204 };
    answers['GET /api/translations/experience'] = { status: 200, body: { submitted: ['smart-review-survey', 'some-future-survey'] } };
    const body: ExperienceBody = { user: 'vera@example.com', slug: 'smart-review-survey', feature: 'translations', feedback: 'No feedback provided', wasPositiveExperience: null, integrations: ['notion'], product: 'review-translations' };
    const c = client();
    await c.experience(body);
    await expect(c.experienceStatus()).resolves.toEqual({ submitted: ['smart-review-survey'] });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/translations/experience', body });
    answers['GET /api/translations/experience'] = { status: 200, body: { submitted: 'all' } };
    await expect(c.experienceStatus()).rejects.toMatchObject({ status: 200, error: 'InvalidResponse' });
  });

  it('posts a snapshot and returns the text answer; reads the previous validation', async () => {
    answers['POST /api/snapshot'] = { status: 200, raw: 'https://cdn.example.com/snapshots/s1.png', type: 'text/plain' };
    answers['GET /api/translations/diff/i-fr/v1/fr'] = { status: 200, body: { validationId: 'val-0' } };
    const c = client();
    await expect(c.snapshot({ html: 'PGgxPkhpPC9oMT4=', height: 540, width: 960 })).resolves.toBe('https://cdn.example.com/snapshots/s1.png');
    await expect(c.previousValidation({ itemId: 'i-fr', previousVersionId: 'v1', targetLocale: 'fr', pass: 'letmein' })).resolves.toEqual({ validationId: 'val-0' });
    expect(seen.map((s) => [s.method, s.url, s.password])).toEqual([
      ['POST', '/api/snapshot', undefined],
      ['GET', '/api/translations/diff/i-fr/v1/fr', 'letmein'],
    ]);
    answers['POST /api/snapshot'] = { status: 400, body: { error: 'malformed', message: 'html is required' } };
    await expect(c.snapshot({ html: '', height: 1, width: 1 })).rejects.toMatchObject({ status: 400 });
  });
});
