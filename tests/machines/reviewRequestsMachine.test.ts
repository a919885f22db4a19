import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import type { ReviewBootstrap, ReviewRequestRow, ReviewStatus } from '../../domain/reviewRequests.ts';
import {
  MARK_COMPLETE_ERROR_KEY,
  activeListOf,
  canReRequestOf,
  myRowOf,
  overallStatusOf,
  reviewerRowsOf,
  reviewRequestsMachine,
  type ReviewRequestsSubject,
} from '../../machines/reviewRequests/reviewRequestsMachine.ts';
import { controlled, recorder, settle, systemActor, systemOf } from './contentFixtures.ts';

const row = (id: string, email: string, reviewerAID: string | null, status: ReviewStatus, over: Partial<ReviewRequestRow> = {}): ReviewRequestRow => ({
  id,
  itemId: 'i1',
  email,
  displayName: email,
  status,
  reviewerAID,
  requesterDisplayName: 'Alex',
  createdAt: '2026-11-21T10:00:00.000Z',
  dueDate: null,
  completedAt: status === 'complete' ? '2026-11-22T10:00:00.000Z' : null,
  customMessage: null,
  isInStack: false,
  avatars: { small: null },
  userTypes: { mrus: 0, subAndNonMruUsers: 0, emailUsers: 1 },
  action: null,
  ...over,
});

const subject = (over: Partial<ReviewRequestsSubject> = {}): ReviewRequestsSubject => ({
  itemId: 'i1',
  pass: null,
  isOwner: false,
  viewer: { userId: 'u-sam', anonymousEmail: null },
  reviewRequestId: null,
  isInStack: false,
  timeZone: 'Europe/Berlin',
  ...over,
});

const httpError = (status: number, message: string) => Object.assign(new Error(message), { name: 'HttpError', status });

/** The machine in a small system with a recording toasts actor, every call answered by hand. */
function start(bootstrap: () => Promise<ReviewBootstrap>) {
  const calls = {
    markViewed: controlled<{ reviewRequestId: string; anonUserEmail: string | null }>(),
    completeReview: controlled<{ reviewRequestId: string }>(),
    reopenReview: controlled<{ reviewRequestId: string }>(),
    reRequestReviews: controlled<{ body: { action: string; requesterTimeZone: string } }>(),
    deleteReviews: controlled<{ ids: string[] }>(),
    deleteAllReviews: controlled<{ itemId: string }>(),
    editDueDate: controlled<{ dueDate: string | null }>(),
    listReviewRequests: controlled<{ itemId: string }>(),
  };
  const reported: string[] = [];
  const stored: boolean[] = [];
  const toasts = recorder();
  const machine = reviewRequestsMachine.provide({
    actors: {
      bootstrapReviewRequests: fromPromise(bootstrap),
      markViewed: calls.markViewed.logic as never,
      completeReview: calls.completeReview.logic as never,
      reopenReview: calls.reopenReview.logic as never,
      reRequestReviews: calls.reRequestReviews.logic as never,
      deleteReviews: calls.deleteReviews.logic as never,
      deleteAllReviews: calls.deleteAllReviews.logic as never,
      editDueDate: calls.editDueDate.logic as never,
      listReviewRequests: calls.listReviewRequests.logic as never,
    },
    actions: {
      reportError: (_, params) => void reported.push(params.message),
      storeSkipDeleteConfirm: (_, params) => void stored.push(params.value),
    },
  });
  const root = createActor(systemOf({ reviewRequests: machine, toasts: toasts.logic })).start();
  const actor = systemActor(root, 'reviewRequests') as AnyActorRef;
  const snap = () => actor.getSnapshot() as ReturnType<ReturnType<typeof createActor<typeof reviewRequestsMachine>>['getSnapshot']>;
  return { actor, snap, calls, reported, stored, toasts };
}

const open = async (t: ReturnType<typeof start>, over: Partial<ReviewRequestsSubject> = {}) => {
  t.actor.send({ type: 'reviewRequests.open', ...subject(over) });
  await settle();
};

describe('reviewRequests machine', () => {
  it('takes the empty result with the message when the bootstrap fails', async () => {
    const t = start(async () => {
      throw httpError(500, 'Database down');
    });
    await open(t);
    expect(t.snap().matches({ open: 'ready' })).toBe(true);
    expect(t.snap().context).toMatchObject({ rows: [], canCRUD: false, errorMessage: 'Database down' });
    expect(overallStatusOf(t.snap().context)).toBe('none');
  });

  it('marks the review viewed when opened through the request link, then completes and reopens it', async () => {
    const t = start(async () => ({ canCRUD: false, reviewRequests: [row('rr1', 'sam@example.com', 'u-sam', 'emailSent'), row('rr2', 'kim@example.com', null, 'complete')], frequentReviewers: [] }));
    await open(t, { reviewRequestId: 'rr1' });
    expect(t.snap().matches({ open: 'markingViewed' })).toBe(true);
    expect(t.calls.markViewed.calls[0]!.input).toMatchObject({ reviewRequestId: 'rr1', anonUserEmail: null });
    t.calls.markViewed.calls[0]!.resolve(undefined);
    await settle();
    expect(myRowOf(t.snap().context)).toMatchObject({ id: 'rr1', status: 'viewed', action: 'complete' });

    // A comment of theirs: the server pushes the rows; commented shows as in progress.
    t.actor.send({
      type: 'realtime.message',
      namespace: '/item/i1',
      event: 'requestReview.update',
      data: { itemId: 'i1', reviewRequests: [row('rr1', 'sam@example.com', 'u-sam', 'commented'), row('rr2', 'kim@example.com', null, 'complete')] },
    });
    expect(reviewerRowsOf(t.snap().context).map((r) => [r.id, r.badge, r.isMine])).toEqual([
      ['rr1', 'inProgress', true],
      ['rr2', 'complete', false],
    ]);

    t.actor.send({ type: 'reviewRequests.markComplete' });
    t.calls.completeReview.calls[0]!.resolve(undefined);
    await settle();
    expect(t.snap().context.myStatus).toBe('complete');
    expect(overallStatusOf(t.snap().context)).toBe('complete');

    t.actor.send({ type: 'reviewRequests.reopen' });
    expect(t.snap().matches({ open: 'confirmingReopen' })).toBe(true);
    t.actor.send({ type: 'reviewRequests.confirm' });
    t.calls.reopenReview.calls[0]!.resolve(undefined);
    await settle();
    expect(myRowOf(t.snap().context)).toMatchObject({ status: 'viewed', completedAt: null, action: 'complete' });
  });

  it('marks the review viewed when the reviewer opens the item without the request link (the grid, a copied link); others’ rows stay', async () => {
    const t = start(async () => ({ canCRUD: false, reviewRequests: [row('rr1', 'sam@example.com', 'u-sam', 'emailSent'), row('rr2', 'kim@example.com', null, 'emailSent')], frequentReviewers: [] }));
    await open(t);
    expect(t.snap().matches({ open: 'markingViewed' })).toBe(true);
    expect(t.calls.markViewed.calls.map((call) => call.input.reviewRequestId)).toEqual(['rr1']);
    t.calls.markViewed.calls[0]!.resolve(undefined);
    await settle();
    expect(t.snap().context.rows.map((r) => [r.id, r.status])).toEqual([
      ['rr1', 'viewed'],
      ['rr2', 'emailSent'],
    ]);
  });

  it('does not send update-status for a review already past email sent', async () => {
    const t = start(async () => ({ canCRUD: false, reviewRequests: [row('rr1', 'sam@example.com', 'u-sam', 'commented')], frequentReviewers: [] }));
    await open(t, { reviewRequestId: 'rr1' });
    expect(t.snap().matches({ open: 'ready' })).toBe(true);
    expect(t.calls.markViewed.calls).toHaveLength(0);
  });

  it('shows the inline error and reports a failed mark complete; a failed reopen is toasted', async () => {
    const t = start(async () => ({ canCRUD: false, reviewRequests: [row('rr1', 'sam@example.com', 'u-sam', 'viewed')], frequentReviewers: [] }));
    await open(t);
    t.actor.send({ type: 'reviewRequests.markComplete' });
    t.calls.completeReview.calls[0]!.reject(httpError(403, 'Not yours'));
    await settle();
    expect(t.snap().context.markCompleteError).toBe(MARK_COMPLETE_ERROR_KEY);
    expect(t.reported).toContain('review.request_review.mark_complete_error');
    expect(t.snap().context.myStatus).toBe('viewed');

    t.actor.send({ type: 'reviewRequests.markComplete' });
    t.calls.completeReview.calls[1]!.resolve(undefined);
    await settle();
    t.actor.send({ type: 'reviewRequests.reopen' });
    t.actor.send({ type: 'reviewRequests.confirm' });
    t.calls.reopenReview.calls[0]!.reject(httpError(409, 'Not complete'));
    await settle();
    expect(t.toasts.events.map((e) => (e as { toast?: { id: string } }).toast?.id)).toEqual(['review.request_review_header.reopen_review_error']);
  });

  it('lets the owner re-request when all are complete: every review back to viewed', async () => {
    const t = start(async () => ({ canCRUD: true, reviewRequests: [row('rr1', 'sam@example.com', 'u-sam', 'complete'), row('rr2', 'kim@example.com', null, 'complete')], frequentReviewers: [] }));
    await open(t, { isOwner: true, viewer: { userId: 'u-alex', anonymousEmail: null } });
    expect(canReRequestOf(t.snap().context)).toBe(true);
    t.actor.send({ type: 'reviewRequests.reRequest' });
    expect(t.calls.reRequestReviews.calls[0]!.input.body).toMatchObject({ action: 'reRequest', requesterTimeZone: 'Europe/Berlin' });
    t.calls.reRequestReviews.calls[0]!.resolve({ requestedReviewers: [] });
    await settle();
    expect(t.snap().context.rows.map((r) => [r.status, r.completedAt])).toEqual([
      ['viewed', null],
      ['viewed', null],
    ]);
    expect(canReRequestOf(t.snap().context)).toBe(false);
    // Not all complete now: a second re-request sends nothing.
    t.actor.send({ type: 'reviewRequests.reRequest' });
    expect(t.calls.reRequestReviews.calls).toHaveLength(1);
  });

  it('refuses a re-request from a reviewer who is not the owner', async () => {
    const t = start(async () => ({ canCRUD: true, reviewRequests: [row('rr1', 'sam@example.com', 'u-sam', 'complete')], frequentReviewers: [] }));
    await open(t);
    t.actor.send({ type: 'reviewRequests.reRequest' });
    expect(t.calls.reRequestReviews.calls).toHaveLength(0);
  });

  it('asks before deleting a reviewer unless told not to ask again, and stores that setting', async () => {
    const rows = [row('rr1', 'sam@example.com', 'u-sam', 'viewed'), row('rr2', 'kim@example.com', null, 'viewed'), row('rr3', 'lee@example.com', null, 'viewed')];
    const t = start(async () => ({ canCRUD: true, reviewRequests: rows, frequentReviewers: [] }));
    await open(t, { isOwner: true, viewer: { userId: 'u-alex', anonymousEmail: null } });
    t.actor.send({ type: 'reviewRequests.deleteReviewer', id: 'rr2' });
    expect(t.snap().matches({ open: 'confirmingDelete' })).toBe(true);
    t.actor.send({ type: 'reviewRequests.confirm', dontAskAgain: true });
    expect(t.stored).toEqual([true]);
    expect(t.calls.deleteReviews.calls[0]!.input.ids).toEqual(['rr2']);
    t.calls.deleteReviews.calls[0]!.resolve(undefined);
    await settle();
    expect(t.snap().context.rows.map((r) => r.id)).toEqual(['rr1', 'rr3']);

    // No confirmation now; a failure is reported and toasted, the row stays.
    t.actor.send({ type: 'reviewRequests.deleteReviewer', id: 'rr3' });
    expect(t.snap().matches({ open: 'deleting' })).toBe(true);
    t.calls.deleteReviews.calls[1]!.reject(httpError(403, 'No'));
    await settle();
    expect(t.reported).toContain('review.request_review.delete_reviews_error');
    expect(t.toasts.events.map((e) => (e as { toast?: { id: string } }).toast?.id)).toEqual(['review.request_review_header.delete_reviews_error']);
    expect(t.snap().context.rows.map((r) => r.id)).toEqual(['rr1', 'rr3']);
  });

  it('starts without asking when the stored setting says so, and never deletes without canCRUD', async () => {
    const t = start(async () => ({ canCRUD: false, reviewRequests: [row('rr1', 'sam@example.com', 'u-sam', 'viewed')], frequentReviewers: [] }));
    t.actor.send({ type: 'reviewRequests.settingsLoaded', skipDeleteConfirm: true });
    await open(t);
    expect(t.snap().context.skipDeleteConfirm).toBe(true);
    t.actor.send({ type: 'reviewRequests.deleteReviewer', id: 'rr1' });
    t.actor.send({ type: 'reviewRequests.deleteAll' });
    expect(t.snap().matches({ open: 'ready' })).toBe(true);
    expect(t.calls.deleteReviews.calls).toHaveLength(0);
  });

  it('deletes the whole request after confirming', async () => {
    const t = start(async () => ({ canCRUD: true, reviewRequests: [row('rr1', 'sam@example.com', 'u-sam', 'viewed')], frequentReviewers: [] }));
    await open(t, { isOwner: true, viewer: { userId: 'u-alex', anonymousEmail: null } });
    t.actor.send({ type: 'reviewRequests.deleteAll' });
    t.actor.send({ type: 'reviewRequests.confirm' });
    t.calls.deleteAllReviews.calls[0]!.resolve(undefined);
    await settle();
    expect(t.snap().context.rows).toEqual([]);
  });

  it('edits the due date: today or later, clearing only when a date exists, only with canCRUD', async () => {
    const t = start(async () => ({ canCRUD: true, reviewRequests: [row('rr1', 'sam@example.com', 'u-sam', 'viewed')], frequentReviewers: [] }));
    await open(t, { isOwner: true, viewer: { userId: 'u-alex', anonymousEmail: null } });
    t.actor.send({ type: 'reviewRequests.editDueDate', date: null, today: '2026-11-21' });
    t.actor.send({ type: 'reviewRequests.editDueDate', date: '2026-11-20', today: '2026-11-21' });
    expect(t.calls.editDueDate.calls).toHaveLength(0);
    t.actor.send({ type: 'reviewRequests.editDueDate', date: '2026-11-21', today: '2026-11-21' });
    t.calls.editDueDate.calls[0]!.resolve(undefined);
    await settle();
    expect(t.snap().context.rows[0]!.dueDate).toBe('2026-11-21');
    t.actor.send({ type: 'reviewRequests.editDueDate', date: null, today: '2026-11-21' });
    expect(t.calls.editDueDate.calls[1]!.input.dueDate).toBeNull();
  });

  it('matches an anonymous reviewer by e-mail and applies delete pushes', async () => {
    const rows = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => row(id, `${id}@example.com`, null, 'viewed'));
    const t = start(async () => ({ canCRUD: false, reviewRequests: rows, frequentReviewers: [] }));
    await open(t, { viewer: { userId: null, anonymousEmail: 'C@example.com' } });
    expect(myRowOf(t.snap().context)?.id).toBe('c');
    expect(activeListOf(t.snap().context, false)).toMatchObject({ remaining: 2 });
    expect(activeListOf(t.snap().context, false).rows).toHaveLength(4);
    expect(activeListOf(t.snap().context, true)).toMatchObject({ remaining: 0 });
    t.actor.send({ type: 'realtime.message', namespace: '/item/i1', event: 'requestReview.deleteRequest', data: { itemId: 'i1', ids: ['a', 'c'] } });
    expect(t.snap().context.rows.map((r) => r.id)).toEqual(['b', 'd', 'e', 'f']);
    expect(t.snap().context.myStatus).toBeNull();
    // Another item's push is ignored.
    t.actor.send({ type: 'realtime.message', namespace: '/item/i2', event: 'requestReview.deleteAllRequests', data: { itemId: 'i2' } });
    expect(t.snap().context.rows).toHaveLength(4);
    t.actor.send({ type: 'realtime.message', namespace: '/item/i1', event: 'requestReview.deleteAllRequests', data: { itemId: 'i1' } });
    expect(t.snap().context.rows).toEqual([]);
  });
});
