/**
 * Review-request rows as the wire carries them (domain/reviewRequests.ts ReviewRequestRow), the reviewer
 * reminders in the outbox, and the hooks other services call: `markCommented` (comment service, a reviewer's
 * first comment) and `announceRows` (the `requestReview.update` push). Nothing here imports the comment service,
 * so the comment service may import it.
 */
import { randomUUID } from 'node:crypto';
import { deliveryTime } from '../../domain/notifications.ts';
import { matchReviewer, reminderDays, reviewRequestLink, todayIn, type ReviewerUserTypes, type ReviewRequestRow, type ReviewViewer } from '../../domain/reviewRequests.ts';
import type { ContentContext } from '../content/common.ts';
import type { Db } from '../db/database.ts';
import type { ReviewRequestRecordRow, UserRow } from '../db/schema.ts';

/** What building rows and pushing them needs. */
export type RowContext = Pick<ContentContext, 'db' | 'realtime' | 'avatarUrl'>;

/** Identities of anonymous reviewers (server/realtime.ts). */
export const ANONYMOUS_PREFIX = 'anon|';

const EMPTY_USER_TYPES: ReviewerUserTypes = { mrus: 0, subAndNonMruUsers: 0, emailUsers: 0 };

/** A person's shown name: first and last name, else the e-mail. */
export function displayNameOf(user: Pick<UserRow, 'first_name' | 'last_name' | 'email'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

function userTypesOf(json: string): ReviewerUserTypes {
  try {
    const parsed = JSON.parse(json) as Partial<ReviewerUserTypes>;
    return { ...EMPTY_USER_TYPES, ...parsed };
  } catch {
    return EMPTY_USER_TYPES;
  }
}

/** The stored rows of an item, oldest first. */
export function storedRows(db: Db, itemId: string): Promise<ReviewRequestRecordRow[]> {
  return db.selectFrom('review_requests').selectAll().where('item_id', '=', itemId).orderBy('created_at').orderBy('email').execute();
}

/** Stored rows → wire rows; `viewer` (null in pushes) gets `action` on their own row. */
export async function toWireRows(db: Db, context: Pick<RowContext, 'avatarUrl'>, rows: readonly ReviewRequestRecordRow[], viewer: ReviewViewer | null): Promise<ReviewRequestRow[]> {
  if (rows.length === 0) return [];
  const aids = [...new Set(rows.flatMap((row) => [row.requester_aid, ...(row.reviewer_aid ? [row.reviewer_aid] : [])]))];
  const users = new Map((await db.selectFrom('users').selectAll().where('aid', 'in', aids).execute()).map((user) => [user.aid, user]));
  const wire = rows.map((row): ReviewRequestRow => {
    const reviewer = row.reviewer_aid ? users.get(row.reviewer_aid) : undefined;
    const requester = users.get(row.requester_aid);
    return {
      id: row.id,
      itemId: row.item_id,
      email: row.email,
      displayName: reviewer ? displayNameOf(reviewer) : row.email,
      status: row.status,
      reviewerAID: row.reviewer_aid,
      requesterDisplayName: requester ? displayNameOf(requester) : '',
      createdAt: row.created_at,
      dueDate: row.due_date,
      completedAt: row.completed_at,
      customMessage: row.custom_message,
      isInStack: row.is_in_stack === 1,
      avatars: { small: reviewer ? context.avatarUrl(reviewer) : null },
      userTypes: userTypesOf(row.user_types),
      action: null,
    };
  });
  if (viewer) {
    const own = matchReviewer(wire, viewer);
    if (own) own.action = own.status === 'complete' ? 'reopen' : 'complete';
  }
  return wire;
}

/** Pushes `requestReview.update` with every row of the item (action null) on /item/<itemId>. */
export async function announceRows(context: RowContext, itemId: string): Promise<void> {
  const reviewRequests = await toWireRows(context.db, context, await storedRows(context.db, itemId), null);
  context.realtime.emitToItem(itemId, 'requestReview.update', { itemId, reviewRequests } as unknown as Record<string, unknown>);
}

/**
 * Comment service hook (§6: the reviewer's first comment): the commenter's review of the item goes from email
 * sent or viewed to commented. `identity` is an account id or `anon|<email>`. Returns whether a row changed.
 */
export async function markCommented(db: Db, itemId: string, identity: string): Promise<boolean> {
  let query = db.updateTable('review_requests').set({ status: 'commented', updated_at: new Date().toISOString() }).where('item_id', '=', itemId).where('status', 'in', ['emailSent', 'viewed']);
  if (identity.startsWith(ANONYMOUS_PREFIX)) {
    query = query.where('reviewer_aid', 'is', null).where('email', '=', identity.slice(ANONYMOUS_PREFIX.length).toLowerCase());
  } else {
    query = query.where('reviewer_aid', '=', identity);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** 09:00 on `day` (YYYY-MM-DD) in `timeZone`, walking the daily delivery times of domain/notifications.ts. */
export function nineOn(day: string, timeZone: string): string {
  // Start the evening before the day in the furthest-ahead zone (UTC+14), then take each next 09:00 until its local day is `day`.
  let at = new Date(Date.parse(`${day}T00:00:00Z`) - 15 * 3_600_000).toISOString();
  for (let step = 0; step < 4; step++) {
    at = deliveryTime(at, 'daily', timeZone, '09:00');
    if (todayIn(Date.parse(at), timeZone) >= day) break;
  }
  return at;
}

/** The outbox recipient of a review row: the account id, or anon|<email>. */
export function recipientOf(row: Pick<ReviewRequestRecordRow, 'reviewer_aid' | 'email'>): string {
  return row.reviewer_aid ?? `${ANONYMOUS_PREFIX}${row.email}`;
}

/**
 * Rewrites the pending reminders of an item (in the caller's transaction): those not yet due are removed, then
 * each review that is not complete and has a due date gets one for the day before, the day of and the day
 * after it, at 09:00 in the requester's zone (only those still ahead).
 */
export async function rewriteReminders(db: Db, publicUrl: string, itemId: string, now: string): Promise<void> {
  await db.deleteFrom('notification_outbox').where('item_id', '=', itemId).where('kind', '=', 'reviewReminder').where('deliver_at', '>', now).execute();
  const item = await db.selectFrom('items').select(['title']).where('id', '=', itemId).executeTakeFirst();
  if (!item) return;
  const rows = (await storedRows(db, itemId)).filter((row) => row.status !== 'complete' && row.due_date !== null);
  const requesters = new Map((await db.selectFrom('users').selectAll().where('aid', 'in', [...new Set(rows.map((row) => row.requester_aid)), '']).execute()).map((u) => [u.aid, u]));
  const values = rows.flatMap((row) =>
    reminderDays(row.due_date!)
      .map((day) => nineOn(day, row.time_zone))
      .filter((deliverAt) => deliverAt > now)
      .map((deliverAt) => ({
        id: randomUUID(),
        recipient_id: recipientOf(row),
        recipient_email: row.email,
        item_id: itemId,
        item_title: item.title,
        comment_id: null,
        kind: 'reviewReminder' as const,
        level: 'all' as const,
        frequency: 'instant' as const,
        actor: requesters.get(row.requester_aid) ? displayNameOf(requesters.get(row.requester_aid)!) : '',
        excerpt: row.due_date!,
        link: reviewRequestLink(publicUrl, itemId, row.id),
        created_at: now,
        deliver_at: deliverAt,
      })),
  );
  if (values.length > 0) await db.insertInto('notification_outbox').values(values).execute();
}
