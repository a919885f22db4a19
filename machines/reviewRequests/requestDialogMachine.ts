import { assign, setup } from 'xstate';
import {
  MAX_REVIEWERS_PER_REQUEST,
  RECENT_REVIEWER_COUNT,
  REVIEW_MESSAGE_MAX_CHARS,
  isDueDateAllowed,
  isEmptyCustomMessage,
  reviewerEntryProblem,
  type CreateReviewRequestBody,
  type FrequentReviewer,
  type ReviewerUserTypes,
} from '../../domain/reviewRequests.ts';
import { parseEmailList } from '../../domain/sharing.ts';
import { reviewRequestToast } from '../../domain/toasts.ts';
import { sendToSystem } from '../notify.ts';
import { promiseSlot } from '../slots.ts';

/** One reviewer in the dialog: picked from the recent reviewers, or typed / pasted. */
export interface DialogReviewer {
  email: string;
  source: 'recent' | 'email';
}

/** An entry that could not be added, shown inline ('not found' / 'already added'). */
export interface EntryProblem {
  entry: string;
  problem: 'notFound' | 'alreadyAdded';
}

export interface RequestDialogContext {
  itemId: string | null;
  pass: string | null;
  isInStack: boolean;
  requesterTimeZone: string;
  frequentReviewers: FrequentReviewer[];
  /** E-mails already requested on the item. */
  existing: string[];
  /** E-mails that may not be added (the owner's). */
  excluded: string[];
  reviewers: DialogReviewer[];
  /** The problems of the last add (inline under the field). */
  problems: EntryProblem[];
  customMessage: string;
  /** 'YYYY-MM-DD' or null. */
  dueDate: string | null;
}

export type RequestDialogEvent =
  | {
      type: 'requestDialog.open';
      itemId: string;
      pass: string | null;
      frequentReviewers: FrequentReviewer[];
      existing: string[];
      excluded: string[];
      isInStack: boolean;
      requesterTimeZone: string;
    }
  /** Typed or pasted text: one or several e-mails. */
  | { type: 'requestDialog.addEntry'; text: string }
  | { type: 'requestDialog.removeReviewer'; email: string }
  /** One of the recent reviewers (the first RECENT_REVIEWER_COUNT frequent ones). */
  | { type: 'requestDialog.pickRecent'; email: string }
  | { type: 'requestDialog.setMessage'; message: string }
  /** A due date (today or later; `today` in the requester's zone), or null to clear it. */
  | { type: 'requestDialog.setDueDate'; date: string | null; today: string }
  | { type: 'requestDialog.submit' }
  | { type: 'requestDialog.close' }
  /** The unsaved-changes question: leave (discard) or stay. */
  | { type: 'requestDialog.leave' }
  | { type: 'requestDialog.stay' };

const CLOSED: RequestDialogContext = {
  itemId: null,
  pass: null,
  isInStack: false,
  requesterTimeZone: 'UTC',
  frequentReviewers: [],
  existing: [],
  excluded: [],
  reviewers: [],
  problems: [],
  customMessage: '',
  dueDate: null,
};

/** §9 recent reviewers: the first RECENT_REVIEWER_COUNT frequent ones. */
export function recentReviewersOf(context: Pick<RequestDialogContext, 'frequentReviewers'>): FrequentReviewer[] {
  return context.frequentReviewers.slice(0, RECENT_REVIEWER_COUNT);
}

/** §3 userTypes: how the reviewers were picked. */
export function userTypesOf(context: Pick<RequestDialogContext, 'reviewers'>): ReviewerUserTypes {
  return {
    mrus: context.reviewers.filter((r) => r.source === 'recent').length,
    subAndNonMruUsers: 0,
    emailUsers: context.reviewers.filter((r) => r.source === 'email').length,
  };
}

/** §5 unsaved content: a reviewer, a message that is not empty, or a due date. */
export function hasUnsavedContentOf(context: Pick<RequestDialogContext, 'reviewers' | 'customMessage' | 'dueDate'>): boolean {
  return context.reviewers.length > 0 || !isEmptyCustomMessage(context.customMessage) || context.dueDate !== null;
}

/** §5: submit is disabled with no reviewer. */
export function canSubmitOf(context: Pick<RequestDialogContext, 'reviewers'>): boolean {
  return context.reviewers.length > 0;
}

/** The body the dialog sends (§7 POST /review-requests). */
export function requestBodyOf(context: RequestDialogContext): CreateReviewRequestBody {
  return {
    itemId: context.itemId ?? '',
    reviewers: context.reviewers.map((r) => r.email),
    dueDate: context.dueDate,
    customMessage: isEmptyCustomMessage(context.customMessage) ? null : context.customMessage,
    action: 'request',
    requesterTimeZone: context.requesterTimeZone,
    isInStack: context.isInStack,
    userTypes: userTypesOf(context),
  };
}

const listedOf = (context: RequestDialogContext) => [...context.existing, ...context.reviewers.map((r) => r.email)];

/** Adds the entries of typed or pasted text: each checked with reviewerEntryProblem; duplicates in the text are skipped. */
function addEntries(context: RequestDialogContext, text: string): Pick<RequestDialogContext, 'reviewers' | 'problems'> {
  const { emails, invalid } = parseEmailList(text);
  const problems: EntryProblem[] = invalid.map((entry) => ({ entry, problem: 'notFound' }));
  const reviewers = [...context.reviewers];
  for (const email of emails) {
    const problem = reviewerEntryProblem(email, [...context.existing, ...reviewers.map((r) => r.email)], context.excluded);
    if (problem) problems.push({ entry: email, problem });
    else if (reviewers.length < MAX_REVIEWERS_PER_REQUEST) reviewers.push({ email, source: 'email' });
  }
  return { reviewers, problems };
}

function errorMessageOf(error: unknown, fallback: string): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}

/**
 * The request-review dialog (review-and-content §4 request dialog, §5 add-reviewer rules, due date, custom message and
 * unsaved changes, §8 request_review_error; systemId `requestDialog`).
 *
 * `closed` → `editing` (reviewers by e-mail or from the recent ones, custom message, due date) → `submitting` →
 * `closed` with a request-sent toast and `reviewRequests.refetch`; a refused request shows request_review_error with
 * the server's message and closes too. Closing with unsaved content asks (`confirmingLeave`: leave / stay).
 */
export const requestDialogMachine = setup({
  types: {
    context: {} as RequestDialogContext,
    events: {} as RequestDialogEvent,
  },
  actors: {
    createReviewRequest: promiseSlot<unknown, { body: CreateReviewRequestBody; pass: string | null }>('createReviewRequest'),
  },
  actions: {
    reportError: (_, _params: { message: string }) => {},
  },
  guards: {
    canSubmit: ({ context }) => canSubmitOf(context),
    hasUnsavedContent: ({ context }) => hasUnsavedContentOf(context),
    isRecentReviewer: ({ context }, params: { email: string }) => {
      const email = params.email.toLowerCase();
      return recentReviewersOf(context).some((r) => r.email.toLowerCase() === email);
    },
    isAddableRecent: ({ context }, params: { email: string }) => {
      const email = params.email.toLowerCase();
      const recent = recentReviewersOf(context).some((r) => r.email.toLowerCase() === email);
      return recent && context.reviewers.length < MAX_REVIEWERS_PER_REQUEST && reviewerEntryProblem(email, listedOf(context), context.excluded) === null;
    },
    isDueDateChoice: ({ context }, params: { date: string | null; today: string }) => (params.date === null ? context.dueDate !== null : isDueDateAllowed(params.date, params.today)),
  },
}).createMachine({
  id: 'requestDialog',
  context: CLOSED,
  initial: 'closed',
  states: {
    closed: {
      entry: assign(CLOSED),
      on: {
        'requestDialog.open': {
          target: 'editing',
          actions: assign(({ event }) => ({
            ...CLOSED,
            itemId: event.itemId,
            pass: event.pass,
            frequentReviewers: event.frequentReviewers,
            existing: event.existing.map((e) => e.toLowerCase()),
            excluded: event.excluded.map((e) => e.toLowerCase()),
            isInStack: event.isInStack,
            requesterTimeZone: event.requesterTimeZone,
          })),
        },
      },
    },
    editing: {
      on: {
        'requestDialog.addEntry': { actions: assign(({ context, event }) => addEntries(context, event.text)) },
        'requestDialog.removeReviewer': {
          actions: assign({ reviewers: ({ context, event }) => context.reviewers.filter((r) => r.email !== event.email.toLowerCase()) }),
        },
        'requestDialog.pickRecent': [
          {
            guard: { type: 'isAddableRecent', params: ({ event }) => ({ email: event.email }) },
            actions: assign({ reviewers: ({ context, event }) => [...context.reviewers, { email: event.email.toLowerCase(), source: 'recent' as const }], problems: [] }),
          },
          {
            guard: { type: 'isRecentReviewer', params: ({ event }) => ({ email: event.email }) },
            actions: assign({ problems: ({ event }) => [{ entry: event.email.toLowerCase(), problem: 'alreadyAdded' as const }] }),
          },
        ],
        'requestDialog.setMessage': { actions: assign({ customMessage: ({ event }) => event.message.slice(0, REVIEW_MESSAGE_MAX_CHARS) }) },
        'requestDialog.setDueDate': {
          guard: { type: 'isDueDateChoice', params: ({ event }) => ({ date: event.date, today: event.today }) },
          actions: assign({ dueDate: ({ event }) => event.date }),
        },
        'requestDialog.submit': { guard: 'canSubmit', target: 'submitting' },
        'requestDialog.close': [{ guard: 'hasUnsavedContent', target: 'confirmingLeave' }, { target: 'closed' }],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'createReviewRequest',
        src: 'createReviewRequest',
        input: ({ context }) => ({ body: requestBodyOf(context), pass: context.pass }),
        onDone: {
          target: 'closed',
          actions: [
            sendToSystem('toasts', () => ({ type: 'toast.show', toast: reviewRequestToast('reviewRequestSent', null) })),
            // The push brings the rows too; a re-read covers a missed one.
            sendToSystem('reviewRequests', () => ({ type: 'reviewRequests.refetch' })),
          ],
        },
        onError: {
          // §8: the server's message in the request_review_error toast, and the dialog closes.
          target: 'closed',
          actions: [
            sendToSystem('toasts', ({ event }) => ({ type: 'toast.show', toast: reviewRequestToast('request_review_error', errorMessageOf(event.error, 'The review could not be requested.')) })),
            { type: 'reportError', params: ({ event }) => ({ message: `Request review failed: ${errorMessageOf(event.error, 'unknown error')}` }) },
          ],
        },
      },
    },
    // §5: leave (discard) or stay.
    confirmingLeave: {
      on: {
        'requestDialog.leave': { target: 'closed' },
        'requestDialog.stay': { target: 'editing' },
      },
    },
  },
});
