import { describe, expect, it } from 'vitest';
import {
  attachmentProblem,
  canDeleteComment,
  canEditComment,
  canPost,
  canResolveComment,
  canToggleComments,
  commentAreaState,
  commentBoxReadOnly,
  isUnread,
  replyBlockedBy,
  sortThreads,
  threadsOf,
  unreadCount,
  type CommentRecord,
  type CommentViewer,
} from './comments.ts';
import { rawFromPlainText } from './richText.ts';

const comment = (id: string, over: Partial<CommentRecord> = {}): CommentRecord => ({
  id,
  itemId: 'i1',
  versionId: 'v1',
  currentVersionId: 'v1',
  archiveVersionId: null,
  body: id,
  content: rawFromPlainText(id),
  createdAt: `2026-11-21T10:00:0${id.length % 10}.000Z`,
  updatedAt: '2026-11-21T10:00:00.000Z',
  currentTime: null,
  slideId: null,
  replyTo: null,
  isParent: true,
  resolved: false,
  isResolved: false,
  locked: false,
  readBy: [],
  userId: 'author',
  userEmail: null,
  userKey: 'author',
  profile: { fullName: 'Author', email: 'a@x.io', avatar: null },
  attachments: [],
  snapshot: null,
  hash: 'h',
  ...over,
});
const account = (id: string): CommentViewer => ({ key: id, userId: id, anonymousEmail: null });
const anon = (email: string): CommentViewer => ({ key: `anon|${email}`, userId: null, anonymousEmail: email });
const item = { isOwner: false, actions: [] as never[], enableComments: true, allowAnonComments: false };

describe('comment permissions', () => {
  it('lets accounts post, anonymous reviewers only where allowed, nobody when disabled', () => {
    expect(canPost(item, account('u'))).toBe(true);
    expect(canPost(item, anon('g@x.io'))).toBe(false);
    expect(canPost({ ...item, allowAnonComments: true }, anon('g@x.io'))).toBe(true);
    expect(canPost({ ...item, enableComments: false }, account('u'))).toBe(false);
  });

  it('edits only by the author of an unresolved, unlocked comment', () => {
    expect(canEditComment(comment('c'), account('author'))).toBe(true);
    expect(canEditComment(comment('c'), account('other'))).toBe(false);
    expect(canEditComment(comment('c', { isResolved: true }), account('author'))).toBe(false);
    expect(canEditComment(comment('c', { locked: true }), account('author'))).toBe(false);
    const byGuest = comment('c', { userId: null, userEmail: 'G@x.io', userKey: 'anon|g@x.io' });
    expect(canEditComment(byGuest, anon('g@x.io'))).toBe(true);
    expect(canEditComment(byGuest, anon('h@x.io'))).toBe(false);
  });

  it('deletes by author, owner or deleteComment, unresolved only', () => {
    expect(canDeleteComment(comment('c'), item, account('other'))).toBe(false);
    expect(canDeleteComment(comment('c'), { ...item, isOwner: true }, account('other'))).toBe(true);
    expect(canDeleteComment(comment('c'), { isOwner: false, actions: ['deleteComment'] }, account('other'))).toBe(true);
    expect(canDeleteComment(comment('c', { isResolved: true }), { ...item, isOwner: true }, account('other'))).toBe(false);
    expect(canDeleteComment(comment('c'), { isOwner: false, actions: ['deleteComment'] }, anon('x@x.io'))).toBe(false);
  });

  it('resolves parents only; toggles comments with the action or ownership', () => {
    expect(canResolveComment(comment('c'), item, account('u'))).toBe(true);
    expect(canResolveComment(comment('r', { isParent: false, replyTo: 'c' }), item, account('u'))).toBe(false);
    expect(canToggleComments({ isOwner: false, actions: ['enableComments'] }, account('u'))).toBe(true);
    expect(canToggleComments({ isOwner: false, actions: [] }, account('u'))).toBe(false);
    expect(canToggleComments({ isOwner: true, actions: [] }, anon('g@x.io'))).toBe(false);
  });

  it('blocks replies when locked, resolved, offline or out of date', () => {
    expect(replyBlockedBy(comment('c', { locked: true }), { offline: false, outOfDate: false })).toBe('locked');
    expect(replyBlockedBy(comment('c', { isResolved: true }), { offline: false, outOfDate: false })).toBe('resolved');
    expect(replyBlockedBy(comment('c'), { offline: true, outOfDate: false })).toBe('offline');
    expect(replyBlockedBy(comment('c'), { offline: false, outOfDate: true })).toBe('outOfDate');
    expect(replyBlockedBy(comment('c'), { offline: false, outOfDate: false })).toBeNull();
  });
});

describe('reading and listing', () => {
  it('counts unread comments of others not yet read', () => {
    const list = [comment('a'), comment('b', { readBy: ['me'] }), comment('c', { userId: 'me', userKey: 'me' })];
    expect(list.map((c) => isUnread(c, account('me')))).toEqual([true, false, false]);
    expect(unreadCount(list, account('me'))).toBe(1);
    expect(unreadCount(list, { key: null, userId: null, anonymousEmail: null })).toBe(0);
  });

  it('threads replies under their parent and drops orphans', () => {
    const threads = threadsOf([comment('p'), comment('r1', { replyTo: 'p', isParent: false }), comment('x', { replyTo: 'gone', isParent: false })]);
    expect(threads).toHaveLength(1);
    expect(threads[0]!.replies.map((r) => r.id)).toEqual(['r1']);
  });

  it('sorts by recent activity or by slide order', () => {
    const a = comment('a', { slideId: 's2', createdAt: '2026-11-21T10:00:00.000Z' });
    const b = comment('b', { slideId: 's1', createdAt: '2026-11-21T11:00:00.000Z' });
    const reply = comment('ra', { replyTo: 'a', isParent: false, createdAt: '2026-11-21T12:00:00.000Z' });
    const threads = threadsOf([a, b, reply]);
    expect(sortThreads(threads, 'recent', []).map((t) => t.parent.id)).toEqual(['a', 'b']);
    expect(sortThreads(threads, 'slide', ['s1', 's2']).map((t) => t.parent.id)).toEqual(['b', 'a']);
  });

  it('names the comment area state', () => {
    expect(commentAreaState([], false, false)).toBe('disabled');
    expect(commentAreaState([], true, false)).toBe('empty');
    const resolved = threadsOf([comment('a', { isResolved: true, resolved: true })]);
    expect(commentAreaState(resolved, true, false)).toBe('allResolved');
    expect(commentAreaState(resolved, true, true)).toBe('list');
  });

  it('gives the first read-only reason of the box', () => {
    const writable = { enableComments: true, canPost: true, readOnlyMode: false, offline: false, outOfDate: false, posting: false, loading: false, needsSlide: true, hasCurrentSlide: true, resumePrompt: false };
    expect(commentBoxReadOnly(writable)).toBeNull();
    expect(commentBoxReadOnly({ ...writable, offline: true, posting: true })).toBe('offline');
    expect(commentBoxReadOnly({ ...writable, hasCurrentSlide: false })).toBe('noCurrentSlide');
    expect(commentBoxReadOnly({ ...writable, canPost: false })).toBe('notAllowed');
  });
});

describe('attachments', () => {
  it('allows five files up to 5 GB of a supported type with a safe name', () => {
    expect(attachmentProblem({ name: 'notes.pdf', size: 10 }, 4)).toBeNull();
    expect(attachmentProblem({ name: 'notes.pdf', size: 10 }, 5)?.kind).toBe('maximumAttachments');
    expect(attachmentProblem({ name: 'big.mp4', size: 6 * 1024 ** 3 }, 0)?.kind).toBe('fileSize');
    expect(attachmentProblem({ name: 'run.exe', size: 10 }, 0)?.kind).toBe('fileType');
    expect(attachmentProblem({ name: 'noextension', size: 10 }, 0)?.kind).toBe('fileType');
    expect(attachmentProblem({ name: '<img src=x onerror=alert(1)>.png', size: 10 }, 0)?.kind).toBe('unsafeTitle');
  });
});
