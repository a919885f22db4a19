/**
 * The translation calls (translation-editor §7; domain/translation.ts TRANSLATION_CALLS) against a real server:
 * the validation GET (view rights, item password, 404s), the CDN files and language maps, commands (saved and
 * reloaded, base64 of Japanese and Arabic text, locks, unknown paths with nothing applied, approvals, the
 * translate-content permission, signed out, markup only), progress complete / reopen and reset with their pushes
 * seen by another validator's item socket, get-segments, the stack sidebar's call, and ItemDetail.showTranslationsTab;
 * the translation file compressed as asked, with its ETag and a 304 for a browser that holds it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemDetail } from '../../domain/items.ts';
import {
  COMMAND_APPROVE,
  COMMAND_UPDATE,
  pathKey,
  TRANSLATION_CALLS,
  TRANSLATION_ITEM_PASSWORD_HEADER,
  TRANSLATION_MESSAGES,
  TRANSLATION_VIEW,
  type CommandChange,
  type CommandsResponse,
  type GetSegmentsResponse,
  type LanguageMap,
  type TranslationFile,
  type TranslationPushes,
  type TranslationStackResponse,
  type ValidationResponse,
} from '../../domain/translation.ts';
import { fixtureItems } from '../../domain/translation.fixtures.ts';
import { toBase64 } from '../../domain/translationEdits.ts';
import { SEEDED_TRANSLATIONS } from '../../server/translations/seed.ts';
import { ackData, type ApiCall, callApi, callJson, connectUsers, openConnected, type UserClient, waitFor } from '../support/clients.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { cdnFile as fetchCdnFile, getItem, seededItem, seededTranslationItems } from '../support/translations.ts';

let server: TestServer;
let alex: UserClient;
let vera: UserClient;
let maria: UserClient;
let rita: UserClient;
const sockets: Socket[] = [];
/** Items of both stacks by title, as alex receives them. */
const items = new Map<string, ItemDetail>();
/** Maria's socket on the French Storyline target: the second validator who sees the pushes. */
let watcher: Socket;

const api = <T>(call: ApiCall, who: UserClient | null, body?: unknown, headers?: Record<string, string>) => callApi<T>(server.url, call, who, body, headers);

const get = getItem;

const item = (title: string): ItemDetail => seededItem(items, title);
const title = (stack: string, locale: keyof typeof SEEDED_TRANSLATIONS.languages) => `${stack} (${SEEDED_TRANSLATIONS.languages[locale]})`;
const latest = (detail: ItemDetail) => detail.versions.at(-1)!.id;

async function validation(who: UserClient | null, detail: ItemDetail, locale: string, options: { versionId?: string; headers?: Record<string, string> } = {}) {
  return api<ValidationResponse>(TRANSLATION_CALLS.validation(detail.id, options.versionId ?? latest(detail), locale), who, undefined, options.headers);
}
async function okValidation(who: UserClient | null, detail: ItemDetail, locale: string, versionId?: string): Promise<ValidationResponse> {
  const result = await validation(who, detail, locale, versionId === undefined ? {} : { versionId });
  expect(result.status).toBe(200);
  return result.body;
}
const cdnFile = (path: string): Promise<TranslationFile> => fetchCdnFile(server.url, path);

const change = (path: string[], text: string, extra: Partial<CommandChange> = {}): CommandChange => ({
  path: pathKey(path),
  command: COMMAND_UPDATE,
  data: { newValue: toBase64(text), normalizedLevenshteinDistance: 0.4 },
  isCourseUpdate: false,
  ...extra,
});
const commands = (who: UserClient | null, validationId: string, changes: CommandChange[], headers?: Record<string, string>) =>
  api<CommandsResponse>(TRANSLATION_CALLS.commands(validationId), who, { email: who?.email ?? '', changes, view: TRANSLATION_VIEW }, headers);
const progressBody = (who: UserClient, path: string[]) => ({ path: pathKey(path), email: who.email, view: TRANSLATION_VIEW, isCourseUpdate: false });

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 600 });
  [alex, vera, maria, rita] = await connectUsers(server.url, ['alex.admin', 'vera.validator', 'maria.multi', 'rita.reach'], sockets);
  for (const [title, detail] of await seededTranslationItems(server.url, alex)) items.set(title, detail);
  watcher = await openConnected(server.url, `/item/${item(SEEDED_TRANSLATIONS.storylineFrench).id}`, { token: maria.token }, sockets);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

describe('§5 old Storyline versions', () => {
  // Runs first: the German Storyline target's stored file is given an old Storyline release before the service has
  // read it (the service keeps parsed files), with its structure unchanged for the later tests.
  it('an edit of a course published by a Storyline release older than 3.60 is refused with 409 and the spec’s message', async () => {
    const german = item(title(SEEDED_TRANSLATIONS.storylineStack, 'de'));
    const db = new Database(path.join(server.dataDir, 'review.sqlite'), { readonly: true });
    const { key } = db.prepare('select file_key as key from translation_files where item_id = ? and version_id = ?').get(german.id, latest(german)) as { key: string };
    db.close();
    const stored = path.join(server.dataDir, 'cdn', ...key.split('/'));
    const file = JSON.parse(await readFile(stored, 'utf8')) as TranslationFile;
    await writeFile(stored, JSON.stringify({ ...file, storylineVersion: '3.50.1234.0' }));
    const { body: answer } = await validation(vera, german, 'de');
    const [first] = fixtureItems(file.children);
    const change: CommandChange = { path: pathKey(first!.path), command: COMMAND_UPDATE, data: { newValue: toBase64('Neuer Text'), normalizedLevenshteinDistance: 0.5 }, isCourseUpdate: false };
    const refused = await api<{ error: string; message: string }>(TRANSLATION_CALLS.commands(answer.validationId), vera, { email: 'vera.validator@example.com', changes: [change], view: TRANSLATION_VIEW });
    expect(refused).toMatchObject({ status: 409, body: { error: 'unsupportedVersion', message: TRANSLATION_MESSAGES.oldStoryline } });
    expect((await validation(vera, german, 'de')).body.paths).toEqual(answer.paths);
  });
});

describe('GET validation and the CDN', () => {
  it("answers vera the French Storyline target's seeded edits, progress and names; the file is on the CDN", async () => {
    const french = item(SEEDED_TRANSLATIONS.storylineFrench);
    expect(french.versions).toHaveLength(2);
    const body = await okValidation(vera, french, 'fr');
    const complete = pathKey([...SEEDED_TRANSLATIONS.completeSlidePath]);
    expect(body.progressDetails[complete]).toMatchObject({ userId: vera.aid, isCourseUpdate: false });
    expect(body.paths[pathKey([...SEEDED_TRANSLATIONS.pendingSegmentPath])]).toMatchObject({ status: 'pending', proposedBy: vera.aid, lastAcceptedBy: null });
    expect(body.paths[pathKey([...SEEDED_TRANSLATIONS.completeSlidePath, 'welcome-intro'])]).toMatchObject({ status: 'accepted', proposedBy: maria.aid, lastAcceptedBy: vera.aid });
    expect(body.profiles[vera.aid]).toEqual({ firstName: 'Vera', lastName: expect.any(String) });
    expect(body.profiles[maria.aid]?.firstName).toBe('Maria');
    // Version 2 has course updates against version 1 (issue 9; tests/server/translationTools.test.ts has the details).
    expect(body.showCourseUpdates).toBe(true);
    // The same validation on every read.
    expect((await okValidation(maria, french, 'fr')).validationId).toBe(body.validationId);

    const file = await cdnFile(body.translationFilePath);
    expect(file).toMatchObject({ sourceLocale: 'en', targetLocale: 'fr', version: 2, product: 'storyline' });
    expect(file.baseChildren.length).toBeGreaterThan(0);
    const titles = file.children.map((node) => (node.type === 'group' ? node.title : node.id));
    expect(titles).toEqual(['1 Untitled Scene', 'Handling complaints', 'Complaint scenarios']);
    // Version 1's file is its own, without the summary slide.
    const previous = await okValidation(vera, french, 'fr', french.versions[0]!.id);
    expect(previous.validationId).not.toBe(body.validationId);
    expect((await cdnFile(previous.translationFilePath)).version).toBe(1);
  });

  it('lets an anonymous reviewer read a public target, and refuses unknown items, versions and locales with 404', async () => {
    const riseFrench = item(SEEDED_TRANSLATIONS.riseFrench);
    const anonymous = await okValidation(null, riseFrench, 'fr');
    const riseFile = await cdnFile(anonymous.translationFilePath);
    expect(riseFile).toMatchObject({ product: 'rise', targetLocale: 'fr' });
    expect(fixtureItems(riseFile.children)[0]?.item.target).toBe('Parcours d’intégration');
    expect((await okValidation(null, riseFrench, 'FR')).validationId).toBe((await okValidation(vera, riseFrench, 'fr')).validationId);
    const notFound = await api(TRANSLATION_CALLS.validation('no-such-item', latest(riseFrench), 'fr'), vera);
    expect(notFound).toMatchObject({ status: 404, body: { error: 'notFound' } });
    expect((await validation(vera, riseFrench, 'de')).status).toBe(404);
    expect((await validation(vera, riseFrench, 'fr', { versionId: latest(item(SEEDED_TRANSLATIONS.storylineFrench)) })).status).toBe(404);
    // The source is not a target.
    expect((await validation(vera, item(title(SEEDED_TRANSLATIONS.riseStack, 'en')), 'en')).status).toBe(404);
    const invalid = await callJson(server.url, `/api${TRANSLATION_CALLS.validation(riseFrench.id, latest(riseFrench), 'fr').path}`, { headers: { authorization: 'Bearer nope' } });
    expect(invalid).toMatchObject({ status: 401, body: { error: 'unauthenticated' } });
  });

  it('asks for the item password in x-item-password once the item has one', async () => {
    const german = item(title(SEEDED_TRANSLATIONS.riseStack, 'de'));
    const set = await callJson(server.url, `/api/items/${german.id}/share-settings/public`, { token: alex.token, method: 'PUT', body: { allowAnonComments: false, password: 'bonjour' } });
    expect(set.status).toBe(200);
    expect(await validation(null, german, 'de')).toMatchObject({ status: 403, body: { error: 'unauthorized' } });
    expect((await validation(null, german, 'de', { headers: { [TRANSLATION_ITEM_PASSWORD_HEADER]: 'wrong' } })).status).toBe(403);
    const ok = await validation(null, german, 'de', { headers: { [TRANSLATION_ITEM_PASSWORD_HEADER]: 'bonjour' } });
    expect(ok.status).toBe(200);
    // Alex sees the item through its folder: no password asked.
    expect((await validation(alex, german, 'de')).status).toBe(200);
    // get-segments leaves the segments of a password item out without the header.
    const file = await cdnFile(ok.body.translationFilePath);
    const ids = fixtureItems(file.children).slice(0, 2).map((entry) => entry.item.validationSegmentId);
    const without = await api<GetSegmentsResponse>(TRANSLATION_CALLS.getSegments, null, { validationSegmentIds: ids, validationId: ok.body.validationId });
    expect(without.body.data).toEqual([]);
    const withHeader = await api<GetSegmentsResponse>(TRANSLATION_CALLS.getSegments, null, { validationSegmentIds: ids, validationId: ok.body.validationId }, { [TRANSLATION_ITEM_PASSWORD_HEADER]: 'bonjour' });
    expect(withHeader.body.data.map((entry) => entry.validationSegmentId).sort()).toEqual([...ids].sort());
  });

  it('serves language maps for en, fr and de, and 404s other display locales and unknown files', async () => {
    const en = await fetch(`${server.url}/services/cdn/${TRANSLATION_CALLS.languageMap('en')}`);
    expect(en.status).toBe(200);
    const map = (await en.json()) as LanguageMap;
    expect(map.fr).toMatchObject({ displayName: 'French', authorDisplayName: 'Français', ISO639_1: 'fr' });
    expect(map['zh-cn']).toMatchObject({ displayName: 'Chinese', script: 'Simplified' });
    expect(map['pt-br']).toMatchObject({ displayName: 'Portuguese', variant: 'Brazil' });
    for (const code of ['en', 'de', 'ja', 'ar', 'es', 'it', 'zh-tw', 'ko', 'he', 'fa-ir']) expect(map[code]?.displayName).toBeTruthy();
    const fr = (await (await fetch(`${server.url}/services/cdn/${TRANSLATION_CALLS.languageMap('fr')}`)).json()) as LanguageMap;
    expect(fr.de?.displayName).toBe('Allemand');
    expect((await fetch(`${server.url}/services/cdn/${TRANSLATION_CALLS.languageMap('xx')}`)).status).toBe(404);
    expect((await fetch(`${server.url}/services/cdn/translations/no/such/00000000-0000-0000-0000-000000000000.json`)).status).toBe(404);
  });
});

/** A raw GET (no decoding by the client): status, headers and the bytes as sent. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

describe('translation files on the CDN', () => {
  it('sends a file compressed as asked with an ETag, and answers 304 to a browser holding it', async () => {
    const { translationFilePath } = await okValidation(vera, item(SEEDED_TRANSLATIONS.storylineFrench), 'fr');
    const url = `${server.url}/services/cdn/${translationFilePath}`;
    const plain = await rawGet(url, { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(plain.body.toString('utf8')) as TranslationFile;
    expect(json.children.length).toBeGreaterThan(0);

    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toMatch(/^".+"$/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(json);

    const gz = await rawGet(url, { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.etag).toBe(br.headers.etag);
    expect(JSON.parse(gunzipSync(gz.body).toString('utf8'))).toEqual(json);

    const again = await rawGet(url, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // Another ETag (an older file) gets the file.
    expect((await rawGet(url, { 'accept-encoding': 'br', 'if-none-match': '"other"' })).status).toBe(200);
    expect((await rawGet(`${server.url}/services/cdn/translations/no/such/00000000-0000-0000-0000-000000000000.json`, { 'accept-encoding': 'br' })).status).toBe(404);
  });
});

describe('POST commands', () => {
  it('saves an edit, answers it, pushes updateSegments to the other validator, and shows it on reload', async () => {
    const french = item(SEEDED_TRANSLATIONS.storylineFrench);
    const { validationId } = await okValidation(vera, french, 'fr');
    const path = [...SEEDED_TRANSLATIONS.variableSegmentPath];
    const text = '%UserName%, un client dont le problème est <b>vite résolu</b> devient plus fidèle.';
    const pushed = waitFor<TranslationPushes['updateSegments']>(watcher, 'updateSegments', (data) => data.validationId === validationId);
    const saved = await commands(vera, validationId, [change(path, text)]);
    expect(saved.status).toBe(200);
    expect(saved.body.paths[pathKey(path)]).toMatchObject({ status: 'pending', proposedBy: vera.aid, replacement: { newValue: text } });
    const push = await pushed;
    expect(push).toMatchObject({ itemId: french.id, itemIdHash: french.id, version: 2, by: vera.aid });
    expect(push.validationSegmentIds).toEqual([saved.body.paths[pathKey(path)]!.validationSegmentId]);
    expect((await okValidation(maria, french, 'fr')).paths[pathKey(path)]?.replacement.newValue).toBe(text);
  });

  it('keeps Japanese and Arabic text through base64', async () => {
    for (const [locale, text] of [
      ['ja', 'お客様の話を最後まで聞きましょう。'],
      ['ar', 'استمع إلى العميل حتى النهاية.'],
    ] as const) {
      const target = item(title(SEEDED_TRANSLATIONS.storylineStack, locale));
      const body = await okValidation(vera, target, locale);
      const file = await cdnFile(body.translationFilePath);
      const segment = fixtureItems(file.children).find((entry) => entry.item.textType === 'text' && !entry.path.includes('template-1'))!;
      const saved = await commands(vera, body.validationId, [change(segment.path, text)]);
      expect(saved.status).toBe(200);
      expect((await okValidation(vera, target, locale)).paths[pathKey(segment.path)]?.replacement.newValue).toBe(text);
    }
  });

  it('refuses a locked segment (complete group, previous version) with 409 and stores nothing', async () => {
    const french = item(SEEDED_TRANSLATIONS.storylineFrench);
    const { validationId, paths } = await okValidation(vera, french, 'fr');
    const locked = [...SEEDED_TRANSLATIONS.completeSlidePath, 'welcome-start'];
    expect(await commands(vera, validationId, [change(locked, 'Cliquez pour commencer.')])).toMatchObject({ status: 409, body: { error: 'locked' } });
    expect((await okValidation(vera, french, 'fr')).paths[pathKey(locked)]).toEqual(paths[pathKey(locked)]);
    const previous = await okValidation(vera, french, 'fr', french.versions[0]!.id);
    const listen = [...SEEDED_TRANSLATIONS.pendingSegmentPath];
    expect(await commands(vera, previous.validationId, [change(listen, 'Écoutez.')])).toMatchObject({ status: 409, body: { error: 'locked' } });
  });

  it('refuses a batch with an unknown path (400 segmentNotFound) without applying its other changes', async () => {
    const french = item(SEEDED_TRANSLATIONS.storylineFrench);
    const { validationId } = await okValidation(vera, french, 'fr');
    const good = ['scene-2', 'slide-2-1', 'listen-tip'];
    const result = await commands(vera, validationId, [change(good, 'Notez les noms et les dates.'), change(['scene-2', 'no-such-slide', 'x'], 'Rien')]);
    expect(result).toMatchObject({ status: 400, body: { error: 'segmentNotFound' } });
    expect((await commands(vera, validationId, [{ ...change(good, 'x'), path: 'not json' }])).body).toMatchObject({ error: 'segmentNotFound' });
    expect((await okValidation(vera, french, 'fr')).paths[pathKey(good)]).toBeUndefined();
  });

  it('refuses approvals, markup-only values, people without the translate permission and signed-out callers', async () => {
    const french = item(SEEDED_TRANSLATIONS.storylineFrench);
    const { validationId } = await okValidation(vera, french, 'fr');
    const path = ['scene-2', 'slide-2-2', 'learn-note'];
    expect(await commands(vera, validationId, [change(path, 'Excusez-vous.', { command: COMMAND_APPROVE })])).toMatchObject({
      status: 400,
      body: { error: 'approvalsNotImplemented', message: TRANSLATION_MESSAGES.approvals },
    });
    expect(await commands(vera, validationId, [change(path, '<b></b><br/>')])).toMatchObject({ status: 400, body: { error: 'invalidRequest' } });
    expect(await commands(vera, validationId, [change(path, '   ')])).toMatchObject({ status: 400, body: { error: 'invalidRequest' } });
    // A playerJson segment takes only blocks of spans.
    expect(await commands(vera, validationId, [change([...SEEDED_TRANSLATIONS.playerJsonSegmentPath], 'plain text')])).toMatchObject({ status: 400, body: { error: 'invalidRequest' } });
    expect((await commands(vera, validationId, [{ ...change(path, 'x'), data: { newValue: '###', normalizedLevenshteinDistance: 0 } }])).status).toBe(400);
    // Rita opens the public item but holds no translate_content on the Demo Team subscription.
    expect((await validation(rita, french, 'fr')).status).toBe(200);
    expect(await commands(rita, validationId, [change(path, 'Excusez-vous.')])).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect(await commands(null, validationId, [change(path, 'Excusez-vous.')])).toMatchObject({ status: 401, body: { error: 'unauthenticated' } });
    expect((await commands(vera, 'no-such-validation', [change(path, 'Excusez-vous.')])).status).toBe(404);
    expect((await okValidation(vera, french, 'fr')).paths[pathKey(path)]).toBeUndefined();
  });

  it('saves styled playerJson spans as their JSON', async () => {
    const french = item(SEEDED_TRANSLATIONS.storylineFrench);
    const { validationId } = await okValidation(vera, french, 'fr');
    const value = JSON.stringify({ blocks: [{ spans: [{ text: 'Écouter', style: { bold: true } }, { text: ', comprendre', style: { bold: false } }] }] });
    const saved = await commands(maria, validationId, [change([...SEEDED_TRANSLATIONS.playerJsonSegmentPath], value)]);
    expect(saved.status).toBe(200);
    expect(JSON.parse(saved.body.paths[pathKey([...SEEDED_TRANSLATIONS.playerJsonSegmentPath])]!.replacement.newValue)).toEqual(JSON.parse(value));
  });
});

describe('progress, reset and get-segments', () => {
  it('completes a slide (its pending edits accepted, groupComplete pushed) and reopens it (pending again, deleteProgress pushed)', async () => {
    const french = item(SEEDED_TRANSLATIONS.storylineFrench);
    const { validationId } = await okValidation(vera, french, 'fr');
    const slide = ['scene-2', 'slide-2-1'];
    const pending = pathKey([...SEEDED_TRANSLATIONS.pendingSegmentPath]);

    const completed = waitFor<TranslationPushes['groupComplete']>(watcher, 'groupComplete', (data) => data.path === pathKey(slide));
    expect((await api(TRANSLATION_CALLS.completeGroup(validationId), vera, progressBody(vera, slide))).status).toBe(204);
    const push = await completed;
    expect(push.progress).toMatchObject({ userId: vera.aid, isCourseUpdate: false });
    expect(push.changes[pending]).toMatchObject({ status: 'accepted', lastAcceptedBy: vera.aid });
    expect(push.profiles[vera.aid]?.firstName).toBe('Vera');
    const after = await okValidation(maria, french, 'fr');
    expect(after.progressDetails[pathKey(slide)]?.userId).toBe(vera.aid);
    expect(after.paths[pending]?.status).toBe('accepted');
    // Complete again: nothing changes. Its segments are locked now.
    expect((await api(TRANSLATION_CALLS.completeGroup(validationId), maria, progressBody(maria, slide))).status).toBe(204);
    expect((await okValidation(vera, french, 'fr')).progressDetails[pathKey(slide)]?.userId).toBe(vera.aid);
    expect((await commands(vera, validationId, [change([...SEEDED_TRANSLATIONS.pendingSegmentPath], 'Écoutez.')])).status).toBe(409);

    const reopened = waitFor<TranslationPushes['deleteProgress']>(watcher, 'deleteProgress', (data) => data.path === pathKey(slide));
    expect((await api(TRANSLATION_CALLS.reopenGroup(validationId), vera, progressBody(vera, slide))).status).toBe(204);
    const back = await reopened;
    expect(back).toMatchObject({ itemId: french.id, validationId, by: vera.aid });
    expect(back.changes[pending]?.status).toBe('pending');
    const reloaded = await okValidation(vera, french, 'fr');
    expect(reloaded.progressDetails[pathKey(slide)]).toBeUndefined();
    expect(reloaded.paths[pending]?.status).toBe('pending');
    expect((await api(TRANSLATION_CALLS.reopenGroup(validationId), vera, progressBody(vera, slide))).status).toBe(204);
  });

  it('refuses progress on what is not a nav group, on a previous version, and without rights', async () => {
    const french = item(SEEDED_TRANSLATIONS.storylineFrench);
    const { validationId } = await okValidation(vera, french, 'fr');
    for (const path of [['scene-2'], [...SEEDED_TRANSLATIONS.pendingSegmentPath], ['nowhere']]) {
      expect(await api(TRANSLATION_CALLS.completeGroup(validationId), vera, progressBody(vera, path))).toMatchObject({ status: 400, body: { error: 'notANavGroup' } });
    }
    const previous = await okValidation(vera, french, 'fr', french.versions[0]!.id);
    expect(await api(TRANSLATION_CALLS.completeGroup(previous.validationId), vera, progressBody(vera, ['scene-2', 'slide-2-2']))).toMatchObject({ status: 409, body: { error: 'locked' } });
    expect((await api(TRANSLATION_CALLS.completeGroup(validationId), rita, progressBody(rita, ['scene-2', 'slide-2-2']))).status).toBe(403);
    expect((await api(TRANSLATION_CALLS.completeGroup(validationId), null, { ...progressBody(vera, ['scene-2', 'slide-2-2']) })).status).toBe(401);
    // Special slides and question slides are nav groups.
    for (const path of [['scene-1', 'menu'], ['scene-2', 'slide-2-3']]) {
      expect((await api(TRANSLATION_CALLS.completeGroup(validationId), vera, progressBody(vera, path))).status).toBe(204);
      expect((await api(TRANSLATION_CALLS.reopenGroup(validationId), vera, progressBody(vera, path))).status).toBe(204);
    }
  });

  it('answers get-segments with the current change (null without one) and leaves unknown ids out', async () => {
    const french = item(SEEDED_TRANSLATIONS.storylineFrench);
    const body = await okValidation(vera, french, 'fr');
    const edited = body.paths[pathKey([...SEEDED_TRANSLATIONS.pendingSegmentPath])]!;
    const file = await cdnFile(body.translationFilePath);
    const plain = fixtureItems(file.children).find((entry) => entry.item.id === 'draw-intro')!;
    const ids = [edited.validationSegmentId, plain.item.validationSegmentId, 'no-such-segment'];
    const result = await api<GetSegmentsResponse>(TRANSLATION_CALLS.getSegments, null, { validationSegmentIds: ids, validationId: body.validationId });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual(
      expect.arrayContaining([
        { validationSegmentId: edited.validationSegmentId, validationId: body.validationId, path: pathKey([...SEEDED_TRANSLATIONS.pendingSegmentPath]), change: edited },
        { validationSegmentId: plain.item.validationSegmentId, validationId: body.validationId, path: pathKey(plain.path), change: null },
      ]),
    );
    expect(result.body.data).toHaveLength(2);
    // Without a validation id, every validation holding the id answers (both versions hold this segment).
    const everywhere = await api<GetSegmentsResponse>(TRANSLATION_CALLS.getSegments, vera, { validationSegmentIds: [plain.item.validationSegmentId] });
    expect(new Set(everywhere.body.data.map((entry) => entry.validationId)).size).toBe(2);
    expect(await api(TRANSLATION_CALLS.getSegments, vera, { validationSegmentIds: [{ id: 1 }] })).toMatchObject({ status: 400, body: { error: 'invalidRequest' } });
    expect((await api(TRANSLATION_CALLS.getSegments, vera, { validationSegmentIds: [], extra: true })).status).toBe(400);
  });

  it('resets a segment (its change removed, resetSegment pushed), refusing a locked one', async () => {
    const french = item(SEEDED_TRANSLATIONS.storylineFrench);
    const { validationId } = await okValidation(vera, french, 'fr');
    const path = ['scene-2', 'slide-2-3', 'check-submit'];
    const body = (p: string[]) => ({ path: pathKey(p), command: COMMAND_UPDATE, data: { newValue: '' }, isCourseUpdate: false, view: TRANSLATION_VIEW, email: vera.email });
    const pushed = waitFor<TranslationPushes['resetSegment']>(watcher, 'resetSegment', (data) => data.path === pathKey(path));
    expect((await api(TRANSLATION_CALLS.resetSegment(validationId), vera, body(path))).status).toBe(204);
    expect(await pushed).toMatchObject({ itemId: french.id, validationId, by: vera.aid });
    expect((await okValidation(vera, french, 'fr')).paths[pathKey(path)]).toBeUndefined();
    const locked = [...SEEDED_TRANSLATIONS.completeSlidePath, 'welcome-intro'];
    expect(await api(TRANSLATION_CALLS.resetSegment(validationId), vera, body(locked))).toMatchObject({ status: 409, body: { error: 'locked' } });
    expect((await okValidation(vera, french, 'fr')).paths[pathKey(locked)]?.status).toBe('accepted');
    expect((await api(TRANSLATION_CALLS.resetSegment(validationId), rita, body(path))).status).toBe(403);
  });
});

describe('the stack and the item view', () => {
  it('lists the stack: source first, targets by locale, with nav-group progress', async () => {
    const french = item(SEEDED_TRANSLATIONS.storylineFrench);
    const result = await api<TranslationStackResponse>(TRANSLATION_CALLS.stack(french.id), vera);
    expect(result.status).toBe(200);
    expect(result.body.sourceLocale).toBe('en');
    expect(result.body.entries.map((entry) => [entry.locale, entry.role])).toEqual([
      ['en', 'source'],
      ['ar', 'target'],
      ['de', 'target'],
      ['fr', 'target'],
      ['ja', 'target'],
    ]);
    expect(result.body.entries[0]).toMatchObject({ title: title(SEEDED_TRANSLATIONS.storylineStack, 'en'), progress: null });
    const frenchEntry = result.body.entries.find((entry) => entry.locale === 'fr')!;
    expect(frenchEntry.progress?.complete).toBe(1);
    expect(frenchEntry.progress?.total).toBeGreaterThan(5);
    expect(result.body.entries.find((entry) => entry.locale === 'de')?.progress).toMatchObject({ complete: 0 });
    expect((await api(TRANSLATION_CALLS.stack('no-such-item'), vera)).status).toBe(404);
  });

  it('shows the translations tab on target items only', async () => {
    expect(ackData(await get(vera.socket, item(SEEDED_TRANSLATIONS.storylineFrench).id)).item.showTranslationsTab).toBe(true);
    expect(ackData(await get(alex.socket, item(title(SEEDED_TRANSLATIONS.riseStack, 'ja')).id)).item.showTranslationsTab).toBe(true);
    expect(ackData(await get(alex.socket, item(title(SEEDED_TRANSLATIONS.riseStack, 'en')).id)).item.showTranslationsTab).toBe(false);
  });
});
