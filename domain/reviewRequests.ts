/**
 * Review requests (review-and-content §2 review-request button, reviewer avatars and the request-review flyout,
 * §3 Review request row, §4 review status per reviewer and the request dialog, §5 add-reviewer rules, due date,
 * custom message, §6 review requests, §7 every review-request call and push, §8 review-request errors, §9 active
 * reviewer list, avatars, recent reviewers, delete-reviewer confirmation, dates).
 *
 * One row per reviewer of an item. Statuses go email sent → viewed (the reviewer opened the item through the
 * request link: update-status) → commented (their first comment; shown as in progress) → complete (they marked
 * it); a reviewer reopens their own review (back to viewed, completedAt cleared); when every review exists and is
 * complete the item's owner may re-request, which reopens them all the same way.
 *
 * HTTP under the review API base (/api). Errors are `{ error, message }` JSON. The bearer token is sent when the
 * viewer is signed in; anonymous reviewers send none and identify with `anonUserEmail` / `anonEmail` together with
 * the request id from their link (an unguessable id). The optional item-password header is {@link ITEM_PASSWORD_HEADER}.
 * Every change pushes on /item/<itemId>: `requestReview.update` (all rows of the item, as they now are),
 * `requestReview.deleteRequest` (ids removed) or `requestReview.deleteAllRequests`.
 */
import { isEmailAddress } from './auth.ts';
import { REVIEW_REQUEST_PUSH_NAME_LIST } from './pushNames.ts';

/** §3 review statuses, in order. */
export type ReviewStatus = 'emailSent' | 'viewed' | 'commented' | 'complete';
export const REVIEW_STATUSES: readonly ReviewStatus[] = ['emailSent', 'viewed', 'commented', 'complete'];

/** §3 userTypes: how the requester picked the reviewers (counts). */
export interface ReviewerUserTypes {
  /** Picked from the recent (most recently used) reviewers. */
  mrus: number;
  /** Team members picked from the subscription who were not recent. */
  subAndNonMruUsers: number;
  /** Typed or pasted e-mail addresses. */
  emailUsers: number;
}

/** §3 Review request (row): one reviewer of one item. */
export interface ReviewRequestRow {
  id: string;
  itemId: string;
  email: string;
  /** The reviewer's name (account), or the e-mail. */
  displayName: string;
  status: ReviewStatus;
  /** The reviewer's account id; null for an anonymous reviewer. */
  reviewerAID: string | null;
  requesterDisplayName: string;
  createdAt: string;
  /** 'YYYY-MM-DD' or null. */
  dueDate: string | null;
  completedAt: string | null;
  customMessage: string | null;
  isInStack: boolean;
  avatars: { small: string | null };
  userTypes: ReviewerUserTypes;
  /** What the viewer may do with this row now: 'complete' (their own, not complete), 'reopen' (their own, complete), or null. */
  action: 'complete' | 'reopen' | null;
}

/** A frequent reviewer of the requester (for the dialog's recent reviewers: the first 5). */
export interface FrequentReviewer {
  email: string;
  displayName: string;
  avatars: { small: string | null };
}

export interface ReviewBootstrap {
  canCRUD: boolean;
  reviewRequests: ReviewRequestRow[];
  frequentReviewers: FrequentReviewer[];
}

/** The empty result (bootstrap 404, or a failure whose message is kept). */
export const EMPTY_BOOTSTRAP: ReviewBootstrap = { canCRUD: false, reviewRequests: [], frequentReviewers: [] };

/** POST /review-requests body. `action` 'request' adds reviewers; 'reRequest' (owner, all complete) reopens them all. */
export interface CreateReviewRequestBody {
  itemId: string;
  /** E-mail addresses (lower-cased; at most 50). Empty for 'reRequest'. */
  reviewers: string[];
  /** 'YYYY-MM-DD' (today or later, in requesterTimeZone) or null. */
  dueDate: string | null;
  /** Plain text, at most 1,000 characters; null or blank counts as none. */
  customMessage: string | null;
  action: 'request' | 'reRequest';
  /** IANA zone of the requester: the due date and the reminders are in it. */
  requesterTimeZone: string;
  isInStack: boolean;
  userTypes: ReviewerUserTypes;
}

/**
 * The calls (paths under /api). Statuses:
 * - bootstrap: 200 ReviewBootstrap; 404 when the item is unknown or not visible (the client takes the empty result).
 * - list: 200 `{ canCRUD, reviewRequests }`; 404.
 * - create: 200 `{ requestedReviewers: ReviewRequestRow[] }`; 400 invalid body (an e-mail that is not one, a due date
 *   before today, a message over 1,000 characters or with unsafe markup, no reviewer); 403 without canCRUD, or
 *   'reRequest' by anyone but the owner or while a review is not complete; 409 'reRequest' with no reviews; 404.
 * - editDueDate: 204; 400 a date before today; 403 without canCRUD; 404.
 * - updateStatus: 204 (viewed; only from email sent — a later status is kept); 403 when the caller is not that reviewer; 404.
 * - complete: 204; 403 not the caller's review; 404.
 * - reopen: 204; 403 not the caller's review; 409 not complete; 404.
 * - deleteReviews: 204; 403 without canCRUD; 404.
 * - deleteAll: 204; 403 without canCRUD; 404.
 * canCRUD: the item's owner, or editItemMetadata on its folder (those who may share it).
 */
export const REVIEW_REQUEST_CALLS = {
  bootstrap: (itemId: string) => ({ method: 'GET', path: `/review-requests/bootstrap/${encodeURIComponent(itemId)}` }) as const,
  list: (itemId: string) => ({ method: 'GET', path: `/review-requests/${encodeURIComponent(itemId)}` }) as const,
  create: { method: 'POST', path: '/review-requests' } as const,
  /** Body `{ itemId, dueDate: 'YYYY-MM-DD' | null }`. */
  editDueDate: { method: 'POST', path: '/review-requests/edit-due-date' } as const,
  /** Body `{ reviewRequest: id, reviewStatus: 'viewed', anonUserEmail: string | null }`. */
  updateStatus: { method: 'POST', path: '/review-requests/update-status' } as const,
  /** Body `{ itemId, isInStack, anonUserEmail: string | null }`. */
  complete: (reviewRequestId: string) => ({ method: 'POST', path: `/review-requests/complete/${encodeURIComponent(reviewRequestId)}` }) as const,
  /** Body `{ reviewRequestId, anonEmail: string | null }` (the spec does not name the path). */
  reopen: { method: 'POST', path: '/review-requests/reopen' } as const,
  /** Body `{ itemId, reviewRequests: string[] (ids), isInStack }` — delete one review: one id. */
  deleteReviews: { method: 'DELETE', path: '/review-requests' } as const,
  deleteAll: (itemId: string) => ({ method: 'DELETE', path: `/review-requests/${encodeURIComponent(itemId)}` }) as const,
};

/** The optional item-password header of the review-request calls (items opened through a password). */
export const ITEM_PASSWORD_HEADER = 'x-item-password';

/** Pushes on /item/<itemId> (`messageId` added by the realtime layer). Rows in pushes carry `action` null: each client computes its own. */
export interface ReviewRequestPushes {
  'requestReview.update': { itemId: string; reviewRequests: ReviewRequestRow[] };
  'requestReview.deleteRequest': { itemId: string; ids: string[] };
  'requestReview.deleteAllRequests': { itemId: string };
}
export type ReviewRequestPushName = keyof ReviewRequestPushes;
export const REVIEW_REQUEST_PUSH_NAMES: readonly ReviewRequestPushName[] = REVIEW_REQUEST_PUSH_NAME_LIST;

// ---------------------------------------------------------------------------------------------------------
// Rules

/** §9 limits. */
export const ACTIVE_REVIEWER_ROWS = 4;
export const RECENT_REVIEWER_COUNT = 5;
export const REVIEW_MESSAGE_MAX_CHARS = 1_000;
export const MAX_REVIEWERS_PER_REQUEST = 50;
/** The local setting that suppresses the delete-reviewer confirmation (shown by default). */
export const DELETE_REVIEWER_CONFIRM_STORAGE_KEY = 'review.skipDeleteReviewerConfirm';

/** How a status is shown: commented shows as in progress (§3). */
export function statusBadge(status: ReviewStatus): 'emailSent' | 'viewed' | 'inProgress' | 'complete' {
  return status === 'commented' ? 'inProgress' : status;
}

/** The overall button (§4): none without reviewers, complete when every reviewer is complete, else in progress. */
export function overallStatus(rows: readonly Pick<ReviewRequestRow, 'status'>[]): 'none' | 'inProgress' | 'complete' {
  if (rows.length === 0) return 'none';
  return rows.every((row) => row.status === 'complete') ? 'complete' : 'inProgress';
}

/** Who is looking, for matching them to a reviewer (§6). */
export interface ReviewViewer {
  userId: string | null;
  /** The reviewRequest id from the URL, if any. */
  reviewRequestId: string | null;
  /** The anonymous reviewer's e-mail, if any. */
  anonymousEmail: string | null;
}

/** §6: the viewer's own row: by account id, by the request id from the URL, or by e-mail (anonymous). */
export function matchReviewer<R extends Pick<ReviewRequestRow, 'id' | 'reviewerAID' | 'email'>>(rows: readonly R[], viewer: ReviewViewer): R | null {
  if (viewer.userId) {
    const byAccount = rows.find((row) => row.reviewerAID === viewer.userId);
    if (byAccount) return byAccount;
  }
  if (viewer.reviewRequestId) {
    const byId = rows.find((row) => row.id === viewer.reviewRequestId);
    if (byId && (byId.reviewerAID === null || byId.reviewerAID === viewer.userId)) return byId;
  }
  if (viewer.anonymousEmail) {
    const email = viewer.anonymousEmail.toLowerCase();
    return rows.find((row) => row.reviewerAID === null && row.email.toLowerCase() === email) ?? null;
  }
  return null;
}

/** §6: the owner re-requests only when every review exists and is complete. */
export function canReRequest(rows: readonly Pick<ReviewRequestRow, 'status'>[], isOwner: boolean): boolean {
  return isOwner && rows.length > 0 && rows.every((row) => row.status === 'complete');
}

/** §5: why a reviewer entry cannot be added: 'notFound' (not an e-mail) or 'alreadyAdded' (listed, or excluded), or null. */
export function reviewerEntryProblem(entry: string, alreadyListed: readonly string[], excluded: readonly string[]): 'notFound' | 'alreadyAdded' | null {
  const email = entry.trim().toLowerCase();
  if (!isEmailAddress(email) || email.length > 254) return 'notFound';
  const taken = new Set([...alreadyListed, ...excluded].map((e) => e.toLowerCase()));
  return taken.has(email) ? 'alreadyAdded' : null;
}

/** §5: a custom message that is blank or an empty paragraph counts as empty. */
export function isEmptyCustomMessage(message: string | null | undefined): boolean {
  if (message === null || message === undefined) return true;
  return message.replace(/<p>\s*(<br\s*\/?>)?\s*<\/p>/gi, '').trim() === '';
}

/** §5: a due date (YYYY-MM-DD) is allowed when it is today or later (`today` in the requester's zone). */
export function isDueDateAllowed(date: string, today: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && date >= today;
}

/** Today as YYYY-MM-DD in a time zone. */
export function todayIn(nowMs: number, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(nowMs));
  } catch {
    return new Date(nowMs).toISOString().slice(0, 10);
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** §9 review created dates: 'MMM D, YYYY' (in the viewer's zone). */
export function formatReviewDate(iso: string, timeZone = 'UTC'): string {
  const day = todayIn(Date.parse(iso), timeZone);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/** A due date (YYYY-MM-DD) as 'MMM D, YYYY'. */
export function formatDueDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/** The reminder days of a due date: the day before, the day of, the day after (YYYY-MM-DD). */
export function reminderDays(dueDate: string): [string, string, string] {
  const at = Date.parse(`${dueDate}T00:00:00Z`);
  const day = (offset: number) => new Date(at + offset * 86_400_000).toISOString().slice(0, 10);
  return [day(-1), day(0), day(1)];
}

/** The review link a reviewer is e-mailed: /review/content/{itemId}/review?reviewRequest={id}. */
export function reviewRequestLink(origin: string, itemId: string, requestId: string): string {
  return `${origin.replace(/\/+$/, '')}/review/content/${encodeURIComponent(itemId)}/review?reviewRequest=${encodeURIComponent(requestId)}`;
}
