import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/** Accounts, teams, subscriptions with roles, and the oidc-provider payload store. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('aid', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('USA'))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('is_staff', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_validator', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('teams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('team_members')
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_aid', 'text', (c) => c.notNull().references('users.aid').onDelete('cascade'))
    .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_aid'])
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.references('teams.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull().check(sqlIn('plan', ['team', 'individual', 'trial'])))
    .addColumn('state', 'text', (c) => c.notNull().check(sqlIn('state', ['active', 'inactive'])))
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('renewal_date', 'text')
    .addColumn('total_seats', 'integer', (c) => c.notNull())
    .addColumn('available_seats', 'integer', (c) => c.notNull())
    .addColumn('reach_tenant_id', 'text')
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();

  await db.schema
    .createTable('subscription_roles')
    .addColumn('user_aid', 'text', (c) => c.notNull().references('users.aid').onDelete('cascade'))
    .addColumn('subscription_id', 'text', (c) => c.notNull().references('subscriptions.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('subscription_roles_pk', ['user_aid', 'subscription_id', 'role'])
    .execute();

  await db.schema
    .createTable('oidc_payloads')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'bigint')
    .addColumn('consumed_at', 'bigint')
    .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
    .execute();

  await db.schema.createIndex('oidc_payloads_grant_id').on('oidc_payloads').column('grant_id').execute();
  await db.schema.createIndex('oidc_payloads_uid').on('oidc_payloads').column('uid').execute();
  await db.schema.createIndex('oidc_payloads_user_code').on('oidc_payloads').column('user_code').execute();
  await db.schema.createIndex('subscription_roles_user').on('subscription_roles').column('user_aid').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['oidc_payloads', 'subscription_roles', 'subscriptions', 'team_members', 'teams', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}

function sqlIn(column: string, values: readonly string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}
