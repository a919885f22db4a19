/**
 * The rule for user text (domain/userText.ts, server/README.md "Validation") on the real service: names of folders,
 * items and stacks (socket requests and the stack route) are trimmed and NFC, refuse control characters,
 * bidirectional overrides and lone surrogates with a message naming the character and store nothing; markup in a
 * name is stored as the text it is. Segment text (the translation commands) is NFC and refuses control characters
 * (tab and line breaks allowed) and lone surrogates; unsafe markup only in html segments, which the player renders.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ack, ContentAckData, ContentPayload, ContentRequestName, ItemRecord } from '../../domain/content.ts';
import type { FolderRecord } from '../../domain/folderTree.ts';
import { COMMAND_UPDATE, pathKey, TRANSLATION_CALLS, TRANSLATION_VIEW, type ValidationResponse } from '../../domain/translation.ts';
import { toBase64 } from '../../domain/translationEdits.ts';
import { SEEDED_TRANSLATIONS } from '../../server/translations/seed.ts';
import { ackData, callJson, connectUser, type UserClient } from '../support/clients.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { seededItem, seededTranslationItems } from '../support/translations.ts';

let server: TestServer;
let alex: UserClient;
let vera: UserClient;
const sockets: Socket[] = [];
let validationId: string;
let frenchItem: { id: string; version: string };

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 600 });
  [alex, vera] = (await Promise.all(['alex.admin', 'vera.validator'].map((name) => connectUser(server.url, `${name}@example.com`, sockets)))) as [UserClient, UserClient];
  const french = seededItem(await seededTranslationItems(server.url, alex), SEEDED_TRANSLATIONS.storylineFrench);
  frenchItem = { id: french.id, version: french.versions.at(-1)!.id };
  validationId = (await validation()).validationId;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

function call<K extends ContentRequestName>(event: K, payload: ContentPayload<K>): Promise<Ack<ContentAckData<K>>> {
  return alex.socket.timeout(5000).emitWithAck(event, payload) as Promise<Ack<ContentAckData<K>>>;
}
const folders = async (): Promise<FolderRecord[]> => ackData(await call('folder.fetch', {})).folders;
const privateItems = async (): Promise<ItemRecord[]> => ackData(await call('item.fetch', { folderId: 'PRIVATE_CONTENT', page: 1, search: null, product: 'all' })).items;
const itemTitled = async (title: string) => (await privateItems()).find((i) => i.title === title)!;

/** Names a name may not be, with the character the refusal names. */
const BAD_NAMES: [string, string][] = [
  ['Budget\u0000 2024', 'U+0000'],
  ['Tab\tinside', 'U+0009'],
  ['Line\nbreak', 'U+000A'],
  ['Next line\u0085', 'U+0085'],
  ['Invoice gpj\u202Eexe.zip', 'U+202E'],
  ['Embedded \u202Atext', 'U+202A'],
  ['Isolated \u2066text\u2069', 'U+2066'],
  ['Half a smile \uD83D', 'U+D83D'],
  ['\uDE00 other half', 'U+DE00'],
];

describe('names', () => {
  it('refuse control characters, bidirectional overrides and lone surrogates wherever a name is given, saying which character, and store nothing', async () => {
    const folder = ackData(await call('folder.insert', { name: 'Plain folder', parentId: 'PRIVATE_CONTENT', clientRef: 'plain' })).folder;
    const item = await itemTitled('Sales pitch practice');
    const stack = (ackData(await call('item.fetch', { folderId: 'ALL_CONTENT', page: 1, search: SEEDED_TRANSLATIONS.riseStack, product: 'all' })).items).find((i) => i.isStack)!;
    const before = { folders: await folders(), items: await privateItems() };
    for (const [name, codePoint] of BAD_NAMES) {
      const answers = [
        await call('folder.insert', { name, parentId: 'PRIVATE_CONTENT', clientRef: 'bad' }),
        await call('folder.update', { id: folder.id, name }),
        await call('item.update', { id: item.id, title: name }),
        await call('item.duplicate', { id: item.id, title: name }),
      ];
      for (const answer of answers) {
        expect(answer).toMatchObject({ success: false, reason: 'invalidRequest' });
        expect([name, (answer as { message: string }).message]).toEqual([name, expect.stringMatching(new RegExp(`^Names cannot contain .+ \\(${codePoint.replace('+', '\\+')}\\)\\.$`))]);
      }
      const renamed = await callJson<{ reason: string; message: string }>(server.url, `/api/item-stacks/rename/${stack.id}`, { token: alex.token, method: 'PUT', body: { title: name } });
      expect([name, renamed.status, renamed.body.reason]).toEqual([name, 400, 'invalidRequest']);
      expect(renamed.body.message).toContain(codePoint);
    }
    expect(await folders()).toEqual(before.folders);
    expect(await privateItems()).toEqual(before.items);
    const stackNow = (await callJson<{ title: string }>(server.url, `/api/item-stacks/${stack.id}`, { token: alex.token })).body;
    expect(stackNow.title).toBe(SEEDED_TRANSLATIONS.riseStack);
  });

  it('store markup as the text it is (showing it as text is the client’s job)', async () => {
    const markup = '<img src=x onerror=alert(1)>';
    expect(ackData(await call('folder.insert', { name: markup, parentId: 'PRIVATE_CONTENT', clientRef: 'markup' })).folder.name).toBe(markup);
    expect((await folders()).some((f) => f.name === markup)).toBe(true);
    const item = await itemTitled('Brand guidelines quiz');
    const title = '<b>Brand</b> & "guidelines" <script>quiz</script>';
    expect(ackData(await call('item.update', { id: item.id, title })).item.title).toBe(title);
    expect((await itemTitled(title)).id).toBe(item.id);
  });

  it('are normalised to NFC, so a name typed decomposed is the same name (and a duplicate of it)', async () => {
    const decomposed = 'Cafe\u0301 notes';
    const created = ackData(await call('folder.insert', { name: `  ${decomposed} `, parentId: 'PRIVATE_CONTENT', clientRef: 'nfc' })).folder;
    expect(created.name).toBe('Café notes');
    expect(created.name).toBe(created.name.normalize('NFC'));
    expect(await call('folder.insert', { name: 'CAFÉ NOTES', parentId: 'PRIVATE_CONTENT', clientRef: 'nfc-2' })).toMatchObject({ success: false, reason: 'duplicate' });
    // Characters outside the refused ranges stay: right-to-left text, marks, emoji.
    for (const name of ['مجلد العربية', 'Left\u200Eto right mark', 'Emoji 🎉 folder']) {
      expect(ackData(await call('folder.insert', { name, parentId: 'PRIVATE_CONTENT', clientRef: name })).folder.name).toBe(name);
    }
  });
});

async function validation(): Promise<ValidationResponse> {
  const result = await callJson<ValidationResponse>(server.url, `/api${TRANSLATION_CALLS.validation(frenchItem.id, frenchItem.version, 'fr').path}`, { token: vera.token });
  expect(result.status).toBe(200);
  return result.body;
}

/** Saves one segment edit of the French Storyline target (slide 1.2, not complete) as vera. */
function save(path: string[], newValue: string) {
  const body = { email: vera.email, view: TRANSLATION_VIEW, changes: [{ path: pathKey(path), command: COMMAND_UPDATE, data: { newValue, normalizedLevenshteinDistance: 0.3 }, isCourseUpdate: false }] };
  return callJson<{ error: string; message: string }>(server.url, `/api${TRANSLATION_CALLS.commands(validationId).path}`, { token: vera.token, method: 'POST', body });
}

const HTML = ['scene-1', 'slide-1-2', 'why-body'];
const TEXT = ['scene-1', 'slide-1-2', 'slide-1-2-layer-1', 'why-layer-title'];
const PLAYER_JSON = ['scene-1', 'slide-1-2', 'why-title'];
const playerJson = (text: string) => JSON.stringify({ blocks: [{ spans: [{ text, style: { fontSize: 24 } }] }] });

describe('segment text', () => {
  it('refuses control characters and lone surrogates, and unsafe markup in html segments, with nothing stored', async () => {
    const before = (await validation()).paths;
    const refused: [string[], string, RegExp][] = [
      [TEXT, toBase64('Le saviez\u0000-vous ?'), /^Segment text cannot contain control characters \(U\+0000\)\.$/],
      [TEXT, toBase64('Le saviez\u001B-vous ?'), /U\+001B/],
      [TEXT, toBase64('Le saviez\u0085-vous ?'), /U\+0085/],
      [PLAYER_JSON, toBase64(playerJson('Pourquoi \uD800')), /^Segment text cannot contain unpaired surrogates .*\(U\+D800\)\.$/],
      [HTML, toBase64('%UserName%, <img src=x onerror=alert(1)> les clients'), /^Segment html cannot contain an event-handler attribute\./],
      [HTML, toBase64('<script>alert(1)</script>'), /^Segment html cannot contain a script tag\./],
      // Base64 whose bytes are not UTF-8 (0xED 0xA0 0x80 is a surrogate encoded as UTF-8).
      [TEXT, Buffer.from([0x4c, 0xed, 0xa0, 0x80]).toString('base64'), /not valid base64 text/],
    ];
    for (const [path, value, message] of refused) {
      const result = await save(path, value);
      expect([path.at(-1), result.status, result.body.error]).toEqual([path.at(-1), 400, 'invalidRequest']);
      expect(result.body.message).toMatch(message);
    }
    expect((await validation()).paths).toEqual(before);
  });

  it('stores markup in text segments as text, keeps tab, line breaks and bidirectional controls, and normalises to NFC', async () => {
    const key = pathKey(TEXT);
    const stored = async () => (await validation()).paths[key]?.replacement.newValue;
    for (const text of ['<img src=x onerror=alert(1)> Le saviez-vous ?', 'Le saviez-vous ?\n\tVraiment ?\r\nOui.', '\u202Bمعلومة\u202C ?']) {
      expect((await save(TEXT, toBase64(text))).status).toBe(200);
      expect(await stored()).toBe(text);
    }
    expect((await save(TEXT, toBase64('Le saviez-vous, cafe\u0301 ?'))).status).toBe(200);
    expect(await stored()).toBe('Le saviez-vous, café ?');
    // playerJson span texts too (their styles kept).
    expect((await save(PLAYER_JSON, toBase64(playerJson('Pourquoi le cafe\u0301')))).status).toBe(200);
    expect(JSON.parse((await validation()).paths[pathKey(PLAYER_JSON)]!.replacement.newValue)).toEqual({ blocks: [{ spans: [{ text: 'Pourquoi le café', style: { fontSize: 24 } }] }] });
  });
});
