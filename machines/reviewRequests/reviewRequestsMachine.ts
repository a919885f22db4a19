import { and, assign, setup } from 'xstate';
import {
  EMPTY_BOOTSTRAP,
  isDueDateAllowed,
  type CreateReviewRequestBody,
  type ReviewBootstrap,
  type ReviewRequestRow,
} from '../../domain/reviewRequests.ts';
import { reviewRequestToast } from '../../domain/toasts.ts';
import { sendToSystem } from '../notify.ts';
import { promiseSlot } from '../slots.ts';
import { MARK_COMPLETE_ERROR_KEY, CLOSED, myRowOf, withActions, canReRequestOf, dueDateOf, errorMessageOf, isBootstrap, isListAnswer, pushOf, withStatus, callInput, type ReviewRequestsSubject, type ReviewRequestsContext, type ReviewRequestsEvent, type ReviewCallInput } from './reviewRequestsRules.ts';
export { MARK_COMPLETE_ERROR_KEY, myRowOf, overallStatusOf, reviewerRowsOf, activeListOf, canReRequestOf, dueDateOf, type ReviewRequestsSubject, type ReviewRequestsContext, type ReviewRequestsEvent, type ReviewerRowView, type ReviewCallInput } from './reviewRequestsRules.ts';
/**
 * The review requests of the open item (review-and-content §4 review status, §6 review requests, §8 review-request
 * errors; systemId `reviewRequests`).
 *
 * `idle` until the composition root sends `reviewRequests.open` for a loaded item; `open.bootstrapping` reads canCRUD,
 * the rows and the frequent reviewers (404 → empty; a failure keeps the message with an empty result); when opened
 * by a reviewer whose row (matched by account or guest e-mail) is still email sent — through the request link or any
 * other way (the grid, a copied link) — `markingViewed` sends update-status viewed. Every
 * status change of the viewer's row is the outcome of a call (viewed, complete, reopen, re-request); commented
 * arrives by push. Pushes (requestReview.update / deleteRequest / deleteAllRequests) replace the rows in any state.
 */
export const reviewRequestsMachine = setup({
  types: {
    context: {} as ReviewRequestsContext,
    events: {} as ReviewRequestsEvent,
  },
  actors: {
    bootstrapReviewRequests: promiseSlot<ReviewBootstrap, { itemId: string; pass: string | null; anonUserEmail: string | null; reviewRequestId: string | null }>('bootstrapReviewRequests'),
    listReviewRequests: promiseSlot<{ canCRUD: boolean; reviewRequests: ReviewRequestRow[] }, { itemId: string; pass: string | null }>('listReviewRequests'),
    markViewed: promiseSlot<void, ReviewCallInput>('markViewed'),
    completeReview: promiseSlot<void, ReviewCallInput>('completeReview'),
    reopenReview: promiseSlot<void, ReviewCallInput>('reopenReview'),
    reRequestReviews: promiseSlot<unknown, { body: CreateReviewRequestBody; pass: string | null }>('reRequestReviews'),
    deleteReviews: promiseSlot<void, { itemId: string; ids: string[]; isInStack: boolean; pass: string | null }>('deleteReviews'),
    deleteAllReviews: promiseSlot<void, { itemId: string; pass: string | null }>('deleteAllReviews'),
    editDueDate: promiseSlot<void, { itemId: string; dueDate: string | null; pass: string | null }>('editDueDate'),
  },
  actions: {
    assignBootstrap: assign(({ context, event }) => {
      const output = (event as { output?: unknown }).output;
      if (!isBootstrap(output)) return {};
      return { canCRUD: output.canCRUD, ...withActions(output.reviewRequests, context), frequentReviewers: output.frequentReviewers, errorMessage: null };
    }),
    reportError: (_, _params: { message: string }) => {},
    /** Stores the local setting DELETE_REVIEWER_CONFIRM_STORAGE_KEY (provided at the composition root). */
    storeSkipDeleteConfirm: (_, _params: { value: boolean }) => {},
  },
  guards: {
    canCRUD: ({ context }) => context.canCRUD,
    /** §6: opened through the request link while the viewer's row is still email sent. */
    /** §4: the reviewer's own row (matched by account or guest e-mail) still says email sent: opening the item, through the request link or any other way, is viewing it. */
    isBootstrapToMarkViewed: (_, params: { output: unknown; subject: ReviewRequestsSubject | null }) =>
      isBootstrap(params.output) && params.subject !== null && myRowOf({ subject: params.subject, rows: params.output.reviewRequests })?.status === 'emailSent',
    isMyRowOpen: ({ context }) => {
      const mine = myRowOf(context);
      return mine !== null && mine.status !== 'complete';
    },
    isMyRowComplete: ({ context }) => myRowOf(context)?.status === 'complete',
    canReRequest: ({ context }) => canReRequestOf(context),
    /** canCRUD and a listed reviewer; `skipConfirm` true asks also that the local setting suppresses the confirmation. */
    canDeleteReviewer: ({ context }, params: { id: string; skipConfirm: boolean }) =>
      context.canCRUD && context.rows.some((row) => row.id === params.id) && (!params.skipConfirm || context.skipDeleteConfirm),
    hasRows: ({ context }) => context.rows.length > 0,
    /** §5: only with canCRUD; today or later; clearing only when a date exists. */
    canEditDueDate: ({ context }, params: { date: string | null; today: string }) =>
      context.canCRUD && (params.date === null ? dueDateOf(context) !== null : isDueDateAllowed(params.date, params.today) && params.date !== dueDateOf(context)),
    isBootstrap: (_, params: { output: unknown }) => isBootstrap(params.output),
    isListAnswer: (_, params: { output: unknown }) => isListAnswer(params.output),
    isPush: ({ context, event }) => pushOf(context, event) !== null,
    wantsDontAskAgain: ({ event }) => event.type === 'reviewRequests.confirm' && event.dontAskAgain === true,
  },
}).createMachine({
  id: 'reviewRequests',
  context: CLOSED,
  initial: 'idle',
  on: {
    'reviewRequests.open': {
      target: '.open',
      reenter: true,
      actions: assign(({ context, event }) => {
        const { type: _type, ...subject } = event;
        return { ...CLOSED, skipDeleteConfirm: context.skipDeleteConfirm, subject };
      }),
    },
    'reviewRequests.close': { target: '.idle' },
    'reviewRequests.settingsLoaded': { actions: assign({ skipDeleteConfirm: ({ event }) => event.skipDeleteConfirm }) },
  },
  states: {
    idle: {
      entry: assign(({ context }) => ({ ...CLOSED, skipDeleteConfirm: context.skipDeleteConfirm })),
    },
    open: {
      initial: 'bootstrapping',
      on: {
        'realtime.message': {
          guard: 'isPush',
          actions: assign(({ context, event }) => {
            const push = pushOf(context, event)!;
            if ('rows' in push) return { ...withActions(push.rows, context) };
            if ('removed' in push) {
              const removed = new Set(push.removed);
              return withActions(context.rows.filter((row) => !removed.has(row.id)), context);
            }
            return { rows: [], myStatus: null, overall: 'none' as const };
          }),
        },
      },
      states: {
        bootstrapping: {
          tags: ['loading'],
          invoke: {
            id: 'bootstrapReviewRequests',
            src: 'bootstrapReviewRequests',
            input: ({ context }) => ({
              itemId: context.subject?.itemId ?? '',
              pass: context.subject?.pass ?? null,
              anonUserEmail: context.subject?.viewer.anonymousEmail ?? null,
              reviewRequestId: context.subject?.reviewRequestId ?? null,
            }),
            onDone: [
              {
                guard: { type: 'isBootstrapToMarkViewed', params: ({ context, event }) => ({ output: event.output, subject: context.subject }) },
                target: 'markingViewed',
                actions: 'assignBootstrap',
              },
              { guard: { type: 'isBootstrap', params: ({ event }) => ({ output: event.output }) }, target: 'ready', actions: 'assignBootstrap' },
              {
                target: 'ready',
                actions: [
                  assign({ canCRUD: EMPTY_BOOTSTRAP.canCRUD, rows: [], frequentReviewers: [], errorMessage: 'The review requests answer is unreadable.' }),
                  { type: 'reportError', params: { message: 'Review requests: the bootstrap answer is unreadable.' } },
                ],
              },
            ],
            onError: {
              // §7: a failure keeps the message and yields the empty result.
              target: 'ready',
              actions: [
                assign(({ event }) => ({ canCRUD: false, rows: [], frequentReviewers: [], errorMessage: errorMessageOf(event.error, 'The review requests could not be read.') })),
                { type: 'reportError', params: ({ event }) => ({ message: `Review requests: bootstrap failed: ${errorMessageOf(event.error, 'unknown error')}` }) },
              ],
            },
          },
        },
        // §4, §6: opened by the reviewer while their row is email sent → viewed.
        markingViewed: {
          invoke: {
            id: 'markViewed',
            src: 'markViewed',
            input: ({ context }) => callInput(context, myRowOf(context)?.id ?? ''),
            onDone: {
              target: 'ready',
              actions: assign(({ context }) => {
                const mine = myRowOf(context);
                return mine && mine.status === 'emailSent' ? { ...withActions(withStatus(context.rows, new Set([mine.id]), 'viewed', null), context) } : {};
              }),
            },
            onError: {
              target: 'ready',
              actions: { type: 'reportError', params: ({ event }) => ({ message: `Review requests: update-status viewed failed: ${errorMessageOf(event.error, 'unknown error')}` }) },
            },
          },
        },
        ready: {
          on: {
            'reviewRequests.refetch': { target: 'refetching' },
            'reviewRequests.markComplete': { guard: 'isMyRowOpen', target: 'completing', actions: assign({ markCompleteError: null }) },
            'reviewRequests.dismissError': { actions: assign({ markCompleteError: null }) },
            'reviewRequests.reopen': { guard: 'isMyRowComplete', target: 'confirmingReopen' },
            'reviewRequests.reRequest': { guard: 'canReRequest', target: 'reRequesting' },
            'reviewRequests.deleteReviewer': [
              {
                guard: { type: 'canDeleteReviewer', params: ({ event }) => ({ id: event.id, skipConfirm: true }) },
                target: 'deleting',
                actions: assign({ deletingId: ({ event }) => event.id }),
              },
              { guard: { type: 'canDeleteReviewer', params: ({ event }) => ({ id: event.id, skipConfirm: false }) }, target: 'confirmingDelete', actions: assign({ deletingId: ({ event }) => event.id }) },
            ],
            'reviewRequests.deleteAll': { guard: and(['canCRUD', 'hasRows']), target: 'confirmingDeleteAll' },
            'reviewRequests.editDueDate': {
              guard: { type: 'canEditDueDate', params: ({ event }) => ({ date: event.date, today: event.today }) },
              target: 'savingDueDate',
              actions: assign({ pendingDueDate: ({ event }) => event.date }),
            },
          },
        },
        // A quiet re-read (after the request dialog sent reviewers); the rows stay shown.
        refetching: {
          invoke: {
            id: 'listReviewRequests',
            src: 'listReviewRequests',
            input: ({ context }) => ({ itemId: context.subject?.itemId ?? '', pass: context.subject?.pass ?? null }),
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => (isListAnswer(event.output) ? { canCRUD: event.output.canCRUD, ...withActions(event.output.reviewRequests, context) } : {})),
            },
            onError: {
              target: 'ready',
              actions: { type: 'reportError', params: ({ event }) => ({ message: `Review requests: reading the list failed: ${errorMessageOf(event.error, 'unknown error')}` }) },
            },
          },
        },
        completing: {
          tags: ['busy'],
          invoke: {
            id: 'completeReview',
            src: 'completeReview',
            input: ({ context }) => callInput(context, myRowOf(context)?.id ?? ''),
            onDone: {
              target: 'ready',
              actions: assign(({ context }) => {
                const mine = myRowOf(context);
                // completedAt is the server's; the push that follows carries it.
                return mine ? { ...withActions(withStatus(context.rows, new Set([mine.id]), 'complete', mine.completedAt), context) } : {};
              }),
            },
            onError: {
              target: 'ready',
              actions: [assign({ markCompleteError: MARK_COMPLETE_ERROR_KEY }), { type: 'reportError', params: { message: 'review.request_review.mark_complete_error' } }],
            },
          },
        },
        // §4: a reviewer reopens their own review after confirming.
        confirmingReopen: {
          on: {
            'reviewRequests.confirm': { target: 'reopening' },
            'reviewRequests.cancel': { target: 'ready' },
          },
        },
        reopening: {
          tags: ['busy'],
          invoke: {
            id: 'reopenReview',
            src: 'reopenReview',
            input: ({ context }) => callInput(context, myRowOf(context)?.id ?? ''),
            onDone: {
              target: 'ready',
              actions: assign(({ context }) => {
                const mine = myRowOf(context);
                return mine ? { ...withActions(withStatus(context.rows, new Set([mine.id]), 'viewed', null), context) } : {};
              }),
            },
            onError: {
              target: 'ready',
              actions: [
                sendToSystem('toasts', () => ({ type: 'toast.show', toast: reviewRequestToast('review.request_review_header.reopen_review_error', null) })),
                { type: 'reportError', params: ({ event }) => ({ message: `Review requests: reopen failed: ${errorMessageOf(event.error, 'unknown error')}` }) },
              ],
            },
          },
        },
        // §6: the owner re-requests when all are complete: every review back to viewed, completedAt cleared.
        reRequesting: {
          tags: ['busy'],
          invoke: {
            id: 'reRequestReviews',
            src: 'reRequestReviews',
            input: ({ context }) => ({
              pass: context.subject?.pass ?? null,
              body: {
                itemId: context.subject?.itemId ?? '',
                reviewers: [],
                dueDate: null,
                customMessage: null,
                action: 'reRequest' as const,
                requesterTimeZone: context.subject?.timeZone ?? 'UTC',
                isInStack: context.subject?.isInStack ?? false,
                userTypes: { mrus: 0, subAndNonMruUsers: 0, emailUsers: 0 },
              },
            }),
            onDone: {
              target: 'ready',
              actions: assign(({ context }) => ({ ...withActions(withStatus(context.rows, new Set(context.rows.map((row) => row.id)), 'viewed', null), context) })),
            },
            onError: {
              target: 'ready',
              actions: [
                sendToSystem('toasts', ({ event }) => ({ type: 'toast.show', toast: reviewRequestToast('request_review_error', errorMessageOf(event.error, 'The review could not be requested again.')) })),
                { type: 'reportError', params: ({ event }) => ({ message: `Review requests: re-request failed: ${errorMessageOf(event.error, 'unknown error')}` }) },
              ],
            },
          },
        },
        // §9: shown unless the local setting suppresses it; "don't ask again" stores that setting.
        confirmingDelete: {
          on: {
            'reviewRequests.confirm': [
              {
                guard: 'wantsDontAskAgain',
                target: 'deleting',
                actions: [assign({ skipDeleteConfirm: true }), { type: 'storeSkipDeleteConfirm', params: { value: true } }],
              },
              { target: 'deleting' },
            ],
            'reviewRequests.cancel': { target: 'ready', actions: assign({ deletingId: null }) },
          },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            id: 'deleteReviews',
            src: 'deleteReviews',
            input: ({ context }) => ({ itemId: context.subject?.itemId ?? '', ids: context.deletingId ? [context.deletingId] : [], isInStack: context.subject?.isInStack ?? false, pass: context.subject?.pass ?? null }),
            onDone: {
              target: 'ready',
              actions: assign(({ context }) => ({ ...withActions(context.rows.filter((row) => row.id !== context.deletingId), context), deletingId: null })),
            },
            onError: {
              target: 'ready',
              actions: [
                assign({ deletingId: null }),
                { type: 'reportError', params: { message: 'review.request_review.delete_reviews_error' } },
                sendToSystem('toasts', () => ({ type: 'toast.show', toast: reviewRequestToast('review.request_review_header.delete_reviews_error', null) })),
              ],
            },
          },
        },
        confirmingDeleteAll: {
          on: {
            'reviewRequests.confirm': { target: 'deletingAll' },
            'reviewRequests.cancel': { target: 'ready' },
          },
        },
        deletingAll: {
          tags: ['busy'],
          invoke: {
            id: 'deleteAllReviews',
            src: 'deleteAllReviews',
            input: ({ context }) => ({ itemId: context.subject?.itemId ?? '', pass: context.subject?.pass ?? null }),
            onDone: { target: 'ready', actions: assign({ rows: [], myStatus: null, overall: 'none' as const }) },
            onError: {
              target: 'ready',
              actions: [
                { type: 'reportError', params: { message: 'review.request_review.delete_reviews_error' } },
                sendToSystem('toasts', () => ({ type: 'toast.show', toast: reviewRequestToast('review.request_review_header.delete_reviews_error', null) })),
              ],
            },
          },
        },
        savingDueDate: {
          tags: ['busy'],
          invoke: {
            id: 'editDueDate',
            src: 'editDueDate',
            input: ({ context }) => ({ itemId: context.subject?.itemId ?? '', dueDate: context.pendingDueDate, pass: context.subject?.pass ?? null }),
            onDone: {
              target: 'ready',
              actions: assign(({ context }) => ({ rows: context.rows.map((row) => ({ ...row, dueDate: context.pendingDueDate })), pendingDueDate: null })),
            },
            onError: {
              target: 'ready',
              actions: [
                assign({ pendingDueDate: null }),
                { type: 'reportError', params: ({ event }) => ({ message: `Review requests: editing the due date failed: ${errorMessageOf(event.error, 'unknown error')}` }) },
              ],
            },
          },
        },
      },
    },
  },
});
