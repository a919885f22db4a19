/** Registry entries of the reviewRequests feature: each machine with its payload cases (charts, path generation, replay read them). */
import { requestDialogMachine } from './requestDialogMachine.ts';
import { reviewRequestsMachine } from './reviewRequestsMachine.ts';
import { type RegistryEntry, httpRefusal } from '../registryCases.ts';

// Review requests: rows and answers as domain/reviewRequests.ts carries them.
const reviewRow = (id: string, email: string, reviewerAID: string | null, status: string, over: Record<string, unknown> = {}) => ({
  id,
  itemId: 'i1',
  email,
  displayName: email,
  status,
  reviewerAID,
  requesterDisplayName: 'Alex Admin',
  createdAt: '2026-11-21T10:00:00.000Z',
  dueDate: '2026-12-01',
  completedAt: status === 'complete' ? '2026-11-22T10:00:00.000Z' : null,
  customMessage: null,
  isInStack: false,
  avatars: { small: null },
  userTypes: { mrus: 0, subAndNonMruUsers: 0, emailUsers: 1 },
  action: null,
  ...over,
});
const reviewSubject = (over: Record<string, unknown> = {}) => ({
  itemId: 'i1',
  pass: null,
  isOwner: false,
  viewer: { userId: 'u-sam', anonymousEmail: null },
  reviewRequestId: 'rr1',
  isInStack: false,
  timeZone: 'UTC',
  ...over,
});
const FREQUENT = [{ email: 'kim@example.com', displayName: 'Kim', avatars: { small: null } }];
const reviewPush = (event: string, data: Record<string, unknown>) => ({ namespace: '/item/i1', event, data: { messageId: `m-${event}`, itemId: 'i1', ...data } });

export const reviewRequestsEntries: readonly RegistryEntry[] = [
  {
    name: 'reviewRequests',
    machine: reviewRequestsMachine,
    description:
      "The open item's review requests: bootstrap (canCRUD, rows, frequent reviewers; 404 → empty, a failure keeps its message), update-status viewed when opened through a request link, mark complete (inline error), reopen after confirming, the owner's re-request when all are complete, delete a reviewer (confirmation suppressible by a local setting) or the whole request, edit the due date, and the requestReview pushes (review-and-content §4, §6, §7, §8, §9).",
    cases: {
      // A reviewer opening their request link, and the owner.
      'reviewRequests.open': [reviewSubject(), reviewSubject({ isOwner: true, viewer: { userId: 'u-alex', anonymousEmail: null }, reviewRequestId: null })],
      'reviewRequests.settingsLoaded': [{ skipDeleteConfirm: true }],
      'reviewRequests.deleteReviewer': [{ id: 'rr2' }],
      'reviewRequests.confirm': [{ dontAskAgain: true }, {}],
      'reviewRequests.editDueDate': [
        { date: '2026-12-24', today: '2026-11-21' },
        { date: null, today: '2026-11-21' },
      ],
      'realtime.message': [
        reviewPush('requestReview.update', { reviewRequests: [reviewRow('rr1', 'sam@example.com', 'u-sam', 'commented'), reviewRow('rr2', 'kim@example.com', null, 'complete')] }),
        reviewPush('requestReview.deleteRequest', { ids: ['rr2'] }),
        reviewPush('requestReview.deleteAllRequests', {}),
      ],
      'xstate.done.actor.bootstrapReviewRequests': [
        { output: { canCRUD: false, reviewRequests: [reviewRow('rr1', 'sam@example.com', 'u-sam', 'emailSent'), reviewRow('rr2', 'kim@example.com', null, 'complete')], frequentReviewers: FREQUENT } },
        { output: { canCRUD: true, reviewRequests: [reviewRow('rr1', 'sam@example.com', 'u-sam', 'complete'), reviewRow('rr2', 'kim@example.com', null, 'complete')], frequentReviewers: FREQUENT } },
        { output: 'not an answer' },
      ],
      'xstate.error.actor.bootstrapReviewRequests': [httpRefusal(500, 'The service could not be reached.')],
      'xstate.done.actor.listReviewRequests': [{ output: { canCRUD: true, reviewRequests: [reviewRow('rr1', 'sam@example.com', 'u-sam', 'viewed')] } }],
      'xstate.error.actor.completeReview': [httpRefusal(403, 'Not your review.')],
      'xstate.error.actor.reopenReview': [httpRefusal(409, 'The review is not complete.')],
      'xstate.error.actor.reRequestReviews': [httpRefusal(403, 'Only the owner may re-request.')],
      'xstate.error.actor.deleteReviews': [httpRefusal(403, 'You cannot remove reviewers.')],
    },
  },
  {
    name: 'requestDialog',
    machine: requestDialogMachine,
    description:
      "The request-review dialog: reviewers by e-mail (pasted lists parsed; 'already added' / 'not found') or from the first 5 recent reviewers, custom message, due date (today or later), submit (disabled with no reviewer) with requesterTimeZone, isInStack and userTypes; request_review_error with the server's message closes it; leave-or-stay on unsaved content (review-and-content §4, §5, §8, §9).",
    cases: {
      'requestDialog.open': [{ itemId: 'i1', pass: null, frequentReviewers: FREQUENT, existing: ['sam@example.com'], excluded: ['alex.admin@example.com'], isInStack: false, requesterTimeZone: 'UTC' }],
      'requestDialog.addEntry': [{ text: 'lee@example.com, not-an-email' }, { text: 'sam@example.com' }],
      'requestDialog.removeReviewer': [{ email: 'lee@example.com' }],
      'requestDialog.pickRecent': [{ email: 'kim@example.com' }],
      'requestDialog.setMessage': [{ message: 'Please review by Friday.' }],
      'requestDialog.setDueDate': [
        { date: '2026-12-24', today: '2026-11-21' },
        { date: null, today: '2026-11-21' },
      ],
      'xstate.done.actor.createReviewRequest': [{ output: { requestedReviewers: [reviewRow('rr3', 'lee@example.com', null, 'emailSent')] } }],
      'xstate.error.actor.createReviewRequest': [httpRefusal(400, 'The due date is before today.')],
    },
  },
];
