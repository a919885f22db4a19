import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { CommentRecord } from '../../domain/comments.ts';
import { appMachine } from '../../machines/index.ts';
import { commentsSubjectOf, commentViewerOf } from '../../machines/comments/commentEvents.ts';
import {
  canMarkAllReadOf,
  commentAreaOf,
  commentPermissionsOf,
  commentPrefsOf,
  isOutOfDateOf,
  readOnlyReasonOf,
  unreadCountOf,
  visibleThreadsOf,
} from '../../machines/comments/commentsMachine.ts';
import { inert } from '../../machines/inert.ts';
import { itemMachine } from '../../machines/items/itemMachine.ts';
import { comment, fakeCommentAdapters, reply, SAM, startComments, subject, text, type CommentsActor } from './commentFixtures.ts';
import { refusal, settle } from './contentFixtures.ts';
import { answering, detail, version } from './uploadFixtures.ts';

const C1 = comment('c1');
const C2 = reply('c2', 'c1');
const C3 = comment('c3', { createdAt: '2026-11-21T11:00:00.000Z', slideId: 's2' }, { userId: 'u-sam', name: 'Sam Seat' });

const ctx = (actor: CommentsActor) => actor.getSnapshot().context;
const ids = (actor: CommentsActor) => ctx(actor).comments.map((c) => c.id);
const byId = (actor: CommentsActor, id: string) => ctx(actor).comments.find((c) => c.id === id);
const push = (actor: CommentsActor, event: string, data: Record<string, unknown>, itemId = 'i1') =>
  actor.send({ type: 'realtime.message', namespace: `/item/${itemId}`, event, data: { messageId: `m-${event}`, itemId, ...data } });

/** The comments actor, opened on i1 and loaded with `list`. */
async function loaded(list: CommentRecord[] = [C1, C2, C3], over: { enableComments?: boolean; allowAnonComments?: boolean; subject?: Parameters<typeof subject>[0] } = {}) {
  const h = startComments();
  h.actor.send({ type: 'comments.open', ...subject(over.subject) });
  h.find.calls[0]!.resolve({ comments: list, enableComments: over.enableComments ?? true, allowAnonComments: over.allowAnonComments ?? false });
  await settle();
  return h;
}

describe('comments: loading (review-and-content §4 comments, §7 comment.find)', () => {
  it('open → loading (comment.find with the item and its password) → ready, with the new-comment box running', async () => {
    const h = startComments();
    h.actor.send({ type: 'comments.open', ...subject({ pass: 'letmein' }) });
    expect(h.actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(h.find.calls.map((c) => c.input)).toEqual([{ itemId: 'i1', pass: 'letmein' }]);
    h.find.calls[0]!.resolve({ comments: [C1, C2, C3], enableComments: true, allowAnonComments: true });
    await settle();
    expect(h.actor.getSnapshot().matches('ready')).toBe(true);
    expect(ids(h.actor)).toEqual(['c1', 'c2', 'c3']);
    expect(ctx(h.actor).allowAnonComments).toBe(true);
    expect(h.composer()?.getSnapshot().context.placement).toMatchObject({ itemId: 'i1', pass: 'letmein', versionId: 'v2', blockedBy: 'noCurrentSlide' });
    h.actor.send({ type: 'comments.slideChanged', slideId: 's2' });
    expect(h.composer()?.getSnapshot().context.placement).toMatchObject({ slideId: 's2', blockedBy: null });
  });

  it('a player that cannot say where it is lets comments go on the item as a whole; a slide the version lacks is not used', async () => {
    const h = startComments();
    h.actor.send({ type: 'comments.open', ...subject() });
    h.find.calls[0]!.resolve({ comments: [], enableComments: true, allowAnonComments: true });
    await settle();
    expect(h.composer()?.getSnapshot().context.placement).toMatchObject({ slideId: null, blockedBy: 'noCurrentSlide' });
    // An id the version does not list (another package's, a player's internal id) places nothing.
    h.actor.send({ type: 'comments.slideChanged', slideId: 'not-a-slide-of-v2' });
    expect(h.composer()?.getSnapshot().context.placement).toMatchObject({ slideId: null, blockedBy: 'noCurrentSlide' });
    h.actor.send({ type: 'comments.slideTracking', tracking: false });
    expect(h.composer()?.getSnapshot().context.placement).toMatchObject({ slideId: null, blockedBy: null });
    // The bridge finds the player after all: slide comments again.
    h.actor.send({ type: 'comments.slideTracking', tracking: true });
    h.actor.send({ type: 'comments.slideChanged', slideId: 's2' });
    expect(h.composer()?.getSnapshot().context.placement).toMatchObject({ slideId: 's2', blockedBy: null });
  });

  it('a failed read shows the error with a retry', async () => {
    const h = startComments();
    h.actor.send({ type: 'comments.open', ...subject() });
    h.find.calls[0]!.reject(refusal('serverError', 'timed out'));
    await settle();
    expect(h.actor.getSnapshot().matches('error')).toBe(true);
    expect(ctx(h.actor).loadError).toBe('timed out');
    h.actor.send({ type: 'comments.retry' });
    h.find.calls[1]!.resolve({ comments: [], enableComments: true, allowAnonComments: false });
    await settle();
    expect(h.actor.getSnapshot().matches('ready')).toBe(true);
    expect(commentAreaOf(ctx(h.actor))).toBe('empty');
  });

  it('another item reloads; the same item with another version shown does not; close forgets the list', async () => {
    const h = await loaded();
    h.actor.send({ type: 'comments.itemChanged', ...subject({ latestVersionId: 'v3' }) });
    expect(h.find.calls).toHaveLength(1);
    expect(isOutOfDateOf(ctx(h.actor))).toBe(true);
    h.actor.send({ type: 'comments.itemChanged', ...subject({ itemId: 'i2' }) });
    expect(h.find.calls.at(-1)!.input).toEqual({ itemId: 'i2', pass: null });
    expect(ctx(h.actor).comments).toEqual([]);
    h.actor.send({ type: 'comments.close' });
    expect(h.actor.getSnapshot().value).toBe('idle');
    expect(h.composer()).toBeUndefined();
  });
});

describe('comments: live pushes (§7 comment socket events)', () => {
  it('a comment from another user appears and counts as unread; pushes for another item or malformed ones change nothing', async () => {
    const h = await loaded([C1]);
    expect(unreadCountOf(ctx(h.actor))).toBe(0);
    push(h.actor, 'comment.insert', { comment: comment('c9', { createdAt: '2026-11-21T12:00:00.000Z' }, { userId: 'u-sam', name: 'Sam Seat' }) });
    expect(ids(h.actor)).toEqual(['c1', 'c9']);
    expect(unreadCountOf(ctx(h.actor))).toBe(1);
    // The newest activity first.
    expect(visibleThreadsOf(ctx(h.actor)).map((t) => t.parent.id)).toEqual(['c9', 'c1']);
    push(h.actor, 'comment.insert', { comment: comment('c10', { itemId: 'i2' }) }, 'i2');
    push(h.actor, 'comment.reply', { comment: { id: 'c11', body: '<script>' } });
    expect(ids(h.actor)).toEqual(['c1', 'c9']);
  });

  it('replies, edits, read marks, resolves and deletes by others are applied', async () => {
    const h = await loaded([C1, C3]);
    push(h.actor, 'comment.reply', { comment: reply('c2', 'c1') });
    push(h.actor, 'comment.update', { comment: { ...C3, body: 'Edited', content: text('Edited') } });
    push(h.actor, 'comment.markRead', { ids: ['c2'], readerId: 'u-alex' });
    expect(byId(h.actor, 'c3')?.body).toBe('Edited');
    expect(unreadCountOf(ctx(h.actor))).toBe(1);
    push(h.actor, 'comment.setResolved', { comments: [{ ...C1, resolved: true, isResolved: true }, { ...reply('c2', 'c1'), resolved: true, isResolved: true, readBy: ['u-alex'] }] });
    expect(visibleThreadsOf(ctx(h.actor)).map((t) => t.parent.id)).toEqual(['c3']);
    push(h.actor, 'comment.destroy', { ids: ['c3'] });
    expect(commentAreaOf(ctx(h.actor))).toBe('allResolved');
    h.actor.send({ type: 'comments.showResolved', show: true });
    expect(commentAreaOf(ctx(h.actor))).toBe('list');
    push(h.actor, 'comment.deleteHashed', { ids: ['c1'] });
    expect(ids(h.actor)).toEqual([]);
  });

  it('comment.refresh turns comments off and reads the list again quietly; share.updated changes anonymous comments; a reconnect reads again', async () => {
    const h = await loaded([C1]);
    push(h.actor, 'comment.refresh', { enableComments: false, allowAnonComments: false });
    expect(ctx(h.actor).enableComments).toBe(false);
    expect(commentAreaOf(ctx(h.actor))).toBe('disabled');
    expect(h.find.calls).toHaveLength(2);
    h.find.calls[1]!.resolve({ comments: [C1, C3], enableComments: false, allowAnonComments: false });
    await settle();
    expect(ids(h.actor)).toEqual(['c1', 'c3']);
    push(h.actor, 'share.updated', { isPrivate: false, allowAnonComments: true, hasPassword: false });
    expect(ctx(h.actor).allowAnonComments).toBe(true);
    h.actor.send({ type: 'realtime.reconnected', namespace: '/item/i1' });
    expect(h.find.calls).toHaveLength(3);
  });
});

describe('comments: resolve and reopen (§4, §6)', () => {
  it('resolving a parent resolves its replies at once; the answer is kept; reopen brings them back', async () => {
    const h = await loaded();
    h.actor.send({ type: 'comments.resolve', id: 'c1', resolved: true });
    expect(byId(h.actor, 'c1')?.isResolved).toBe(true);
    expect(byId(h.actor, 'c2')?.isResolved).toBe(true);
    expect(visibleThreadsOf(ctx(h.actor)).map((t) => t.parent.id)).toEqual(['c3']);
    expect(h.change.calls.map((c) => c.input)).toEqual([{ name: 'comment.setResolved', payload: { itemId: 'i1', pass: null, id: 'c1', resolved: true } }]);
    h.change.calls[0]!.resolve({ comments: [{ ...C1, resolved: true, isResolved: true }, { ...C2, resolved: true, isResolved: true }] });
    await settle();
    expect(ctx(h.actor).server.pending).toEqual([]);
    expect(byId(h.actor, 'c2')?.isResolved).toBe(true);
    h.actor.send({ type: 'comments.resolve', id: 'c1', resolved: false });
    expect(byId(h.actor, 'c1')?.isResolved).toBe(false);
    expect(byId(h.actor, 'c2')?.isResolved).toBe(false);
    expect(h.change.calls[1]!.input.payload).toMatchObject({ id: 'c1', resolved: false });
  });

  it('replies are not resolved on their own, and a locked thread cannot be resolved: nothing is sent', async () => {
    const h = await loaded([C1, C2, comment('c4', { locked: true })]);
    h.actor.send({ type: 'comments.resolve', id: 'c2', resolved: true });
    h.actor.send({ type: 'comments.resolve', id: 'c4', resolved: true });
    expect(h.change.calls).toEqual([]);
    expect(commentPermissionsOf(ctx(h.actor), C2).canResolve).toBe(false);
    expect(commentPermissionsOf(ctx(h.actor), C1).canResolve).toBe(true);
  });

  it('a resolved comment cannot be edited or deleted', async () => {
    const h = await loaded([{ ...C1, resolved: true, isResolved: true }]);
    const perms = commentPermissionsOf(ctx(h.actor), byId(h.actor, 'c1')!);
    expect(perms).toMatchObject({ canEdit: false, canDelete: false, replyBlockedBy: 'resolved' });
    h.actor.send({ type: 'comments.destroy', id: 'c1' });
    h.actor.send({ type: 'comments.compose', target: { kind: 'edit', commentId: 'c1' } });
    expect(h.change.calls).toEqual([]);
    expect(h.composer({ kind: 'edit', commentId: 'c1' })).toBeUndefined();
  });
});

describe('comments: replies blocked when locked, resolved, offline or out of date (§4)', () => {
  it.each([
    ['locked', { list: [comment('c1', { locked: true })] }],
    ['resolved', { list: [comment('c1', { resolved: true, isResolved: true })] }],
    ['offline', { offline: true }],
    ['outOfDate', { subject: { latestVersionId: 'v3' } }],
  ] as const)('%s: no reply box opens', async (reason, setup) => {
    const h = await loaded('list' in setup ? [...setup.list] : [C1], 'subject' in setup ? { subject: setup.subject } : {});
    if ('offline' in setup) h.actor.send({ type: 'comments.connectionChanged', online: false });
    expect(commentPermissionsOf(ctx(h.actor), byId(h.actor, 'c1')!).replyBlockedBy).toBe(reason);
    h.actor.send({ type: 'comments.compose', target: { kind: 'reply', parentId: 'c1' } });
    expect(h.composer({ kind: 'reply', parentId: 'c1' })).toBeUndefined();
  });

  it('an open reply box is blocked as soon as the thread is resolved or the connection drops: nothing is sent', async () => {
    const h = await loaded([C1]);
    h.actor.send({ type: 'comments.compose', target: { kind: 'reply', parentId: 'c1' } });
    const box = h.composer({ kind: 'reply', parentId: 'c1' })!;
    expect(box.getSnapshot().context.placement.blockedBy).toBeNull();
    push(h.actor, 'comment.setResolved', { comments: [{ ...C1, resolved: true, isResolved: true }] });
    expect(box.getSnapshot().context.placement.blockedBy).toBe('resolved');
    box.send({ type: 'posting.change', content: text('Me too') });
    box.send({ type: 'posting.submit' });
    expect(h.save.calls).toEqual([]);
    expect(box.getSnapshot().context.problem).toEqual({ kind: 'blocked', reason: 'resolved' });
    push(h.actor, 'comment.setResolved', { comments: [C1] });
    h.actor.send({ type: 'comments.connectionChanged', online: false });
    expect(box.getSnapshot().context.placement.blockedBy).toBe('offline');
    expect(readOnlyReasonOf(ctx(h.actor), { loading: false, posting: false, readOnlyMode: false, resumePrompt: false })).toBe('offline');
  });

  it('a reply goes to its parent, on the parent’s slide; once posted its box closes', async () => {
    const h = await loaded([C1]);
    h.actor.send({ type: 'comments.compose', target: { kind: 'reply', parentId: 'c1' } });
    const box = h.composer({ kind: 'reply', parentId: 'c1' })!;
    box.send({ type: 'posting.change', content: text('Agreed') });
    box.send({ type: 'posting.submit' });
    expect(h.save.calls[0]!.input).toMatchObject({ name: 'comment.reply', payload: { replyTo: 'c1', slideId: 's1', versionId: 'v2', content: text('Agreed') } });
    h.save.calls[0]!.resolve({ comment: reply('c7', 'c1', { userId: 'u-alex', userKey: 'u-alex' }) });
    await settle();
    expect(ids(h.actor)).toEqual(['c1', 'c7']);
    expect(h.composer({ kind: 'reply', parentId: 'c1' })).toBeUndefined();
    expect(ctx(h.actor).composers.map((c) => c.id)).toEqual(['composer-new']);
  });
});

describe('comments: delete, mark read, turn on and off (§4, §6; optimistic with rollback)', () => {
  it('delete shows at once (a parent takes its replies) and is rolled back on refusal with a toast', async () => {
    const h = await loaded();
    h.actor.send({ type: 'comments.destroy', id: 'c1' });
    expect(ids(h.actor)).toEqual(['c3']);
    expect(h.change.calls[0]!.input).toEqual({ name: 'comment.destroy', payload: { itemId: 'i1', pass: null, id: 'c1' } });
    h.change.calls[0]!.reject(refusal('locked', 'The comment is locked.'));
    await settle();
    expect(ids(h.actor)).toEqual(['c1', 'c2', 'c3']);
    expect(h.toasts.events.at(-1)).toMatchObject({ type: 'toast.show', toast: { id: 'commentActionFailed', severity: 'error', message: 'While deleting comment: The comment is locked.' } });
    expect(h.reported).toContain('While deleting comment: The comment is locked.');
  });

  it('changes go out one at a time; a refused one is taken back, the next stays shown', async () => {
    const h = await loaded();
    h.actor.send({ type: 'comments.destroy', id: 'c3' });
    h.actor.send({ type: 'comments.resolve', id: 'c1', resolved: true });
    expect(h.change.calls).toHaveLength(1);
    h.change.calls[0]!.reject(refusal('forbidden', 'No.'));
    await settle();
    expect(ids(h.actor)).toEqual(['c1', 'c2', 'c3']);
    expect(byId(h.actor, 'c1')?.isResolved).toBe(true);
    expect(h.change.calls[1]!.input.name).toBe('comment.setResolved');
  });

  it('someone without the delete permission cannot delete another’s comment', async () => {
    const h = await loaded([C1, C3], { subject: { viewer: SAM, facts: { isOwner: false, actions: ['viewItem'], enableComments: true, allowAnonComments: false } } });
    h.actor.send({ type: 'comments.destroy', id: 'c1' });
    expect(h.change.calls).toEqual([]);
    h.actor.send({ type: 'comments.destroy', id: 'c3' });
    expect(h.change.calls).toHaveLength(1);
  });

  it('clicking a thread marks its unread comments read: the bubble goes down at once', async () => {
    const h = await loaded([C1, C2, reply('c4', 'c1', { readBy: ['u-alex'] }), C3]);
    expect(unreadCountOf(ctx(h.actor))).toBe(2);
    h.actor.send({ type: 'comments.threadClicked', id: 'c4' });
    expect(unreadCountOf(ctx(h.actor))).toBe(1);
    expect(h.change.calls[0]!.input).toEqual({ name: 'comment.markRead', payload: { itemId: 'i1', pass: null, ids: ['c2'] } });
    h.change.calls[0]!.resolve({ ids: ['c2'], readerId: 'u-alex' });
    await settle();
    expect(unreadCountOf(ctx(h.actor))).toBe(1);
    // Nothing unread in it any more: nothing is sent.
    h.actor.send({ type: 'comments.threadClicked', id: 'c1' });
    expect(h.change.calls).toHaveLength(1);
  });

  it('mark all read (signed in, comments enabled) clears the bubble', async () => {
    const h = await loaded();
    expect(canMarkAllReadOf(ctx(h.actor))).toBe(true);
    h.actor.send({ type: 'comments.markAllRead' });
    expect(unreadCountOf(ctx(h.actor))).toBe(0);
    expect(h.change.calls[0]!.input.payload).toEqual({ itemId: 'i1', pass: null, ids: 'all' });
    h.change.calls[0]!.resolve({ ids: ['c2', 'c3'], readerId: 'u-alex' });
    await settle();
    expect(unreadCountOf(ctx(h.actor))).toBe(0);
  });

  it('an anonymous reviewer cannot mark all read', async () => {
    const anon = commentViewerOf(null, 'Reviewer@Example.com');
    const h = await loaded([C1, C3], { allowAnonComments: true, subject: { viewer: anon, facts: { isOwner: false, actions: [], enableComments: true, allowAnonComments: true } } });
    expect(anon.key).toBe('anon|reviewer@example.com');
    expect(canMarkAllReadOf(ctx(h.actor))).toBe(false);
    h.actor.send({ type: 'comments.markAllRead' });
    expect(h.change.calls).toEqual([]);
  });

  it('turning comments off (enable-comments action) shows at once and is rolled back on refusal; the box is read-only meanwhile', async () => {
    const h = await loaded([C1]);
    h.actor.send({ type: 'comments.setEnabled', enabled: false });
    expect(commentAreaOf(ctx(h.actor))).toBe('disabled');
    expect(h.composer()?.getSnapshot().context.placement.blockedBy).toBe('disabled');
    h.change.calls[0]!.reject(refusal('forbidden', 'Your role does not allow this.'));
    await settle();
    expect(ctx(h.actor).enableComments).toBe(true);
    expect(h.composer()?.getSnapshot().context.placement.blockedBy).toBe('noCurrentSlide');
  });
});

describe('comments: sort (persisted), mentions, out of date', () => {
  it('the sort comes from storage, changes on request and is what the composition root writes back', async () => {
    const h = await loaded();
    expect(ctx(h.actor).sort).toBe('recent');
    h.actor.send({ type: 'comments.prefsLoaded', stored: '{"sort":"slide"}' });
    expect(ctx(h.actor).sort).toBe('slide');
    expect(visibleThreadsOf(ctx(h.actor)).map((t) => t.parent.id)).toEqual(['c1', 'c3']);
    h.actor.send({ type: 'comments.sort', sort: 'recent' });
    expect(commentPrefsOf(ctx(h.actor))).toBe('{"sort":"recent"}');
    expect(visibleThreadsOf(ctx(h.actor)).map((t) => t.parent.id)).toEqual(['c3', 'c1']);
    h.actor.send({ type: 'comments.prefsLoaded', stored: '{"sort":"nonsense"}' });
    expect(ctx(h.actor).sort).toBe('recent');
    h.actor.send({ type: 'comments.prefsLoaded', stored: 'not json' });
    expect(ctx(h.actor).sort).toBe('recent');
  });

  it('mention suggestions: a newer query replaces the one on the wire, so a stale answer never lands', async () => {
    const h = await loaded();
    h.actor.send({ type: 'comments.mentionQuery', query: 's' });
    h.actor.send({ type: 'comments.mentionQuery', query: 'sa' });
    expect(h.mention.calls.map((c) => c.input)).toEqual([
      { itemId: 'i1', pass: null, userId: 'u-alex', userEmail: null, query: 's' },
      { itemId: 'i1', pass: null, userId: 'u-alex', userEmail: null, query: 'sa' },
    ]);
    const sam = { userId: 'u-sam', email: 'sam@example.com', firstName: 'Sam', lastName: 'Seat', avatar: null, userType: 'user' };
    const sue = { ...sam, userId: 'u-sue', email: 'sue@example.com', firstName: 'Sue' };
    h.mention.calls[1]!.resolve({ suggestions: [sam] });
    h.mention.calls[0]!.resolve({ suggestions: [sam, sue] });
    await settle();
    expect(ctx(h.actor).mention).toEqual({ query: 'sa', suggestions: [sam] });
    h.actor.send({ type: 'comments.mentionClosed' });
    expect(ctx(h.actor).mention.suggestions).toEqual([]);
  });

  it('an insert refused for an old item version flags the item out of date and tells the item view', async () => {
    const h = await loaded([C1]);
    h.actor.send({ type: 'comments.slideChanged', slideId: 's1' });
    const box = h.composer()!;
    box.send({ type: 'posting.change', content: text('Typo on this slide') });
    box.send({ type: 'posting.submit' });
    h.save.calls[0]!.reject(refusal('oldItemVersion', 'The item has a newer version.'));
    await settle();
    expect(isOutOfDateOf(ctx(h.actor))).toBe(true);
    expect(h.item.events).toEqual([{ type: 'item.markOutOfDate' }]);
    expect(box.getSnapshot().context.content).toEqual(text('Typo on this slide'));
    expect(box.getSnapshot().context.placement.blockedBy).toBe('outOfDate');
    expect(commentPermissionsOf(ctx(h.actor), C1).replyBlockedBy).toBe('outOfDate');
  });
});

describe('comments: the subject from the item view', () => {
  it('is made from the loaded item: shown and latest version, slide ids, viewer, facts', () => {
    const meta = { title: null, player: null, scenes: [], slides: [{ id: 's1', title: 'Welcome', sceneIndex: 0 }, { id: 's2', title: 'Quiz', sceneIndex: 0 }], lessons: [] };
    const item = detail([version(1, 'ready', { meta }), version(2, 'ready')], { allowAnonComments: true, actions: ['viewItem', 'deleteComment'], isOwner: false });
    const facts = { item, shownVersionId: 'v1', password: 'letmein', userId: null, anonymousEmail: 'R@Example.com', outOfDate: false };
    expect(commentsSubjectOf(facts, false)).toBeNull();
    expect(commentsSubjectOf(facts, true)).toEqual({
      itemId: 'i1',
      pass: 'letmein',
      versionId: 'v1',
      latestVersionId: 'v2',
      family: 'slide',
      slideIds: ['s1', 's2'],
      viewer: { key: 'anon|r@example.com', userId: null, anonymousEmail: 'r@example.com' },
      facts: { isOwner: false, actions: ['viewItem', 'deleteComment'], enableComments: true, allowAnonComments: true },
      outOfDate: false,
    });
  });
});

describe('comments in the app: pushes on the item namespace, and the item view’s out-of-date hook', () => {
  it('the app forwards the item namespace’s pushes and reconnects to `comments`', async () => {
    const fakes = fakeCommentAdapters();
    const app = createActor(inert(appMachine).provide({ actors: { comments: fakes.comments } })).start();
    // The content and item features' actors start once their code is in (the composition root sends this then).
    for (const feature of ['content', 'item'] as const) app.send({ type: 'app.featureLoaded', feature });
    const comments = app.system.get('comments') as CommentsActor;
    app.send({ type: 'item.opened', itemId: 'i1', password: null, anonymousEmail: null });
    comments.send({ type: 'comments.open', ...subject() });
    fakes.find.calls[0]!.resolve({ comments: [C1], enableComments: true, allowAnonComments: false });
    await settle();
    app.send({ type: 'realtime.message', namespace: '/item/i1', event: 'comment.reply', data: { messageId: 'm1', itemId: 'i1', comment: C2 } });
    expect(ids(comments)).toEqual(['c1', 'c2']);
    app.send({ type: 'realtime.reconnected', namespace: '/item/i1' });
    expect(fakes.find.calls).toHaveLength(2);
    app.stop();
  });

  it('item.markOutOfDate opens comments_old_version_error, reads the item again, and makes the subject out of date', async () => {
    const fetch = answering<{ id: string }>(() => ({ item: detail([version(1, 'ready'), version(2, 'ready')]) }));
    const item = createActor(itemMachine.provide({ actors: { fetchItem: fetch.logic as never } }), { input: { userId: 'u-alex' } }).start();
    item.send({ type: 'item.open', itemId: 'i1', tab: 'review', versionQuery: null, reviewRequest: null, password: null });
    await settle();
    const factsOf = () => {
      const s = item.getSnapshot();
      return commentsSubjectOf({ ...s.context, outOfDate: s.context.outOfDate || s.matches({ open: { fetchSuccess: { oldVersionError: 'open' } } }) }, s.matches({ open: 'fetchSuccess' }));
    };
    expect(factsOf()?.outOfDate).toBe(false);
    item.send({ type: 'item.markOutOfDate' });
    expect(item.getSnapshot().matches({ open: { fetchSuccess: { oldVersionError: 'open' } } })).toBe(true);
    expect(fetch.inputs).toHaveLength(2);
    expect(factsOf()?.outOfDate).toBe(true);
    await settle();
    item.send({ type: 'item.dismissOldVersionError' });
    expect(item.getSnapshot().matches({ open: { fetchSuccess: { oldVersionError: 'closed' } } })).toBe(true);
  });
});

describe('comments: the delete confirmation (§4 comments; one comment asked about at a time)', () => {
  const confirming = (actor: CommentsActor) => actor.getSnapshot().matches({ ready: { deletion: 'confirming' } });

  it('asking opens the confirmation for that comment and deletes nothing; cancel closes it', async () => {
    const h = await loaded();
    h.actor.send({ type: 'comments.askDestroy', id: 'c1' });
    expect(confirming(h.actor)).toBe(true);
    expect(ctx(h.actor).deleteAsked).toBe('c1');
    expect(ids(h.actor)).toEqual(['c1', 'c2', 'c3']);
    expect(h.change.calls).toEqual([]);
    h.actor.send({ type: 'comments.cancelDestroy' });
    expect(confirming(h.actor)).toBe(false);
    expect(ctx(h.actor).deleteAsked).toBeNull();
    expect(h.change.calls).toEqual([]);
  });

  it('confirm deletes the comment asked about (a parent with its replies)', async () => {
    const h = await loaded();
    h.actor.send({ type: 'comments.askDestroy', id: 'c1' });
    h.actor.send({ type: 'comments.confirmDestroy' });
    expect(confirming(h.actor)).toBe(false);
    expect(ids(h.actor)).toEqual(['c3']);
    expect(h.change.calls[0]!.input).toEqual({ name: 'comment.destroy', payload: { itemId: 'i1', pass: null, id: 'c1' } });
  });

  it('a comment the viewer may not delete gets no confirmation', async () => {
    const h = await loaded([C1, C3], { subject: { viewer: SAM, facts: { isOwner: false, actions: ['viewItem'], enableComments: true, allowAnonComments: false } } });
    h.actor.send({ type: 'comments.askDestroy', id: 'c1' });
    expect(confirming(h.actor)).toBe(false);
  });

  it('the confirmation closes by itself when someone else deletes the comment meanwhile', async () => {
    const h = await loaded();
    h.actor.send({ type: 'comments.askDestroy', id: 'c3' });
    push(h.actor, 'comment.destroy', { ids: ['c3'] });
    expect(confirming(h.actor)).toBe(false);
    h.actor.send({ type: 'comments.confirmDestroy' });
    expect(h.change.calls).toEqual([]);
  });
});

describe('comments: which edit and reply box is shown (§4)', () => {
  it('composing an edit or a reply shows its box; saving or canceling it hides it again', async () => {
    const h = await loaded([C1]);
    h.actor.send({ type: 'comments.compose', target: { kind: 'edit', commentId: 'c1' } });
    h.actor.send({ type: 'comments.compose', target: { kind: 'reply', parentId: 'c1' } });
    expect(ctx(h.actor)).toMatchObject({ editingId: 'c1', replyingToId: 'c1' });
    h.actor.send({ type: 'comments.discard', composerId: 'composer-edit-c1' });
    expect(ctx(h.actor)).toMatchObject({ editingId: null, replyingToId: 'c1' });
    const box = h.composer({ kind: 'reply', parentId: 'c1' })!;
    box.send({ type: 'posting.change', content: text('Agreed') });
    box.send({ type: 'posting.submit' });
    h.save.calls[0]!.resolve({ comment: reply('c7', 'c1', { userId: 'u-alex', userKey: 'u-alex' }) });
    await settle();
    expect(ctx(h.actor)).toMatchObject({ editingId: null, replyingToId: null });
  });

  it('a box that may not open is never shown; the comment deleted takes its edit box with it', async () => {
    const h = await loaded([{ ...C1, resolved: true, isResolved: true }, C3]);
    h.actor.send({ type: 'comments.compose', target: { kind: 'reply', parentId: 'c1' } });
    expect(ctx(h.actor).replyingToId).toBeNull();
    h.actor.send({ type: 'comments.compose', target: { kind: 'edit', commentId: 'c3' } });
    expect(ctx(h.actor).editingId).toBeNull(); // Sam's comment: Alex may not edit it
    const mine = await loaded([C1]);
    mine.actor.send({ type: 'comments.compose', target: { kind: 'edit', commentId: 'c1' } });
    expect(ctx(mine.actor).editingId).toBe('c1');
    mine.actor.send({ type: 'comments.destroy', id: 'c1' });
    expect(ctx(mine.actor).editingId).toBeNull();
  });
});
