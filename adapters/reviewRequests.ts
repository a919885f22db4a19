/**
 * The review-request client (domain/reviewRequests.ts; review-and-content §7 review-request calls): every call of
 * REVIEW_REQUEST_CALLS over the review API's HttpClient. Signed-in viewers send their bearer; anonymous reviewers have
 * no token and the HttpClient then sends no Authorization header (they identify with the e-mail and the request id).
 * The item-password header goes with every call when the item was opened with a password. Answers are checked before
 * they reach a machine: an unreadable one rejects with `HttpError { status: 200, error: 'InvalidResponse' }`.
 */
import {
  EMPTY_BOOTSTRAP,
  ITEM_PASSWORD_HEADER,
  REVIEW_REQUEST_CALLS,
  REVIEW_STATUSES,
  type CreateReviewRequestBody,
  type FrequentReviewer,
  type ReviewBootstrap,
  type ReviewRequestRow,
} from '../domain/reviewRequests.ts';
import { HttpError, type HttpClient } from './http.ts';

/** The item password the item was opened with (null: none). */
export type ItemPass = string | null;

export interface ReviewRequestClient {
  /** GET bootstrap; a 404 is the empty result (EMPTY_BOOTSTRAP). */
  bootstrap(input: { itemId: string; pass: ItemPass; anonUserEmail: string | null; reviewRequestId: string | null }): Promise<ReviewBootstrap>;
  /** GET the rows of an item (404 rejects). */
  list(input: { itemId: string; pass: ItemPass }): Promise<{ canCRUD: boolean; reviewRequests: ReviewRequestRow[] }>;
  /** POST a request ('request' adds reviewers, 'reRequest' reopens all) → the requested rows. */
  create(input: { body: CreateReviewRequestBody; pass: ItemPass }): Promise<{ requestedReviewers: ReviewRequestRow[] }>;
  editDueDate(input: { itemId: string; dueDate: string | null; pass: ItemPass }): Promise<void>;
  /** update-status viewed (the reviewer opened the item through the request link). */
  updateStatus(input: { reviewRequestId: string; anonUserEmail: string | null; pass: ItemPass }): Promise<void>;
  complete(input: { reviewRequestId: string; itemId: string; isInStack: boolean; anonUserEmail: string | null; pass: ItemPass }): Promise<void>;
  reopen(input: { reviewRequestId: string; anonEmail: string | null; pass: ItemPass }): Promise<void>;
  deleteReviews(input: { itemId: string; ids: string[]; isInStack: boolean; pass: ItemPass }): Promise<void>;
  deleteAll(input: { itemId: string; pass: ItemPass }): Promise<void>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** True for a §3 review request row as the service sends it. */
export function isReviewRequestRow(value: unknown): value is ReviewRequestRow {
  if (!isRecord(value)) return false;
  const { userTypes, avatars } = value;
  return (
    typeof value.id === 'string' &&
    typeof value.itemId === 'string' &&
    typeof value.email === 'string' &&
    typeof value.displayName === 'string' &&
    (REVIEW_STATUSES as readonly unknown[]).includes(value.status) &&
    isStringOrNull(value.reviewerAID) &&
    typeof value.requesterDisplayName === 'string' &&
    typeof value.createdAt === 'string' &&
    isStringOrNull(value.dueDate) &&
    isStringOrNull(value.completedAt) &&
    isStringOrNull(value.customMessage) &&
    typeof value.isInStack === 'boolean' &&
    isRecord(avatars) &&
    isStringOrNull(avatars.small) &&
    isRecord(userTypes) &&
    isCount(userTypes.mrus) &&
    isCount(userTypes.subAndNonMruUsers) &&
    isCount(userTypes.emailUsers) &&
    (value.action === null || value.action === 'complete' || value.action === 'reopen')
  );
}

/** True for a frequent reviewer (the dialog's recent reviewers). */
export function isFrequentReviewer(value: unknown): value is FrequentReviewer {
  return isRecord(value) && typeof value.email === 'string' && typeof value.displayName === 'string' && isRecord(value.avatars) && isStringOrNull(value.avatars.small);
}

const isRows = (value: unknown): value is ReviewRequestRow[] => Array.isArray(value) && value.every(isReviewRequestRow);

/** Creates the review-request client over the review API's HttpClient. */
export function createReviewRequestClient(options: { http: HttpClient }): ReviewRequestClient {
  const invalid = (path: string, what: string) => new HttpError(200, 'InvalidResponse', `The ${what} answer is unreadable.`, path);
  const headersOf = (pass: ItemPass): Record<string, string> => ({ Accept: 'application/json', ...(pass ? { [ITEM_PASSWORD_HEADER]: pass } : {}) });
  const send = <T>(call: { method: string; path: string }, pass: ItemPass, extra: { body?: Record<string, unknown>; query?: Record<string, string> } = {}) =>
    options.http.request<T>(call.path, { method: call.method as 'GET' | 'POST' | 'DELETE', headers: headersOf(pass), ...extra });

  return {
    async bootstrap({ itemId, pass, anonUserEmail, reviewRequestId }) {
      const call = REVIEW_REQUEST_CALLS.bootstrap(itemId);
      const query: Record<string, string> = {};
      if (anonUserEmail) query.anonUserEmail = anonUserEmail;
      if (reviewRequestId) query.reviewRequest = reviewRequestId;
      let answer: unknown;
      try {
        answer = await send<unknown>(call, pass, { query });
      } catch (error) {
        // §7: a 404 (unknown or not visible item) yields the empty result.
        if (error instanceof HttpError && error.status === 404) return EMPTY_BOOTSTRAP;
        throw error;
      }
      if (!isRecord(answer) || typeof answer.canCRUD !== 'boolean' || !isRows(answer.reviewRequests) || !Array.isArray(answer.frequentReviewers) || !answer.frequentReviewers.every(isFrequentReviewer)) {
        throw invalid(call.path, 'review-request bootstrap');
      }
      return { canCRUD: answer.canCRUD, reviewRequests: answer.reviewRequests, frequentReviewers: answer.frequentReviewers };
    },
    async list({ itemId, pass }) {
      const call = REVIEW_REQUEST_CALLS.list(itemId);
      const answer = await send<unknown>(call, pass);
      if (!isRecord(answer) || typeof answer.canCRUD !== 'boolean' || !isRows(answer.reviewRequests)) throw invalid(call.path, 'review-request list');
      return { canCRUD: answer.canCRUD, reviewRequests: answer.reviewRequests };
    },
    async create({ body, pass }) {
      const call = REVIEW_REQUEST_CALLS.create;
      const answer = await send<unknown>(call, pass, { body: { ...body } });
      if (!isRecord(answer) || !isRows(answer.requestedReviewers)) throw invalid(call.path, 'review request');
      return { requestedReviewers: answer.requestedReviewers };
    },
    async editDueDate({ itemId, dueDate, pass }) {
      await send<unknown>(REVIEW_REQUEST_CALLS.editDueDate, pass, { body: { itemId, dueDate } });
    },
    async updateStatus({ reviewRequestId, anonUserEmail, pass }) {
      await send<unknown>(REVIEW_REQUEST_CALLS.updateStatus, pass, { body: { reviewRequest: reviewRequestId, reviewStatus: 'viewed', anonUserEmail } });
    },
    async complete({ reviewRequestId, itemId, isInStack, anonUserEmail, pass }) {
      await send<unknown>(REVIEW_REQUEST_CALLS.complete(reviewRequestId), pass, { body: { itemId, isInStack, anonUserEmail } });
    },
    async reopen({ reviewRequestId, anonEmail, pass }) {
      await send<unknown>(REVIEW_REQUEST_CALLS.reopen, pass, { body: { reviewRequestId, anonEmail } });
    },
    async deleteReviews({ itemId, ids, isInStack, pass }) {
      await send<unknown>(REVIEW_REQUEST_CALLS.deleteReviews, pass, { body: { itemId, reviewRequests: ids, isInStack } });
    },
    async deleteAll({ itemId, pass }) {
      await send<unknown>(REVIEW_REQUEST_CALLS.deleteAll(itemId), pass);
    },
  };
}
