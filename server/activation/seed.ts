/**
 * Demo accounts for the activation flow: a team ("Pilot Team") whose learning product is off, with an admin who holds a
 * seat (one-click activation) and a member who does not administer it (asks an admin). Added beside the main seed.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { NO_FEATURES } from '../db/subscriptions.ts';
import { hashPassword } from '../passwords.ts';
import { ROLE_ADMIN, ROLE_SEAT_HOLDER } from '../roles.ts';

export const ACTIVATION_DEMO_ACCOUNTS = [
  { email: 'olga.owner@example.com', name: 'Olga Owner', kind: 'admin with a seat on Pilot Team (learning product off)' },
  { email: 'pete.pilot@example.com', name: 'Pete Pilot', kind: 'member with a seat on Pilot Team, not admin' },
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedActivationAccounts(db: Db, demoPassword: string, now: Date = new Date()): Promise<void> {
  const passwordHash = await hashPassword(demoPassword);
  const teamId = randomUUID();
  const subId = randomUUID();
  const aids = ACTIVATION_DEMO_ACCOUNTS.map(() => randomUUID());
  const createdAt = now.toISOString();
  const end = new Date(now.getTime() + 300 * DAY_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values(
        ACTIVATION_DEMO_ACCOUNTS.map((account, i) => {
          const [first = account.name, last = ''] = account.name.split(' ');
          return { aid: aids[i]!, email: account.email, password_hash: passwordHash, first_name: first, last_name: last, country: 'USA', language: 'en', is_staff: 0, is_validator: 0, created_at: createdAt };
        }),
      )
      .execute();
    await trx.insertInto('teams').values({ id: teamId, name: 'Pilot Team', created_at: createdAt }).execute();
    await trx.insertInto('team_members').values(aids.map((aid) => ({ team_id: teamId, user_aid: aid }))).execute();
    await trx
      .insertInto('subscriptions')
      .values({ id: subId, team_id: teamId, name: 'Pilot Team', nickname: 'Pilot', plan: 'team', state: 'active', end_date: end, renewal_date: end, total_seats: 5, available_seats: 3, reach_tenant_id: null, features: JSON.stringify(NO_FEATURES) })
      .execute();
    await trx
      .insertInto('subscription_roles')
      .values([
        { user_aid: aids[0]!, subscription_id: subId, role: ROLE_SEAT_HOLDER },
        { user_aid: aids[0]!, subscription_id: subId, role: ROLE_ADMIN },
        { user_aid: aids[1]!, subscription_id: subId, role: ROLE_SEAT_HOLDER },
      ])
      .execute();
    await trx.insertInto('reach_products').values({ subscription_id: subId, tenant_state: 'disabled', tenant_state_pending: 0 }).execute();
  });
}
