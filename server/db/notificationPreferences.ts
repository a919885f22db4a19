import type { Db } from './database.ts';
import type { NotificationFrequency } from './schema.ts';

/** The notification types that have preferences (foundation §7). */
export const NOTIFICATION_TYPES = ['ReviewCommentNotification'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_FREQUENCIES = ['instant', 'hourly', 'daily'] as const satisfies readonly NotificationFrequency[];

/** A notification preference as the notification service sends and takes it (foundation §3). */
export interface NotificationPreference {
  frequency: NotificationFrequency;
  type: NotificationType;
  /** 'HH:MM', local time in timeZone. */
  scheduleTime: string;
  /** IANA time-zone name. */
  timeZone: string;
}

/** What an account that never saved a preference gets: instant, digest at 09:00 UTC. */
export function defaultNotificationPreference(type: NotificationType): NotificationPreference {
  return { frequency: 'instant', type, scheduleTime: '09:00', timeZone: 'UTC' };
}

export function isNotificationType(value: string): value is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

/** The account's preference of that type, or the default when none is stored. */
export async function findNotificationPreference(db: Db, userAid: string, type: NotificationType): Promise<NotificationPreference> {
  return (await findNotificationPreferences(db, [userAid], type)).get(userAid)!;
}

/** The preferences of that type of several accounts at once (one read): every account asked for is in the map. */
export async function findNotificationPreferences(db: Db, userAids: readonly string[], type: NotificationType): Promise<Map<string, NotificationPreference>> {
  const wanted = [...new Set(userAids)];
  const found = new Map<string, NotificationPreference>(wanted.map((aid) => [aid, defaultNotificationPreference(type)]));
  if (wanted.length === 0) return found;
  const rows = await db
    .selectFrom('notification_preferences')
    .select(['user_aid', 'frequency', 'schedule_time', 'time_zone'])
    .where('user_aid', 'in', wanted)
    .where('type', '=', type)
    .execute();
  for (const row of rows) found.set(row.user_aid, { frequency: row.frequency, type, scheduleTime: row.schedule_time, timeZone: row.time_zone });
  return found;
}

/** Stores (inserts or replaces) the account's preference of that type; returns what was stored. */
export async function saveNotificationPreference(
  db: Db,
  userAid: string,
  preference: NotificationPreference,
  now: Date = new Date(),
): Promise<NotificationPreference> {
  const values = {
    frequency: preference.frequency,
    schedule_time: preference.scheduleTime,
    time_zone: preference.timeZone,
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('notification_preferences')
    .values({ user_aid: userAid, type: preference.type, ...values })
    .onConflict((oc) => oc.columns(['user_aid', 'type']).doUpdateSet(values))
    .execute();
  return findNotificationPreference(db, userAid, preference.type);
}
