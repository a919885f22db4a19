/**
 * Who hears about comment activity, and when (foundation §3 notification preference and per-item notification
 * subscription, §7 notify calls, §9 digest at 09:00 local; review-and-content §9 levels and frequencies).
 *
 * The reference service writes each notification that would be e-mailed to an outbox (server) instead of sending
 * it; staff see the outbox on /sandbox (`GET /api/sandbox/outbox`, {@link OutboxEntry}).
 *
 * Levels (per person and item): `all` every comment and reply; `mine` comments on items they own, replies in threads
 * they wrote in, and mentions of them; `mute` nothing. Frequencies (per account): `instant` delivers at once,
 * `hourly` at the next full hour, `daily` at the next 09:00 in the person's time zone.
 */
import type { NotificationLevel } from './comments.ts';

export type NotificationFrequencyName = 'instant' | 'hourly' | 'daily';

/**
 * What happened, as one recipient sees it (for comments the strongest reason wins: mention > reply > comment);
 * `reviewRequest` is the e-mail asking a reviewer to review (the link carries `?reviewRequest=<id>`),
 * `reviewReminder` a due-date reminder (the day before, the day of and the day after the due date).
 */
export type OutboxKind = 'mention' | 'reply' | 'comment' | 'reviewRequest' | 'reviewReminder';

/** One notification that would be e-mailed. */
export interface OutboxEntry {
  id: string;
  /** Account id of the recipient. */
  recipientId: string;
  recipientEmail: string;
  itemId: string;
  itemTitle: string;
  /** The comment concerned; null for review-request e-mails. */
  commentId: string | null;
  kind: OutboxKind;
  /** The recipient's level for the item (review-request e-mails always go: 'all'). */
  level: NotificationLevel;
  frequency: NotificationFrequencyName;
  /** Who wrote the comment (name or e-mail). */
  actor: string;
  /** The comment's plain text (at most 200 characters). */
  excerpt: string;
  /** The review link of the item. */
  link: string;
  createdAt: string;
  /** When it goes out (instant: createdAt). */
  deliverAt: string;
  /** When the outbox delivery sent it (alone or in a digest); null while it has not gone out. */
  deliveredAt: string | null;
}

/** The facts about one potential recipient of one new comment or reply. */
export interface RecipientFacts {
  level: NotificationLevel;
  /** The recipient wrote the comment: never notified. */
  isActor: boolean;
  isItemOwner: boolean;
  /** The recipient wrote the parent or a reply of the thread (replies only). */
  isThreadParticipant: boolean;
  isMentioned: boolean;
  isReply: boolean;
}

/** The notification kind for one recipient, or null when they are not told. */
export function notificationFor(facts: RecipientFacts): OutboxKind | null {
  if (facts.isActor || facts.level === 'mute') return null;
  if (facts.isMentioned) return 'mention';
  if (facts.level === 'all') return facts.isReply ? 'reply' : 'comment';
  if (facts.isReply && facts.isThreadParticipant) return 'reply';
  if (facts.isItemOwner) return facts.isReply ? 'reply' : 'comment';
  return null;
}

/** The wall-clock parts of an instant in a time zone (Intl; an unknown zone falls back to UTC). */
function zonedParts(epochMs: number, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  } catch {
    format = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(epochMs)).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), second: Number(parts.second) };
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(epochMs: number, timeZone: string): number {
  const p = zonedParts(epochMs, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - (epochMs - (epochMs % 1000));
}

/** The instant of a local wall-clock time in a zone (DST gaps move forward by the gap). */
function instantOfLocal(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - offsetAt(guess, timeZone);
  return guess - offsetAt(first, timeZone);
}

/**
 * When a notification made at `nowIso` goes out: instant → now; hourly → the next full hour (UTC); daily → the next
 * `scheduleTime` ('HH:MM', default 09:00) in `timeZone` strictly after now.
 */
export function deliveryTime(nowIso: string, frequency: NotificationFrequencyName, timeZone: string, scheduleTime = '09:00'): string {
  const now = Date.parse(nowIso);
  if (frequency === 'instant') return new Date(now).toISOString();
  if (frequency === 'hourly') return new Date(Math.floor(now / 3_600_000) * 3_600_000 + 3_600_000).toISOString();
  const [h, m] = scheduleTime.split(':').map(Number) as [number, number];
  const local = zonedParts(now, timeZone);
  let at = instantOfLocal(local.year, local.month, local.day, h, m, timeZone);
  if (at <= now) {
    const tomorrow = new Date(Date.UTC(local.year, local.month - 1, local.day + 1));
    at = instantOfLocal(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth() + 1, tomorrow.getUTCDate(), h, m, timeZone);
  }
  return new Date(at).toISOString();
}
