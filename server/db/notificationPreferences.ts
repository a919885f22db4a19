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

export async function findNotificationPreference(db: Db, userAid: string, type: NotificationType): Promise<NotificationPreference> {
  const row = await db
    .selectFrom('notification_preferences')
    .select(['frequency', 'schedule_time', 'time_zone'])
    .where('user_aid', '=', userAid)
    .where('type', '=', type)
    .executeTakeFirst();
  if (!row) return defaultNotificationPreference(type);
  return { frequency: row.frequency, type, scheduleTime: row.schedule_time, timeZone: row.time_zone };
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
