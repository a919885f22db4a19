/**
 * Issue 9's calls (domain/translation.ts TRANSLATION_TOOL_CALLS) against a real server: course updates in the
 * validation answer, the version diff's previous validation (and the seeded diff it gives), suggestions from the
 * translation memory and from an OpenAI-compatible service (a local fake), translation-memory reports with their
 * pushes, surveys and snapshots; plus the seed's find, duplicate, low-contrast and audio material.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemDetail } from '../../domain/items.ts';
import {
  MEMORY_HIT_MIN_SIMILARITY,
  pathKey,
  TRANSLATION_CALLS,
  TRANSLATION_ITEM_PASSWORD_HEADER,
  TRANSLATION_TOOL_CALLS,
  type ExperienceBody,
  type ExperienceStatusResponse,
  type MemoryReportPush,
  type MemoryReportResponse,
  type PreviousValidationResponse,
  type SuggestionRequest,
  type SuggestionResponse,
  type TranslationFile,
  type ValidationResponse,
} from '../../domain/translation.ts';
import { lowContrastTextPaths } from '../../domain/translationAssist.ts';
import { computeVersionDiff } from '../../domain/translationDiff.ts';
import { findDuplicates, duplicatesOf } from '../../domain/translationDuplicates.ts';
import { toBase64 } from '../../domain/translationEdits.ts';
import { buildTranslationModel } from '../../domain/translationModel.ts';
import { currentTargetText, matchesIn, searchPattern } from '../../domain/translationSearch.ts';
import { generateRiseCourse } from '../../domain/translation.fixtures.ts';
import { openDatabase } from '../../server/db/database.ts';
import { memorySimilarity, normalizeMemoryText, TranslationMemoryIndex, type MemoryEntry } from '../../server/translations/memory.ts';
import { SEEDED_TRANSLATIONS } from '../../server/translations/seed.ts';
import { ackData, type ApiCall, callApi, callJson, connectUser, connectUsers, openConnected, type SignedIn, signIn, type UserClient } from '../support/clients.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { cdnFile as fetchCdnFile, getItem, seededItem, seededTranslationItems, smartReviewSurvey } from '../support/translations.ts';

let server: TestServer;
let alex: UserClient;
let vera: UserClient;
let maria: UserClient;
let rita: UserClient;
let sam: SignedIn;
const sockets: Socket[] = [];
const items = new Map<string, ItemDetail>();
let watcher: Socket;

const api = <T>(call: ApiCall, who: { token: string } | null, body?: unknown, headers?: Record<string, string>, base = server.url) => callApi<T>(base, call, who, body, headers);
const get = getItem;

const item = (title: string): ItemDetail => seededItem(items, title);
const french = () => item(SEEDED_TRANSLATIONS.storylineFrench);
const key = (path: readonly string[]) => pathKey([...path]);

async function validation(who: UserClient | null, detail: ItemDetail, locale: string, versionId = detail.versions.at(-1)!.id): Promise<ValidationResponse> {
  const result = await api<ValidationResponse>(TRANSLATION_CALLS.validation(detail.id, versionId, locale), who);
  expect(result.status).toBe(200);
  return result.body;
}
const cdnFile = (path: string): Promise<TranslationFile> => fetchCdnFile(server.url, path);

/** The suggestion request of a segment of the French Storyline target, as the client builds it. */
async function suggestionRequest(path: readonly string[]): Promise<SuggestionRequest> {
  const body = await validation(vera, french(), 'fr');
  const { model } = buildTranslationModel(await cdnFile(body.translationFilePath));
  const segment = model.segmentsByKey.get(key(path))!;
  return {
    translationItem: { path: segment.key, validationSegmentId: segment.validationSegmentId, textType: segment.textType, source: String(segment.source), target: String(segment.originalTarget) },
    sourceLocale: 'en',
    targetLocale: 'fr',
    extractedSourceText: segment.sourceText,
    extractedTranslatedText: segment.originalTargetText,
    validationId: body.validationId,
  };
}

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 600, llm: null });
  [alex, vera, maria, rita] = await connectUsers(server.url, ['alex.admin', 'vera.validator', 'maria.multi', 'rita.reach'], sockets);
  sam = await signIn(server.url, 'sam.staff@example.com');
  for (const [title, detail] of await seededTranslationItems(server.url, alex)) items.set(title, detail);
  watcher = await openConnected(server.url, `/item/${french().id}`, { token: maria.token }, sockets);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

describe('course updates and the version diff', () => {
  it('answers version 2 with its course updates (added, changed, removed) and version 1 with none', async () => {
    const body = await validation(vera, french(), 'fr');
    expect(body.showCourseUpdates).toBe(true);
    const { diff } = SEEDED_TRANSLATIONS;
    expect(body.updates[key(diff.addedPath)]).toBe('added');
    expect(body.updates[key([...diff.addedSlidePath, 'summary-title'])]).toBe('added');
    expect(body.updates[key(diff.sourceChangedPath)]).toBe('changed');
    expect(body.updates[key(diff.removedPath)]).toBe('removed');
    // A changed target (same source) is not a course update.
    expect(body.updates[key(diff.authoringChangedPath)]).toBeUndefined();
    const previous = await validation(vera, french(), 'fr', french().versions[0]!.id);
    expect(previous).toMatchObject({ updates: {}, showCourseUpdates: false });
  });

  it("serves version 1's validation for the diff, which shows the seeded new, removed, changed-source and both kinds of changed-target paths", async () => {
    const detail = french();
    const [v1, v2] = detail.versions;
    const result = await api<PreviousValidationResponse>(TRANSLATION_TOOL_CALLS.previousValidation(detail.id, v1!.id, 'fr'), vera);
    expect(result.status).toBe(200);
    const { diff } = SEEDED_TRANSLATIONS;
    expect(result.body).toMatchObject({ versionNumber: 1, versionCreatedAt: expect.any(String) });
    expect(result.body.paths[key(diff.unimportedPath)]).toMatchObject({ status: 'accepted', replacement: { newValue: diff.unimportedValue } });
    // The same validation as the validation GET of version 1.
    expect(result.body.validationId).toBe((await validation(vera, detail, 'fr', v1!.id)).validationId);

    const current = await validation(vera, detail, 'fr', v2!.id);
    const previousModel = buildTranslationModel(await cdnFile(result.body.translationFilePath)).model;
    const currentModel = buildTranslationModel(await cdnFile(current.translationFilePath)).model;
    const versionDiff = computeVersionDiff({ model: previousModel, changes: result.body.paths }, { model: currentModel, changes: current.paths });
    expect(versionDiff.newPaths).toContain(key(diff.addedPath));
    expect(versionDiff.removedPaths.map((entry) => entry.key)).toContain(key(diff.removedPath));
    expect(versionDiff.differentSources.map((entry) => entry.key)).toContain(key(diff.sourceChangedPath));
    const reasons = Object.fromEntries(versionDiff.differentTargets.map((entry) => [entry.key, entry.reason]));
    expect(reasons[key(diff.unimportedPath)]).toBe('UnimportedChange');
    expect(reasons[key(diff.authoringChangedPath)]).toBe('ChangedInAuthoringApp');
    expect(reasons[key(diff.importedPath)]).toBeUndefined();

    expect((await api(TRANSLATION_TOOL_CALLS.previousValidation(detail.id, 'no-such-version', 'fr'), vera)).status).toBe(404);
    expect((await api(TRANSLATION_TOOL_CALLS.previousValidation(detail.id, v1!.id, 'de'), vera)).status).toBe(404);
  });

  it('asks for the item password on the diff call too', async () => {
    const german = item(`${SEEDED_TRANSLATIONS.storylineStack} (German)`);
    const set = await callJson(server.url, `/api/items/${german.id}/share-settings/public`, { token: alex.token, method: 'PUT', body: { allowAnonComments: false, password: 'hallo' } });
    expect(set.status).toBe(200);
    const call = TRANSLATION_TOOL_CALLS.previousValidation(german.id, german.versions[0]!.id, 'de');
    expect(await api(call, null)).toMatchObject({ status: 403, body: { error: 'unauthorized' } });
    expect((await api(call, null, undefined, { [TRANSLATION_ITEM_PASSWORD_HEADER]: 'hallo' })).status).toBe(200);
  });
});

describe('suggestions', () => {
  it("suggests the Rise course's validated translation of a near-identical source, with its similarity as confidence", async () => {
    const { suggestion } = SEEDED_TRANSLATIONS;
    const result = await api<SuggestionResponse>(TRANSLATION_TOOL_CALLS.suggestions, vera, await suggestionRequest(suggestion.path));
    expect(result.status).toBe(200);
    expect(result.body.success).toBe(true);
    const answer = result.body.result!;
    expect(answer.model).toBe(suggestion.model);
    expect(answer.suggestions[0]).toMatchObject({ target: suggestion.expectedTarget, context: suggestion.context });
    expect(`${Math.round(answer.suggestions[0]!.confidence * 100)}%`).toBe(suggestion.confidencePercent);
    expect(answer.suggestions.length).toBeLessThanOrEqual(3);
    // The current translation is never suggested; the rating compares it with the best neighbour's translation.
    expect(answer.suggestions.map((s) => s.target)).not.toContain('Prenez des notes : noms, dates et numéros de commande.');
    expect(answer.originalRating).toBeGreaterThan(0);
    expect(answer.originalRating).toBeLessThan(1);
    expect(answer.originalContext).toContain('Onboarding course');
  });

  it('answers an empty list for a segment nothing in the memory resembles', async () => {
    const result = await api<SuggestionResponse>(TRANSLATION_TOOL_CALLS.suggestions, vera, await suggestionRequest(SEEDED_TRANSLATIONS.lowContrastPath));
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ success: true, result: { model: 'translation-memory', suggestions: [] } });
  });

  it('refuses signed-out callers (401), malformed bodies (400), no view rights and the flag off (403)', async () => {
    const request = await suggestionRequest(SEEDED_TRANSLATIONS.suggestion.path);
    expect(await api(TRANSLATION_TOOL_CALLS.suggestions, null, request)).toMatchObject({ status: 401, body: { error: 'unauthenticated' } });
    expect(await api(TRANSLATION_TOOL_CALLS.suggestions, vera, { ...request, extractedSourceText: undefined })).toMatchObject({ status: 400, body: { error: 'invalidRequest' } });
    expect((await api(TRANSLATION_TOOL_CALLS.suggestions, vera, { ...request, extra: 1 })).status).toBe(400);
    expect((await api(TRANSLATION_TOOL_CALLS.suggestions, vera, { ...request, validationId: 'no-such-validation' })).status).toBe(404);
    // Rita may not see the password-protected German target without the password.
    const german = item(`${SEEDED_TRANSLATIONS.storylineStack} (German)`);
    await callJson(server.url, `/api/items/${german.id}/share-settings/public`, { token: alex.token, method: 'PUT', body: { allowAnonComments: false, password: 'hallo' } });
    const germanValidation = await validation(alex, german, 'de');
    const ritaAsks = await api(TRANSLATION_TOOL_CALLS.suggestions, rita, { ...request, validationId: germanValidation.validationId });
    expect(ritaAsks.status).toBe(403);

    const flag = (value: boolean) => callJson(server.url, '/services/flags/v1/flags/llmSuggestions', { token: sam.token, method: 'PUT', body: { subscriptionId: null, value } });
    expect((await flag(false)).status).toBe(200);
    try {
      expect(await api(TRANSLATION_TOOL_CALLS.suggestions, vera, request)).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    } finally {
      expect((await flag(true)).status).toBe(200);
    }
    expect((await api(TRANSLATION_TOOL_CALLS.suggestions, vera, request)).status).toBe(200);
  });
});

describe('suggestions from an OpenAI-compatible service', () => {
  let fake: Server;
  let llmServer: TestServer;
  let mode: 'ok' | 'fail' | 'garbage' = 'ok';
  const seen: { path: string; authorization: string | undefined; body: { model: string; messages: { role: string; content: string }[] } }[] = [];

  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => resolve(text));
    });

  beforeAll(async () => {
    fake = createServer(async (request, response) => {
      seen.push({ path: request.url ?? '', authorization: request.headers.authorization, body: JSON.parse(await read(request)) });
      if (mode === 'fail') {
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"overloaded"}');
        return;
      }
      const content =
        mode === 'garbage'
          ? 'I cannot help with that.'
          : '```json\n' +
            JSON.stringify({
              originalContext: 'Accurate but a little stiff.',
              originalRating: 0.8,
              suggestions: [{ target: 'Notez noms, dates et numéros de commande.', context: 'Shorter', confidence: 0.91 }, { target: 42 }],
            }) +
            '\n```';
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ model: 'fake-model-1', choices: [{ message: { role: 'assistant', content } }] }));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const { port } = fake.address() as AddressInfo;
    llmServer = await startTestServer({ accessTokenTtlSeconds: 600, llm: { endpoint: `http://127.0.0.1:${port}/v1`, apiKey: 'test-key', model: 'fake-model' } });
  });
  afterAll(async () => {
    await llmServer?.close();
    await new Promise((resolve) => fake?.close(resolve));
  });

  it('asks the service with the key and the segment, parses its JSON answer, and answers 502 when it fails', async () => {
    const who = await signIn(llmServer.url, 'vera.validator@example.com');
    // The French target's validation on this server.
    const ids = await frenchIdOn(llmServer.url, who.token);
    const body = (await callJson<ValidationResponse>(llmServer.url, `/api${TRANSLATION_CALLS.validation(ids.itemId, ids.versionId, 'fr').path}`, { token: who.token })).body;
    const request: SuggestionRequest = {
      translationItem: { path: key(SEEDED_TRANSLATIONS.suggestion.path), validationSegmentId: 'cse-fr-listen-tip', textType: 'text', source: 'Take notes: names, dates and order numbers.', target: 'Prenez des notes : noms, dates et numéros de commande.' },
      sourceLocale: 'en',
      targetLocale: 'fr',
      extractedSourceText: 'Take notes: names, dates and order numbers.',
      extractedTranslatedText: 'Prenez des notes : noms, dates et numéros de commande.',
      validationId: body.validationId,
    };
    const ok = await api<SuggestionResponse>(TRANSLATION_TOOL_CALLS.suggestions, who, request, undefined, llmServer.url);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      success: true,
      result: { model: 'fake-model-1', originalContext: 'Accurate but a little stiff.', originalRating: 0.8, suggestions: [{ target: 'Notez noms, dates et numéros de commande.', context: 'Shorter', confidence: 0.91 }] },
    });
    const asked = seen.at(-1)!;
    expect(asked).toMatchObject({ path: '/v1/chat/completions', authorization: 'Bearer test-key', body: { model: 'fake-model' } });
    expect(asked.body.messages.at(-1)!.content).toContain('Take notes: names, dates and order numbers.');

    mode = 'fail';
    const failed = await api<SuggestionResponse>(TRANSLATION_TOOL_CALLS.suggestions, who, request, undefined, llmServer.url);
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ success: false, error: expect.stringContaining('500') });
    mode = 'garbage';
    expect((await api<SuggestionResponse>(TRANSLATION_TOOL_CALLS.suggestions, who, request, undefined, llmServer.url)).body).toMatchObject({ success: false });
    mode = 'ok';
  });
});

/** The French Storyline target's item id and latest version id on a server, through the item list. */
async function frenchIdOn(base: string, token: string): Promise<{ itemId: string; versionId: string }> {
  const client = await connectUser(base, 'alex.admin@example.com', sockets);
  const ack = (await client.socket.timeout(5000).emitWithAck('item.fetch', { folderId: 'ALL_CONTENT', page: 1, search: SEEDED_TRANSLATIONS.storylineStack, product: 'all' })) as {
    data: { items: { id: string; title: string; isStack: boolean }[] };
  };
  const entry = ack.data.items.find((i) => i.isStack)!;
  const { body } = await callJson<{ itemIds: string[] }>(base, `/api/item-stacks/${entry.id}`, { token });
  for (const id of body.itemIds) {
    const detail = ackData(await get(client.socket, id)).item;
    if (detail.title === SEEDED_TRANSLATIONS.storylineFrench) return { itemId: detail.id, versionId: detail.versions.at(-1)!.id };
  }
  throw new Error('no French target');
}

describe('translation-memory reports', () => {
  it('has the seeded completed report on the French target (hits from the Rise course) and the rejected one on the German target', async () => {
    const body = await validation(vera, french(), 'fr');
    const result = await api<MemoryReportResponse>(TRANSLATION_TOOL_CALLS.memoryReport(body.validationId), vera);
    expect(result.status).toBe(200);
    const report = result.body.reports[0]!;
    expect(report).toMatchObject({ status: 'completed', sourceLanguage: 'en', targetLanguage: 'fr', formality: 'default', message: null });
    expect((await cdnFile(body.translationFilePath)).translationMemoryReportIds).toEqual([report.id]);
    const hit = report.reportItems.find((entry) => entry.path === key(SEEDED_TRANSLATIONS.memoryReports.hitPath))!;
    expect(hit.memoryHits[0]).toMatchObject({ origin: SEEDED_TRANSLATIONS.memoryReports.hitOrigin, translations: [SEEDED_TRANSLATIONS.suggestion.expectedTarget] });
    expect(hit.memoryHits[0]!.metricValue).toBeGreaterThanOrEqual(MEMORY_HIT_MIN_SIMILARITY);
    // Only other courses count: nothing comes from the French Storyline course itself.
    expect(report.reportItems.flatMap((entry) => entry.memoryHits.map((h) => h.origin))).not.toContain('Customer service essentials (fr)');

    const german = await validation(alex, item(SEEDED_TRANSLATIONS.memoryReports.rejectedFor), 'de');
    const rejected = await api<MemoryReportResponse>(TRANSLATION_TOOL_CALLS.memoryReport(german.validationId), alex);
    expect(rejected.body.reports).toEqual([expect.objectContaining({ status: 'rejected', message: SEEDED_TRANSLATIONS.memoryReports.rejectedMessage, reportItems: [] })]);
    // A validation nobody asked a report for has none.
    const rise = await validation(vera, item(SEEDED_TRANSLATIONS.riseFrench), 'fr');
    expect((await api<MemoryReportResponse>(TRANSLATION_TOOL_CALLS.memoryReport(rise.validationId), vera)).body).toEqual({ reports: [] });
  });

  it('computes a requested report in the background: 202 requested, processing and completed pushed, hits at 75 % or more', async () => {
    const body = await validation(maria, french(), 'fr');
    const statuses: string[] = [];
    const done = new Promise<MemoryReportPush>((resolve) => {
      const listener = (push: MemoryReportPush) => {
        if (push.validationId !== body.validationId) return;
        statuses.push(push.status);
        if (push.status === 'completed' || push.status === 'rejected') {
          watcher.off('memoryReportUpdated', listener);
          resolve(push);
        }
      };
      watcher.on('memoryReportUpdated', listener);
    });
    const requested = await api<{ report: { id: string; status: string } }>(TRANSLATION_TOOL_CALLS.requestMemoryReport(body.validationId), maria);
    expect(requested.status).toBe(202);
    expect(requested.body.report.status).toBe('requested');
    const push = await done;
    expect(push).toMatchObject({ itemId: french().id, reportId: requested.body.report.id, status: 'completed' });
    expect(statuses).toEqual(['processing', 'completed']);
    const reports = (await api<MemoryReportResponse>(TRANSLATION_TOOL_CALLS.memoryReport(body.validationId), vera)).body.reports;
    const fresh = reports.find((r) => r.id === requested.body.report.id)!;
    expect(fresh.completedAt).not.toBeNull();
    expect(fresh.reportItems.length).toBeGreaterThan(0);
    for (const entry of fresh.reportItems) for (const hit of entry.memoryHits) expect(hit.metricValue).toBeGreaterThanOrEqual(MEMORY_HIT_MIN_SIMILARITY);
  });

  it('refuses a request while one is processing (409), and callers without the translate permission (403) or signed out (401)', async () => {
    const body = await validation(vera, french(), 'fr');
    // A report stuck in processing (as after a long computation).
    const db = await openDatabase(server.dataDir);
    try {
      await db
        .insertInto('translation_memory_reports')
        .values({ id: 'stuck-report', validation_id: body.validationId, status: 'processing', source_language: 'en', target_language: 'fr', message: null, requested_at: new Date().toISOString(), completed_at: null })
        .execute();
      expect(await api(TRANSLATION_TOOL_CALLS.requestMemoryReport(body.validationId), vera)).toMatchObject({ status: 409, body: { error: 'reportInProgress' } });
      await db.deleteFrom('translation_memory_reports').where('id', '=', 'stuck-report').execute();
    } finally {
      await db.destroy();
    }
    expect(await api(TRANSLATION_TOOL_CALLS.requestMemoryReport(body.validationId), rita)).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect((await api(TRANSLATION_TOOL_CALLS.requestMemoryReport(body.validationId), null)).status).toBe(401);
    expect((await api(TRANSLATION_TOOL_CALLS.memoryReport('no-such-validation'), vera)).status).toBe(404);
  });
});

describe('surveys and snapshots', () => {
  const survey = (who: UserClient): ExperienceBody => smartReviewSurvey(who.email);

  it('stores a survey answer (204) and lists it as submitted for that user only', async () => {
    expect((await api<ExperienceStatusResponse>(TRANSLATION_TOOL_CALLS.experienceStatus, vera)).body).toEqual({ submitted: [] });
    expect((await api(TRANSLATION_TOOL_CALLS.experience, vera, survey(vera))).status).toBe(204);
    expect((await api(TRANSLATION_TOOL_CALLS.experience, vera, { ...survey(vera), slug: 'translation-progress', surveyResponse: undefined, feedback: 'Great tool' })).status).toBe(204);
    expect((await api<ExperienceStatusResponse>(TRANSLATION_TOOL_CALLS.experienceStatus, vera)).body).toEqual({ submitted: ['translation-progress', 'smart-review-survey'] });
    expect((await api<ExperienceStatusResponse>(TRANSLATION_TOOL_CALLS.experienceStatus, maria)).body).toEqual({ submitted: [] });
  });

  it('refuses surveys signed out (401) and malformed ones (400: unknown slug, four selections, other without text)', async () => {
    expect((await api(TRANSLATION_TOOL_CALLS.experience, null, survey(vera))).status).toBe(401);
    expect((await api(TRANSLATION_TOOL_CALLS.experienceStatus, null)).status).toBe(401);
    expect(await api(TRANSLATION_TOOL_CALLS.experience, maria, { ...survey(maria), slug: 'no-such-survey' })).toMatchObject({ status: 400, body: { error: 'invalidRequest' } });
    const answers = survey(maria).surveyResponse!;
    expect((await api(TRANSLATION_TOOL_CALLS.experience, maria, { ...survey(maria), surveyResponse: { ...answers, adjustTone: true, adaptToRegion: true } })).status).toBe(400);
    expect((await api(TRANSLATION_TOOL_CALLS.experience, maria, { ...survey(maria), surveyResponse: { ...answers, otherText: '  ' } })).status).toBe(400);
    expect((await api<ExperienceStatusResponse>(TRANSLATION_TOOL_CALLS.experienceStatus, maria)).body.submitted).toEqual([]);
  });

  it('stores a snapshot and answers its CDN URL as text; refuses one without html', async () => {
    const html = '<!doctype html><html><body><h1>Slide 2.1</h1><script>alert(1)</script></body></html>';
    // The answer is text, not JSON: read it raw.
    const response = await fetch(`${server.url}/api${TRANSLATION_TOOL_CALLS.snapshot.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${vera.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ html: toBase64(html), width: 960, height: 540 }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const url = await response.text();
    expect(url).toMatch(new RegExp(`^${server.url}/services/cdn/snapshots/[0-9a-f-]{36}\\.html$`));
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(html);
    expect(page.headers.get('content-security-policy')).toContain('sandbox');

    expect(await api(TRANSLATION_TOOL_CALLS.snapshot, vera, { html: '', width: 960, height: 540 })).toMatchObject({ status: 400, body: { message: 'A snapshot without html is malformed' } });
    expect((await api(TRANSLATION_TOOL_CALLS.snapshot, vera, { html: '%%%', width: 960, height: 540 })).status).toBe(400);
    expect((await api(TRANSLATION_TOOL_CALLS.snapshot, vera, { html: toBase64(html), width: 0, height: 540 })).status).toBe(400);
    expect((await api(TRANSLATION_TOOL_CALLS.snapshot, null, { html: toBase64(html), width: 960, height: 540 })).status).toBe(401);
  });
});

describe("the seed's material for find, duplicates, low contrast and audio", () => {
  it('has the French search word as a whole word on segments of several slides, and inside a longer word once', async () => {
    const body = await validation(vera, french(), 'fr');
    const { model } = buildTranslationModel(await cdnFile(body.translationFilePath));
    const pattern = searchPattern(SEEDED_TRANSLATIONS.search.frenchWord, 'fr')!;
    const found = model.segments.filter((segment) => matchesIn(currentTargetText(segment, body.paths[segment.key]), pattern).length > 0).map((segment) => segment.key);
    expect(found).toEqual(SEEDED_TRANSLATIONS.search.frenchWordPaths.map(key));
    expect(new Set(found.map((k) => model.segmentsByKey.get(k)!.navKey)).size).toBeGreaterThanOrEqual(3);
    expect(model.segmentsByKey.get(key(SEEDED_TRANSLATIONS.search.longerWordPath))!.originalTargetText).toContain(SEEDED_TRANSLATIONS.search.longerWord);
  });

  it('has the Japanese substring inside a longer word, found by plain match', async () => {
    const body = await validation(vera, item(SEEDED_TRANSLATIONS.japanese.title), 'ja');
    const { model } = buildTranslationModel(await cdnFile(body.translationFilePath));
    const pattern = searchPattern(SEEDED_TRANSLATIONS.japanese.substring, 'ja')!;
    const found = model.segments.filter((segment) => matchesIn(segment.originalTargetText, pattern).length > 0);
    expect(found.length).toBeGreaterThanOrEqual(2);
    expect(found.every((segment) => segment.originalTargetText.includes(SEEDED_TRANSLATIONS.japanese.word))).toBe(true);
  });

  it('has three formatting duplicates plus a bold one, a low-contrast span and one segment per audio type', async () => {
    const body = await validation(vera, french(), 'fr');
    const { model } = buildTranslationModel(await cdnFile(body.translationFilePath));
    const index = findDuplicates(model.segments);
    const { duplicates } = SEEDED_TRANSLATIONS;
    const first = key(duplicates.paths[0]);
    expect(duplicatesOf(index, first, 'formatting').sort()).toEqual(duplicates.paths.slice(1).map(key).sort());
    expect(duplicatesOf(index, first, 'plain')).toContain(key(duplicates.boldPath));
    expect(lowContrastTextPaths(model)).toContain(key(SEEDED_TRANSLATIONS.lowContrastPath));
    const { audio } = SEEDED_TRANSLATIONS;
    for (const type of ['script', 'captions', 'transcript'] as const) expect(model.segmentsByKey.get(key(audio[type]))!.meta.type).toBe(type);
  });
});


describe('the translation-memory index', () => {
  it('finds exactly the sources a brute-force comparison finds: comparing a small window one by one, or through the trigram index', () => {
    const memory = buildTranslationModel(generateRiseCourse({ segments: 300, targetLocale: 'fr', seed: 3 })).model;
    const entries: MemoryEntry[] = memory.segments.map((segment) => ({ source: segment.sourceText, translation: segment.originalTargetText, validated: true, itemId: 'm', key: segment.key, courseTitle: 'M', locale: 'fr' }));
    // Queries: other texts, and the memory's own sources with a few characters changed.
    const queries = [
      ...buildTranslationModel(generateRiseCourse({ segments: 100, targetLocale: 'fr', seed: 4 })).model.segments.map((segment) => segment.sourceText),
      ...memory.segments.slice(0, 100).map((segment, i) => `${segment.sourceText.slice(0, -3 - (i % 5))}xy${i % 3 === 0 ? ' z' : ''}`),
    ];
    const sources = [...new Set(entries.map((entry) => normalizeMemoryText(entry.source)))].filter((source) => source !== '');
    const cases = [
      { index: new TranslationMemoryIndex(entries), min: MEMORY_HIT_MIN_SIMILARITY },
      { index: new TranslationMemoryIndex(entries), min: 0.5 },
      // Never one by one: the trigram index and its prefix filter alone.
      { index: new TranslationMemoryIndex(entries, { scanAllBelow: 0 }), min: MEMORY_HIT_MIN_SIMILARITY },
    ];
    for (const { index, min } of cases) {
      let total = 0;
      for (const query of queries) {
        const expected = sources.filter((source) => memorySimilarity(query, source) >= min - 1e-9).sort();
        const found = index.search(query, min).map((hit) => hit.source).sort();
        expect(found).toEqual(expected);
        total += found.length;
      }
      expect(total).toBeGreaterThan(50);
    }
  });
});
