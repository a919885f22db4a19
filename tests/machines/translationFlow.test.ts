/**
 * The translation actor against the real reference service (tests/support/testServer.ts): the real translation client
 * over HTTP (review API and CDN), pushes from the real /item/<id> namespace forwarded as the app does. Vera opens the
 * French Storyline target, edits the html segment with the %UserName% variable and saves it; Maria, a second
 * validator with the same segment open in her editor, is told of the conflict instead of losing her text; Vera marks
 * the slide complete and reopens it, and Maria sees both live.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { createHttpClient } from '../../adapters/http.ts';
import { createTranslationClient } from '../../adapters/translation.ts';
import type { ItemAck, ItemAckData, ItemDetail } from '../../domain/items.ts';
import { pathKey, TRANSLATION_PUSH_NAMES } from '../../domain/translation.ts';
import { loadStatusOf, translationMachine } from '../../machines/translation/translationMachine.ts';
import { SEEDED_TRANSLATIONS } from '../../server/translations/seed.ts';
import { ackData, callJson, connectOutcome, connectSocket, connectUser, type UserClient } from '../support/clients.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { recorder } from './contentFixtures.ts';

let server: TestServer;
let alex: UserClient;
let vera: UserClient;
let maria: UserClient;
const sockets: Socket[] = [];
let french: ItemDetail;

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 600 });
  [alex, vera, maria] = (await Promise.all(['alex.admin', 'vera.validator', 'maria.multi'].map((name) => connectUser(server.url, `${name}@example.com`, sockets)))) as [UserClient, UserClient, UserClient];
  const stack = SEEDED_TRANSLATIONS.storylineStack;
  const ack = (await alex.socket.timeout(5000).emitWithAck('item.fetch', { folderId: 'ALL_CONTENT', page: 1, search: stack, product: 'all' })) as { data: { items: { id: string; title: string; isStack: boolean }[] } };
  const entry = ack.data.items.find((i) => i.isStack && i.title === stack)!;
  const { body } = await callJson<{ itemIds: string[] }>(server.url, `/api/item-stacks/${entry.id}`, { token: alex.token });
  for (const id of body.itemIds) {
    const detail = ackData((await alex.socket.timeout(5000).emitWithAck('item.get', { id, pass: null, protectedLinksFlagEnabled: true })) as ItemAck<ItemAckData<'item.get'>>).item;
    if (detail.title === SEEDED_TRANSLATIONS.storylineFrench) french = detail;
  }
  expect(french).toBeDefined();
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

type TranslationActor = ReturnType<typeof createActor<typeof translationMachine>>;

/** A validator's translation actor over the real client, with their /item/<id> pushes forwarded and a recording toasts actor. */
async function open(who: UserClient) {
  const tokens = { accessToken: async () => who.token, forceRefresh: async () => null };
  const client = createTranslationClient({
    http: createHttpClient({ baseURL: `${server.url}/api`, tokens }),
    cdn: createHttpClient({ baseURL: `${server.url}/services/cdn`, tokens: { accessToken: async () => null, forceRefresh: async () => null } }),
  });
  const reported: string[] = [];
  const machine = translationMachine.provide({
    actors: {
      fetchStack: fromPromise(({ input }) => client.stack(input)),
      fetchValidation: fromPromise(({ input }) => client.validation(input)),
      fetchFile: fromPromise(({ input }) => client.file(input.path)),
      fetchLanguageMap: fromPromise(({ input }) => client.languageMap(input.displayLocale)),
      saveChanges: fromPromise(({ input }) => client.saveChanges(input)),
      getSegments: fromPromise(({ input }) => client.getSegments(input)),
      completeGroup: fromPromise(async ({ input }) => {
        await client.completeGroup(input);
        return { updatedAt: new Date().toISOString() };
      }),
      reopenGroup: fromPromise(({ input }) => client.reopenGroup(input)),
      resetSegment: fromPromise(({ input }) => client.resetSegment(input)),
    },
    actions: { reportError: (_, params) => void reported.push(params.message) },
  });
  const toasts = recorder();
  const root = createActor(
    createMachine({
      invoke: [
        { id: 'translation', systemId: 'translation', src: machine },
        { id: 'toasts', systemId: 'toasts', src: toasts.logic },
      ],
    }),
  ).start();
  const actor = root.system.get('translation') as TranslationActor;
  const socket = connectSocket(server.url, `/item/${french.id}`, { token: who.token });
  sockets.push(socket);
  expect(await connectOutcome(socket)).toBe('connected');
  for (const event of TRANSLATION_PUSH_NAMES) socket.on(event, (data: Record<string, unknown>) => actor.send({ type: 'realtime.message', namespace: `/item/${french.id}`, event, data }));
  const shown = french.versions.at(-1)!;
  actor.send({ type: 'translation.open', itemId: french.id, versionId: shown.id, versionNumber: shown.number, isLatestVersion: true, pass: null, userId: who.aid, email: who.email, canTranslate: true });
  await waitFor(actor as AnyActorRef, (s) => loadStatusOf(s as never) !== 'LOADING', { timeout: 5000 });
  return { actor, reported, toasts };
}

describe('translation flow over the real service', () => {
  it('saves an edit, tells a second validator editing the same segment of the conflict, and completes and reopens the slide live', async () => {
    const veraSide = await open(vera);
    const mariaSide = await open(maria);
    expect(loadStatusOf(veraSide.actor.getSnapshot())).toBe('TRANSLATION_FETCHED');
    expect(veraSide.actor.getSnapshot().context.languageMap).not.toBeNull();
    const segmentKey = pathKey([...SEEDED_TRANSLATIONS.variableSegmentPath]);
    const slideKey = pathKey(SEEDED_TRANSLATIONS.variableSegmentPath.slice(0, 2));
    const original = veraSide.actor.getSnapshot().context.model!.segmentsByKey.get(segmentKey)!.originalTarget as string;

    // Maria has the segment open in her editor with her own words.
    mariaSide.actor.send({ type: 'translation.startEdit', key: segmentKey });
    mariaSide.actor.send({ type: 'translation.edit', key: segmentKey, value: original.replace('fidèles', 'attachés') });

    // Vera changes the same segment: the tags and the variable stay.
    const mine = original.replace('résolu rapidement', 'résolu vite');
    veraSide.actor.send({ type: 'translation.startEdit', key: segmentKey });
    veraSide.actor.send({ type: 'translation.edit', key: segmentKey, value: mine });
    veraSide.actor.send({ type: 'translation.save' });
    expect(loadStatusOf(veraSide.actor.getSnapshot())).toBe('SUBMITTING');
    await waitFor(veraSide.actor, (s) => loadStatusOf(s) === 'TRANSLATION_FETCHED', { timeout: 5000 });
    expect(veraSide.actor.getSnapshot().context.changes[segmentKey]).toMatchObject({ status: 'pending', proposedBy: vera.aid, replacement: { newValue: mine } });
    expect(veraSide.actor.getSnapshot().context.editing).toBeNull();

    // Maria's editor is not overwritten: she is asked.
    await waitFor(mariaSide.actor, (s) => s.context.conflict !== null, { timeout: 5000 });
    expect(mariaSide.actor.getSnapshot().context.conflict?.theirs?.replacement.newValue).toBe(mine);
    expect(mariaSide.actor.getSnapshot().context.editing?.value).toBe(original.replace('fidèles', 'attachés'));
    mariaSide.actor.send({ type: 'translation.resolveConflict', keep: 'theirs' });
    expect(mariaSide.actor.getSnapshot().context.editing).toBeNull();

    // A reload shows the saved text.
    const reloaded = await open(vera);
    expect(reloaded.actor.getSnapshot().context.changes[segmentKey]?.replacement.newValue).toBe(mine);

    // Vera marks the slide complete; Maria sees it, with the edit accepted; then the reopen.
    veraSide.actor.send({ type: 'translation.markComplete', navKey: slideKey });
    await waitFor(veraSide.actor, (s) => s.matches({ open: { progress: 'idle' } }), { timeout: 5000 });
    await waitFor(mariaSide.actor, (s) => s.context.progress[slideKey] !== undefined, { timeout: 5000 });
    expect(mariaSide.actor.getSnapshot().context.progress[slideKey]).toMatchObject({ userId: vera.aid });
    expect(mariaSide.actor.getSnapshot().context.changes[segmentKey]?.status).toBe('accepted');
    veraSide.actor.send({ type: 'translation.reopen', navKey: slideKey });
    veraSide.actor.send({ type: 'translation.confirmReopen', dontAskAgain: false });
    await waitFor(mariaSide.actor, (s) => s.context.progress[slideKey] === undefined, { timeout: 5000 });
    expect(mariaSide.actor.getSnapshot().context.changes[segmentKey]?.status).toBe('pending');
    expect(veraSide.reported.filter((m) => m.startsWith('Error'))).toEqual([]);
  });
});
