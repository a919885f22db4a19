/**
 * A recorded session through the uploads and item actors (a stalled upload retried with a new file and finished
 * by the server's push, a password-protected item opened after a wrong password, a new version by someone else,
 * a restore and a backup download waited for) replays headless with no divergence: file ids, upload ids, hashing
 * and PUT progress, pushes and times all come from events.
 */
import { gunzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyActorRef } from 'xstate';
import { createEventRecorder, parseEventLog } from '../../adapters/eventLog.ts';
import { UPLOAD_STALL_MS, UPLOAD_TOAST_MS } from '../../domain/constants.ts';
import { appMachine, definitionHashes, itemMachine, uploadsMachine } from '../../machines/index.ts';
import { isCoreLogic } from '../../machines/core.ts';
import { inert } from '../../machines/inert.ts';
import { replayLog } from '../../tools/replayer.ts';
import { controlled, refusal, settle } from './contentFixtures.ts';
import { answering, detail, fakeUploadAdapters, file, MD5, version } from './uploadFixtures.ts';

const USER = { sub: 'u-alex', email: 'alex.admin@example.com', firstName: 'Alex', lastName: 'Admin' };
const TOKENS = { accessToken: 'access-token-secret', idToken: null, hasRefreshToken: true, expiresInSeconds: 3600 };

describe('uploads and item view replay', () => {
  it('replays uploads, retries, pushes and the item view with no divergence, and keeps the item password out of the log', async () => {
    const clock = new SimulatedClock();
    clock.set(1_700_000_000_000);
    const recorder = createEventRecorder({ now: () => clock.now(), isCoreLogic });
    const fakes = fakeUploadAdapters();
    const two = detail([version(1, 'ready'), version(2, 'ready')], { hasPassword: true });
    const fetch = answering<{ pass: string | null }>((input) => (input.pass === 'item-password-secret' ? { item: two } : refusal('passwordFailed', 'Password required.')));
    const restore = controlled<unknown>();
    const backups = controlled<unknown>();
    const item = itemMachine.provide({
      actors: {
        fetchItem: fetch.logic as never,
        restoreVersion: restore.logic as never,
        listBackups: backups.logic as never,
        fetchBackupUrl: answering(() => 'http://localhost/api/downloads/b1').logic as never,
      },
    });
    const uploads = uploadsMachine.provide({ actors: { upload: fakes.machine } });
    const app = createActor(inert(appMachine).provide({ actors: { uploads, item } }), { id: 'app', clock });
    recorder.attach(app);
    app.start();
    // The content and item features' actors start once their code is in (the composition root sends this then).
    for (const feature of ['content', 'item'] as const) app.send({ type: 'app.featureLoaded', feature });
    const get = (id: string) => app.system.get(id) as AnyActorRef;

    // Signed in: the session tells the item view who is looking.
    get('auth').send({ type: 'xstate.done.actor.loadStoredSession', output: { session: { tokens: TOKENS, user: USER }, lastSignOutReason: null } });
    await settle();

    // An upload that stalls, is retried with another file, and ends with the server's push on /user/<aid>.
    get('uploads').send({ type: 'uploads.add', files: [file('file-1', 'intro.zip')], target: { kind: 'newItem', folderId: 1 } });
    await settle();
    fakes.hash.last().sendBack({ type: 'upload.hashProgress', fraction: 0.5 });
    fakes.hash.last().sendBack({ type: 'upload.hashed', md5: MD5 });
    await settle();
    fakes.put.last().sendBack({ type: 'upload.progress', loaded: 100, total: 1024 });
    clock.increment(UPLOAD_STALL_MS);
    await settle();
    get('uploads').send({ type: 'uploads.retry', uploadId: 'upload-1', file: file('file-2', 'intro-2.zip') });
    await settle();
    fakes.hash.last().sendBack({ type: 'upload.hashed', md5: MD5 });
    await settle();
    fakes.put.last().sendBack({ type: 'upload.progress', loaded: 1024, total: 1024 });
    fakes.put.last().sendBack({ type: 'upload.putDone' });
    const recorded = fakes.addVersion.inputs[0]!.upload.key;
    get('session').send({
      type: 'realtime.message',
      namespace: '/user/u-alex',
      event: 'item.versionUpdated',
      data: { messageId: 'm1', itemId: 'i1', version: version(2, 'ready', { package: { key: recorded, md5_checksum: MD5 } }), deleted: false },
    });
    expect(get('uploads').getSnapshot().context.uploads).toEqual([]);

    // The item view: a password prompt, a wrong then the right password; pushes on /item/i1.
    get('item').send({ type: 'item.open', itemId: 'i1', tab: 'review', versionQuery: null, reviewRequest: null, password: null });
    await settle();
    get('item').send({ type: 'item.submitPassword', password: 'wrong-password' });
    await settle();
    get('item').send({ type: 'item.submitPassword', password: 'item-password-secret' });
    await settle();
    expect(get('item').getSnapshot().matches({ open: 'fetchSuccess' })).toBe(true);
    app.send({ type: 'realtime.message', namespace: '/item/i1', event: 'item.versionCreated', data: { messageId: 'm2', itemId: 'i1', version: version(3, 'uploading', { userId: 'u-sam' }), item: detail([]) } });
    app.send({ type: 'realtime.message', namespace: '/item/i1', event: 'item.versionUpdated', data: { messageId: 'm3', itemId: 'i1', version: version(3, 'ready', { userId: 'u-sam' }), deleted: false } });
    get('item').send({ type: 'item.restoreVersion', version: 1 });
    restore.calls[0]!.resolve({ item: detail([version(1, 'ready'), version(2, 'ready'), version(3, 'ready', { userId: 'u-sam' }), version(4, 'ready')]) });
    await settle();
    get('item').send({ type: 'item.downloadBackup' });
    backups.calls[0]!.resolve([{ id: 'b1', version: 4, status: 'created' }]);
    await settle();
    app.send({ type: 'realtime.message', namespace: '/item/i1', event: 'item.backupUpdated', data: { messageId: 'm4', itemId: 'i1', backup: { id: 'b1', version: 4, status: 'ready' } } });
    await settle();
    clock.increment(UPLOAD_TOAST_MS);
    expect(get('item').getSnapshot().context.shownVersionId).toBe('v4');
    app.stop();

    const bytes = await recorder.exportGzip({ appVersion: 'test', buildId: 'test', machines: definitionHashes(), userAgent: 'vitest' });
    expect(strFromU8(gunzipSync(bytes))).not.toContain('item-password-secret');
    const result = replayLog(parseEventLog(bytes), { root: appMachine, rootId: 'app', currentHashes: definitionHashes() });
    expect(result.divergences).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.injected).toBeGreaterThanOrEqual(20);
    // The stall, the toasts' clocks, the reports to the manager and the forwarded pushes are made again.
    expect(result.regenerated).toBeGreaterThanOrEqual(20);
  });
});
