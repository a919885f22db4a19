/**
 * The review-request calls' decisions (review-and-content §6 review requests, §7 review-request calls and pushes,
 * §8; domain/reviewRequests.ts REVIEW_REQUEST_CALLS): who sees the rows (the item-view decision), who may change
 * them (canCRUD = canChangeSharing over item.get's actions; re-request the owner only), the reviewer's own
 * transitions (matchReviewer over the caller), the outbox e-mails and reminders. Each call decides and writes in
 * one transaction (a refusal stores nothing), then pushes on /item/<itemId>.
 */
import { randomUUID } from 'node:crypto';
import { isEmailAddress } from '../../domain/auth.ts';
import {
  canReRequest,
  isDueDateAllowed,
  isEmptyCustomMessage,
  matchReviewer,
  REVIEW_MESSAGE_MAX_CHARS,
  reviewRequestLink,
  todayIn,
  type CreateReviewRequestBody,
  type FrequentReviewer,
  type ReviewBootstrap,
  type ReviewRequestRow,
  type ReviewViewer,
} from '../../domain/reviewRequests.ts';
import { unsafeMarkupIn } from '../../domain/richText.ts';
import { canChangeSharing } from '../../domain/sharing.ts';
import { userAccess } from '../content/access.ts';
import { Refusal, type ContentContext } from '../content/common.ts';
import { findViewable, itemActionsFor } from '../content/itemView.ts';
import { loadSnapshot } from '../content/repository.ts';
import type { Db } from '../db/database.ts';
import type { ItemRow, ReviewRequestRecordRow, UserRow } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { ANONYMOUS_PREFIX, announceRows, displayNameOf, recipientOf, rewriteReminders, storedRows, toWireRows } from './store.ts';

/** The context the calls run in: content's, plus the public address (links in e-mails). */
export type ReviewContext = Pick<ContentContext, 'db' | 'realtime' | 'avatarUrl' | 'logError'> & { publicUrl: () => string };

/** Who calls: the signed-in account (bearer), or an anonymous reviewer's e-mail, with the request id they hold. */
export interface ReviewCaller {
  account: UserRow | null;
  anonEmail: string | null;
  reviewRequestId: string | null;
}

export const REVIEW_MESSAGES = {
  notFound: 'No such item or review request, or you may not see it.',
  forbidden: "Only the item's owner, or people whose folder role lets them edit its details, can manage its review requests.",
  reRequestOwner: "Only the item's owner can request the reviews again.",
  reRequestIncomplete: 'Reviews can be requested again only when every review is complete.',
  reRequestNone: 'There are no reviews to request again.',
  notYours: 'This is not your review.',
  notComplete: 'This review is not complete.',
  noReviewer: 'Add at least one reviewer.',
  dueDate: 'The due date must be today or later.',
  messageTooLong: `The message can be at most ${REVIEW_MESSAGE_MAX_CHARS} characters.`,
  messageUnsafe: 'The message contains markup that is not allowed.',
} as const;

/** How many frequent reviewers bootstrap returns (the dialog shows the first RECENT_REVIEWER_COUNT). */
const FREQUENT_REVIEWER_LIMIT = 20;
/** An outbox excerpt is at most this many characters. */
const EXCERPT_MAX_CHARS = 200;

const nowIso = () => new Date().toISOString();

function validZone(timeZone: string | undefined | null): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** Review-request operations for one context. */
export function reviewRequestOperations(context: ReviewContext) {
  const { db } = context;

  /**
   * The identity the item-view decision runs with: the account, or `anon|<email>` when the anonymous caller's
   * e-mail belongs to the request id they hold on this item (else an anonymous nobody: only the public link).
   */
  async function identityOf(trx: Db, caller: ReviewCaller, itemId: string): Promise<string> {
    if (caller.account) return caller.account.aid;
    if (caller.anonEmail && caller.reviewRequestId) {
      const email = caller.anonEmail.trim().toLowerCase();
      const row = await trx.selectFrom('review_requests').select('id').where('id', '=', caller.reviewRequestId).where('item_id', '=', itemId).where('email', '=', email).where('reviewer_aid', 'is', null).executeTakeFirst();
      if (row) return `${ANONYMOUS_PREFIX}${email}`;
    }
    return ANONYMOUS_PREFIX;
  }

  function viewerOf(caller: ReviewCaller): ReviewViewer {
    return { userId: caller.account?.aid ?? null, reviewRequestId: caller.reviewRequestId, anonymousEmail: caller.account ? null : caller.anonEmail };
  }

  /** The item when the caller may open it (any refusal of the item view is a 404 here), with canCRUD and ownership. */
  async function viewItem(caller: ReviewCaller, itemId: string, pass: string | null): Promise<{ row: ItemRow; canCRUD: boolean; isOwner: boolean }> {
    const identity = await identityOf(db, caller, itemId);
    const snapshot = await loadSnapshot(db);
    const access = userAccess(snapshot, identity);
    try {
      const { row } = await findViewable(db, access, itemId, pass);
      const isOwner = caller.account !== null && row.user_aid === caller.account.aid;
      const canCRUD = caller.account !== null && canChangeSharing({ isOwner, actions: itemActionsFor(access, row) });
      return { row, canCRUD, isOwner };
    } catch (error) {
      if (error instanceof Refusal) throw new HttpError(404, REVIEW_MESSAGES.notFound);
      throw error;
    }
  }

  async function requireCRUD(caller: ReviewCaller, itemId: string): Promise<{ row: ItemRow; isOwner: boolean }> {
    const { row, canCRUD, isOwner } = await viewItem(caller, itemId, null);
    if (!canCRUD) throw new HttpError(403, REVIEW_MESSAGES.forbidden);
    return { row, isOwner };
  }

  async function rowsFor(caller: ReviewCaller, itemId: string): Promise<ReviewRequestRow[]> {
    return toWireRows(db, context, await storedRows(db, itemId), viewerOf(caller));
  }

  /** The requester's most-requested e-mails across items, most first (ties: most recent first). */
  async function frequentReviewers(aid: string): Promise<FrequentReviewer[]> {
    const rows = await db
      .selectFrom('review_requests')
      .select((eb) => ['email', eb.fn.countAll<number>().as('times'), eb.fn.max('created_at').as('latest')])
      .where('requester_aid', '=', aid)
      .groupBy('email')
      .orderBy('times', 'desc')
      .orderBy('latest', 'desc')
      .limit(FREQUENT_REVIEWER_LIMIT)
      .execute();
    if (rows.length === 0) return [];
    const users = await db.selectFrom('users').selectAll().where((eb) => eb(eb.fn('lower', ['email']), 'in', rows.map((r) => r.email))).execute();
    const byEmail = new Map(users.map((user) => [user.email.toLowerCase(), user]));
    return rows.map((r) => {
      const user = byEmail.get(r.email);
      return { email: r.email, displayName: user ? displayNameOf(user) : r.email, avatars: { small: user ? context.avatarUrl(user) : null } };
    });
  }

  /** A reviewer's own row by id (404 unknown, 403 someone else's). */
  async function ownRow(caller: ReviewCaller, id: string, itemId: string | null): Promise<ReviewRequestRecordRow> {
    const row = await db.selectFrom('review_requests').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || (itemId !== null && row.item_id !== itemId)) throw new HttpError(404, REVIEW_MESSAGES.notFound);
    const viewer = viewerOf({ ...caller, reviewRequestId: id });
    const own = matchReviewer([{ id: row.id, reviewerAID: row.reviewer_aid, email: row.email }], viewer);
    // An anonymous caller naming an e-mail must name this review's.
    const emailMismatch = !caller.account && caller.anonEmail !== null && caller.anonEmail.trim().toLowerCase() !== row.email;
    if (!own || emailMismatch) throw new HttpError(403, REVIEW_MESSAGES.notYours);
    return row;
  }

  function announce(itemId: string): void {
    announceRows(context, itemId).catch((error: unknown) => context.logError(error, 'requestReview.update'));
  }

  function emit(itemId: string, event: 'requestReview.deleteRequest' | 'requestReview.deleteAllRequests', data: Record<string, unknown>): void {
    context.realtime.emitToItem(itemId, event, data);
  }

  /** Checks a 'request' body; the clean e-mails, due date and message. */
  function checkRequest(body: CreateReviewRequestBody, timeZone: string): { emails: string[]; dueDate: string | null; message: string | null } {
    const emails = [...new Set(body.reviewers.map((entry) => entry.trim().toLowerCase()))];
    for (const email of emails) if (!isEmailAddress(email) || unsafeMarkupIn(email) !== null) throw new HttpError(400, `Invalid request: "${email}" is not an e-mail address.`);
    if (emails.length === 0) throw new HttpError(400, REVIEW_MESSAGES.noReviewer);
    const dueDate = body.dueDate ?? null;
    if (dueDate !== null && !isDueDateAllowed(dueDate, todayIn(Date.now(), timeZone))) throw new HttpError(400, REVIEW_MESSAGES.dueDate);
    const raw = body.customMessage ?? null;
    const message = isEmptyCustomMessage(raw) ? null : raw;
    if (message !== null && [...message].length > REVIEW_MESSAGE_MAX_CHARS) throw new HttpError(400, REVIEW_MESSAGES.messageTooLong);
    if (message !== null && unsafeMarkupIn(message) !== null) throw new HttpError(400, REVIEW_MESSAGES.messageUnsafe);
    return { emails, dueDate, message };
  }

  return {
    /** GET bootstrap/{itemId}: canCRUD, the rows (with the caller's action), the caller's frequent reviewers. */
    bootstrap: async (caller: ReviewCaller, itemId: string, pass: string | null): Promise<ReviewBootstrap> => {
      const { canCRUD } = await viewItem(caller, itemId, pass);
      return { canCRUD, reviewRequests: await rowsFor(caller, itemId), frequentReviewers: caller.account ? await frequentReviewers(caller.account.aid) : [] };
    },

    /** GET {itemId}: canCRUD and the rows. */
    list: async (caller: ReviewCaller, itemId: string, pass: string | null): Promise<Pick<ReviewBootstrap, 'canCRUD' | 'reviewRequests'>> => {
      const { canCRUD } = await viewItem(caller, itemId, pass);
      return { canCRUD, reviewRequests: await rowsFor(caller, itemId) };
    },

    /** POST: 'request' adds reviewers (e-mails, reminders); 'reRequest' reopens every complete review (owner only). */
    create: async (caller: ReviewCaller, body: CreateReviewRequestBody): Promise<{ requestedReviewers: ReviewRequestRow[] }> => {
      const timeZone = validZone(body.requesterTimeZone);
      const checked = body.action === 'request' ? checkRequest(body, timeZone) : null;
      const { row: item, isOwner } = await requireCRUD(caller, body.itemId);
      const requester = caller.account!;
      const now = nowIso();
      const ids = await db.transaction().execute(async (trx) => {
        const existing = await storedRows(trx, item.id);
        if (checked === null) {
          if (!isOwner) throw new HttpError(403, REVIEW_MESSAGES.reRequestOwner);
          if (existing.length === 0) throw new HttpError(409, REVIEW_MESSAGES.reRequestNone);
          if (!canReRequest(existing.map((r) => ({ status: r.status })), isOwner)) throw new HttpError(403, REVIEW_MESSAGES.reRequestIncomplete);
          await trx.updateTable('review_requests').set({ status: 'viewed', completed_at: null, updated_at: now }).where('item_id', '=', item.id).execute();
          await rewriteReminders(trx, context.publicUrl(), item.id, now);
          return existing.map((r) => r.id);
        }
        const owner = await trx.selectFrom('users').select('email').where('aid', '=', item.user_aid).executeTakeFirst();
        const skipped = new Set([...existing.map((r) => r.email), ...(owner ? [owner.email.toLowerCase()] : [])]);
        const fresh = checked.emails.filter((email) => !skipped.has(email));
        if (fresh.length === 0) return [];
        const accounts = await trx.selectFrom('users').select(['aid', 'email']).where((eb) => eb(eb.fn('lower', ['email']), 'in', fresh)).execute();
        const aidOf = new Map(accounts.map((a) => [a.email.toLowerCase(), a.aid]));
        const values = fresh.map((email) => ({
          id: randomUUID(),
          item_id: item.id,
          email,
          reviewer_aid: aidOf.get(email) ?? null,
          requester_aid: requester.aid,
          status: 'emailSent' as const,
          due_date: checked.dueDate,
          completed_at: null,
          custom_message: checked.message,
          is_in_stack: body.isInStack ? 1 : 0,
          user_types: JSON.stringify(body.userTypes ?? { mrus: 0, subAndNonMruUsers: 0, emailUsers: fresh.length }),
          time_zone: timeZone,
          created_at: now,
          updated_at: now,
        }));
        await trx.insertInto('review_requests').values(values).execute();
        // One due date per item: a new one applies to the reviews already there too.
        if (checked.dueDate !== null) await trx.updateTable('review_requests').set({ due_date: checked.dueDate, time_zone: timeZone, updated_at: now }).where('item_id', '=', item.id).execute();
        const excerpt = checked.message === null ? '' : [...checked.message.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim()].slice(0, EXCERPT_MAX_CHARS).join('');
        await trx
          .insertInto('notification_outbox')
          .values(
            values.map((row) => ({
              id: randomUUID(),
              recipient_id: recipientOf(row),
              recipient_email: row.email,
              item_id: item.id,
              item_title: item.title,
              comment_id: null,
              kind: 'reviewRequest' as const,
              level: 'all' as const,
              frequency: 'instant' as const,
              actor: displayNameOf(requester),
              excerpt,
              link: reviewRequestLink(context.publicUrl(), item.id, row.id),
              created_at: now,
              deliver_at: now,
            })),
          )
          .execute();
        await rewriteReminders(trx, context.publicUrl(), item.id, now);
        return values.map((row) => row.id);
      });
      if (ids.length > 0) announce(item.id);
      const rows = await rowsFor(caller, item.id);
      const wanted = new Set(ids);
      return { requestedReviewers: rows.filter((row) => wanted.has(row.id)) };
    },

    /** POST edit-due-date: every review of the item gets the date (null clears it); reminders rewritten. */
    editDueDate: async (caller: ReviewCaller, body: { itemId: string; dueDate: string | null; requesterTimeZone?: string }): Promise<void> => {
      const { row: item } = await requireCRUD(caller, body.itemId);
      const existing = await storedRows(db, item.id);
      const timeZone = validZone(body.requesterTimeZone ?? existing[0]?.time_zone);
      if (body.dueDate !== null && !isDueDateAllowed(body.dueDate, todayIn(Date.now(), timeZone))) throw new HttpError(400, REVIEW_MESSAGES.dueDate);
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('review_requests').set({ due_date: body.dueDate, time_zone: timeZone, updated_at: now }).where('item_id', '=', item.id).execute();
        await rewriteReminders(trx, context.publicUrl(), item.id, now);
      });
      if (existing.length > 0) announce(item.id);
    },

    /** POST update-status: the reviewer opened the item through the link: email sent → viewed (a later status is kept). */
    updateStatus: async (caller: ReviewCaller, id: string): Promise<void> => {
      const row = await ownRow(caller, id, null);
      if (row.status !== 'emailSent') return;
      await db.updateTable('review_requests').set({ status: 'viewed', updated_at: nowIso() }).where('id', '=', id).where('status', '=', 'emailSent').execute();
      announce(row.item_id);
    },

    /** POST complete/{id}: the reviewer marks their review complete. */
    complete: async (caller: ReviewCaller, id: string, itemId: string): Promise<void> => {
      const row = await ownRow(caller, id, itemId);
      if (row.status === 'complete') return;
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('review_requests').set({ status: 'complete', completed_at: now, updated_at: now }).where('id', '=', id).execute();
        await rewriteReminders(trx, context.publicUrl(), row.item_id, now);
      });
      announce(row.item_id);
    },

    /** POST reopen: the reviewer reopens their complete review (status viewed, completedAt cleared). */
    reopen: async (caller: ReviewCaller, id: string): Promise<void> => {
      const row = await ownRow(caller, id, null);
      if (row.status !== 'complete') throw new HttpError(409, REVIEW_MESSAGES.notComplete);
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('review_requests').set({ status: 'viewed', completed_at: null, updated_at: now }).where('id', '=', id).execute();
        await rewriteReminders(trx, context.publicUrl(), row.item_id, now);
      });
      announce(row.item_id);
    },

    /** DELETE (body ids): removes those reviews of the item, and their pending reminders. */
    deleteReviews: async (caller: ReviewCaller, itemId: string, ids: readonly string[]): Promise<void> => {
      const { row: item } = await requireCRUD(caller, itemId);
      const now = nowIso();
      const removed = await db.transaction().execute(async (trx) => {
        if (ids.length === 0) return [];
        const doomed = await trx.selectFrom('review_requests').select('id').where('item_id', '=', item.id).where('id', 'in', [...ids]).execute();
        if (doomed.length === 0) return [];
        await trx.deleteFrom('review_requests').where('id', 'in', doomed.map((r) => r.id)).execute();
        await rewriteReminders(trx, context.publicUrl(), item.id, now);
        return doomed.map((r) => r.id);
      });
      if (removed.length > 0) emit(item.id, 'requestReview.deleteRequest', { itemId: item.id, ids: removed });
    },

    /** DELETE {itemId}: removes the whole request (every review of the item). */
    deleteAll: async (caller: ReviewCaller, itemId: string): Promise<void> => {
      const { row: item } = await requireCRUD(caller, itemId);
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('review_requests').where('item_id', '=', item.id).execute();
        await rewriteReminders(trx, context.publicUrl(), item.id, now);
      });
      emit(item.id, 'requestReview.deleteAllRequests', { itemId: item.id });
    },
  };
}

export type ReviewRequestOperations = ReturnType<typeof reviewRequestOperations>;
