import type { Db } from './database.ts';
import { usersByName } from './users.ts';
import type { ReachTenantState, SubscriptionRow, UserRow } from './schema.ts';

/** Per-subscription feature information, stored as JSON in `subscriptions.features`. */
export interface SubscriptionFeatures {
  ai_assistant: { enabled: boolean; credits_remaining: number | null };
  localization: {
    status: 'trial' | 'inactive';
    term_end: string | null;
    is_trial: boolean;
    /** Inactive and the term ended within the last seven days. */
    trial_ended_recently: boolean;
  };
}

export const NO_FEATURES: SubscriptionFeatures = {
  ai_assistant: { enabled: false, credits_remaining: null },
  localization: { status: 'inactive', term_end: null, is_trial: false, trial_ended_recently: false },
};

/** Stored JSON is ours, but a hand-edited row must not crash the current-user call. */
export function parseFeatures(json: string): SubscriptionFeatures {
  try {
    const parsed = JSON.parse(json) as Partial<SubscriptionFeatures>;
    return {
      ai_assistant: { ...NO_FEATURES.ai_assistant, ...parsed.ai_assistant },
      localization: { ...NO_FEATURES.localization, ...parsed.localization },
    };
  } catch {
    return NO_FEATURES;
  }
}

export async function findSubscription(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Role names the user holds on one subscription (empty when none). */
export async function rolesOn(db: Db, aid: string, subscriptionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('subscription_roles')
    .select('role')
    .where('user_aid', '=', aid)
    .where('subscription_id', '=', subscriptionId)
    .orderBy('role')
    .execute();
  return rows.map((row) => row.role);
}

/** aids of everyone holding any role on the subscription. */
export async function memberAidsOf(db: Db, subscriptionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('subscription_roles')
    .select('user_aid')
    .distinct()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('user_aid')
    .execute();
  return rows.map((row) => row.user_aid);
}

/** Users holding `role` on the subscription, by name. */
export async function usersWithRole(db: Db, subscriptionId: string, role: string): Promise<UserRow[]> {
  return usersByName(db, (db) => db.selectFrom('subscription_roles').select('user_aid').where('subscription_id', '=', subscriptionId).where('role', '=', role));
}

export interface ReachProductState {
  tenant_state: ReachTenantState;
  tenant_state_pending: boolean;
}

export async function reachProductOf(db: Db, subscriptionId: string): Promise<ReachProductState | undefined> {
  const row = await db
    .selectFrom('reach_products')
    .select(['tenant_state', 'tenant_state_pending'])
    .where('subscription_id', '=', subscriptionId)
    .executeTakeFirst();
  return row && { tenant_state: row.tenant_state, tenant_state_pending: row.tenant_state_pending === 1 };
}
