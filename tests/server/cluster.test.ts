/**
 * Two service instances on one PostgreSQL database and one data folder (the server-postgres project only): what a
 * client does on one instance reaches the clients of the other (the realtime bus, server/realtimeCluster.ts), what
 * one stores the other reads, a sign-in on one is accepted by the other (the OIDC adapter on the shared database),
 * and a job whose instance died is finished by the other exactly once (server/jobs.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CommentPushes } from '../../domain/comments.ts';
import type { ContentPushes } from '../../domain/content.ts';
import type { FolderRecord } from '../../domain/folderTree.ts';
import type { ItemDetail } from '../../domain/items.ts';
import { COMMAND_UPDATE, pathKey, TRANSLATION_CALLS, TRANSLATION_VIEW, type CommandChange, type CommandsResponse, type TranslationPushes, type ValidationResponse } from '../../domain/translation.ts';
import { toBase64 } from '../../domain/translationEdits.ts';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { createJobQueue } from '../../server/jobs.ts';
import { SEEDED_ITEMS } from '../../server/seedContent.ts';
import { SEEDED_TRANSLATIONS } from '../../server/translations/seed.ts';
import { ackData, callApi, callJson, connectUser, itemViewOf, openConnected, waitFor } from '../support/clients.ts';
import { commentCall, commentDraft } from '../support/comments.ts';
import { testDatabaseFor } from '../support/postgres.ts';
import { browserFetch, CLIENT_ID, SCOPE, signInWithSession, startTestServer, type TestServer } from '../support/testServer.ts';
import { seededItem, seededTranslationItems } from '../support/translations.ts';

let a: TestServer;
/** The second instance; its clients use `b.listenUrl` (its `url` is the shared public URL, A's). */
let b: TestServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  a = await startTestServer({ accessTokenTtlSeconds: 600 });
  // The second instance shares the database (same data folder, so the same test database), the data folder (OIDC
  // secrets, blobs) and the public URL, as two instances behind one proxy do.
  b = await startTestServer({ accessTokenTtlSeconds: 600, dataDir: a.dataDir, publicUrl: a.url });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await b?.stop();
  await a?.close();
});

describe('two instances on one PostgreSQL', () => {
  it('a folder created through A appears live for a client of B', async () => {
    const alexOnA = await connectUser(a.url, 'alex.admin@example.com', sockets);
    const taraOnB = await connectUser(b.listenUrl, 'tara.team@example.com', sockets, a.url);
    const folders = ackData((await alexOnA.socket.timeout(5000).emitWithAck('folder.fetch', {})) as never) as { folders: FolderRecord[] };
    const library = folders.folders.find((f) => f.name === 'Team Library')!;
    const name = `Cluster folder ${randomBytes(3).toString('hex')}`;
    const seen = waitFor<ContentPushes['folder.updateHashed']>(taraOnB.socket, 'folder.updateHashed', (d) => d.folders.some((f) => f.name === name));
    await alexOnA.socket.timeout(5000).emitWithAck('folder.insert', { name, parentId: library.id, clientRef: 'cluster-1' });
    expect((await seen).folders.find((f) => f.name === name)).toMatchObject({ parent: library.id, role: 'editor' });
  });

  it('a comment posted on B reaches a watcher on A', async () => {
    const alexOnA = await connectUser(a.url, 'alex.admin@example.com', sockets);
    const nickOnA = await connectUser(a.url, 'nick.nonadmin@example.com', sockets);
    const taraOnB = await connectUser(b.listenUrl, 'tara.team@example.com', sockets, a.url);
    const styleGuide: ItemDetail = await itemViewOf(alexOnA, SEEDED_ITEMS.threeVersions);
    const watcher = await openConnected(a.url, `/item/${styleGuide.id}`, { token: nickOnA.token }, sockets);
    const body = `Posted on B ${randomBytes(3).toString('hex')}`;
    const inserted = waitFor<CommentPushes['comment.insert']>(watcher, 'comment.insert', (d) => d.comment.body === body);
    const comment = ackData(await commentCall(taraOnB, 'comment.insert', commentDraft(styleGuide, body, { slideId: 'slide-3' }))).comment;
    expect((await inserted).comment).toMatchObject({ id: comment.id, userId: taraOnB.aid });
  });

  it('a segment saved on A is read back on B, and B’s watcher is told', async () => {
    const alexOnA = await connectUser(a.url, 'alex.admin@example.com', sockets);
    const vera = await connectUser(a.url, 'vera.validator@example.com', sockets);
    const maria = await connectUser(b.listenUrl, 'maria.multi@example.com', sockets, a.url);
    const french = seededItem(await seededTranslationItems(a.url, alexOnA), SEEDED_TRANSLATIONS.storylineFrench);
    const version = french.versions.at(-1)!.id;
    const watcher = await openConnected(b.listenUrl, `/item/${french.id}`, { token: maria.token }, sockets);
    const { body: opened } = await callApi<ValidationResponse>(a.url, TRANSLATION_CALLS.validation(french.id, version, 'fr'), vera);
    const path = [...SEEDED_TRANSLATIONS.variableSegmentPath];
    const text = `%UserName%, saved on A ${randomBytes(3).toString('hex')}.`;
    const change: CommandChange = { path: pathKey(path), command: COMMAND_UPDATE, data: { newValue: toBase64(text), normalizedLevenshteinDistance: 0.4 }, isCourseUpdate: false };
    const pushed = waitFor<TranslationPushes['updateSegments']>(watcher, 'updateSegments', (d) => d.validationId === opened.validationId);
    const saved = await callApi<CommandsResponse>(a.url, TRANSLATION_CALLS.commands(opened.validationId), vera, { email: vera.email, changes: [change], view: TRANSLATION_VIEW });
    expect(saved.status).toBe(200);
    expect((await pushed).by).toBe(vera.aid);
    const readOnB = await callApi<ValidationResponse>(b.listenUrl, TRANSLATION_CALLS.validation(french.id, version, 'fr'), maria);
    expect(readOnB.body.paths[pathKey(path)]?.replacement.newValue).toBe(text);
  });

  it('a sign-in on A is accepted by B: its access token, and its provider session without a second login', async () => {
    const { tokens, jar } = await signInWithSession(a.url, 'sam.staff@example.com');
    const me = await callJson<{ aid: string; email: string }>(b.listenUrl, '/api/me', { token: tokens.access_token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('sam.staff@example.com');
    // The browser asks B to authorize again: B knows the session A started and answers with a code, no login page.
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL(`${b.listenUrl}/oidc/auth`);
    authorize.search = new URLSearchParams({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: `${a.url}/auth-callback`,
      scope: SCOPE,
      state: 'cluster',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    let next = authorize.toString();
    let location: string | null = null;
    for (let hop = 0; hop < 5 && !next.startsWith(`${a.url}/auth-callback`); hop += 1) {
      // The issuer is the shared public URL (A's here); every hop after the first is sent to B, as a proxy would.
      const response = await browserFetch(jar, next.replace(a.url, b.listenUrl));
      location = response.headers.get('location');
      expect(location, `hop ${hop} of the authorization on B ended without a redirect`).not.toBeNull();
      next = new URL(location!, next).toString();
    }
    expect(new URL(next).searchParams.get('code')).toBeTruthy();
  });

  it('killing A mid-job lets B finish the job exactly once', async () => {
    const url = await testDatabaseFor(a.dataDir);
    const dbA: Db = await openDatabase(a.dataDir, url);
    const dbB: Db = await openDatabase(a.dataDir, url);
    try {
      const finished: string[] = [];
      let startedOnA!: () => void;
      const aStarted = new Promise<void>((resolve) => (startedOnA = resolve));
      // A claims the job and never gets past it: its process is gone (no lease renewal, no finish).
      const queueA = createJobQueue(dbA, { owner: 'instance-a', leaseMs: 400, handlers: { report: () => (startedOnA(), new Promise(() => undefined)) } });
      const queueB = createJobQueue(dbB, { owner: 'instance-b', leaseMs: 400, handlers: { report: async (payload) => (finished.push(`B:${JSON.stringify(payload)}`), 'done') } });
      const id = await queueA.enqueue('report', { reportId: 'r1' });
      void queueA.runOnce();
      await aStarted;
      queueA.stop();
      // While A's lease holds, B finds nothing to do.
      expect(await queueB.runOnce()).toBe(false);
      await vi.waitFor(async () => expect(await queueB.runOnce()).toBe(true), { timeout: 5000, interval: 100 });
      expect(await queueB.runOnce()).toBe(false);
      expect(finished).toEqual(['B:{"reportId":"r1"}']);
      const row = await dbB.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ lease_owner: 'instance-b', attempts: 2, result: '"done"' });
      expect(row.done_at).not.toBeNull();
    } finally {
      await dbA.destroy();
      await dbB.destroy();
    }
  });
});
