/**
 * The learning product (Reach) activation of foundation §4, §7: what the product API's tenant state means to the flow.
 */

/** Activation poll interval while the tenant is pending (foundation §9). */
export const ACTIVATION_POLL_MS = 1000;

/** The hash the page reloads with once the product is active (foundation §2). */
export const REACH_ACTIVATED_HASH = '#reachActivated';

/** GET {product api}/subscriptions/{id}/products/reach (foundation §3 product state response). */
export interface ReachProductState {
  tenant_state: string;
  tenant_state_pending: boolean;
}

export type ReachReading = 'pending' | 'activated' | 'disabled';

/** Pending while tenant_state_pending; otherwise activated unless the state is disabled (foundation §4). */
export function readReachState(state: ReachProductState): ReachReading {
  if (state.tenant_state_pending) return 'pending';
  return state.tenant_state === 'disabled' ? 'disabled' : 'activated';
}

/** Reads an untrusted product state body; throws when it is not one. */
export function parseReachState(raw: unknown): ReachProductState {
  const body = raw as Record<string, unknown> | null;
  if (!body || typeof body.tenant_state !== 'string' || typeof body.tenant_state_pending !== 'boolean') throw new Error('The learning product state is not readable.');
  return { tenant_state: body.tenant_state, tenant_state_pending: body.tenant_state_pending };
}

/** An admin found by the admin search (foundation §3 admin search result). */
export interface AdminResult {
  aid: string;
  first_name: string;
  last_name: string;
  avatar: { small: string };
}

/** The admin search's debounce (foundation §9). */
export const ADMIN_SEARCH_DEBOUNCE_MS = 250;

/** The course title the activation request names (foundation §7 "course_title and admin_id for a request"). */
export const ACTIVATION_REQUEST_COURSE_TITLE = 'Reach activation request';

/** The trial request kinds of foundation §7. */
export type TrialRequestKind = 'selfInitiated' | 'salesDemo';

export const TRIAL_PATHS: Readonly<Record<TrialRequestKind, string>> = {
  selfInitiated: '/translations/trialexp/self-initiated',
  salesDemo: '/translations/trialexp/sales-demo',
};

/** The celebration after a trial request (foundation §9). */
export const CELEBRATION = { delayMs: 900, durationMs: 10_000, pieces: 500 } as const;
