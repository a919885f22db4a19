import { describe, expect, it, vi } from 'vitest';
import { commentAreaState, threadsOf, type CommentItemFacts, type CommentRecord, type CommentViewer } from '../../../domain/comments.ts';
import type { VersionMeta } from '../../../domain/items.ts';
import { rawFromPlainText } from '../../../domain/richText.ts';
import { Button, Checkbox, MenuItem, Select } from '../../kit/index.ts';
import { render, tags, textOf } from '../content/render.tsx';
import { AuthPromptDialog } from './AuthPromptDialog.tsx';
import { CommentItemView, type CommentItemViewProps } from './CommentItem.tsx';
import { CommentArea, CommentsPanel, CommentsToolbar, type CommentsPanelProps, type CommentsToolbarProps } from './CommentsPanel.tsx';
import { CommentThread, type CommentThreadProps } from './CommentThread.tsx';
import { find, findAll, fire, textIn } from './elementTree.ts';
import { FeedbackView } from './FeedbackView.tsx';
import { formatVideoTime, slideLabelsOf, threadViewModel, type ComposerTarget, type ThreadViewModel } from './model.ts';
import { NotificationLevelPanel } from './NotificationLevelPanel.tsx';
import type { NotificationLevelPopoverProps } from './NotificationLevelPopover.tsx';
import { OldVersionDialog } from './OldVersionDialog.tsx';

const noop = () => {};
const NOW_MS = Date.parse('2025-03-10T12:00:00Z');
const OWNER: CommentViewer = { key: 'u-owner', userId: 'u-owner', anonymousEmail: null };
const REVIEWER: CommentViewer = { key: 'u-rev', userId: 'u-rev', anonymousEmail: null };
const ITEM: CommentItemFacts = { isOwner: false, actions: ['viewItem'], enableComments: true, allowAnonComments: false };

let seq = 0;
function comment(overrides: Partial<CommentRecord> = {}): CommentRecord {
  seq += 1;
  const id = overrides.id ?? `c${seq}`;
  const text = overrides.body ?? `Comment ${id}`;
  return {
    id,
    itemId: 'i1',
    versionId: 'v1',
    currentVersionId: 'v1',
    archiveVersionId: null,
    body: text,
    content: rawFromPlainText(text),
    createdAt: '2025-03-10T11:00:00.000Z',
    updatedAt: '2025-03-10T11:00:00.000Z',
    currentTime: null,
    slideId: null,
    replyTo: null,
    isParent: true,
    resolved: false,
    isResolved: false,
    locked: false,
    readBy: [],
    userId: 'u-rev',
    userEmail: null,
    userKey: 'u-rev',
    profile: { fullName: 'Rita Reviewer', email: 'rita@example.com', avatar: null },
    attachments: [],
    snapshot: null,
    hash: 'h',
    ...overrides,
  };
}

function reply(parent: CommentRecord, overrides: Partial<CommentRecord> = {}): CommentRecord {
  return comment({ replyTo: parent.id, isParent: false, resolved: parent.resolved, isResolved: parent.isResolved, createdAt: '2025-03-10T11:30:00.000Z', ...overrides });
}

function vm(parent: CommentRecord, replies: CommentRecord[] = [], viewer: CommentViewer = REVIEWER, facts: Partial<{ offline: boolean; outOfDate: boolean; item: CommentItemFacts }> = {}): ThreadViewModel {
  const [thread] = threadsOf([parent, ...replies]);
  return threadViewModel(thread!, { item: facts.item ?? ITEM, viewer, offline: facts.offline ?? false, outOfDate: facts.outOfDate ?? false });
}

const composer = (target: ComposerTarget) => <div className="test-composer">{`composer:${target.kind}${target.kind === 'reply' ? `:${target.parentId}` : target.kind === 'edit' ? `:${target.commentId}` : ''}`}</div>;

function threadProps(thread: ThreadViewModel, overrides: Partial<CommentThreadProps> = {}): CommentThreadProps {
  return {
    thread,
    nowMs: NOW_MS,
    timeZone: 'UTC',
    isAndroid: false,
    slideLabels: {},
    editingId: null,
    deleteAskedId: null,
    replyingToId: null,
    renderComposer: composer,
    onEdit: noop,
    onAskDelete: noop,
    onConfirmDelete: noop,
    onCancelDelete: noop,
    onResolve: noop,
    onReply: noop,
    onThreadClick: noop,
    ...overrides,
  };
}

function itemProps(c: CommentRecord, overrides: Partial<CommentItemViewProps> = {}): CommentItemViewProps {
  return {
    comment: c,
    unread: false,
    perms: { canEdit: true, canDelete: true, canResolve: c.replyTo === null },
    nowMs: NOW_MS,
    timeZone: 'UTC',
    isAndroid: false,
    slideLabels: {},
    editingId: null,
    deleteAskedId: null,
    renderComposer: composer,
    onEdit: noop,
    onAskDelete: noop,
    onConfirmDelete: noop,
    onCancelDelete: noop,
    onResolve: noop,
    confirmingDelete: false,
    onDeleteRequest: noop,
    onDeleteCancel: noop,
    onDeleteConfirm: noop,
    ...overrides,
  };
}

function toolbarProps(overrides: Partial<CommentsToolbarProps> = {}): CommentsToolbarProps {
  return {
    enableComments: true,
    sort: 'recent',
    onSortChange: noop,
    productFamily: 'slide',
    showResolved: false,
    onShowResolvedChange: noop,
    canMarkAllRead: true,
    onMarkAllRead: noop,
    canToggleComments: false,
    onToggleComments: noop,
    notifications: null,
    ...overrides,
  };
}

function panelProps(threads: ThreadViewModel[], overrides: Partial<CommentsPanelProps> = {}): CommentsPanelProps {
  const showResolved = overrides.showResolved ?? false;
  const enableComments = overrides.enableComments ?? true;
  const all = threads.map((t) => ({ parent: t.parent, replies: t.replies }));
  return {
    ...toolbarProps(),
    ...threadProps(threads[0] ?? vm(comment())),
    status: 'ready',
    onRetry: noop,
    areaState: commentAreaState(all, enableComments, showResolved),
    threads: showResolved ? threads : threads.filter((t) => !t.parent.isResolved),
    offline: false,
    ...overrides,
  };
}

describe('the comment area states (§8 comment area messages)', () => {
  it('comments disabled: says so, and offers to turn them on only to those who may', () => {
    const parent = comment();
    const html = render(<CommentsPanel {...panelProps([vm(parent)], { enableComments: false })} />);
    expect(textOf(html)).toContain('Comments are turned off for this item.');
    expect(textOf(html)).not.toContain('Turn on comments');
    expect(html).not.toContain('role="feed"');

    const onToggle = vi.fn();
    const tree = CommentArea({ ...panelProps([vm(parent)], { enableComments: false, canToggleComments: true, onToggleComments: onToggle }) });
    fire(find(tree, Button, 'Turn on comments'), 'onClick');
    expect(onToggle).toHaveBeenCalledWith(true);
  });

  it('no comments: the empty message', () => {
    const html = render(<CommentsPanel {...panelProps([])} />);
    expect(html).toMatch(/<h3[^>]*>No comments yet<\/h3>/);
    expect(html).not.toContain('role="feed"');
  });

  it('all resolved while resolved ones are hidden: the message with a link that shows them', () => {
    const parent = comment({ resolved: true, isResolved: true });
    const html = render(<CommentsPanel {...panelProps([vm(parent)])} />);
    expect(html).toMatch(/<h3[^>]*>All comments are resolved<\/h3>/);
    expect(html).toMatch(/<button[^>]*>Show resolved comments<\/button>/);
    expect(html).not.toContain('Comment c');

    const onShow = vi.fn();
    const tree = CommentArea(panelProps([vm(parent)], { onShowResolvedChange: onShow }));
    fire(find(tree, 'button', 'Show resolved comments'), 'onClick');
    expect(onShow).toHaveBeenCalledWith(true);
  });

  it('the list: one article per thread in a feed, replies under their parent', () => {
    const a = comment({ id: 'a', body: 'First thread' });
    const b = comment({ id: 'b', body: 'Second thread' });
    const r = reply(a, { id: 'ra', body: 'A reply' });
    const html = render(<CommentsPanel {...panelProps([vm(a, [r]), vm(b)])} />);
    expect(html).toContain('role="feed"');
    expect(tags(html, 'article')).toHaveLength(2);
    const text = textOf(html);
    expect(text.indexOf('First thread')).toBeLessThan(text.indexOf('A reply'));
    expect(text.indexOf('A reply')).toBeLessThan(text.indexOf('Second thread'));
    expect(html).toContain('aria-posinset="2"');
  });

  it('loading shows a skeleton announced as loading; no toolbar or composer yet, only the toolbar’s place held', () => {
    const html = render(<CommentsPanel {...panelProps([], { status: 'loading' })} />);
    expect(html).toMatch(/role="status"[^>]*>Loading comments…</);
    expect(html).toContain('k-skeleton');
    expect(html).not.toContain('Mark all as read');
    expect(html).not.toContain('composer:new');
    expect(html).toMatch(/class="comments-toolbar comments-toolbar--placeholder" aria-hidden="true"/);
    const failed = render(<CommentsPanel {...panelProps([], { status: 'error', errorMessage: 'The connection dropped.', onRetry: () => {} })} />);
    expect(failed).not.toContain('comments-toolbar');
  });

  it('an error shows its message with Try again, which retries', () => {
    const onRetry = vi.fn();
    const props = panelProps([], { status: 'error', errorMessage: 'The connection dropped.', onRetry });
    const html = render(<CommentsPanel {...props} />);
    expect(html).toMatch(/role="alert"/);
    expect(textOf(html)).toContain('Comments could not be loaded The connection dropped.');
    fire(find(CommentArea(props), Button, 'Try again'), 'onClick');
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('offline shows the offline placeholder; the new-comment box comes from renderComposer', () => {
    const online = render(<CommentsPanel {...panelProps([vm(comment())])} />);
    expect(online).not.toContain('You’re offline');
    expect(online).toContain('composer:new');
    const offline = render(<CommentsPanel {...panelProps([vm(comment())], { offline: true })} />);
    expect(textOf(offline)).toContain('You’re offline. Comments are read-only until the connection is back.');
  });

  it('the Comments | Translate tabs keep the query string; Translate only when asked for', () => {
    const hrefFor = (tab: string) => `/review/content/i1/${tab === 'translate' ? 'translate' : 'review'}?version=2`;
    const without = render(<CommentsPanel {...panelProps([], { tabs: { current: 'comments', hrefFor, showTranslate: false } })} />);
    expect(tags(without, 'a').map((a) => /href="([^"]+)"/.exec(a)![1])).toEqual(['/review/content/i1/review?version=2']);
    const withTranslate = render(<CommentsPanel {...panelProps([], { tabs: { current: 'comments', hrefFor, showTranslate: true } })} />);
    expect(tags(withTranslate, 'a').map((a) => /href="([^"]+)"/.exec(a)![1])).toEqual(['/review/content/i1/review?version=2', '/review/content/i1/translate?version=2']);
    expect(tags(withTranslate, 'a')[0]).toContain('aria-current="page"');
  });

  it('the feedback view shows the same threads full width, without a new-comment box', () => {
    const parent = comment({ body: 'Looks good' });
    const html = render(<FeedbackView {...panelProps([vm(parent)])} />);
    expect(html).toMatch(/<h2[^>]*>Feedback<\/h2>/);
    expect(textOf(html)).toContain('Looks good');
    expect(html).not.toContain('composer:new');
  });
});

describe('the toolbar (§6, §9 sort modes)', () => {
  it('sort, show resolved and mark all read call back', () => {
    const onSortChange = vi.fn();
    const onShowResolvedChange = vi.fn();
    const onMarkAllRead = vi.fn();
    const tree = CommentsToolbar(toolbarProps({ onSortChange, onShowResolvedChange, onMarkAllRead }));
    fire(find(tree, Select), 'onChange', 'slide');
    expect(onSortChange).toHaveBeenCalledWith('slide');
    fire(find(tree, Checkbox), 'onChange', true, { shiftKey: false, toggleKey: false });
    expect(onShowResolvedChange).toHaveBeenCalledWith(true);
    fire(find(tree, Button, 'Mark all as read'), 'onClick');
    expect(onMarkAllRead).toHaveBeenCalledOnce();
  });

  it('names the slide sort after the product: slide, lesson or video time', () => {
    const options = (family: CommentsToolbarProps['productFamily']) => (find(CommentsToolbar(toolbarProps({ productFamily: family })), Select).props.options as { label: string }[]).map((o) => o.label);
    expect(options('slide')).toEqual(['Most recent', 'By slide']);
    expect(options('rise')).toEqual(['Most recent', 'By lesson']);
    expect(options('video')).toEqual(['Most recent', 'By video time']);
  });

  it('mark all read only for those who may; sort and show resolved only while comments are on', () => {
    const viewer = render(<CommentsToolbar {...toolbarProps({ canMarkAllRead: false })} />);
    expect(viewer).not.toContain('Mark all as read');
    const off = render(<CommentsToolbar {...toolbarProps({ enableComments: false, canMarkAllRead: false })} />);
    expect(off).not.toContain('<select');
    expect(off).not.toContain('Show resolved');
  });

  it('turning comments off or on goes through the options menu, for those with the action', () => {
    expect(render(<CommentsToolbar {...toolbarProps()} />)).not.toContain('More comment options');
    const onToggle = vi.fn();
    const tree = CommentsToolbar(toolbarProps({ canToggleComments: true, onToggleComments: onToggle }));
    fire(find(tree, MenuItem, 'Turn off comments'), 'onSelect');
    expect(onToggle).toHaveBeenCalledWith(false);
  });

  it('the notification bell shows only when given (signed-in accounts)', () => {
    expect(render(<CommentsToolbar {...toolbarProps()} />)).not.toContain('Notifications for this item');
    const notifications: NotificationLevelPopoverProps = { level: 'all', status: 'ready', onSelect: noop, onRetry: noop, onOpenSettings: noop };
    expect(render(<CommentsToolbar {...toolbarProps({ notifications })} />)).toContain('aria-label="Notifications for this item: All"');
  });
});

describe('a comment (§3, §4, §6)', () => {
  it('shows the author, the relative date, the body as text and the unread dot', () => {
    const c = comment({ body: 'Fix the <b>title</b> <script>alert(1)</script>', createdAt: '2025-03-10T10:00:00.000Z' });
    const html = render(<CommentItemView {...itemProps(c, { unread: true })} />);
    const text = textOf(html);
    expect(text).toContain('Rita Reviewer');
    expect(text).toContain('rita@example.com');
    expect(text).toContain('2 hours ago');
    expect(text).toContain('Unread');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
  });

  it("dates older than a week read 'MMM D, YYYY'", () => {
    const html = render(<CommentItemView {...itemProps(comment({ createdAt: '2025-01-05T09:00:00.000Z' }))} />);
    expect(textOf(html)).toContain('Jan 5, 2025');
  });

  it('an anonymous reviewer is named by their e-mail', () => {
    const c = comment({ userId: null, userEmail: 'guest@example.com', userKey: 'anon|guest@example.com', profile: { fullName: '', email: 'guest@example.com', avatar: null } });
    const html = render(<CommentItemView {...itemProps(c)} />);
    expect(html).toMatch(/comment-item__author">guest@example\.com</);
  });

  it('a video comment shows its time; clicking it seeks there', () => {
    const onSeek = vi.fn();
    const c = comment({ currentTime: 83.6 });
    const html = render(<CommentItemView {...itemProps(c, { onSeek })} />);
    expect(html).toContain('aria-label="Go to 1:23 in the video"');
    const button = findAll(CommentItemView(itemProps(c, { onSeek })), 'button').find((b) => b.props['aria-label'] === 'Go to 1:23 in the video')!;
    fire(button, 'onClick');
    expect(onSeek).toHaveBeenCalledWith({ kind: 'time', seconds: 83.6 });
  });

  it("a slide comment names its slide from the version's slide list", () => {
    const meta: VersionMeta = { title: null, player: null, scenes: [], slides: [{ id: 's1', title: 'Welcome', sceneIndex: 0 }, { id: 's2', title: 'Safety', sceneIndex: 0 }], lessons: [] };
    const { labels, order } = slideLabelsOf(meta);
    expect(order).toEqual(['s1', 's2']);
    const html = render(<CommentItemView {...itemProps(comment({ slideId: 's2' }), { slideLabels: labels })} />);
    expect(textOf(html)).toContain('Slide 2: Safety');
  });

  it('attachments are links with their titles as text; a snapshot is an image', () => {
    const c = comment({
      attachments: [
        { id: 'a1', title: '<img src=x onerror=alert(1)>.png', key: 'k1', state: 'uploaded', delaySave: true, size: 10, url: 'https://files.example.com/k1' },
        { id: 'a2', title: 'notes.pdf', key: 'k2', state: 'error', delaySave: false, size: 10, url: null },
      ],
      snapshot: { key: 'snap', width: 640, height: 360, isAnnotation: false, url: 'https://files.example.com/snap.png' },
    });
    const html = render(<CommentItemView {...itemProps(c)} />);
    expect(html).toMatch(/<a[^>]*href="https:\/\/files\.example\.com\/k1"[^>]*>&lt;img src=x onerror=alert\(1\)&gt;\.png<\/a>/);
    expect(textOf(html)).toContain('notes.pdf upload failed');
    expect(tags(html, 'img')).toEqual([expect.stringContaining('src="https://files.example.com/snap.png"')]);
    expect(tags(html, 'img')[0]).toContain('alt="Screenshot attached by Rita Reviewer"');
  });

  it('the menu offers edit, resolve and delete when allowed; edit is hidden on Android', () => {
    const c = comment();
    const labels = (props: CommentItemViewProps) => findAll(CommentItemView(props), MenuItem).map((item) => textIn(item.props.children));
    expect(labels(itemProps(c))).toEqual(['Edit', 'Resolve', 'Delete']);
    expect(labels(itemProps(c, { isAndroid: true }))).toEqual(['Resolve', 'Delete']);
    expect(labels(itemProps(c, { perms: { canEdit: false, canDelete: false, canResolve: false } }))).toEqual([]);
    expect(render(<CommentItemView {...itemProps(c, { perms: { canEdit: false, canDelete: false, canResolve: false } })} />)).not.toContain('Comment actions');
    const onEdit = vi.fn();
    fire(find(CommentItemView(itemProps(c, { onEdit })), MenuItem, 'Edit'), 'onSelect');
    expect(onEdit).toHaveBeenCalledWith(c.id);
  });

  it('delete asks first: the menu opens the confirmation, only its Delete deletes', () => {
    const c = comment();
    const onConfirmDelete = vi.fn();
    const onDeleteRequest = vi.fn();
    fire(find(CommentItemView(itemProps(c, { onConfirmDelete, onDeleteRequest })), MenuItem, 'Delete'), 'onSelect');
    expect(onDeleteRequest).toHaveBeenCalledOnce();
    expect(onConfirmDelete).not.toHaveBeenCalled();

    const closed = render(<CommentItemView {...itemProps(c)} />);
    expect(closed).not.toContain('Delete this comment?');
    const open = render(<CommentItemView {...itemProps(c, { confirmingDelete: true })} />);
    expect(open).toContain('Delete this comment?');
    expect(textOf(open)).toContain('with its replies');

    const onDeleteConfirm = vi.fn();
    const onDeleteCancel = vi.fn();
    const tree = CommentItemView(itemProps(c, { confirmingDelete: true, onDeleteConfirm, onDeleteCancel }));
    const dialogButtons = findAll(tree, Button).filter((b) => ['Delete', 'Cancel'].includes(textIn(b.props.children)));
    fire(dialogButtons.find((b) => textIn(b.props.children) === 'Cancel')!, 'onClick');
    expect(onDeleteCancel).toHaveBeenCalledOnce();
    fire(dialogButtons.find((b) => textIn(b.props.children) === 'Delete')!, 'onClick');
    expect(onDeleteConfirm).toHaveBeenCalledOnce();
  });

  it('the comment being edited shows the edit composer instead of its body', () => {
    const c = comment({ body: 'Original words' });
    const html = render(<CommentItemView {...itemProps(c, { editingId: c.id })} />);
    expect(html).toContain(`composer:edit:${c.id}`);
    expect(html).not.toContain('Original words');
  });

  it('locked comments carry a badge', () => {
    expect(textOf(render(<CommentItemView {...itemProps(comment({ locked: true }), { perms: { canEdit: false, canDelete: false, canResolve: false } })} />))).toContain('Locked');
  });
});

describe('a thread (§4 comments, §6 comment permissions)', () => {
  it('a resolved parent shows Resolved and Reopen, and offers no reply or edit', () => {
    const parent = comment({ userId: 'u-rev', resolved: true, isResolved: true });
    const r = reply(parent, { userId: 'u-rev' });
    const thread = vm(parent, [r], REVIEWER);
    expect(thread.perms[parent.id]).toEqual({ canEdit: false, canDelete: false, canResolve: true });
    expect(thread.replyBlockedBy).toBe('resolved');

    const html = render(<CommentThread {...threadProps(thread)} />);
    const text = textOf(html);
    expect(text).toContain('Resolved');
    expect(buttonsText(html)).toContain('Reopen');
    expect(html).toMatch(/aria-disabled="true"[^>]*>.*Reply/s);
    expect(text).toContain('Reopen this thread to reply.');

    const onResolve = vi.fn();
    const item = CommentItemView(itemProps(parent, { perms: thread.perms[parent.id]!, onResolve }));
    expect(findAll(item, MenuItem).map((m) => textIn(m.props.children))).toEqual(['Reopen']);
    fire(find(item, Button, 'Reopen'), 'onClick');
    expect(onResolve).toHaveBeenCalledWith(parent.id, false);
  });

  it('replies are blocked with the reason when locked, offline or out of date', () => {
    const locked = render(<CommentThread {...threadProps(vm(comment({ locked: true })))} />);
    expect(textOf(locked)).toContain('This thread is locked');
    const offline = render(<CommentThread {...threadProps(vm(comment(), [], REVIEWER, { offline: true }))} />);
    expect(textOf(offline)).toContain('You’re offline. Reply once the connection is back.');
    const outOfDate = render(<CommentThread {...threadProps(vm(comment(), [], REVIEWER, { outOfDate: true }))} />);
    expect(textOf(outOfDate)).toContain('A newer version is available');
  });

  it('Reply opens the reply box; with the box open the composer takes its place', () => {
    const parent = comment();
    const onReply = vi.fn();
    const tree = CommentThread(threadProps(vm(parent), { onReply }));
    const replyButton = findAll(tree, 'button').find((b) => textIn(b.props.children) === 'Reply')!;
    fire(replyButton, 'onClick');
    expect(onReply).toHaveBeenCalledWith(parent.id);
    const open = render(<CommentThread {...threadProps(vm(parent), { replyingToId: parent.id })} />);
    expect(open).toContain(`composer:reply:${parent.id}`);
  });

  it('no Reply button for a viewer who may not comment', () => {
    const anonymous: CommentViewer = { key: 'anon|g@example.com', userId: null, anonymousEmail: 'g@example.com' };
    const html = render(<CommentThread {...threadProps(vm(comment(), [], anonymous))} />);
    expect(buttonsText(html)).not.toContain('Reply');
  });

  it('clicking the thread or pressing Enter on it calls onThreadClick (clears its unread marks)', () => {
    const parent = comment({ readBy: [] });
    const thread = vm(parent, [], OWNER);
    expect(thread.unread).toBe(true);
    const onThreadClick = vi.fn();
    const article = find(CommentThread(threadProps(thread, { onThreadClick })), 'article');
    fire(article, 'onClick');
    const target = {};
    fire(article, 'onKeyDown', { key: 'Enter', target, currentTarget: target, preventDefault: noop });
    expect(onThreadClick).toHaveBeenCalledTimes(2);
    expect(onThreadClick).toHaveBeenCalledWith(parent.id);
    expect(render(<CommentThread {...threadProps(thread)} />)).toContain('is-unread');
  });

  it('permissions come from the domain rules: the owner may delete others’ comments but not edit them', () => {
    const parent = comment({ userId: 'u-rev' });
    const asOwner = vm(parent, [], OWNER, { item: { ...ITEM, isOwner: true } });
    expect(asOwner.perms[parent.id]).toEqual({ canEdit: false, canDelete: true, canResolve: true });
    const asAuthor = vm(parent, [], REVIEWER);
    expect(asAuthor.perms[parent.id]).toEqual({ canEdit: true, canDelete: true, canResolve: true });
    const r = reply(parent, { userId: 'u-rev' });
    expect(vm(parent, [r], REVIEWER).perms[r.id]!.canResolve).toBe(false);
  });
});

describe('dialogs and the notification level', () => {
  it("the old-version dialog: 'comments_old_version_error' header and body with OK", () => {
    const onClose = vi.fn();
    const html = render(<OldVersionDialog open onClose={onClose} />);
    expect(html).toContain('This version is out of date');
    expect(textOf(html)).toContain('your comment wasn’t added');
    fire(find(OldVersionDialog({ open: true, onClose }), Button, 'OK'), 'onClick');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('the auth dialog links to sign in and to create an account', () => {
    const html = render(<AuthPromptDialog open onClose={noop} signInHref="/signin?redirect_url=%2Freview%2Fcontent%2Fi1" createAccountHref="https://id.example.com/signup" />);
    expect(html).toContain('Sign in to comment');
    const hrefs = tags(html, 'a').map((a) => /href="([^"]+)"/.exec(a)![1]);
    expect(hrefs).toEqual(['https://id.example.com/signup', '/signin?redirect_url=%2Freview%2Fcontent%2Fi1']);
  });

  it('the level popover: mine / all / mute radios, the stored one checked; choosing one calls back', () => {
    const onSelect = vi.fn();
    const props: NotificationLevelPopoverProps = { level: 'mine', status: 'ready', onSelect, onRetry: noop, onOpenSettings: noop };
    const html = render(<NotificationLevelPanel {...props} />);
    const radios = tags(html, 'input').filter((tag) => tag.includes('type="radio"'));
    expect(radios.map((r) => /value="(\w+)"/.exec(r)![1])).toEqual(['mine', 'all', 'mute']);
    expect(radios[0]).toContain('checked');
    const tree = NotificationLevelPanel(props);
    fire(findAll(tree, 'input').find((i) => i.props.value === 'mute')!, 'onChange');
    expect(onSelect).toHaveBeenCalledWith('mute');
  });

  it('the level popover: loading, saving, error with retry, and the settings link', () => {
    expect(render(<NotificationLevelPanel level={null} status="loading" onSelect={noop} onRetry={noop} onOpenSettings={noop} />)).toContain('Loading your notification level…');
    const saving = render(<NotificationLevelPanel level="all" status="saving" onSelect={noop} onRetry={noop} onOpenSettings={noop} />);
    expect(saving).toMatch(/<fieldset[^>]*disabled/);
    expect(saving).toContain('Saving…');
    const onRetry = vi.fn();
    const onOpenSettings = vi.fn();
    const failed = render(<NotificationLevelPanel level={null} status="loadError" onSelect={noop} onRetry={noop} onOpenSettings={noop} />);
    expect(failed).toContain('could not be loaded');
    expect(failed).not.toContain('type="radio"');
    const tree = NotificationLevelPanel({ level: 'all', status: 'saveError', errorMessage: 'Timed out', onSelect: noop, onRetry, onOpenSettings });
    expect(render(<NotificationLevelPanel level="all" status="saveError" onSelect={noop} onRetry={noop} onOpenSettings={noop} />)).toContain('could not be saved');
    fire(find(tree, Button, 'Try again'), 'onClick');
    expect(onRetry).toHaveBeenCalledOnce();
    fire(find(tree, 'button', 'Notification settings'), 'onClick');
    expect(onOpenSettings).toHaveBeenCalledOnce();
  });

  it('video times read m:ss, and h:mm:ss from an hour on', () => {
    expect(formatVideoTime(5)).toBe('0:05');
    expect(formatVideoTime(83.9)).toBe('1:23');
    expect(formatVideoTime(3725)).toBe('1:02:05');
  });
});

/** Every button's text, in order. */
function buttonsText(html: string): string[] {
  return [...html.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/g)].map((m) => textOf(m[1]!));
}
