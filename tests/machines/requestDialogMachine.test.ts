import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import type { CreateReviewRequestBody, FrequentReviewer } from '../../domain/reviewRequests.ts';
import { canSubmitOf, hasUnsavedContentOf, recentReviewersOf, requestDialogMachine } from '../../machines/reviewRequests/requestDialogMachine.ts';
import { controlled, recorder, settle, systemActor, systemOf } from './contentFixtures.ts';

const frequent = (n: number): FrequentReviewer[] => Array.from({ length: n }, (_, i) => ({ email: `f${i + 1}@example.com`, displayName: `F${i + 1}`, avatars: { small: null } }));

function start() {
  const create = controlled<{ body: CreateReviewRequestBody; pass: string | null }>();
  const toasts = recorder();
  const reviewRequests = recorder();
  const reported: string[] = [];
  const machine = requestDialogMachine.provide({ actors: { createReviewRequest: create.logic as never }, actions: { reportError: (_, p) => void reported.push(p.message) } });
  const root = createActor(systemOf({ requestDialog: machine, toasts: toasts.logic, reviewRequests: reviewRequests.logic })).start();
  const actor = systemActor(root, 'requestDialog') as AnyActorRef;
  const snap = () => actor.getSnapshot() as ReturnType<ReturnType<typeof createActor<typeof requestDialogMachine>>['getSnapshot']>;
  actor.send({
    type: 'requestDialog.open',
    itemId: 'i1',
    pass: 'letmein',
    frequentReviewers: frequent(7),
    existing: ['Sam@example.com'],
    excluded: ['alex@example.com'],
    isInStack: false,
    requesterTimeZone: 'Europe/Berlin',
  });
  return { actor, snap, create, toasts, reviewRequests, reported };
}

const toastIds = (events: { type: string }[]) => events.map((e) => (e as { toast?: { id: string; message: string | null } }).toast);

describe('requestDialog machine', () => {
  it('adds pasted e-mails, skipping duplicates; already listed or excluded → already added, unknown → not found', () => {
    const t = start();
    t.actor.send({ type: 'requestDialog.addEntry', text: 'lee@example.com; Lee@example.com, sam@example.com\nalex@example.com nope' });
    expect(t.snap().context.reviewers).toEqual([{ email: 'lee@example.com', source: 'email' }]);
    expect(t.snap().context.problems).toEqual([
      { entry: 'nope', problem: 'notFound' },
      { entry: 'sam@example.com', problem: 'alreadyAdded' },
      { entry: 'alex@example.com', problem: 'alreadyAdded' },
    ]);
    t.actor.send({ type: 'requestDialog.addEntry', text: 'lee@example.com' });
    expect(t.snap().context.problems).toEqual([{ entry: 'lee@example.com', problem: 'alreadyAdded' }]);
  });

  it('offers the first 5 frequent reviewers and counts picked ones as mrus', async () => {
    const t = start();
    expect(recentReviewersOf(t.snap().context).map((r) => r.email)).toEqual(['f1@example.com', 'f2@example.com', 'f3@example.com', 'f4@example.com', 'f5@example.com']);
    t.actor.send({ type: 'requestDialog.pickRecent', email: 'f6@example.com' });
    expect(t.snap().context.reviewers).toEqual([]);
    expect(canSubmitOf(t.snap().context)).toBe(false);
    t.actor.send({ type: 'requestDialog.submit' });
    expect(t.snap().value).toBe('editing');

    t.actor.send({ type: 'requestDialog.pickRecent', email: 'f2@example.com' });
    t.actor.send({ type: 'requestDialog.addEntry', text: 'lee@example.com' });
    t.actor.send({ type: 'requestDialog.setMessage', message: '<p></p>' });
    t.actor.send({ type: 'requestDialog.setDueDate', date: '2026-11-20', today: '2026-11-21' });
    expect(t.snap().context.dueDate).toBeNull();
    t.actor.send({ type: 'requestDialog.setDueDate', date: '2026-11-21', today: '2026-11-21' });
    t.actor.send({ type: 'requestDialog.submit' });
    expect(t.create.calls[0]!.input).toEqual({
      pass: 'letmein',
      body: {
        itemId: 'i1',
        reviewers: ['f2@example.com', 'lee@example.com'],
        dueDate: '2026-11-21',
        customMessage: null,
        action: 'request',
        requesterTimeZone: 'Europe/Berlin',
        isInStack: false,
        userTypes: { mrus: 1, subAndNonMruUsers: 0, emailUsers: 1 },
      },
    });
    t.create.calls[0]!.resolve({ requestedReviewers: [] });
    await settle();
    expect(t.snap().value).toBe('closed');
    expect(toastIds(t.toasts.events)).toEqual([expect.objectContaining({ id: 'reviewRequestSent' })]);
    expect(t.reviewRequests.types()).toContain('reviewRequests.refetch');
  });

  it("shows request_review_error with the server's message and closes on failure", async () => {
    const t = start();
    t.actor.send({ type: 'requestDialog.addEntry', text: 'lee@example.com' });
    t.actor.send({ type: 'requestDialog.submit' });
    t.create.calls[0]!.reject(Object.assign(new Error('The due date is before today.'), { status: 400 }));
    await settle();
    expect(t.snap().value).toBe('closed');
    expect(toastIds(t.toasts.events)).toEqual([expect.objectContaining({ id: 'request_review_error', message: 'The due date is before today.' })]);
  });

  it('asks before closing with unsaved content; an empty dialog just closes', () => {
    const t = start();
    t.actor.send({ type: 'requestDialog.setMessage', message: '  ' });
    expect(hasUnsavedContentOf(t.snap().context)).toBe(false);
    t.actor.send({ type: 'requestDialog.close' });
    expect(t.snap().value).toBe('closed');

    const u = start();
    u.actor.send({ type: 'requestDialog.setMessage', message: 'Please look' });
    u.actor.send({ type: 'requestDialog.close' });
    expect(u.snap().value).toBe('confirmingLeave');
    u.actor.send({ type: 'requestDialog.stay' });
    expect(u.snap().context.customMessage).toBe('Please look');
    u.actor.send({ type: 'requestDialog.close' });
    u.actor.send({ type: 'requestDialog.leave' });
    expect(u.snap().value).toBe('closed');
    expect(u.snap().context.customMessage).toBe('');
  });

  it('removes a reviewer and clears a due date only when one is set', () => {
    const t = start();
    t.actor.send({ type: 'requestDialog.addEntry', text: 'lee@example.com kim@example.com' });
    t.actor.send({ type: 'requestDialog.removeReviewer', email: 'Lee@example.com' });
    expect(t.snap().context.reviewers.map((r) => r.email)).toEqual(['kim@example.com']);
    t.actor.send({ type: 'requestDialog.setDueDate', date: '2026-12-01', today: '2026-11-21' });
    t.actor.send({ type: 'requestDialog.setDueDate', date: null, today: '2026-11-21' });
    expect(t.snap().context.dueDate).toBeNull();
  });
});
