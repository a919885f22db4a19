/**
 * Who hears about a new comment or reply, and when (foundation §3 notification preference, per-item
 * notification subscription; domain/notifications.ts): the reference service writes each notification that
 * would be e-mailed to `notification_outbox` instead of sending it. Per-item levels live in
 * `item_subscriptions` (none stored: DEFAULT_NOTIFICATION_LEVEL), frequencies in the account's notification
 * preference (none stored: instant, 09:00, UTC).
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_NOTIFICATION_LEVEL, type NotificationLevel } from '../../domain/comments.ts';
import { deliveryTime, notificationFor, type OutboxEntry } from '../../domain/notifications.ts';
import { mentionsOf, type RawContent } from '../../domain/richText.ts';
import { reviewLinkFor } from '../../domain/sharing.ts';
import type { Db } from '../db/database.ts';
import { findNotificationPreferences } from '../db/notificationPreferences.ts';
import type { AccessSnapshot } from '../content/access.ts';
import type { CommentRow, ItemRow, OutboxRow } from '../db/schema.ts';
import { sharePeople } from '../sharing/people.ts';
import type { CommentContext } from './common.ts';

/** An outbox excerpt is at most this many characters of the comment's text. */
const EXCERPT_MAX_CHARS = 200;

/** The account's level for the item (DEFAULT_NOTIFICATION_LEVEL when none is stored). */
export async function levelOf(db: Db, itemId: string, aid: string): Promise<NotificationLevel> {
  const row = await db.selectFrom('item_subscriptions').select('level').where('item_id', '=', itemId).where('user_aid', '=', aid).executeTakeFirst();
  return row?.level ?? DEFAULT_NOTIFICATION_LEVEL;
}

/** Stores (inserts or replaces) the account's level for the item. */
export async function saveLevel(db: Db, itemId: string, aid: string, level: NotificationLevel): Promise<void> {
  await db
    .insertInto('item_subscriptions')
    .values({ item_id: itemId, user_aid: aid, level })
    .onConflict((oc) => oc.columns(['item_id', 'user_aid']).doUpdateSet({ level }))
    .execute();
}

function excerptOf(body: string): string {
  return [...body].slice(0, EXCERPT_MAX_CHARS).join('');
}

/**
 * Writes the outbox rows for a comment just inserted (in the caller's transaction): one per account that may
 * open the item (mentioned people are among them: a mention must name one), the kind by `notificationFor`
 * with their level, delivered by their frequency. `actor` is the author's name or e-mail.
 */
export async function writeNotifications(db: Db, context: CommentContext, item: ItemRow, comment: CommentRow, actor: string, snapshot?: AccessSnapshot): Promise<void> {
  const people = await sharePeople(db, context.item, item.id, snapshot);
  if (people.length === 0) return;
  const actorKey = comment.user_aid ?? `anon|${comment.user_email ?? ''}`;
  const mentioned = new Set(mentionsOf(JSON.parse(comment.content_json) as RawContent).map((m) => m.userId));
  const isReply = comment.reply_to !== null;
  const participants = new Set<string>();
  if (comment.reply_to !== null) {
    const thread = await db
      .selectFrom('comments')
      .select(['user_aid'])
      .where((eb) => eb.or([eb('id', '=', comment.reply_to!), eb('reply_to', '=', comment.reply_to!)]))
      .where('id', '!=', comment.id)
      .execute();
    for (const row of thread) if (row.user_aid !== null) participants.add(row.user_aid);
  }
  const levels = new Map(
    (await db.selectFrom('item_subscriptions').select(['user_aid', 'level']).where('item_id', '=', item.id).execute()).map((row) => [row.user_aid, row.level]),
  );
  const link = reviewLinkFor(context.publicUrl(), item.id);
  const recipients = people.flatMap((person) => {
    const level = levels.get(person.userId) ?? DEFAULT_NOTIFICATION_LEVEL;
    const kind = notificationFor({
      level,
      isActor: person.userId === actorKey,
      isItemOwner: person.userId === item.user_aid,
      isThreadParticipant: participants.has(person.userId),
      isMentioned: mentioned.has(person.userId),
      isReply,
    });
    return kind === null ? [] : [{ person, level, kind }];
  });
  if (recipients.length === 0) return;
  // Their preferences in one read, not one per recipient.
  const preferences = await findNotificationPreferences(db, recipients.map(({ person }) => person.userId), 'ReviewCommentNotification');
  const rows = [];
  for (const { person, level, kind } of recipients) {
    const preference = preferences.get(person.userId)!;
    rows.push({
      id: randomUUID(),
      recipient_id: person.userId,
      recipient_email: person.profile.email,
      item_id: item.id,
      item_title: item.title,
      comment_id: comment.id,
      kind,
      level,
      frequency: preference.frequency,
      actor,
      excerpt: excerptOf(comment.body),
      link,
      created_at: comment.created_at,
      deliver_at: deliveryTime(comment.created_at, preference.frequency, preference.timeZone, preference.scheduleTime),
    });
  }
  if (rows.length > 0) await db.insertInto('notification_outbox').values(rows).execute();
}

function toEntry(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    recipientId: row.recipient_id,
    recipientEmail: row.recipient_email,
    itemId: row.item_id,
    itemTitle: row.item_title,
    commentId: row.comment_id,
    kind: row.kind,
    level: row.level,
    frequency: row.frequency,
    actor: row.actor,
    excerpt: row.excerpt,
    link: row.link,
    createdAt: row.created_at,
    deliverAt: row.deliver_at,
    deliveredAt: row.delivered_at,
  };
}

/** Outbox entries, newest first, optionally of one item; at most `limit`. */
export async function outboxEntries(db: Db, options: { itemId?: string | undefined; limit: number }): Promise<OutboxEntry[]> {
  let query = db.selectFrom('notification_outbox').selectAll();
  if (options.itemId !== undefined) query = query.where('item_id', '=', options.itemId);
  const rows = await query.orderBy('seq', 'desc').limit(options.limit).execute();
  return rows.map(toEntry);
}
