/**
 * A recorded session through the comments actor and its composers (a list read, a push from another user, a resolve,
 * a refused delete rolled back, a comment with an attachment posted, a reply refused for an old item version, mention
 * lookups) replays headless with no divergence: composer and attachment ids, hashes, PUT progress, answers and times
 * all come from events; the item password stays out of the log.
 */
import { gunzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyActorRef } from 'xstate';
import { createEventRecorder, parseEventLog } from '../../adapters/eventLog.ts';
import { COMMENT_ENTER_MS } from '../../domain/constants.ts';
import { appMachine, definitionHashes } from '../../machines/index.ts';
import { isCoreLogic } from '../../machines/core.ts';
import { inert } from '../../machines/inert.ts';
import { replayLog } from '../../tools/replayer.ts';
import { comment, fakeCommentAdapters, MD5_HEX, reply, subject, text } from './commentFixtures.ts';
import { refusal, settle } from './contentFixtures.ts';

describe('comments replay', () => {
  it('replays the comments, their composers and attachments with no divergence, without the item password', async () => {
    const clock = new SimulatedClock();
    clock.set(1_700_000_000_000);
    const recorder = createEventRecorder({ now: () => clock.now(), isCoreLogic });
    const fakes = fakeCommentAdapters();
    const app = createActor(inert(appMachine).provide({ actors: { comments: fakes.comments } }), { id: 'app', clock });
    recorder.attach(app);
    app.start();
    // The content and item features' actors start once their code is in (the composition root sends this then).
    for (const feature of ['content', 'item'] as const) app.send({ type: 'app.featureLoaded', feature });
    const comments = app.system.get('comments') as AnyActorRef;
    const child = (id: string) => comments.getSnapshot().children[id] as AnyActorRef;

    app.send({ type: 'item.opened', itemId: 'i1', password: 'item-password-secret', anonymousEmail: null });
    comments.send({ type: 'comments.prefsLoaded', stored: '{"sort":"slide"}' });
    comments.send({ type: 'comments.open', ...subject({ pass: 'item-password-secret' }) });
    fakes.find.calls[0]!.resolve({ comments: [comment('c1'), reply('c2', 'c1')], enableComments: true, allowAnonComments: false });
    await settle();
    comments.send({ type: 'comments.slideChanged', slideId: 's2' });
    app.send({ type: 'realtime.message', namespace: '/item/i1', event: 'comment.insert', data: { messageId: 'm1', itemId: 'i1', comment: comment('c3', {}, { userId: 'u-sam', name: 'Sam Seat' }) } });
    comments.send({ type: 'comments.threadClicked', id: 'c3' });
    fakes.change.calls[0]!.resolve({ ids: ['c3'], readerId: 'u-alex' });
    await settle();
    comments.send({ type: 'comments.resolve', id: 'c1', resolved: true });
    fakes.change.calls[1]!.resolve({ comments: [comment('c1', { resolved: true, isResolved: true }), reply('c2', 'c1', { resolved: true, isResolved: true })] });
    await settle();
    comments.send({ type: 'comments.destroy', id: 'c3' });
    fakes.change.calls[2]!.reject(refusal('forbidden', 'Your role does not allow this.'));
    await settle();

    // A comment with an attachment (MD5, presign, PUT progress) from the new-comment box.
    const box = child('composer-new');
    box.send({ type: 'posting.change', content: text('The quiz answer is wrong') });
    box.send({ type: 'posting.addAttachments', files: [{ fileId: 'file-1', name: 'answer.pdf', size: 2048, type: 'application/pdf' }] });
    await settle();
    fakes.hash.last().sendBack({ type: 'file.hashed', md5: MD5_HEX });
    await settle();
    fakes.presign.calls[0]!.resolve({ url: 'http://localhost/api/uploads/put/a1?token=put-token-secret', key: 'review/attachments/k1/answer.pdf', type: 'application/pdf' });
    await settle();
    fakes.put.last().sendBack({ type: 'file.progress', loaded: 1024, total: 2048 });
    fakes.put.last().sendBack({ type: 'file.putDone' });
    await settle();
    box.send({ type: 'posting.submit' });
    fakes.save.calls[0]!.resolve({ comment: comment('c4', { slideId: 's2', createdAt: '2026-11-21T12:00:00.000Z' }) });
    await settle();
    clock.increment(COMMENT_ENTER_MS);

    // A reply refused for an old item version: the draft comes back, the item is flagged out of date.
    comments.send({ type: 'comments.compose', target: { kind: 'reply', parentId: 'c4' } });
    const replyBox = child('composer-reply-c4');
    replyBox.send({ type: 'posting.change', content: text('Fixed in v3') });
    replyBox.send({ type: 'posting.submit' });
    fakes.save.calls[1]!.reject(refusal('oldItemVersion', 'The item has a newer version.'));
    await settle();
    comments.send({ type: 'comments.mentionQuery', query: 's' });
    comments.send({ type: 'comments.mentionQuery', query: 'sa' });
    fakes.mention.calls[1]!.resolve({ suggestions: [{ userId: 'u-sam', email: 'sam@example.com', firstName: 'Sam', lastName: 'Seat', avatar: null, userType: 'user' }] });
    await settle();
    expect(comments.getSnapshot().context.comments.map((c: { id: string }) => c.id)).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(replyBox.getSnapshot().context.content).toEqual(text('Fixed in v3'));
    app.stop();

    const bytes = await recorder.exportGzip({ appVersion: 'test', buildId: 'test', machines: definitionHashes(), userAgent: 'vitest' });
    const log = strFromU8(gunzipSync(bytes));
    expect(log).not.toContain('item-password-secret');
    expect(log).not.toContain('put-token-secret');
    const result = replayLog(parseEventLog(bytes), { root: appMachine, rootId: 'app', currentHashes: definitionHashes() });
    expect(result.divergences).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.injected).toBeGreaterThanOrEqual(20);
    // Placements, reports to the composer and to `comments`, toasts and the done delay are made again.
    expect(result.regenerated).toBeGreaterThanOrEqual(10);
  });
});
