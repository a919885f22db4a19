import type { SelectQueryBuilder } from 'kysely';
import type { Db } from './database.ts';
import type { Database, SubscriptionRow, UserRow } from './schema.ts';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function findUserByAid(db: Db, aid: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('aid', '=', aid).executeTakeFirst();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface UserRole {
  role: string;
  subscription_id: string;
}

export async function rolesOfUser(db: Db, aid: string): Promise<UserRole[]> {
  return db
    .selectFrom('subscription_roles')
    .select(['role', 'subscription_id'])
    .where('user_aid', '=', aid)
    .orderBy('subscription_id')
    .orderBy('role')
    .execute();
}

/** Subscriptions the user holds any role on, in a stable order. */
export async function subscriptionsOfUser(db: Db, aid: string): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', 'in', db.selectFrom('subscription_roles').select('subscription_id').where('user_aid', '=', aid))
    .orderBy('id')
    .execute();
}

/** Everyone on the teams the user belongs to, the user included. */
export async function teammatesOf(db: Db, aid: string): Promise<UserRow[]> {
  return usersByName(db, (db) => db.selectFrom('team_members').select('user_aid').where('team_id', 'in', db.selectFrom('team_members').select('team_id').where('user_aid', '=', aid)));
}

/** The users whose aid `aids` selects (a sub-query of one `user_aid` column), by last then first name. */
export async function usersByName(db: Db, aids: (db: Db) => SelectQueryBuilder<Database, keyof Database, { user_aid: string }>): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('aid', 'in', aids(db)).orderBy('last_name').orderBy('first_name').execute();
}
