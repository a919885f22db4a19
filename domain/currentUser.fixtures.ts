/**
 * Test fixtures: current users shaped like the reference service's GET users/current for the seeded
 * demo accounts (server/seed.ts), built relative to a fixed "now". Used by the domain tests only.
 */
import type { CurrentUser, CurrentUserSubscription, RoleGrant } from './subscriptions.ts';

/** 2024-06-10T12:00:00Z. */
export const NOW_MS = Date.UTC(2024, 5, 10, 12, 0, 0);
const DAY_MS = 86_400_000;

/** An ISO date-time `days` days from NOW_MS. */
export function inDays(days: number): string {
  return new Date(NOW_MS + days * DAY_MS).toISOString();
}

/** A subscription with sensible defaults (an active team plan, 200 days left). */
export function sub(overrides: Partial<CurrentUserSubscription> & { id: string }): CurrentUserSubscription {
  return {
    name: `Subscription ${overrides.id}`,
    available_seats: 6,
    total_seats: 10,
    end_date: inDays(200),
    renewal_date: inDays(200),
    plan: 'team',
    state: 'active',
    reach_tenant_id: null,
    features: {
      ai_assistant: { enabled: true, credits_remaining: 500 },
      localization: { status: 'inactive', term_end: null, is_trial: false, trial_ended_recently: false },
    },
    ...overrides,
  };
}

const PERMISSIONS: Record<string, string[]> = {
  'seat-holder': ['use_review', 'use_rise', 'create_content', 'translate_content'],
  admin: ['manage_users', 'manage_billing', 'manage_subscription'],
  reachOnly: ['use_reach'],
};

/** A current user; `subscription_permissions` follow the roles as the reference service derives them. */
export function user(subs: CurrentUserSubscription[], roles: Array<[name: string, subscriptionId: string]>, overrides: Partial<CurrentUser> = {}): CurrentUser {
  const grants: RoleGrant[] = roles.map(([name, subscription_id]) => ({ name, subscription_id }));
  const permissions: Record<string, string[]> = {};
  for (const { name, subscription_id } of grants) {
    const list = (permissions[subscription_id] ??= []);
    for (const p of PERMISSIONS[name] ?? []) if (!list.includes(p)) list.push(p);
  }
  return {
    aid: 'aid-1',
    country: 'USA',
    email: 'someone@example.com',
    is_sso: false,
    language: 'en',
    first_name: 'Some',
    last_name: 'One',
    phone: null,
    subs,
    roles: grants,
    subscription_permissions: permissions,
    ...overrides,
  };
}

export const TEAM = sub({
  id: 'team',
  name: 'Demo Team',
  reach_tenant_id: 'reach-1234',
  features: {
    ai_assistant: { enabled: true, credits_remaining: 500 },
    localization: { status: 'trial', term_end: inDays(30), is_trial: true, trial_ended_recently: false },
  },
});
export const TRIAL = sub({ id: 'trial', name: 'Trish Trial', plan: 'trial', end_date: inDays(14), renewal_date: null, total_seats: 1, available_seats: 0 });
export const EXPIRED = sub({
  id: 'expired',
  name: 'Eddie Expired',
  plan: 'individual',
  state: 'inactive',
  end_date: inDays(-10),
  renewal_date: null,
  total_seats: 1,
  available_seats: 0,
  features: {
    ai_assistant: { enabled: false, credits_remaining: null },
    localization: { status: 'inactive', term_end: inDays(-10), is_trial: false, trial_ended_recently: false },
  },
});

/** The seeded demo accounts (server/seed.ts DEMO_ACCOUNTS), by first name. */
export const DEMO = {
  alex: user([TEAM], [['seat-holder', 'team'], ['admin', 'team']], { first_name: 'Alex', last_name: 'Admin', email: 'alex.admin@example.com' }),
  tara: user([TEAM], [['seat-holder', 'team']], { first_name: 'Tara', last_name: 'Team', email: 'tara.team@example.com' }),
  trish: user([TRIAL], [['seat-holder', 'trial']], { first_name: 'Trish', last_name: 'Trial', email: 'trish.trial@example.com' }),
  eddie: user([EXPIRED], [['seat-holder', 'expired']], { first_name: 'Eddie', last_name: 'Expired', email: 'eddie.expired@example.com' }),
  rita: user([TEAM], [['reachOnly', 'team']], { first_name: 'Rita', last_name: 'Reach', email: 'rita.reach@example.com' }),
  nora: user([], [], { first_name: 'Nora', last_name: 'Nosub', email: 'nora.nosub@example.com' }),
} satisfies Record<string, CurrentUser>;
