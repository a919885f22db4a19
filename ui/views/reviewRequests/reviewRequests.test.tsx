import { describe, expect, it, vi } from 'vitest';
import type { FrequentReviewer, ReviewRequestRow, ReviewStatus } from '../../../domain/reviewRequests.ts';
import { Button, Checkbox } from '../../kit/index.ts';
import { find, findAll, fire } from '../comments/elementTree.ts';
import { render, tags, textOf } from '../content/render.tsx';
import { DeleteReviewerDialogView, type DeleteReviewerDialogViewProps } from './DeleteReviewerDialog.tsx';
import { RequestReviewDialogView, type RequestReviewDialogViewProps } from './RequestReviewDialog.tsx';
import { ReviewRequestButton, reviewerAvatarsOf } from './ReviewRequestButton.tsx';
import { ReviewRequestFlyoutView, type ReviewRequestFlyoutViewProps } from './ReviewRequestFlyout.tsx';

const noop = () => {};

function row(n: number, overrides: Partial<ReviewRequestRow> = {}): ReviewRequestRow {
  return {
    id: `r${n}`,
    itemId: 'i1',
    email: `rev${n}@example.com`,
    displayName: `Reviewer ${n}`,
    status: 'emailSent',
    reviewerAID: `u${n}`,
    requesterDisplayName: 'Olga Owner',
    createdAt: '2025-03-04T10:00:00Z',
    dueDate: null,
    completedAt: null,
    customMessage: null,
    isInStack: false,
    avatars: { small: null },
    userTypes: { mrus: 0, subAndNonMruUsers: 0, emailUsers: 1 },
    action: null,
    ...overrides,
  };
}

function flyoutProps(overrides: Partial<ReviewRequestFlyoutViewProps> = {}): ReviewRequestFlyoutViewProps {
  return {
    rows: [row(1)],
    canCRUD: false,
    myRowId: null,
    canReRequest: false,
    today: '2025-03-10',
    showAll: false,
    onShowAllChange: noop,
    onAddReviewers: noop,
    onRemoveReviewer: noop,
    onDeleteAll: noop,
    onConfirmDeleteAll: noop,
    onCancelDeleteAll: noop,
    onEditDueDate: noop,
    onReRequest: noop,
    onMarkComplete: noop,
    onReopen: noop,
    onConfirmReopen: noop,
    onCancelReopen: noop,
    ...overrides,
  };
}

const buttonTexts = (html: string) => [...html.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/g)].map((m) => textOf(m[1]!));
const reviewerItems = (html: string) => [...html.matchAll(/<li class="review-reviewer[^"]*">([\s\S]*?)<\/li>/g)].map((m) => textOf(m[1]!));

describe('review-request button (§2, §4 overall status)', () => {
  it("'Request review' without reviewers for canCRUD, nothing for others", () => {
    const onRequestReview = vi.fn();
    const html = render(<ReviewRequestButton rows={[]} canCRUD onRequestReview={onRequestReview} flyout={() => null} />);
    expect(buttonTexts(html)).toEqual(['Request review']);
    fire(find(ReviewRequestButton({ rows: [], canCRUD: true, onRequestReview, flyout: () => null }), 'button'), 'onClick');
    expect(onRequestReview).toHaveBeenCalledOnce();
    expect(render(<ReviewRequestButton rows={[]} canCRUD={false} onRequestReview={noop} flyout={() => null} />)).toBe('');
  });

  it('in progress while any reviewer is not complete; complete when all are', () => {
    const statuses = (list: ReviewStatus[]) => list.map((status, i) => row(i, { status }));
    const inProgress = render(<ReviewRequestButton rows={statuses(['complete', 'commented'])} canCRUD={false} onRequestReview={noop} flyout={() => null} />);
    expect(textOf(inProgress)).toBe('Review in progress');
    expect(tags(inProgress, 'button')[0]).toContain('aria-expanded="false"');
    const complete = render(<ReviewRequestButton rows={statuses(['complete', 'complete'])} canCRUD={false} onRequestReview={noop} flyout={() => null} />);
    expect(textOf(complete)).toBe('Review complete');
    expect(tags(complete, 'button')[0]).toContain('review-request-button--complete');
  });

  it('the header avatars come from the rows (name, else e-mail; small picture)', () => {
    const rows = [row(1, { avatars: { small: 'https://img.example.com/1.png' } }), row(2, { displayName: '' })];
    expect(reviewerAvatarsOf(rows)).toEqual([
      { id: 'r1', name: 'Reviewer 1', email: 'rev1@example.com', avatarUrl: 'https://img.example.com/1.png' },
      { id: 'r2', name: 'rev2@example.com', email: 'rev2@example.com', avatarUrl: null },
    ]);
  });
});

describe('request-review flyout: the active reviewer list (§3, §9)', () => {
  it('each reviewer with name, e-mail, its status badge and created date; commented shows as in progress', () => {
    const rows = [
      row(1, { status: 'emailSent' }),
      row(2, { status: 'viewed', dueDate: '2025-04-01' }),
      row(3, { status: 'commented' }),
      row(4, { status: 'complete', displayName: '' }),
    ];
    const items = reviewerItems(render(<ReviewRequestFlyoutView {...flyoutProps({ rows })} />));
    expect(items).toEqual([
      // Each row starts with its avatar's initials.
      'R1 Reviewer 1 rev1@example.com Requested Mar 4, 2025 Email sent',
      'R2 Reviewer 2 rev2@example.com Requested Mar 4, 2025 Due Apr 1, 2025 Viewed',
      'R3 Reviewer 3 rev3@example.com Requested Mar 4, 2025 In progress',
      'R rev4@example.com Requested Mar 4, 2025 Complete',
    ]);
  });

  it('shows 4 rows and "Show N more" with the remaining count; the toggle shows all', () => {
    const rows = [1, 2, 3, 4, 5, 6, 7].map((n) => row(n));
    const html = render(<ReviewRequestFlyoutView {...flyoutProps({ rows })} />);
    expect(reviewerItems(html)).toHaveLength(4);
    expect(buttonTexts(html)).toContain('Show 3 more');
    const onShowAllChange = vi.fn();
    fire(find(ReviewRequestFlyoutView(flyoutProps({ rows, onShowAllChange })), 'button', 'Show 3 more'), 'onClick');
    expect(onShowAllChange).toHaveBeenCalledWith(true);

    const all = render(<ReviewRequestFlyoutView {...flyoutProps({ rows, showAll: true })} />);
    expect(reviewerItems(all)).toHaveLength(7);
    expect(buttonTexts(all)).toContain('Show less');
    expect(tags(all, 'button').find((tag) => tag.includes('review-flyout__more'))).toContain('aria-expanded="true"');

    expect(buttonTexts(render(<ReviewRequestFlyoutView {...flyoutProps({ rows: rows.slice(0, 4) })} />)).some((text) => text.startsWith('Show'))).toBe(false);
  });

  it('without canCRUD: no remove, due date, add, re-request or delete controls', () => {
    const html = render(<ReviewRequestFlyoutView {...flyoutProps({ rows: [row(1), row(2)] })} />);
    expect(html).not.toContain('aria-label="Remove');
    expect(tags(html, 'input')).toHaveLength(0);
    expect(buttonTexts(html)).toEqual([]);
  });
});

describe('request-review flyout: canCRUD actions (§5 due date, §6)', () => {
  it('remove calls back with the row; add reviewers and delete the request call back', () => {
    const onRemoveReviewer = vi.fn();
    const onAddReviewers = vi.fn();
    const onDeleteAll = vi.fn();
    const rows = [row(1), row(2)];
    const tree = ReviewRequestFlyoutView(flyoutProps({ rows, canCRUD: true, onRemoveReviewer, onAddReviewers, onDeleteAll }));
    fire(findAll(tree, 'button').find((b) => b.props['aria-label'] === 'Remove Reviewer 2')!, 'onClick');
    expect(onRemoveReviewer).toHaveBeenCalledWith(rows[1]);
    fire(find(tree, Button, 'Add reviewers'), 'onClick');
    expect(onAddReviewers).toHaveBeenCalledOnce();
    fire(find(tree, Button, 'Delete review request'), 'onClick');
    expect(onDeleteAll).toHaveBeenCalledOnce();
  });

  it('the due date input has today as its minimum; a new date is sent, an earlier one is not; clearing only when one exists', () => {
    const onEditDueDate = vi.fn();
    const html = render(<ReviewRequestFlyoutView {...flyoutProps({ canCRUD: true })} />);
    expect(tags(html, 'input')[0]).toContain('min="2025-03-10"');
    expect(buttonTexts(html)).not.toContain('Clear due date');

    const input = find(ReviewRequestFlyoutView(flyoutProps({ canCRUD: true, onEditDueDate })), 'input');
    fire(input, 'onChange', { target: { value: '2025-03-20' } });
    expect(onEditDueDate).toHaveBeenLastCalledWith('2025-03-20');
    fire(input, 'onChange', { target: { value: '2025-03-09' } });
    fire(input, 'onChange', { target: { value: '' } });
    expect(onEditDueDate).toHaveBeenCalledTimes(1);

    const dated = flyoutProps({ canCRUD: true, onEditDueDate, rows: [row(1, { dueDate: '2025-03-20' })] });
    expect(tags(render(<ReviewRequestFlyoutView {...dated} />), 'input')[0]).toContain('value="2025-03-20"');
    fire(find(ReviewRequestFlyoutView(dated), Button, 'Clear due date'), 'onClick');
    expect(onEditDueDate).toHaveBeenLastCalledWith(null);
  });

  it('"Re-request review" only when allowed', () => {
    const onReRequest = vi.fn();
    const rows = [row(1, { status: 'complete' })];
    expect(buttonTexts(render(<ReviewRequestFlyoutView {...flyoutProps({ rows, canCRUD: true })} />))).not.toContain('Re-request review');
    const tree = ReviewRequestFlyoutView(flyoutProps({ rows, canCRUD: true, canReRequest: true, onReRequest }));
    fire(find(tree, Button, 'Re-request review'), 'onClick');
    expect(onReRequest).toHaveBeenCalledOnce();
  });

  it('the delete-request confirmation shows while confirming and calls back', () => {
    const onConfirmDeleteAll = vi.fn();
    const onCancelDeleteAll = vi.fn();
    const props = flyoutProps({ canCRUD: true, confirmingDeleteAll: true, onConfirmDeleteAll, onCancelDeleteAll });
    expect(textOf(render(<ReviewRequestFlyoutView {...props} />))).toContain('Delete this review request?');
    const tree = ReviewRequestFlyoutView(props);
    fire(find(tree, Button, 'Delete request'), 'onClick');
    fire(findAll(tree, Button, 'Cancel').at(-1)!, 'onClick');
    expect(onConfirmDeleteAll).toHaveBeenCalledOnce();
    expect(onCancelDeleteAll).toHaveBeenCalledOnce();
  });
});

describe("request-review flyout: the viewer's own review (§6, §8)", () => {
  it('a reviewer not complete marks their review complete; a failure shows the inline message', () => {
    const onMarkComplete = vi.fn();
    const rows = [row(1), row(2, { status: 'commented' })];
    const html = render(<ReviewRequestFlyoutView {...flyoutProps({ rows, myRowId: 'r2' })} />);
    expect(buttonTexts(html)).toEqual(['Mark my review complete']);
    expect(reviewerItems(html)[1]).toContain('Reviewer 2 (you)');
    fire(find(ReviewRequestFlyoutView(flyoutProps({ rows, myRowId: 'r2', onMarkComplete })), Button, 'Mark my review complete'), 'onClick');
    expect(onMarkComplete).toHaveBeenCalledOnce();

    const failed = render(<ReviewRequestFlyoutView {...flyoutProps({ rows, myRowId: 'r2', markCompleteFailed: true })} />);
    expect(failed).toMatch(/role="alert"[^>]*>Your review couldn’t be marked complete\. Please try again\.</);
  });

  it('a complete reviewer reopens after confirming', () => {
    const onReopen = vi.fn();
    const onConfirmReopen = vi.fn();
    const rows = [row(1, { status: 'complete' })];
    const tree = ReviewRequestFlyoutView(flyoutProps({ rows, myRowId: 'r1', onReopen }));
    fire(find(tree, Button, 'Reopen my review'), 'onClick');
    expect(onReopen).toHaveBeenCalledOnce();
    expect(textOf(render(<ReviewRequestFlyoutView {...flyoutProps({ rows, myRowId: 'r1' })} />))).not.toContain('Reopen your review?');

    const confirming = flyoutProps({ rows, myRowId: 'r1', confirmingReopen: true, onConfirmReopen });
    expect(textOf(render(<ReviewRequestFlyoutView {...confirming} />))).toContain('Reopen your review?');
    fire(find(ReviewRequestFlyoutView(confirming), Button, 'Reopen review'), 'onClick');
    expect(onConfirmReopen).toHaveBeenCalledOnce();
  });

  it('someone who is not a reviewer gets neither action', () => {
    const html = render(<ReviewRequestFlyoutView {...flyoutProps({ rows: [row(1)], myRowId: null })} />);
    expect(textOf(html)).not.toMatch(/Mark my review complete|Reopen my review/);
  });
});

describe('delete-reviewer confirmation (§9)', () => {
  const props = (overrides: Partial<DeleteReviewerDialogViewProps> = {}): DeleteReviewerDialogViewProps => ({
    open: true,
    reviewerName: 'Reviewer 2',
    dontAskAgain: false,
    onDontAskAgainChange: noop,
    onConfirm: noop,
    onCancel: noop,
    ...overrides,
  });

  it("names the reviewer; Remove passes the \"don't ask again\" choice; Cancel calls back", () => {
    expect(textOf(render(<DeleteReviewerDialogView {...props()} />))).toContain('Reviewer 2 will no longer be asked to review this item. Don’t ask me again');
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const onDontAskAgainChange = vi.fn();
    fire(find(DeleteReviewerDialogView(props({ onDontAskAgainChange })), Checkbox), 'onChange', true, { shiftKey: false, toggleKey: false });
    expect(onDontAskAgainChange).toHaveBeenCalledWith(true);
    fire(find(DeleteReviewerDialogView(props({ dontAskAgain: true, onConfirm })), Button, 'Remove'), 'onClick');
    expect(onConfirm).toHaveBeenCalledWith(true);
    fire(find(DeleteReviewerDialogView(props({ onConfirm })), Button, 'Remove'), 'onClick');
    expect(onConfirm).toHaveBeenLastCalledWith(false);
    fire(find(DeleteReviewerDialogView(props({ onCancel })), Button, 'Cancel'), 'onClick');
    expect(onCancel).toHaveBeenCalledOnce();
  });
});

describe('request dialog (§4, §5, §9 recent reviewers)', () => {
  const FREQUENT: FrequentReviewer[] = [1, 2, 3, 4, 5, 6].map((n) => ({ email: `f${n}@example.com`, displayName: `Frequent ${n}`, avatars: { small: null } }));
  const props = (overrides: Partial<RequestReviewDialogViewProps> = {}): RequestReviewDialogViewProps => ({
    open: true,
    status: 'editing',
    itemTitle: 'Safety course',
    reviewers: [],
    recentReviewers: FREQUENT,
    customMessage: '',
    dueDate: null,
    today: '2025-03-10',
    entryText: '',
    onEntryTextChange: noop,
    onAddEntries: noop,
    onRemoveReviewer: noop,
    onPickRecent: noop,
    onCustomMessageChange: noop,
    onDueDateChange: noop,
    onSubmit: noop,
    onClose: noop,
    onLeave: noop,
    onStay: noop,
    ...overrides,
  });
  const sendTag = (html: string) => tags(html, 'button').find((tag) => tag.includes('k-button--primary'))!;

  it('Send is disabled with no reviewer and enabled with one; it spins while submitting', () => {
    expect(textOf(render(<RequestReviewDialogView {...props()} />))).toContain('Request a review of “Safety course”');
    expect(sendTag(render(<RequestReviewDialogView {...props()} />))).toContain('disabled');
    const withOne = props({ reviewers: [{ email: 'a@example.com' }] });
    expect(sendTag(render(<RequestReviewDialogView {...withOne} />))).not.toContain('disabled');
    const onSubmit = vi.fn();
    fire(find(RequestReviewDialogView({ ...withOne, onSubmit }), Button, 'Send'), 'onClick');
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(sendTag(render(<RequestReviewDialogView {...props({ reviewers: [{ email: 'a@example.com' }], status: 'submitting' })} />))).toContain('aria-busy="true"');
  });

  it('typed entries are added with Enter; a paste sends the whole pasted list', () => {
    const onAddEntries = vi.fn();
    const input = find(RequestReviewDialogView(props({ entryText: 'a@example.com', onAddEntries })), 'input', undefined);
    fire(input, 'onKeyDown', { key: 'Enter', preventDefault: noop });
    expect(onAddEntries).toHaveBeenLastCalledWith('a@example.com');
    const preventDefault = vi.fn();
    const empty = findAll(RequestReviewDialogView(props({ onAddEntries })), 'input').find((i) => i.props.id === 'request-review-entry')!;
    fire(empty, 'onPaste', { clipboardData: { getData: () => 'b@example.com, c@example.com\nd@example.com' }, preventDefault });
    expect(onAddEntries).toHaveBeenLastCalledWith('b@example.com, c@example.com\nd@example.com');
    expect(preventDefault).toHaveBeenCalled();
  });

  it("refused entries show 'already added' and 'not found' inline", () => {
    const html = render(
      <RequestReviewDialogView
        {...props({
          entryIssues: [
            { entry: 'a@example.com', problem: 'alreadyAdded' },
            { entry: 'bob', problem: 'notFound' },
          ],
        })}
      />,
    );
    expect(html).toMatch(/role="alert"/);
    expect(textOf(html)).toContain('a@example.com is already added. bob not found.');
    expect(tags(html, 'input').find((tag) => tag.includes('request-review-entry'))).toContain('aria-invalid="true"');
  });

  it('chips show the picked reviewers with remove', () => {
    const onRemoveReviewer = vi.fn();
    const reviewers = [{ email: 'a@example.com' }, { email: 'f1@example.com', displayName: 'Frequent 1' }];
    const html = render(<RequestReviewDialogView {...props({ reviewers })} />);
    expect(html).toContain('aria-label="Remove a@example.com"');
    expect(html).toContain('aria-label="Remove Frequent 1"');
    const tree = RequestReviewDialogView(props({ reviewers, onRemoveReviewer }));
    fire(findAll(tree, 'button').find((b) => b.props['aria-label'] === 'Remove Frequent 1')!, 'onClick');
    expect(onRemoveReviewer).toHaveBeenCalledWith('f1@example.com');
  });

  it('the first 5 recent reviewers show; picking one calls back; those already picked are marked and disabled', () => {
    const onPickRecent = vi.fn();
    const html = render(<RequestReviewDialogView {...props({ reviewers: [{ email: 'f2@example.com' }] })} />);
    const recent = tags(html, 'button').filter((tag) => tag.includes('request-review__recent-person'));
    expect(recent).toHaveLength(5);
    expect(html).not.toContain('Frequent 6');
    expect(recent[1]).toContain('aria-pressed="true"');
    expect(recent[1]).toContain('disabled');
    // Named by their visible text (no aria-label: WCAG 2.5.3), "Add" spoken before it.
    expect(recent[2]).not.toContain('aria-label');
    expect(html).toMatch(/<span class="k-visually-hidden">Add <\/span><span class="request-review__recent-who"><span class="request-review__recent-name">Frequent 3<\/span>/);
    fire(findAll(RequestReviewDialogView(props({ onPickRecent })), 'button').filter((b) => String(b.props.className).includes('request-review__recent-person'))[2]!, 'onClick');
    expect(onPickRecent).toHaveBeenCalledWith('f3@example.com');
  });

  it('message and due date (minimum today; clearing sends null) call back', () => {
    const onCustomMessageChange = vi.fn();
    const onDueDateChange = vi.fn();
    const tree = RequestReviewDialogView(props({ onCustomMessageChange, onDueDateChange, dueDate: '2025-03-12' }));
    fire(find(tree, 'textarea'), 'onChange', { target: { value: 'Please look at slide 3' } });
    expect(onCustomMessageChange).toHaveBeenCalledWith('Please look at slide 3');
    const due = findAll(tree, 'input').find((i) => i.props.type === 'date')!;
    expect(due.props.min).toBe('2025-03-10');
    fire(due, 'onChange', { target: { value: '2025-03-01' } });
    expect(onDueDateChange).not.toHaveBeenCalled();
    fire(due, 'onChange', { target: { value: '2025-03-15' } });
    fire(due, 'onChange', { target: { value: '' } });
    expect(onDueDateChange.mock.calls).toEqual([['2025-03-15'], [null]]);
  });

  it('Cancel calls back; the leave-or-stay confirmation shows in confirmingLeave', () => {
    const onClose = vi.fn();
    const onLeave = vi.fn();
    const onStay = vi.fn();
    fire(find(RequestReviewDialogView(props({ onClose })), Button, 'Cancel'), 'onClick');
    expect(onClose).toHaveBeenCalledOnce();
    expect(textOf(render(<RequestReviewDialogView {...props()} />))).not.toContain('Leave without sending?');
    const confirming = props({ status: 'confirmingLeave', onLeave, onStay });
    expect(textOf(render(<RequestReviewDialogView {...confirming} />))).toContain('Leave without sending?');
    const tree = RequestReviewDialogView(confirming);
    fire(find(tree, Button, 'Leave'), 'onClick');
    fire(find(tree, Button, 'Stay'), 'onClick');
    expect(onLeave).toHaveBeenCalledOnce();
    expect(onStay).toHaveBeenCalledOnce();
  });
});
