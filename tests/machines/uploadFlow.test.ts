/**
 * The uploads and item actors against the real reference service (tests/support/testServer.ts): the real item
 * client over a real socket.io connection, the real file inspection and upload URL call; only what needs a
 * browser is replaced (the MD5 worker by node:crypto, the XMLHttpRequest PUT by fetch). A story zip goes through
 * pending → uploading → preparing → uploaded on the server's pushes, a renamed executable is refused, and the
 * item view opens the processed package and downloads its project backup.
 */
import { createHash } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, waitFor, type AnyActorRef, type EventObject } from 'xstate';
import { createHttpClient } from '../../adapters/http.ts';
import { createItemClient } from '../../adapters/items.ts';
import { contentDisposition, contentMd5, createUploadClient, inspectFile } from '../../adapters/uploads.ts';
import { UPLOAD_TOAST_MS } from '../../domain/constants.ts';
import { itemMachine, playerAddressOf } from '../../machines/items/itemMachine.ts';
import { uploadMachine } from '../../machines/uploads/uploadMachine.ts';
import { uploadsMachine } from '../../machines/uploads/uploadsMachine.ts';
import { buildStoryFixture } from '../../server/uploads/index.ts';
import { connectOutcome, connectSocket, signIn } from '../support/clients.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { recorder } from './contentFixtures.ts';

let server: TestServer;
let socket: Socket;
let aid: string;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 600 });
  ({ aid, token } = await signIn(server.url, 'alex.admin@example.com'));
  socket = connectSocket(server.url, `/user/${aid}`, { token });
  expect(await connectOutcome(socket)).toBe('connected');
});
afterAll(async () => {
  socket?.disconnect();
  await server?.close();
});

/** The system of the test: uploads and item actors over the real clients, with recorders for grid and toasts. */
function system(files: Map<string, File>) {
  const http = createHttpClient({ baseURL: `${server.url}/api`, tokens: { accessToken: async () => token, forceRefresh: async () => token } });
  const items = createItemClient({ socket: () => socket, http });
  const uploadClient = createUploadClient({ http });
  const reported: string[] = [];
  const downloads: { url: string; fileName: string }[] = [];
  const upload = uploadMachine.provide({
    actors: {
      inspectFile: fromPromise(async ({ input }) => inspectFile(files.get(input.fileId)!)),
      hashFile: fromCallback<EventObject, { fileId: string }>(({ input, sendBack }) => {
        void files
          .get(input.fileId)!
          .arrayBuffer()
          .then((bytes) => sendBack({ type: 'upload.hashed', md5: createHash('md5').update(new Uint8Array(bytes)).digest('hex') }));
      }),
      requestUploadUrl: fromPromise(({ input }) => uploadClient.uploadUrl(input)),
      createItem: fromPromise(({ input }) => items.request('item.create', input)),
      uploadVersion: fromPromise(({ input }) => items.request('item.upload', input)),
      putFile: fromCallback<EventObject, { fileId: string; url: string; contentType: string; fileName: string; md5: string }>(({ input, sendBack }) => {
        const file = files.get(input.fileId)!;
        const headers = { 'content-type': input.contentType, 'content-disposition': contentDisposition(input.fileName), 'content-md5': contentMd5(input.md5) };
        void fetch(input.url, { method: 'PUT', body: file, headers }).then(async (response) => {
          if (!response.ok) return sendBack({ type: 'upload.putFailed', status: response.status, message: await response.text() });
          sendBack({ type: 'upload.progress', loaded: file.size, total: file.size });
          sendBack({ type: 'upload.putDone' });
        });
      }),
      markUploadFailed: fromPromise(({ input }) => items.request('item.markUploadFailed', input)),
      deleteVersion: fromPromise(({ input }) => items.request('item.deleteVersionByKey', input)),
    },
    actions: { reportError: (_, params) => void reported.push(params.message) },
  });
  const item = itemMachine.provide({
    actors: {
      fetchItem: fromPromise(({ input }) => items.request('item.get', input)),
      listBackups: fromPromise(({ input }) => items.backups(input.itemId)),
      fetchBackupUrl: fromPromise(({ input }) => items.backupDownloadUrl(input.backupId)),
    },
    actions: { reportError: (_, params) => void reported.push(params.message), startDownload: (_, params) => void downloads.push(params) },
  });
  const grid = recorder();
  const toasts = recorder();
  const root = createActor(
    createMachine({
      invoke: [
        { id: 'grid', systemId: 'grid', src: grid.logic },
        { id: 'toasts', systemId: 'toasts', src: toasts.logic },
        { id: 'uploads', systemId: 'uploads', src: uploadsMachine.provide({ actors: { upload } }) },
        { id: 'item', systemId: 'item', src: item, input: { userId: aid } },
      ],
    }),
  ).start();
  // What the session does with the version pushes on /user/<aid>.
  const forward = (data: Record<string, unknown>) => (root.system.get('uploads') as AnyActorRef).send({ type: 'uploads.versionUpdated', ...data });
  socket.on('item.versionUpdated', forward);
  return {
    uploads: root.system.get('uploads') as AnyActorRef,
    item: root.system.get('item') as AnyActorRef,
    grid,
    toasts,
    reported,
    downloads,
    stop: () => {
      socket.off('item.versionUpdated', forward);
      root.stop();
    },
  };
}

describe('uploads and the item view against the reference service', () => {
  it('a story zip is uploaded, processed and opened; a renamed executable is refused; the backup downloads as {title}.story', async () => {
    const zip = buildStoryFixture({ title: 'Flow course', slides: [{ id: 's1', title: 'One', sceneIndex: 0 }] });
    const exe = new Uint8Array(512);
    exe.set([0x4d, 0x5a, 0x90, 0x00, 0x03]);
    const files = new Map([
      ['f1', new File([zip as BlobPart], 'flow.zip', { type: 'application/zip' })],
      ['f2', new File([exe], 'movie.mp4', { type: 'video/mp4' })],
    ]);
    const { uploads, item, grid, toasts, reported, downloads, stop } = system(files);
    try {
      uploads.send({
        type: 'uploads.add',
        files: [...files].map(([fileId, file]) => ({ fileId, name: file.name, size: file.size, type: file.type })),
        target: { kind: 'newItem', folderId: null },
      });
      expect(uploads.getSnapshot().hasTag('inProgress')).toBe(true);
      await waitFor(uploads, (s) => !s.hasTag('inProgress'), { timeout: 10_000 });

      expect(uploads.getSnapshot().context.uploads).toEqual([]);
      expect(toasts.events).toEqual([{ type: 'toast.show', toast: { id: 'uploadComplete', severity: 'success', kind: 'upload', text: null, message: null, data: { fileName: 'flow.zip', duration: UPLOAD_TOAST_MS } } }]);
      expect(uploads.getSnapshot().matches({ notice: 'open' })).toBe(true);
      expect(uploads.getSnapshot().context.unsupported).toMatchObject([{ fileName: 'movie.mp4', reason: 'contentMismatch' }]);
      const shown = grid.events[0] as unknown as { push: { name: string; data: { item: { id: string; title: string; versionState: string } } } };
      expect(shown.push).toMatchObject({ name: 'item.updateHashed', data: { item: { title: 'flow', versionState: 'uploading' } } });
      expect(reported).toEqual([]);

      item.send({ type: 'item.open', itemId: shown.push.data.item.id, tab: 'review', versionQuery: null, reviewRequest: null, password: null });
      await waitFor(item, (s) => !s.hasTag('loading'), { timeout: 5_000 });
      expect(item.getSnapshot().matches({ open: { fetchSuccess: { view: 'ready' } } })).toBe(true);
      // The package plays from its own origin, never the dashboard's.
      expect(playerAddressOf(item.getSnapshot().context)).toMatch(/^http:\/\/[a-z0-9]{26}\.packages\.localhost:\d+\/packages\/.+\/story\.html$/);

      item.send({ type: 'item.downloadBackup' });
      await waitFor(item, (s) => !s.hasTag('downloading'), { timeout: 5_000 });
      expect(downloads).toHaveLength(1);
      expect(downloads[0]!.fileName).toBe('flow.story');
      expect(downloads[0]!.url).toMatch(/^http:\/\/localhost:\d+\/api\//);
    } finally {
      stop();
    }
  }, 30_000);
});
