import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * Notification preferences (foundation §3): one row per account and notification type. An account
 * without a row gets the defaults (server/db/notificationPreferences.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_aid', 'text', (c) => c.notNull().references('users.aid').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull().check(sql`${sql.ref('frequency')} in ('instant', 'hourly', 'daily')`))
    // 'HH:MM', local time in time_zone.
    .addColumn('schedule_time', 'text', (c) => c.notNull())
    // An IANA time-zone name.
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_aid', 'type'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_preferences').execute();
}
