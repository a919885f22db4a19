import { describe, expect, it } from 'vitest';
import { assign, createActor, createMachine, type ActorRefFrom, type EventObject } from 'xstate';
import type { Backup, ItemDetail } from '../../domain/items.ts';
import { canDownloadBackupOf, canOpenShareOf, isUploaderOf, itemMachine, playerAddressOf, shownVersionOf } from '../../machines/items/itemMachine.ts';
import { controlled, recorder, refusal, settle } from './contentFixtures.ts';
import { answering, detail, file, version } from './uploadFixtures.ts';

type Item = ActorRefFrom<typeof itemMachine>;

/**
 * The item actor with fake requests in a small system: recorders for toasts, dialogs and uploads, and a root
 * that keeps what the item tells the app (item.opened / item.closed).
 */
function start(options: { userId?: string | null; answer?: (input: { id: string; pass: string | null }) => unknown } = {}) {
  const fetch = answering<{ id: string; pass: string | null; protectedLinksFlagEnabled: true }>(options.answer ?? (() => ({ item: detail([version(1, 'ready'), version(2, 'ready')]) })));
  const restore = controlled<{ itemId: string; version: number }>();
  const remove = controlled<{ itemId: string; key: string }>();
  const backups = controlled<{ itemId: string }>();
  const backupUrl = answering<{ backupId: string }>(() => 'http://localhost/api/downloads/backup-1');
  const presign = answering<{ itemId: string; version: number }>(() => ({ url: 'http://localhost/api/downloads/video-2', fileName: 'Intro course.mp4' }));
  const downloads: { url: string; fileName: string }[] = [];
  const reported: string[] = [];
  const item = itemMachine.provide({
    actors: {
      fetchItem: fetch.logic as never,
      restoreVersion: restore.logic as never,
      deleteVersion: remove.logic as never,
      listBackups: backups.logic as never,
      fetchBackupUrl: backupUrl.logic as never,
      presignDownload: presign.logic as never,
    },
    actions: {
      startDownload: (_, params) => void downloads.push(params),
      reportError: (_, params) => void reported.push(params.message),
    },
  });
  const toasts = recorder();
  const dialogs = recorder();
  const uploads = recorder();
  const root = createActor(
    createMachine({
      types: { context: {} as { told: EventObject[] } },
      context: { told: [] },
      invoke: [
        { id: 'toasts', systemId: 'toasts', src: toasts.logic },
        { id: 'dialogs', systemId: 'dialogs', src: dialogs.logic },
        { id: 'uploads', systemId: 'uploads', src: uploads.logic },
        { id: 'item', systemId: 'item', src: item, input: { userId: options.userId === undefined ? 'u-alex' : options.userId } },
      ],
      on: { '*': { actions: assign({ told: ({ context, event }) => [...context.told, event] }) } },
    }),
  ).start();
  const actor = root.system.get('item') as Item;
  const told = () => root.getSnapshot().context.told.filter((e) => e.type === 'item.opened' || e.type === 'item.closed');
  return { actor, fetch, restore, remove, backups, backupUrl, presign, downloads, reported, toasts, dialogs, uploads, told };
}

const open = (actor: Item, over: { itemId?: string; versionQuery?: number | null; password?: string | null; tab?: string } = {}) =>
  actor.send({ type: 'item.open', itemId: over.itemId ?? 'i1', tab: over.tab ?? 'review', versionQuery: over.versionQuery ?? null, reviewRequest: null, password: over.password ?? null });

const answerWith = (item: ItemDetail) => () => ({ item });
const value = (actor: Item) => actor.getSnapshot().value;
const shown = (actor: Item) => shownVersionOf(actor.getSnapshot().context)?.number ?? null;
const push = (actor: Item, event: string, data: Record<string, unknown>) => actor.send({ type: 'realtime.message', namespace: '/item/i1', event, data: { messageId: `m-${event}`, ...data } });

describe('item: loading (review-and-content §4 item load, §8 item fetch reasons)', () => {
  it('loading → fetch success; the app is told so the item’s realtime connection opens', async () => {
    const { actor, fetch, told } = start();
    open(actor);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(fetch.inputs).toEqual([{ id: 'i1', pass: null, protectedLinksFlagEnabled: true }]);
    expect(actor.getSnapshot().matches({ open: { fetchSuccess: { view: 'ready' } } })).toBe(true);
    expect(told()).toEqual([{ type: 'item.opened', itemId: 'i1', password: null, anonymousEmail: null }]);
    actor.send({ type: 'item.close' });
    expect(value(actor)).toBe('closed');
    expect(told().at(-1)).toEqual({ type: 'item.closed' });
  });

  it.each([
    ['accessDenied', 'privateItemAccessDenied'],
    ['notFound', 'notFound'],
    ['serverError', 'failedToFetch'],
  ])('a %s refusal → %s', async (reason, state) => {
    const { actor, told } = start({ answer: () => refusal(reason) });
    open(actor);
    await settle();
    expect(value(actor)).toEqual({ open: state });
    expect(told()).toEqual([]);
  });

  it('failed to fetch offers a retry', async () => {
    let fail = true;
    const { actor, fetch } = start({ answer: () => (fail ? refusal('serverError', 'timed out') : { item: detail([version(1, 'ready')]) }) });
    open(actor);
    await settle();
    expect(value(actor)).toEqual({ open: 'failedToFetch' });
    fail = false;
    actor.send({ type: 'item.retry' });
    await settle();
    expect(fetch.inputs).toHaveLength(2);
    expect(actor.getSnapshot().matches({ open: 'fetchSuccess' })).toBe(true);
  });

  it('opened before the session had a connection: read again when the session says who is looking', async () => {
    let connected = false;
    const { actor, fetch } = start({ userId: null, answer: () => (connected ? { item: detail([version(1, 'ready')]) } : refusal('serverError', 'Cannot send item.get: not connected')) });
    open(actor);
    await settle();
    expect(value(actor)).toEqual({ open: 'failedToFetch' });
    connected = true;
    actor.send({ type: 'item.viewerChanged', userId: 'u-alex', anonymousEmail: null });
    await settle();
    expect(fetch.inputs).toHaveLength(2);
    expect(actor.getSnapshot().matches({ open: 'fetchSuccess' })).toBe(true);
    expect(actor.getSnapshot().context.userId).toBe('u-alex');
  });

  it('a password-protected item asks for the password; a wrong one is refused (error shown), the right one opens it', async () => {
    const { actor, fetch, told } = start({ answer: (input) => (input.pass === 'letmein' ? { item: detail([version(1, 'ready')], { hasPassword: true }) } : refusal('passwordFailed')) });
    open(actor);
    await settle();
    expect(value(actor)).toEqual({ open: { unauthorized: 'asking' } });
    expect(actor.getSnapshot().context.passwordError).toBe(false);

    actor.send({ type: 'item.submitPassword', password: 'nope' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(value(actor)).toEqual({ open: { unauthorized: 'asking' } });
    expect(actor.getSnapshot().context.passwordError).toBe(true);

    actor.send({ type: 'item.submitPassword', password: 'letmein' });
    await settle();
    expect(fetch.inputs.map((i) => i.pass)).toEqual([null, 'nope', 'letmein']);
    expect(actor.getSnapshot().matches({ open: 'fetchSuccess' })).toBe(true);
    expect(actor.getSnapshot().context.passwordError).toBe(false);
    expect(told()).toEqual([{ type: 'item.opened', itemId: 'i1', password: 'letmein', anonymousEmail: null }]);
  });

  it('an anonymous reviewer’s item connection carries their e-mail', async () => {
    const { actor, told } = start({ userId: null });
    actor.send({ type: 'item.viewerChanged', userId: null, anonymousEmail: 'reviewer@example.com' });
    open(actor);
    await settle();
    expect(told()).toEqual([{ type: 'item.opened', itemId: 'i1', password: null, anonymousEmail: 'reviewer@example.com' }]);
  });

  it('another item: read afresh, and the previous connection is closed', async () => {
    const { actor, fetch, told } = start();
    open(actor);
    await settle();
    open(actor, { itemId: 'i2' });
    expect(told().at(-1)).toEqual({ type: 'item.closed' });
    await settle();
    expect(fetch.inputs.map((i) => i.id)).toEqual(['i1', 'i2']);
  });
});

describe('item: the version shown (review-and-content §2 version query, §4 version states)', () => {
  const three = detail([version(1, 'ready'), version(2, 'ready'), version(3, 'ready')]);

  it('the version query picks the version; out of range → the latest; the route changing it reads nothing again', async () => {
    const { actor, fetch } = start({ answer: answerWith(three) });
    open(actor, { versionQuery: 2 });
    await settle();
    expect(shown(actor)).toBe(2);
    open(actor, { versionQuery: 9 });
    expect(shown(actor)).toBe(3);
    open(actor, { versionQuery: 1, tab: 'feedback' });
    expect(shown(actor)).toBe(1);
    expect(actor.getSnapshot().context.route?.tab).toBe('feedback');
    expect(fetch.inputs).toHaveLength(1);
    expect(playerAddressOf(actor.getSnapshot().context)).toBe('/packages/v1/story.html');
  });

  it('processing while uploading or uploaded; ready once the push says so', async () => {
    const { actor } = start({ answer: answerWith(detail([version(1, 'uploaded')])) });
    open(actor);
    await settle();
    expect(actor.getSnapshot().matches({ open: { fetchSuccess: { view: 'processing' } } })).toBe(true);
    push(actor, 'item.versionUpdated', { itemId: 'i1', version: version(1, 'ready'), deleted: false });
    expect(actor.getSnapshot().matches({ open: { fetchSuccess: { view: 'ready' } } })).toBe(true);
  });

  it('failed processing: cancel and retry belong to the uploader only', async () => {
    const failed = detail([version(1, 'ready'), version(2, 'unpackFailed', { userId: 'u-sam' })]);
    const asOwner = start({ answer: answerWith(failed) });
    open(asOwner.actor);
    await settle();
    expect(asOwner.actor.getSnapshot().matches({ open: { fetchSuccess: { view: 'failedProcessing' } } })).toBe(true);
    expect(isUploaderOf(asOwner.actor.getSnapshot().context)).toBe(false);
    asOwner.actor.send({ type: 'item.cancelUpload' });
    asOwner.actor.send({ type: 'item.retryUpload', file: file() });
    expect(asOwner.remove.calls).toEqual([]);
    expect(asOwner.uploads.events).toEqual([]);

    const asUploader = start({ userId: 'u-sam', answer: answerWith(failed) });
    open(asUploader.actor);
    await settle();
    expect(isUploaderOf(asUploader.actor.getSnapshot().context)).toBe(true);
    asUploader.actor.send({ type: 'item.retryUpload', file: file('f7') });
    expect(asUploader.uploads.events).toEqual([{ type: 'uploads.add', files: [file('f7')], target: { kind: 'newVersion', itemId: 'i1', product: 'storyline' } }]);
    asUploader.actor.send({ type: 'item.cancelUpload' });
    expect(asUploader.remove.calls.map((c) => c.input)).toEqual([{ itemId: 'i1', key: 'review/uploads/k2/intro.zip' }]);
    asUploader.remove.calls[0]!.resolve({ item: detail([version(1, 'ready')]) });
    await settle();
    expect(shown(asUploader.actor)).toBe(1);
    expect(asUploader.actor.getSnapshot().matches({ open: { fetchSuccess: { view: 'ready', task: 'idle' } } })).toBe(true);
  });

  it('cancel of the only version destroys the item: the deleted-item screen', async () => {
    const { actor, remove, told } = start({ answer: answerWith(detail([version(1, 'uploadFailed')])) });
    open(actor);
    await settle();
    actor.send({ type: 'item.cancelUpload' });
    remove.calls[0]!.resolve({ item: null });
    await settle();
    expect(value(actor)).toEqual({ open: 'notFound' });
    expect(told().at(-1)).toEqual({ type: 'item.closed' });
  });

  it('a ready package without content prefix is reported and given an empty file address (§8)', async () => {
    const { actor, reported } = start({ answer: answerWith(detail([version(1, 'ready', { contentPrefix: null })])) });
    open(actor);
    await settle();
    expect(actor.getSnapshot().matches({ open: { fetchSuccess: { view: 'ready' } } })).toBe(true);
    expect(playerAddressOf(actor.getSnapshot().context)).toBe('');
    expect(reported).toEqual(['Item i1 version 1 has no content prefix or player file']);
  });
});

describe('item: live pushes (review-and-content §2 out-of-date dialog, §4 Other)', () => {
  const two = detail([version(1, 'ready'), version(2, 'ready')]);

  it('a newer version by someone else while the latest is shown: the view moves to it and a toast says so', async () => {
    const { actor, toasts } = start({ answer: answerWith(two) });
    open(actor);
    await settle();
    push(actor, 'item.versionCreated', { itemId: 'i1', version: version(3, 'uploading', { userId: 'u-sam' }), item: detail([]) });
    expect(shown(actor)).toBe(3);
    expect(actor.getSnapshot().matches({ open: { fetchSuccess: { view: 'processing' } } })).toBe(true);
    expect(actor.getSnapshot().context.outOfDate).toBe(false);
    expect(toasts.events).toMatchObject([{ type: 'toast.show', toast: { id: 'newVersion', data: { itemTitle: 'Intro course', version: 3 } } }]);
  });

  it('a newer version of my own moves the view without a toast', async () => {
    const { actor, toasts } = start({ answer: answerWith(two) });
    open(actor);
    await settle();
    push(actor, 'item.versionCreated', { itemId: 'i1', version: version(3, 'uploading'), item: detail([]) });
    expect(shown(actor)).toBe(3);
    expect(toasts.events).toEqual([]);
  });

  it('a newer version while an older one is shown: the out-of-date dialog, the view stays', async () => {
    const { actor, toasts } = start({ answer: answerWith(two) });
    open(actor, { versionQuery: 1 });
    await settle();
    push(actor, 'item.versionCreated', { itemId: 'i1', version: version(3, 'ready', { userId: 'u-sam' }), item: detail([]) });
    expect(shown(actor)).toBe(1);
    expect(actor.getSnapshot().context.outOfDate).toBe(true);
    expect(toasts.events).toEqual([]);
    actor.send({ type: 'item.dismissOutOfDate' });
    expect(actor.getSnapshot().context.outOfDate).toBe(false);
    // Going to the latest also ends it.
    push(actor, 'item.versionCreated', { itemId: 'i1', version: version(4, 'ready', { userId: 'u-sam' }), item: detail([]) });
    expect(actor.getSnapshot().context.outOfDate).toBe(true);
    open(actor, { versionQuery: null });
    expect(shown(actor)).toBe(4);
    expect(actor.getSnapshot().context.outOfDate).toBe(false);
  });

  it('the shown version deleted → deleted version; the item trashed or destroyed → deleted item', async () => {
    const { actor, told } = start({ answer: answerWith(two) });
    open(actor, { versionQuery: 2 });
    await settle();
    push(actor, 'item.versionUpdated', { itemId: 'i1', version: version(2, 'ready'), deleted: true });
    expect(actor.getSnapshot().matches({ open: { fetchSuccess: { view: 'deletedVersion' } } })).toBe(true);
    push(actor, 'item.softDeleteHashed', { id: 'other', folderId: 1, hash: 'h' });
    expect(actor.getSnapshot().matches({ open: 'fetchSuccess' })).toBe(true);
    push(actor, 'item.softDeleteHashed', { id: 'i1', folderId: 1, hash: 'h' });
    expect(value(actor)).toEqual({ open: 'notFound' });
    expect(told().at(-1)).toEqual({ type: 'item.closed' });
  });

  it('malformed pushes and pushes about other items change nothing', async () => {
    const { actor } = start({ answer: answerWith(two) });
    open(actor);
    await settle();
    const before = actor.getSnapshot().context;
    push(actor, 'item.versionCreated', { itemId: 'i1', version: { id: 'v9' } });
    push(actor, 'item.versionCreated', { itemId: 'i2', version: version(3, 'ready'), item: detail([]) });
    expect(actor.getSnapshot().context).toBe(before);
  });

  it('a reconnect reads the item again quietly, keeping the version shown', async () => {
    let answer = two;
    const { actor, fetch } = start({ answer: () => ({ item: answer }) });
    open(actor, { versionQuery: 1 });
    await settle();
    answer = detail([version(1, 'ready'), version(2, 'ready'), version(3, 'ready')]);
    actor.send({ type: 'realtime.reconnected', namespace: '/item/i1' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    await settle();
    expect(fetch.inputs).toHaveLength(2);
    expect(shown(actor)).toBe(1);
    expect(actor.getSnapshot().context.item?.versions).toHaveLength(3);
  });
});

describe('item: restore version (review-and-content §5, §6)', () => {
  const two = detail([version(1, 'ready'), version(2, 'ready')]);

  it('the latest, an out-of-range version, or a viewer’s request are ignored silently', async () => {
    const viewer = start({ answer: answerWith({ ...two, isOwner: false, actions: ['viewItem'] }) });
    open(viewer.actor);
    await settle();
    viewer.actor.send({ type: 'item.restoreVersion', version: 1 });
    expect(viewer.restore.calls).toEqual([]);

    const owner = start({ answer: answerWith(two) });
    open(owner.actor);
    await settle();
    for (const n of [2, 0, 3, 1.5]) owner.actor.send({ type: 'item.restoreVersion', version: n });
    expect(owner.restore.calls).toEqual([]);
    expect(owner.dialogs.events).toEqual([]);
  });

  it('restore as owner (or with restoreItem): the new latest is shown', async () => {
    const { actor, restore } = start({ answer: answerWith({ ...two, isOwner: false, actions: ['viewItem', 'restoreItem'] }) });
    open(actor, { versionQuery: 1 });
    await settle();
    actor.send({ type: 'item.restoreVersion', version: 1 });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(restore.calls.map((c) => c.input)).toEqual([{ itemId: 'i1', version: 1 }]);
    restore.calls[0]!.resolve({ item: detail([version(1, 'ready'), version(2, 'ready'), version(3, 'ready')]) });
    await settle();
    expect(shown(actor)).toBe(3);
    expect(actor.getSnapshot().context.route?.versionQuery).toBeNull();
  });

  it('a failed restore opens the generic error dialog with a retry, and is reported', async () => {
    const { actor, restore, dialogs, reported } = start({ answer: answerWith(two) });
    open(actor);
    await settle();
    actor.send({ type: 'item.restoreVersion', version: 1 });
    restore.calls[0]!.reject(refusal('serverError', 'down'));
    await settle();
    expect(dialogs.events).toEqual([
      { type: 'dialogs.open', dialog: { kind: 'error', operation: 'restore', reason: 'serverError', message: 'Error restoring version', retry: { target: 'item', event: { type: 'item.restoreVersion', version: 1 } } } },
    ]);
    expect(reported).toEqual(['Restore version failed: down']);
    expect(shown(actor)).toBe(2);
  });
});

describe('item: downloads (review-and-content §4 backups, §7)', () => {
  const backup = (status: Backup['status']): Backup => ({ id: 'b1', version: 2, status });

  it('a ready backup is downloaded as {title}.story', async () => {
    const { actor, backups, backupUrl, downloads } = start();
    open(actor);
    await settle();
    actor.send({ type: 'item.downloadBackup' });
    expect(actor.getSnapshot().hasTag('downloading')).toBe(true);
    backups.calls[0]!.resolve([backup('ready')]);
    await settle();
    expect(backupUrl.inputs).toEqual([{ backupId: 'b1' }]);
    expect(downloads).toEqual([{ url: 'http://localhost/api/downloads/backup-1', fileName: 'Intro course.story' }]);
    expect(actor.getSnapshot().hasTag('downloading')).toBe(false);
  });

  it('a backup still being made is waited for until its push says ready', async () => {
    const { actor, backups, backupUrl, downloads } = start();
    open(actor);
    await settle();
    actor.send({ type: 'item.downloadBackup' });
    backups.calls[0]!.resolve([backup('created')]);
    await settle();
    expect(actor.getSnapshot().matches({ open: { fetchSuccess: { task: 'waitingForBackup' } } })).toBe(true);
    push(actor, 'item.backupUpdated', { itemId: 'i1', backup: { ...backup('ready'), id: 'other' } });
    expect(backupUrl.inputs).toEqual([]);
    push(actor, 'item.backupUpdated', { itemId: 'i1', backup: backup('ready') });
    await settle();
    expect(downloads).toEqual([{ url: 'http://localhost/api/downloads/backup-1', fileName: 'Intro course.story' }]);
  });

  it('a backup that cannot be read or has not been made says so in a toast, not only in the error report', async () => {
    const { actor, backups, toasts } = start();
    open(actor);
    await settle();
    actor.send({ type: 'item.downloadBackup' });
    backups.calls[0]!.reject(refusal('notFound', 'No such item, or you may not open it without its password.'));
    await settle();
    actor.send({ type: 'item.downloadBackup' });
    backups.calls[1]!.resolve([]);
    await settle();
    expect(toasts.events).toMatchObject([
      { type: 'toast.show', toast: { id: 'itemDownloadFailed', severity: 'error', message: 'No such item, or you may not open it without its password.', data: { itemTitle: 'backup' } } },
      { type: 'toast.show', toast: { id: 'itemDownloadFailed', message: 'This item has no project backup yet.' } },
    ]);
    expect(actor.getSnapshot().hasTag('downloading')).toBe(false);
  });

  it('offers the backup and the share dialog only to those the service gives them to', () => {
    const item = (over: Partial<ItemDetail>) => ({ item: { ...detail([version(1, 'ready')]), ...over }, userId: 'u1' });
    expect(canDownloadBackupOf(item({ isOwner: true, hasPassword: true }))).toBe(true);
    expect(canDownloadBackupOf(item({ isOwner: false, actions: ['viewItem'], hasPassword: true }))).toBe(true);
    expect(canDownloadBackupOf(item({ isOwner: false, actions: [], hasPassword: false }))).toBe(true);
    expect(canDownloadBackupOf(item({ isOwner: false, actions: [], hasPassword: true }))).toBe(false);
    expect(canDownloadBackupOf({ ...item({ isOwner: true }), userId: null })).toBe(false);
    expect(canOpenShareOf(item({ isOwner: false, actions: ['viewFolder', 'viewPermissions', 'viewItem'] }))).toBe(true);
    expect(canOpenShareOf(item({ isOwner: false, actions: [] }))).toBe(false);
    expect(canOpenShareOf(item({ isOwner: true, actions: [] }))).toBe(true);
  });

  it('backups need an account: an anonymous reviewer’s request is ignored', async () => {
    const { actor, backups } = start({ userId: null });
    open(actor);
    await settle();
    actor.send({ type: 'item.downloadBackup' });
    expect(backups.calls).toEqual([]);
  });

  it('a video version is downloaded through a signed link', async () => {
    const video = detail([version(1, 'ready', { contentPrefix: null, playerFile: null, mediaUrl: '/blobs/v1.mp4' }), version(2, 'ready', { contentPrefix: null, playerFile: null, mediaUrl: '/blobs/v2.mp4' })], { product: 'video' });
    const { actor, presign, downloads } = start({ answer: answerWith(video) });
    open(actor, { versionQuery: 1 });
    await settle();
    expect(playerAddressOf(actor.getSnapshot().context)).toBe('/blobs/v1.mp4');
    actor.send({ type: 'item.downloadVideo' });
    await settle();
    expect(presign.inputs).toEqual([{ itemId: 'i1', version: 1 }]);
    expect(downloads).toEqual([{ url: 'http://localhost/api/downloads/video-2', fileName: 'Intro course.mp4' }]);
  });

  it('a storyline item offers no video download', async () => {
    const { actor, presign } = start();
    open(actor);
    await settle();
    actor.send({ type: 'item.downloadVideo' });
    await settle();
    expect(presign.inputs).toEqual([]);
  });
});

describe('item: the restore confirmation (review-and-content §5; the version menu asks, the dialog answers)', () => {
  const two = detail([version(1, 'ready'), version(2, 'ready')]);
  const asking = (actor: Item) => actor.getSnapshot().matches({ open: { fetchSuccess: { restoreConfirm: 'asking' } } });

  it('asking opens the confirmation for that version; cancel closes it and restores nothing', async () => {
    const { actor, restore } = start({ answer: answerWith(two) });
    open(actor);
    await settle();
    actor.send({ type: 'item.askRestore', version: 1 });
    expect(asking(actor)).toBe(true);
    expect(actor.getSnapshot().context.restoreAsked).toBe(1);
    actor.send({ type: 'item.cancelRestore' });
    expect(asking(actor)).toBe(false);
    expect(actor.getSnapshot().context.restoreAsked).toBeNull();
    expect(restore.calls).toEqual([]);
  });

  it('confirm restores the version asked about and closes the confirmation', async () => {
    const { actor, restore } = start({ answer: answerWith(two) });
    open(actor, { versionQuery: 1 });
    await settle();
    actor.send({ type: 'item.askRestore', version: 1 });
    actor.send({ type: 'item.confirmRestore' });
    expect(asking(actor)).toBe(false);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(restore.calls.map((c) => c.input)).toEqual([{ itemId: 'i1', version: 1 }]);
    restore.calls[0]!.resolve({ item: detail([version(1, 'ready'), version(2, 'ready'), version(3, 'ready')]) });
    await settle();
    expect(shown(actor)).toBe(3);
  });

  it('the latest version, or a viewer, gets no confirmation at all', async () => {
    const owner = start({ answer: answerWith(two) });
    open(owner.actor);
    await settle();
    owner.actor.send({ type: 'item.askRestore', version: 2 });
    expect(asking(owner.actor)).toBe(false);

    const viewer = start({ answer: answerWith({ ...two, isOwner: false, actions: ['viewItem'] }) });
    open(viewer.actor);
    await settle();
    viewer.actor.send({ type: 'item.askRestore', version: 1 });
    expect(asking(viewer.actor)).toBe(false);
  });

  it('leaving the item forgets the question', async () => {
    const { actor } = start({ answer: answerWith(two) });
    open(actor);
    await settle();
    actor.send({ type: 'item.askRestore', version: 1 });
    actor.send({ type: 'item.close' });
    expect(actor.getSnapshot().context.restoreAsked).toBeNull();
    open(actor);
    await settle();
    expect(asking(actor)).toBe(false);
  });
});
