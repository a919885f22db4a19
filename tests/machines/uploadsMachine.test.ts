import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { UPLOAD_TOAST_MS } from '../../domain/constants.ts';
import { inert } from '../../machines/inert.ts';
import { sessionMachine } from '../../machines/session/sessionMachine.ts';
import { toastsMachine } from '../../machines/session/toastsMachine.ts';
import { uploadsMachine } from '../../machines/uploads/uploadsMachine.ts';
import { recorder, settle } from './contentFixtures.ts';
import { fakeUploadAdapters, file, KEY, MD5, version } from './uploadFixtures.ts';

type Uploads = ActorRefFrom<typeof uploadsMachine>;

/**
 * The uploads manager with real upload children over fake adapters, in a system with the real toasts actor (on a
 * simulated clock) and a session that records what it is told (or the real session, with `realSession`).
 */
function start(options: { check?: NonNullable<Parameters<typeof fakeUploadAdapters>[0]>['check']; realSession?: boolean } = {}) {
  const clock = new SimulatedClock();
  const fakes = fakeUploadAdapters({ check: options.check });
  const session = recorder();
  const auth = recorder();
  const sessionLogic = options.realSession
    ? inert(sessionMachine).provide({ actors: { fetchAccount: fromPromise(() => new Promise<never>(() => {})) as never } })
    : session.logic;
  const root = createActor(
    createMachine({
      invoke: [
        { id: 'toasts', systemId: 'toasts', src: toastsMachine },
        { id: 'session', systemId: 'session', src: sessionLogic },
        { id: 'auth', systemId: 'auth', src: auth.logic },
        { id: 'uploads', systemId: 'uploads', src: uploadsMachine.provide({ actors: { upload: fakes.machine } }) },
      ],
    }),
    { clock },
  ).start();
  const uploads = root.system.get('uploads') as Uploads;
  const toasts = root.system.get('toasts') as AnyActorRef;
  const sessionRef = root.system.get('session') as AnyActorRef;
  return { clock, fakes, uploads, toasts, session, sessionRef, auth };
}

const statuses = (uploads: Uploads) => uploads.getSnapshot().context.uploads.map((u) => `${u.fileName}:${u.status}`);
const shownToasts = (toasts: AnyActorRef) => (toasts.getSnapshot() as { context: { toasts: { id: string; data?: unknown }[] } }).context.toasts.map((t) => ({ id: t.id, data: t.data }));
const inProgressTold = (session: ReturnType<typeof recorder>) => session.events.filter((e) => e.type === 'uploads.changed').map((e) => (e as unknown as { inProgress: boolean }).inProgress);

/** The PUT of upload n (0-based among the PUTs started) finishes and the server says the version is ready. */
function finish(fakes: ReturnType<typeof fakeUploadAdapters>, uploads: Uploads, n: number) {
  fakes.put.runs[n]!.sendBack({ type: 'upload.putDone' });
  uploads.send({ type: 'uploads.versionUpdated', itemId: 'i1', version: version(1, 'ready', { package: { key: KEY, md5_checksum: MD5 } }), deleted: false });
}

describe('uploads: many files, the list and the toasts (review-and-content §3 upload toast data, §4 upload states, §9)', () => {
  it('one upload per file; in progress while any runs; each finished one leaves the list with an upload-complete toast for 10 s', async () => {
    const { clock, fakes, uploads, toasts, session } = start();
    expect(uploads.getSnapshot().hasTag('inProgress')).toBe(false);
    uploads.send({ type: 'uploads.add', files: [file('f1', 'one.zip'), file('f2', 'two.zip')], target: { kind: 'newItem', folderId: 1 } });
    expect(statuses(uploads)).toEqual(['one.zip:pending', 'two.zip:pending']);
    expect(uploads.getSnapshot().hasTag('inProgress')).toBe(true);
    expect(fakes.inspect.inputs).toEqual([{ fileId: 'f1' }, { fileId: 'f2' }]);

    await settle();
    for (const run of fakes.hash.runs) run.sendBack({ type: 'upload.hashed', md5: MD5 });
    await settle();
    expect(statuses(uploads)).toEqual(['one.zip:uploading', 'two.zip:uploading']);
    fakes.put.runs[0]!.sendBack({ type: 'upload.progress', loaded: 512, total: 1024 });
    expect(uploads.getSnapshot().context.uploads[0]!.progress).toBeCloseTo(0.525);

    // The fakes give both versions the same key, so the one push (heard while two.zip still uploads) serves both.
    finish(fakes, uploads, 0);
    expect(statuses(uploads)).toEqual(['two.zip:uploading']);
    expect(uploads.getSnapshot().hasTag('inProgress')).toBe(true);
    fakes.put.runs[1]!.sendBack({ type: 'upload.putDone' });
    expect(statuses(uploads)).toEqual([]);
    expect(uploads.getSnapshot().hasTag('inProgress')).toBe(false);
    // One 'upload complete' toast at a time (one per id): the latest file's.
    expect(shownToasts(toasts)).toEqual([{ id: 'uploadComplete', data: { fileName: 'two.zip', duration: UPLOAD_TOAST_MS } }]);
    clock.increment(UPLOAD_TOAST_MS - 1);
    expect(shownToasts(toasts)).toHaveLength(1);
    clock.increment(1);
    expect(shownToasts(toasts)).toEqual([]);
    // The session heard every change of "in progress" (and the first 'not in progress').
    expect(inProgressTold(session)).toEqual([false, true, false]);
  });

  it('a failure keeps the upload in the list (retry, cancel) and shows a failed toast with the file name for 10 s', async () => {
    const { clock, fakes, uploads, toasts } = start();
    uploads.send({ type: 'uploads.add', files: [file('f1', 'one.zip')], target: { kind: 'newItem', folderId: 1 } });
    await settle();
    fakes.hash.last().sendBack({ type: 'upload.hashed', md5: MD5 });
    await settle();
    fakes.put.last().sendBack({ type: 'upload.putFailed', status: 0, message: 'Network error' });
    expect(statuses(uploads)).toEqual(['one.zip:error']);
    expect(uploads.getSnapshot().context.uploads[0]!.error).toEqual({ reason: 'putFailed', message: 'Network error' });
    expect(uploads.getSnapshot().hasTag('inProgress')).toBe(false);
    expect(shownToasts(toasts)).toEqual([{ id: 'uploadFailed', data: { fileName: 'one.zip', duration: UPLOAD_TOAST_MS } }]);
    clock.increment(UPLOAD_TOAST_MS);
    expect(shownToasts(toasts)).toEqual([]);

    // Retry with a newly chosen file: running again, as a new version of the item made the first time.
    uploads.send({ type: 'uploads.retry', uploadId: 'upload-1', file: file('f9', 'one-again.zip') });
    expect(uploads.getSnapshot().hasTag('inProgress')).toBe(true);
    await settle();
    expect(fakes.inspect.inputs.at(-1)).toEqual({ fileId: 'f9' });
    fakes.hash.last().sendBack({ type: 'upload.hashed', md5: MD5 });
    await settle();
    expect(fakes.addVersion.inputs).toHaveLength(1);
  });

  it('a new version of an item whose upload failed (the item view’s Retry) replaces the failed row: the panel stops saying it failed', async () => {
    const { fakes, uploads } = start();
    uploads.send({ type: 'uploads.add', files: [file('f1', 'one.zip')], target: { kind: 'newItem', folderId: 1 } });
    await settle();
    fakes.hash.last().sendBack({ type: 'upload.hashed', md5: MD5 });
    await settle();
    fakes.put.last().sendBack({ type: 'upload.putFailed', status: 0, message: 'Network error' });
    const failed = uploads.getSnapshot().context.uploads[0]!;
    expect(failed).toMatchObject({ status: 'error', itemId: expect.any(String) });
    uploads.send({ type: 'uploads.add', files: [file('f2', 'unrelated.zip')], target: { kind: 'newVersion', itemId: 'someone-else', product: 'storyline' } });
    expect(statuses(uploads)).toEqual(['one.zip:error', 'unrelated.zip:pending']);
    uploads.send({ type: 'uploads.add', files: [file('f3', 'one-again.zip')], target: { kind: 'newVersion', itemId: failed.itemId!, product: 'storyline' } });
    expect(statuses(uploads)).toEqual(['unrelated.zip:pending', 'one-again.zip:pending']);
  });

  it('a refused file leaves the list and opens the file-not-supported dialog; okay closes it', async () => {
    const { fakes, uploads, toasts } = start({ check: (input) => (input.fileId === 'bad' ? { ok: false, reason: 'blockedExtension', detail: '.exe files are programs' } : { ok: true, kind: 'storyline', product: 'storyline', title: 'good', contentType: 'application/zip' }) });
    uploads.send({ type: 'uploads.add', files: [file('bad', 'setup.exe'), file('good', 'good.zip')], target: { kind: 'newItem', folderId: null } });
    await settle();
    expect(statuses(uploads)).toEqual(['good.zip:pending']);
    expect(uploads.getSnapshot().matches({ notice: 'open' })).toBe(true);
    expect(uploads.getSnapshot().context.unsupported).toEqual([{ fileName: 'setup.exe', reason: 'blockedExtension', detail: '.exe files are programs' }]);
    expect(shownToasts(toasts)).toEqual([]);
    expect(fakes.hash.runs.map((r) => r.input)).toEqual([{ fileId: 'good' }]);
    uploads.send({ type: 'uploads.closeNotSupported' });
    expect(uploads.getSnapshot().matches({ notice: 'closed' })).toBe(true);
    expect(uploads.getSnapshot().context.unsupported).toEqual([]);
  });

  it('cancel of one upload is silent: it leaves the list, its version is deleted, no toast', async () => {
    const { fakes, uploads, toasts } = start();
    uploads.send({ type: 'uploads.add', files: [file('f1', 'one.zip')], target: { kind: 'newItem', folderId: 1 } });
    await settle();
    fakes.hash.last().sendBack({ type: 'upload.hashed', md5: MD5 });
    await settle();
    uploads.send({ type: 'uploads.cancel', uploadId: 'upload-1' });
    expect(statuses(uploads)).toEqual([]);
    await settle();
    expect(fakes.deleteVersion.inputs).toEqual([{ itemId: 'i1', key: KEY }]);
    expect(shownToasts(toasts)).toEqual([]);
    // An upload that is gone ignores later requests.
    uploads.send({ type: 'uploads.cancel', uploadId: 'upload-1' });
    uploads.send({ type: 'uploads.retry', uploadId: 'upload-1', file: file('f2') });
    expect(uploads.getSnapshot().status).toBe('active');
  });
});

describe('uploads: signing out with uploads in progress (foundation §1, §8)', () => {
  it('the session asks first; confirming cancels every upload (versions deleted) and signs out', async () => {
    const { fakes, uploads, sessionRef, auth } = start({ realSession: true });
    sessionRef.send({ type: 'auth.status', status: 'signedIn', user: { sub: 'u-alex', email: 'a@example.com', firstName: 'A', lastName: 'B' }, anonymousUser: null });
    uploads.send({ type: 'uploads.add', files: [file('f1', 'one.zip'), file('f2', 'two.zip')], target: { kind: 'newItem', folderId: 1 } });
    await settle();
    fakes.hash.runs[0]!.sendBack({ type: 'upload.hashed', md5: MD5 });
    await settle();
    expect(statuses(uploads)).toEqual(['one.zip:uploading', 'two.zip:pending']);

    sessionRef.send({ type: 'session.signOut' });
    expect(sessionRef.getSnapshot().matches({ loggedIn: { signOut: 'confirming' } })).toBe(true);
    expect(auth.types()).toEqual([]);
    sessionRef.send({ type: 'session.confirmSignOut' });
    expect(statuses(uploads)).toEqual([]);
    expect(auth.types()).toEqual(['auth.signOut']);
    await settle();
    // Only the upload whose version existed had something to delete.
    expect(fakes.deleteVersion.inputs).toEqual([{ itemId: 'i1', key: KEY }]);
    expect(fakes.put.runs[0]!.stopped).toBe(true);
    expect(sessionRef.getSnapshot().context.uploadsInProgress).toBe(false);
  });

  it('without uploads in progress sign-out goes straight on', () => {
    const { sessionRef, auth } = start({ realSession: true });
    sessionRef.send({ type: 'auth.status', status: 'signedIn', user: { sub: 'u-alex', email: 'a@example.com', firstName: 'A', lastName: 'B' }, anonymousUser: null });
    sessionRef.send({ type: 'session.signOut' });
    expect(auth.types()).toEqual(['auth.signOut']);
  });

  it('a version push on the user namespace reaches the upload waiting for it (the session forwards it)', async () => {
    const { fakes, uploads, sessionRef } = start({ realSession: true });
    sessionRef.send({ type: 'auth.status', status: 'signedIn', user: { sub: 'u-alex', email: 'a@example.com', firstName: 'A', lastName: 'B' }, anonymousUser: null });
    uploads.send({ type: 'uploads.add', files: [file('f1', 'one.zip')], target: { kind: 'newItem', folderId: 1 } });
    await settle();
    fakes.hash.last().sendBack({ type: 'upload.hashed', md5: MD5 });
    await settle();
    fakes.put.last().sendBack({ type: 'upload.putDone' });
    expect(statuses(uploads)).toEqual(['one.zip:preparing']);
    const ready = version(1, 'ready', { package: { key: KEY, md5_checksum: MD5 } });
    sessionRef.send({ type: 'realtime.message', namespace: '/user/u-alex', event: 'item.versionUpdated', data: { messageId: 'm1', itemId: 'i1', version: { ...ready, state: 'bogus' }, deleted: false } });
    expect(statuses(uploads)).toEqual(['one.zip:preparing']);
    sessionRef.send({ type: 'realtime.message', namespace: '/user/u-alex', event: 'item.versionUpdated', data: { messageId: 'm2', itemId: 'i1', version: ready, deleted: false } });
    expect(statuses(uploads)).toEqual([]);
  });
});

describe('uploads: files dragged over the drop zone (§2 "A drop zone accepts dragged files")', () => {
  const over = (actor: Uploads) => actor.getSnapshot().hasTag('dragOver');

  it('the overlay shows from the first dragenter and goes only when every element entered was left', () => {
    const actor = createActor(uploadsMachine).start();
    expect(over(actor)).toBe(false);
    actor.send({ type: 'uploads.dragEnter' }); // the zone
    actor.send({ type: 'uploads.dragEnter' }); // a card inside it (dragenter of the child fires before dragleave of the parent)
    actor.send({ type: 'uploads.dragLeave' }); // the zone, for the card
    expect(over(actor)).toBe(true);
    actor.send({ type: 'uploads.dragLeave' }); // the card, out of the zone
    expect(over(actor)).toBe(false);
    expect(actor.getSnapshot().context.dragDepth).toBe(0);
  });

  it('a drop, the drag canceled or the zone gone ends it whatever the depth; a stray dragleave changes nothing', () => {
    const actor = createActor(uploadsMachine).start();
    actor.send({ type: 'uploads.dragLeave' });
    expect(over(actor)).toBe(false);
    actor.send({ type: 'uploads.dragEnter' });
    actor.send({ type: 'uploads.dragEnter' });
    actor.send({ type: 'uploads.dragEnd' });
    expect(over(actor)).toBe(false);
    actor.send({ type: 'uploads.dragEnter' });
    expect(over(actor)).toBe(true);
    actor.send({ type: 'uploads.dragLeave' });
    expect(over(actor)).toBe(false);
  });
});
