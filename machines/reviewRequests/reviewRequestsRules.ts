/** The review-requests actor's context and events, the selectors views read, and its pure helpers (the machine is reviewRequestsMachine.ts). */
import {
  ACTIVE_REVIEWER_ROWS,
  canReRequest,
  matchReviewer,
  overallStatus,
  statusBadge,
  type FrequentReviewer,
  type ReviewBootstrap,
  type ReviewRequestRow,
  type ReviewViewer,
} from '../../domain/reviewRequests.ts';

/** The inline mark-complete error (§8): a catalogue key the header shows. */
export const MARK_COMPLETE_ERROR_KEY = 'review.request_review_header.mark_complete_error_message';

/** What the composition root tells when an item is loaded. */
export interface ReviewRequestsSubject {
  itemId: string;
  /** The item password it was opened with (redacted in the log). */
  pass: string | null;
  isOwner: boolean;
  viewer: { userId: string | null; anonymousEmail: string | null };
  /** The reviewRequest id from the URL, if any. */
  reviewRequestId: string | null;
  isInStack: boolean;
  /** The requester's IANA zone (sent with a re-request). */
  timeZone: string;
}

export interface ReviewRequestsContext {
  subject: ReviewRequestsSubject | null;
  canCRUD: boolean;
  rows: ReviewRequestRow[];
  frequentReviewers: FrequentReviewer[];
  /** Why the bootstrap failed (the result is then empty). */
  errorMessage: string | null;
  /** The inline mark-complete error (MARK_COMPLETE_ERROR_KEY) or null. */
  markCompleteError: string | null;
  /** The local setting: the delete-reviewer confirmation is not shown. */
  skipDeleteConfirm: boolean;
  /** The reviewer a delete is about (confirming or deleting). */
  deletingId: string | null;
  /** The due date being saved. */
  pendingDueDate: string | null;
  /**
   * The status of the viewer's own row (null: not a reviewer), kept beside the rows whenever they change, so that
   * each status change is visible in the snapshot (the path generator tells snapshots apart by small values).
   */
  myStatus: ReviewRequestRow['status'] | null;
  /** overallStatus of the rows, kept the same way (a re-request shows as complete → inProgress). */
  overall: 'none' | 'inProgress' | 'complete';
}

export type ReviewRequestsEvent =
  | ({ type: 'reviewRequests.open' } & ReviewRequestsSubject)
  | { type: 'reviewRequests.close' }
  /** The local setting DELETE_REVIEWER_CONFIRM_STORAGE_KEY, read at start. */
  | { type: 'reviewRequests.settingsLoaded'; skipDeleteConfirm: boolean }
  /** Read the rows again (the request dialog sent reviewers). */
  | { type: 'reviewRequests.refetch' }
  | { type: 'reviewRequests.markComplete' }
  | { type: 'reviewRequests.dismissError' }
  | { type: 'reviewRequests.reopen' }
  | { type: 'reviewRequests.reRequest' }
  | { type: 'reviewRequests.deleteReviewer'; id: string }
  | { type: 'reviewRequests.deleteAll' }
  /** The open confirmation's yes; `dontAskAgain` (delete-reviewer only) stores the local setting. */
  | { type: 'reviewRequests.confirm'; dontAskAgain?: boolean }
  | { type: 'reviewRequests.cancel' }
  /** A new due date, or null to clear it; `today` is today in the requester's zone (todayIn). */
  | { type: 'reviewRequests.editDueDate'; date: string | null; today: string }
  /** Pushes on /item/<itemId>, forwarded by the app. */
  | { type: 'realtime.message'; namespace: string; event: string; data: Record<string, unknown> };

export const CLOSED: ReviewRequestsContext = {
  subject: null,
  canCRUD: false,
  rows: [],
  frequentReviewers: [],
  errorMessage: null,
  markCompleteError: null,
  skipDeleteConfirm: false,
  deletingId: null,
  pendingDueDate: null,
  myStatus: null,
  overall: 'none',
};

export const viewerOf = (context: Pick<ReviewRequestsContext, 'subject'>): ReviewViewer => ({
  userId: context.subject?.viewer.userId ?? null,
  anonymousEmail: context.subject?.viewer.anonymousEmail ?? null,
  reviewRequestId: context.subject?.reviewRequestId ?? null,
});

/** The viewer's own row (§6 matchReviewer), or null. */
export function myRowOf(context: Pick<ReviewRequestsContext, 'subject' | 'rows'>): ReviewRequestRow | null {
  return matchReviewer(context.rows, viewerOf(context));
}

/** Rows as this viewer sees them (`action` is computed here: pushes carry null), with the viewer's status. */
export function withActions(rows: readonly ReviewRequestRow[], context: Pick<ReviewRequestsContext, 'subject'>): Pick<ReviewRequestsContext, 'rows' | 'myStatus' | 'overall'> {
  const mine = matchReviewer(rows, viewerOf(context));
  return {
    rows: rows.map((row) => ({ ...row, action: row === mine ? (row.status === 'complete' ? 'reopen' : 'complete') : null })),
    myStatus: mine?.status ?? null,
    overall: overallStatus(rows),
  };
}

/** The overall button (§4): none, inProgress or complete. */
export function overallStatusOf(context: Pick<ReviewRequestsContext, 'rows'>): 'none' | 'inProgress' | 'complete' {
  return overallStatus(context.rows);
}

/** A row with its badge (commented shows as in progress) and whether it is the viewer's own. */
export interface ReviewerRowView extends ReviewRequestRow {
  badge: ReturnType<typeof statusBadge>;
  isMine: boolean;
}

/** Every reviewer row with its badge. */
export function reviewerRowsOf(context: Pick<ReviewRequestsContext, 'subject' | 'rows'>): ReviewerRowView[] {
  const mine = myRowOf(context);
  return context.rows.map((row) => ({ ...row, badge: statusBadge(row.status), isMine: mine?.id === row.id }));
}

/** §9 the active reviewer list: the first ACTIVE_REVIEWER_ROWS rows (all when expanded) and how many more there are. */
export function activeListOf(context: Pick<ReviewRequestsContext, 'subject' | 'rows'>, expanded: boolean): { rows: ReviewerRowView[]; remaining: number } {
  const rows = reviewerRowsOf(context);
  if (expanded) return { rows, remaining: 0 };
  return { rows: rows.slice(0, ACTIVE_REVIEWER_ROWS), remaining: Math.max(0, rows.length - ACTIVE_REVIEWER_ROWS) };
}

/** §6: the owner may re-request (every review exists and is complete). */
export function canReRequestOf(context: Pick<ReviewRequestsContext, 'subject' | 'rows'>): boolean {
  return canReRequest(context.rows, context.subject?.isOwner ?? false);
}

/** The due date the rows carry (one request, one date), or null. */
export function dueDateOf(context: Pick<ReviewRequestsContext, 'rows'>): string | null {
  return context.rows.find((row) => row.dueDate !== null)?.dueDate ?? null;
}

export function errorMessageOf(error: unknown, fallback: string): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
export const isRowLike = (value: unknown): value is ReviewRequestRow => isObject(value) && typeof value.id === 'string' && typeof value.status === 'string' && typeof value.email === 'string';
/** The adapter checks every answer; this only keeps a missing one (replay, generated paths) from breaking the machine. */
export const isBootstrap = (value: unknown): value is ReviewBootstrap =>
  isObject(value) && typeof value.canCRUD === 'boolean' && Array.isArray(value.reviewRequests) && value.reviewRequests.every(isRowLike) && Array.isArray(value.frequentReviewers);
export const isListAnswer = (value: unknown): value is { canCRUD: boolean; reviewRequests: ReviewRequestRow[] } =>
  isObject(value) && typeof value.canCRUD === 'boolean' && Array.isArray(value.reviewRequests) && value.reviewRequests.every(isRowLike);

/** A review-request push for the open item, or null. */
export function pushOf(context: ReviewRequestsContext, event: ReviewRequestsEvent): { rows: ReviewRequestRow[] } | { removed: string[] } | { all: true } | null {
  if (event.type !== 'realtime.message' || !context.subject || event.data.itemId !== context.subject.itemId) return null;
  if (event.event === 'requestReview.update') {
    const rows = event.data.reviewRequests;
    return Array.isArray(rows) && rows.every(isRowLike) ? { rows } : null;
  }
  if (event.event === 'requestReview.deleteRequest') {
    const ids = event.data.ids;
    return Array.isArray(ids) && ids.every((id) => typeof id === 'string') ? { removed: ids as string[] } : null;
  }
  if (event.event === 'requestReview.deleteAllRequests') return { all: true };
  return null;
}

/** Sets one row's status (and completedAt) the way the service does: the outcome of the call shows at once. */
export function withStatus(rows: readonly ReviewRequestRow[], ids: ReadonlySet<string>, status: ReviewRequestRow['status'], completedAt: string | null): ReviewRequestRow[] {
  return rows.map((row) => (ids.has(row.id) ? { ...row, status, completedAt } : row));
}

export type ReviewCallInput = { itemId: string; pass: string | null; reviewRequestId: string; anonUserEmail: string | null; isInStack: boolean };


export function callInput(context: ReviewRequestsContext, reviewRequestId: string): ReviewCallInput {
  return {
    itemId: context.subject?.itemId ?? '',
    pass: context.subject?.pass ?? null,
    reviewRequestId,
    anonUserEmail: context.subject?.viewer.userId ? null : (context.subject?.viewer.anonymousEmail ?? null),
    isInStack: context.subject?.isInStack ?? false,
  };
}
