import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * Stored analytics events, feature-flag overrides, the learning-product (Reach) state per
 * subscription, and a subscription nickname. Existing subscriptions get a Reach row derived from
 * their tenant id, so a database seeded before this migration keeps working.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The userId the client put in the body, and the account whose token sent it.
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('account_aid', 'text', (c) => c.references('users.aid').onDelete('set null'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('properties', 'text')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('analytics_events_received_at').on('analytics_events').column('received_at').execute();

  // subscription_id null is the global override. NULLs are distinct in unique indexes on both SQLite
  // and PostgreSQL, so the one-row-per-scope rule is kept by the writer (server/db/flags.ts).
  await db.schema
    .createTable('feature_flags')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('subscription_id', 'text', (c) => c.references('subscriptions.id').onDelete('cascade'))
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema.createIndex('feature_flags_scope').on('feature_flags').columns(['subscription_id', 'key']).execute();

  await db.schema
    .createTable('reach_products')
    .addColumn('subscription_id', 'text', (c) => c.primaryKey().references('subscriptions.id').onDelete('cascade'))
    .addColumn('tenant_state', 'text', (c) => c.notNull().check(sql`${sql.ref('tenant_state')} in ('active', 'disabled')`))
    .addColumn('tenant_state_pending', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into reach_products (subscription_id, tenant_state, tenant_state_pending)
    select id, case when reach_tenant_id is null then 'disabled' else 'active' end, 0 from subscriptions`.execute(db);

  await db.schema.alterTable('subscriptions').addColumn('nickname', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('nickname').execute();
  for (const table of ['reach_products', 'feature_flags', 'analytics_events']) {
    await db.schema.dropTable(table).execute();
  }
}
