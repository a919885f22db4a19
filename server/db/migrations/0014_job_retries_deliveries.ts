import type { Kysely } from 'kysely';

/**
 * Job retries and deliveries (server/jobs.ts): a job that keeps failing is marked failed (`failed_at`, epoch ms)
 * with its last error (`last_error`, also kept between retries); finished and failed rows are removed after a
 * retention period. The notification outbox records when a row was delivered (`delivered_at`, ISO) and by which
 * delivery (`delivery_id`: one e-mail, a digest, or a reminder), so a delivery runs once across instances.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('failed_at', 'bigint').execute();
  await db.schema.alterTable('jobs').addColumn('last_error', 'text').execute();
  await db.schema.alterTable('notification_outbox').addColumn('delivered_at', 'text').execute();
  await db.schema.alterTable('notification_outbox').addColumn('delivery_id', 'text').execute();
  await db.schema.createIndex('notification_outbox_pending').on('notification_outbox').columns(['recipient_id', 'delivered_at', 'deliver_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notification_outbox_pending').execute();
  await db.schema.alterTable('notification_outbox').dropColumn('delivery_id').execute();
  await db.schema.alterTable('notification_outbox').dropColumn('delivered_at').execute();
  await db.schema.alterTable('jobs').dropColumn('last_error').execute();
  await db.schema.alterTable('jobs').dropColumn('failed_at').execute();
}
