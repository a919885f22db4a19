import { randomUUID } from 'node:crypto';
import type { Db } from './db/database.ts';
import type { SubscriptionFeatures } from './db/subscriptions.ts';
import type { NewUser } from './db/schema.ts';
import { countUsers } from './db/users.ts';
import { hashPassword } from './passwords.ts';
import { ROLE_ADMIN, ROLE_REACH_ONLY, ROLE_SEAT_HOLDER } from './roles.ts';
import { seedContent } from './seedContent.ts';

// Role names moved to roles.ts; re-exported for existing importers.
export { ROLE_ADMIN, ROLE_REACH_ONLY, ROLE_SEAT_HOLDER };

export const DEFAULT_DEMO_PASSWORD = 'review-demo';

export interface DemoAccount {
  email: string;
  name: string;
  kind: string;
}

/** One account per user kind and tier of the spec; all share the demo password. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'alex.admin@example.com', name: 'Alex Admin', kind: 'team admin with a seat' },
  { email: 'tara.team@example.com', name: 'Tara Team', kind: 'team member with a seat' },
  { email: 'trish.trial@example.com', name: 'Trish Trial', kind: 'own trial, 14 days left' },
  { email: 'eddie.expired@example.com', name: 'Eddie Expired', kind: 'individual plan, expired 10 days ago' },
  { email: 'rita.reach@example.com', name: 'Rita Reach', kind: 'reach-only member of the team' },
  { email: 'nora.nosub@example.com', name: 'Nora Nosub', kind: 'no subscription' },
  { email: 'sam.staff@example.com', name: 'Sam Staff', kind: 'staff, seat on the team' },
  { email: 'vera.validator@example.com', name: 'Vera Validator', kind: 'translation validator, seat on the team' },
  { email: 'adam.adminonly@example.com', name: 'Adam Adminonly', kind: 'admin of the team without a seat (admin only)' },
  { email: 'maria.multi@example.com', name: 'Maria Multi', kind: 'admin of two teams (Demo Team with a seat, Second Team)' },
  { email: 'nick.nonadmin@example.com', name: 'Nick Nonadmin', kind: 'team member with a seat, not admin' },
  { email: 'ian.individual@example.com', name: 'Ian Individual', kind: 'own active individual plan (seat holder, no team)' },
];

const STAFF = new Set(['sam.staff@example.com']);
const VALIDATORS = new Set(['vera.validator@example.com']);

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Fills an empty database with the demo team and accounts. Does nothing when any user exists, so a
 * restart on the same data folder keeps what is there.
 */
export async function seedIfEmpty(db: Db, demoPassword: string, now: Date = new Date()): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();
  const createdAt = now.toISOString();
  const passwordHash = await hashPassword(demoPassword);

  const aidOf = new Map<string, string>();
  const users: NewUser[] = DEMO_ACCOUNTS.map((account) => {
    const aid = randomUUID();
    aidOf.set(account.email, aid);
    const [firstName = account.name, lastName = ''] = account.name.split(' ');
    return {
      aid,
      email: account.email,
      password_hash: passwordHash,
      first_name: firstName,
      last_name: lastName,
      country: 'USA',
      language: 'en',
      is_staff: STAFF.has(account.email) ? 1 : 0,
      is_validator: VALIDATORS.has(account.email) ? 1 : 0,
      created_at: createdAt,
    };
  });
  const aid = (email: string): string => {
    const found = aidOf.get(email);
    if (!found) throw new Error(`seed: unknown demo account ${email}`);
    return found;
  };

  const teamId = randomUUID();
  const teamSubId = randomUUID();
  const secondTeamId = randomUUID();
  const secondTeamSubId = randomUUID();
  const trialSubId = randomUUID();
  const expiredSubId = randomUUID();
  const individualSubId = randomUUID();
  const teamSeatHolders = [
    'alex.admin@example.com',
    'tara.team@example.com',
    'sam.staff@example.com',
    'vera.validator@example.com',
    'maria.multi@example.com',
    'nick.nonadmin@example.com',
  ];
  const teamAdmins = ['alex.admin@example.com', 'adam.adminonly@example.com', 'maria.multi@example.com'];
  const teamMembers = [...teamSeatHolders, 'rita.reach@example.com', 'adam.adminonly@example.com'];
  const secondTeamMembers = ['maria.multi@example.com'];

  const features = (f: SubscriptionFeatures) => JSON.stringify(f);

  await db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values(users).execute();
    await trx
      .insertInto('teams')
      .values([
        { id: teamId, name: 'Demo Team', created_at: createdAt },
        { id: secondTeamId, name: 'Second Team', created_at: createdAt },
      ])
      .execute();
    await trx
      .insertInto('team_members')
      .values([
        ...teamMembers.map((email) => ({ team_id: teamId, user_aid: aid(email) })),
        ...secondTeamMembers.map((email) => ({ team_id: secondTeamId, user_aid: aid(email) })),
      ])
      .execute();
    await trx
      .insertInto('subscriptions')
      .values([
        {
          id: teamSubId,
          team_id: teamId,
          name: 'Demo Team',
          nickname: 'Demo',
          plan: 'team',
          state: 'active',
          end_date: at(200),
          renewal_date: at(200),
          total_seats: 10,
          available_seats: 10 - teamSeatHolders.length,
          reach_tenant_id: `reach-${teamId.slice(0, 8)}`,
          features: features({
            ai_assistant: { enabled: true, credits_remaining: 500 },
            localization: { status: 'trial', term_end: at(30), is_trial: true, trial_ended_recently: false },
          }),
        },
        {
          id: secondTeamSubId,
          team_id: secondTeamId,
          name: 'Second Team',
          nickname: null,
          plan: 'team',
          state: 'active',
          end_date: at(90),
          renewal_date: at(90),
          total_seats: 5,
          available_seats: 5,
          reach_tenant_id: null,
          features: features({
            ai_assistant: { enabled: true, credits_remaining: 200 },
            localization: { status: 'inactive', term_end: at(-3), is_trial: false, trial_ended_recently: true },
          }),
        },
        {
          id: individualSubId,
          team_id: null,
          name: 'Ian Individual',
          nickname: null,
          plan: 'individual',
          state: 'active',
          end_date: at(300),
          renewal_date: at(300),
          total_seats: 1,
          available_seats: 0,
          reach_tenant_id: null,
          features: features({
            ai_assistant: { enabled: true, credits_remaining: 100 },
            localization: { status: 'inactive', term_end: null, is_trial: false, trial_ended_recently: false },
          }),
        },
        {
          id: trialSubId,
          team_id: null,
          name: 'Trish Trial',
          nickname: null,
          plan: 'trial',
          state: 'active',
          end_date: at(14),
          renewal_date: null,
          total_seats: 1,
          available_seats: 0,
          reach_tenant_id: null,
          features: features({
            ai_assistant: { enabled: true, credits_remaining: 50 },
            localization: { status: 'inactive', term_end: null, is_trial: false, trial_ended_recently: false },
          }),
        },
        {
          id: expiredSubId,
          team_id: null,
          name: 'Eddie Expired',
          nickname: null,
          plan: 'individual',
          state: 'inactive',
          end_date: at(-10),
          renewal_date: null,
          total_seats: 1,
          available_seats: 0,
          reach_tenant_id: null,
          features: features({
            ai_assistant: { enabled: false, credits_remaining: null },
            localization: { status: 'inactive', term_end: at(-10), is_trial: false, trial_ended_recently: false },
          }),
        },
      ])
      .execute();
    await trx
      .insertInto('subscription_roles')
      .values([
        ...teamSeatHolders.map((email) => ({ user_aid: aid(email), subscription_id: teamSubId, role: ROLE_SEAT_HOLDER })),
        ...teamAdmins.map((email) => ({ user_aid: aid(email), subscription_id: teamSubId, role: ROLE_ADMIN })),
        { user_aid: aid('maria.multi@example.com'), subscription_id: secondTeamSubId, role: ROLE_ADMIN },
        { user_aid: aid('ian.individual@example.com'), subscription_id: individualSubId, role: ROLE_SEAT_HOLDER },
        { user_aid: aid('rita.reach@example.com'), subscription_id: teamSubId, role: ROLE_REACH_ONLY },
        { user_aid: aid('trish.trial@example.com'), subscription_id: trialSubId, role: ROLE_SEAT_HOLDER },
        { user_aid: aid('eddie.expired@example.com'), subscription_id: expiredSubId, role: ROLE_SEAT_HOLDER },
      ])
      .execute();
    // The learning product (Reach): on for the demo team (it has a tenant), off elsewhere so the
    // activation flow can be tried (Maria on Second Team). Feature flags: none overridden.
    await trx
      .insertInto('reach_products')
      .values(
        [teamSubId, secondTeamSubId, individualSubId, trialSubId, expiredSubId].map((id) => ({
          subscription_id: id,
          tenant_state: id === teamSubId ? ('active' as const) : ('disabled' as const),
          tenant_state_pending: 0,
        })),
      )
      .execute();
    // The demo team's folders, items and stack (server/seedContent.ts).
    await seedContent(trx, { aid, teamId, teamSubscriptionId: teamSubId, now });
  });
  return true;
}
