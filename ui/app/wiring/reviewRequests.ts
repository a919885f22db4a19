import { fromPromise } from 'xstate';
import { DELETE_REVIEWER_CONFIRM_STORAGE_KEY } from '../../../domain/reviewRequests.ts';
import { reviewRequestsMachine, type ReviewRequestsSubject } from '../../../machines/reviewRequests/reviewRequestsMachine.ts';
import type { AppSystem } from '../../system.tsx';
import { reportError, subjectTeller, type Adapters, type Running } from './common.ts';

/**
 * Review requests (review-and-content §7): every call over the review API. Anonymous reviewers have no token, so the
 * HttpClient sends no Authorization header; the item password goes in its header when there is one.
 */
export function reviewRequestsActors({ reviewRequestClient, storage }: Adapters) {
  const reviewRequests = reviewRequestsMachine.provide({
    actors: {
      bootstrapReviewRequests: fromPromise(({ input }) => reviewRequestClient.bootstrap(input)),
      listReviewRequests: fromPromise(({ input }) => reviewRequestClient.list(input)),
      markViewed: fromPromise(({ input }) => reviewRequestClient.updateStatus(input)),
      completeReview: fromPromise(({ input }) => reviewRequestClient.complete(input)),
      reopenReview: fromPromise(({ input }) => reviewRequestClient.reopen({ reviewRequestId: input.reviewRequestId, anonEmail: input.anonUserEmail, pass: input.pass })),
      reRequestReviews: fromPromise(({ input }) => reviewRequestClient.create(input)),
      deleteReviews: fromPromise(({ input }) => reviewRequestClient.deleteReviews(input)),
      deleteAllReviews: fromPromise(({ input }) => reviewRequestClient.deleteAll(input)),
      editDueDate: fromPromise(({ input }) => reviewRequestClient.editDueDate(input)),
    },
    actions: {
      reportError,
      storeSkipDeleteConfirm: (_, params) => storage.set(DELETE_REVIEWER_CONFIRM_STORAGE_KEY, params.value ? 'true' : 'false'),
    },
  });
  return { reviewRequests };
}

/**
 * Once the system runs: the local setting that suppresses the delete-reviewer confirmation is read once (the machine's
 * storeSkipDeleteConfirm writes it); the loaded item opens the review requests, leaving it closes them.
 */
export function connectReviewRequests({ actor, observe, storage }: Running) {
  const reviewRequestsRef = actor('reviewRequests');
  const itemRef = actor('item');
  reviewRequestsRef.send({ type: 'reviewRequests.settingsLoaded', skipDeleteConfirm: storage.get(DELETE_REVIEWER_CONFIRM_STORAGE_KEY) === 'true' });
  const requesterTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const tellReviewRequests = subjectTeller<ReviewRequestsSubject>((subject) => {
    if (subject) reviewRequestsRef.send({ type: 'reviewRequests.open', ...subject });
    else reviewRequestsRef.send({ type: 'reviewRequests.close' });
  });
  const tellReviewRequestsAboutItem = (snapshot: ReturnType<AppSystem['item']['getSnapshot']>) => {
    const { item: detail, userId, anonymousEmail, password, route } = snapshot.context;
    const subject: ReviewRequestsSubject | null =
      snapshot.matches({ open: 'fetchSuccess' }) && detail
        ? {
            itemId: detail.id,
            pass: password,
            isOwner: detail.isOwner,
            viewer: { userId, anonymousEmail: userId ? null : anonymousEmail },
            reviewRequestId: route?.reviewRequest ?? null,
            isInStack: detail.showItemStacksSidebar === true,
            timeZone: requesterTimeZone,
          }
        : null;
    tellReviewRequests(subject);
  };
  tellReviewRequestsAboutItem(itemRef.getSnapshot());
  observe(itemRef, () => tellReviewRequestsAboutItem(itemRef.getSnapshot()));
}
