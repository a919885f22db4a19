/**
 * Who the signed-in person is to the product (foundation §1, §3, §6) and what that decides: user
 * kinds, account tiers, subscription summaries, the active-subscription guard, header controls, and
 * small identity-service rules.
 *
 * "Current subscription" everywhere here is the one the caller passes, when it is among the user's
 * subscriptions, else the default subscription (see {@link defaultSubscription}).
 */
import { remainingDays, subscriptionAlert, trialEndedRecently } from './dates.ts';
import type { SubscriptionAlert } from './dates.ts';
import {
  adminSubscriptionIds,
  appEnabledOn,
  canTranslateContent,
  defaultSubscription,
  isAdminOn,
  permissionsOn,
  roleKindOf,
  roleKindOn,
} from './roles.ts';
import type { RoleKind } from './roles.ts';
import { findSubscription, hasReach, isPersonalSubscription } from './subscriptions.ts';
import type { CurrentUser, CurrentUserSubscription, LocalizationStatus, SubscriptionPlan, SubscriptionState } from './subscriptions.ts';

/** The subscription the user is working in: `preferredId` when the user has it, else the default. */
export function currentSubscription(user: Pick<CurrentUser, 'subs' | 'roles'>, preferredId?: string | null): CurrentUserSubscription | null {
  if (preferredId) {
    const preferred = findSubscription(user, preferredId);
    if (preferred) return preferred;
  }
  return defaultSubscription(user);
}

// ---------------------------------------------------------------------------------------------
// Subscription status, entity and summary (foundation §3)

/**
 * Status of a subscription as the product shows it: `expired` when the service says inactive or no days
 * remain (below 0, see {@link remainingDays}); else `trial` for the trial plan; else `active`.
 */
export type SubscriptionStatus = 'active' | 'trial' | 'expired';

/** The status of one subscription at `nowMs`. */
export function subscriptionStatus(sub: Pick<CurrentUserSubscription, 'plan' | 'state' | 'end_date'>, nowMs: number): SubscriptionStatus {
  if (sub.state === 'inactive' || remainingDays(sub.end_date, nowMs) < 0) return 'expired';
  return sub.plan === 'trial' ? 'trial' : 'active';
}

/** The Subscription entity of foundation §3, as the client keeps it. */
export interface Subscription {
  id: string;
  name: string;
  /** The service sends no separate nickname; the name stands in. */
  nickname: string;
  plan: SubscriptionPlan;
  state: SubscriptionState;
  /** The user's role names on this subscription, as sent. */
  roles: string[];
  /** The user's permissions on this subscription (none when the service reports none). */
  permissions: string[];
  status: SubscriptionStatus;
  daysRemaining: number;
  reachTenantId: string | null;
  aiAssistant: { enabled: boolean; creditsRemaining: number | null };
  localization: {
    status: LocalizationStatus;
    termEnd: string | null;
    isTrial: boolean;
    /** Recomputed at `nowMs` with {@link trialEndedRecently}, not taken from the service. */
    trialEndedRecently: boolean;
    canTranslateContent: boolean;
  };
}

/** Builds the Subscription entity for one of the user's subscriptions at `nowMs`. */
export function subscriptionOf(user: CurrentUser, sub: CurrentUserSubscription, nowMs: number): Subscription {
  const loc = sub.features.localization;
  return {
    id: sub.id,
    name: sub.name,
    nickname: sub.name,
    plan: sub.plan,
    state: sub.state,
    roles: user.roles.filter((r) => r.subscription_id === sub.id).map((r) => r.name),
    permissions: [...(permissionsOn(user, sub.id) ?? [])],
    status: subscriptionStatus(sub, nowMs),
    daysRemaining: remainingDays(sub.end_date, nowMs),
    reachTenantId: sub.reach_tenant_id,
    aiAssistant: { enabled: sub.features.ai_assistant.enabled, creditsRemaining: sub.features.ai_assistant.credits_remaining },
    localization: {
      status: loc.status,
      termEnd: loc.term_end,
      isTrial: loc.is_trial,
      trialEndedRecently: trialEndedRecently(loc, nowMs),
      canTranslateContent: canTranslateContent(user, sub.id),
    },
  };
}

/** Subscription summary (foundation §3). */
export interface SubscriptionSummary {
  subscriptionId: string;
  plan: SubscriptionPlan;
  /** As the service reports it. */
  state: SubscriptionState;
  status: SubscriptionStatus;
  endDate: string;
  daysRemaining: number;
  role: RoleKind;
  /**
   * A trial that has run out, whose seat (or admin role) the user holds: the trial-expired screen may
   * offer to try again. Our reading; the spec names the field only.
   */
  isRetrialEligible: boolean;
  /** Admin on this subscription (a team admin is flagged is_admin). */
  isTeamAdmin: boolean;
  hasReach: boolean;
  seats: { available: number; total: number };
  enableReview: boolean;
  enableRise: boolean;
}

/** The summary of one subscription for this user at `nowMs`, or null when the user does not have it. */
export function subscriptionSummary(user: CurrentUser, subscriptionId: string, nowMs: number): SubscriptionSummary | null {
  const sub = findSubscription(user, subscriptionId);
  if (!sub) return null;
  const status = subscriptionStatus(sub, nowMs);
  const role = roleKindOn(user, sub.id);
  return {
    subscriptionId: sub.id,
    plan: sub.plan,
    state: sub.state,
    status,
    endDate: sub.end_date,
    daysRemaining: remainingDays(sub.end_date, nowMs),
    role,
    isRetrialEligible: sub.plan === 'trial' && status === 'expired' && (role === 'seatHolder' || role === 'adminOnly'),
    isTeamAdmin: isAdminOn(user, sub.id),
    hasReach: hasReach(sub),
    seats: { available: sub.available_seats, total: sub.total_seats },
    enableReview: appEnabledOn(user, sub.id, 'review'),
    enableRise: appEnabledOn(user, sub.id, 'rise'),
  };
}

/** The summary of the current subscription, or null when the user has none. */
export function currentSummary(user: CurrentUser, nowMs: number, preferredId?: string | null): SubscriptionSummary | null {
  const sub = currentSubscription(user, preferredId);
  return sub ? subscriptionSummary(user, sub.id, nowMs) : null;
}

// ---------------------------------------------------------------------------------------------
// Account user (foundation §3)

/** The account user of foundation §3: profile fields plus the subscription booleans. */
export interface AccountUser {
  id: string;
  email: string;
  avatar: string | null;
  first_name: string;
  last_name: string;
  user_name: string;
  has_no_subscriptions: boolean;
  /** Has subscriptions and every one is personal (individual or trial plan, not team). */
  is_only_personal_subscription: boolean;
  /** Some subscription has a Reach tenant. */
  has_reach_in_any_subscription: boolean;
  /** Admin on the current subscription. */
  is_admin: boolean;
  is_admin_on_only_one_subscription: boolean;
  is_not_admin_on_any_subscription: boolean;
  /** Admin on two or more subscriptions. */
  is_admin_with_several_subscriptions: boolean;
}

/** Builds the account user; `user_name` is "first last", or the e-mail when both are blank. */
export function accountUserOf(user: CurrentUser, options: { avatar?: string | null; currentSubscriptionId?: string | null } = {}): AccountUser {
  const current = currentSubscription(user, options.currentSubscriptionId);
  const adminCount = adminSubscriptionIds(user).length;
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  return {
    id: user.aid,
    email: user.email,
    avatar: options.avatar ?? null,
    first_name: user.first_name,
    last_name: user.last_name,
    user_name: fullName || user.email,
    has_no_subscriptions: user.subs.length === 0,
    is_only_personal_subscription: user.subs.length > 0 && user.subs.every(isPersonalSubscription),
    has_reach_in_any_subscription: user.subs.some(hasReach),
    is_admin: current !== null && isAdminOn(user, current.id),
    is_admin_on_only_one_subscription: adminCount === 1,
    is_not_admin_on_any_subscription: adminCount === 0,
    is_admin_with_several_subscriptions: adminCount > 1,
  };
}

// ---------------------------------------------------------------------------------------------
// User kinds and tiers (foundation §1)

/**
 * User kinds (foundation §1), in this order of precedence:
 * - `anonymous`: no account (an anonymous reviewer; pass null).
 * - `teamAdmin`: holds a seat and is admin on the subscription of that seat (the default subscription).
 * - `seatHolder`: holds a seat and is not admin on its subscription.
 * - `adminOnly`: admin on some subscription without a seat anywhere.
 * - `reachOnly`: only the reachOnly role.
 * - `nonSubscriber`: signed in with none of those roles (no subscriptions, or only unknown roles).
 */
export type UserKind = 'seatHolder' | 'teamAdmin' | 'adminOnly' | 'reachOnly' | 'nonSubscriber' | 'anonymous';

/** The user kind of a signed-in current user, or of an anonymous reviewer (null). */
export function userKind(user: Pick<CurrentUser, 'subs' | 'roles'> | null): UserKind {
  if (user === null) return 'anonymous';
  switch (roleKindOf(user)) {
    case 'seatHolder': {
      // roleKindOf only sees grants on listed subscriptions, so the default subscription is the seat's.
      const seat = defaultSubscription(user);
      return seat !== null && isAdminOn(user, seat.id) ? 'teamAdmin' : 'seatHolder';
    }
    case 'adminOnly':
      return 'adminOnly';
    case 'reachOnly':
      return 'reachOnly';
    case 'noSubscription':
      return 'nonSubscriber';
  }
}

/**
 * Account tiers (foundation §1), read from the current subscription's summary:
 * - `expired`: a seat holder whose subscription is expired (trial or paid).
 * - `trial`: a seat holder on a running trial.
 * - `teamMember`: a seat holder on a running paid plan (team or individual).
 * - `notOnTeam`: admin on the subscription without a seat (the add-to-team state).
 * - `reachOnlyMember`: only the reachOnly role on it.
 * null: no subscription, no known role on it, or anonymous; such users have no tier.
 */
export type AccountTier = 'trial' | 'expired' | 'teamMember' | 'notOnTeam' | 'reachOnlyMember';

/** The tier of a subscription summary (null summary: no tier). */
export function accountTier(summary: Pick<SubscriptionSummary, 'role' | 'status'> | null): AccountTier | null {
  if (!summary) return null;
  switch (summary.role) {
    case 'reachOnly':
      return 'reachOnlyMember';
    case 'adminOnly':
      return 'notOnTeam';
    case 'noSubscription':
      return null;
    case 'seatHolder':
      return summary.status === 'expired' ? 'expired' : summary.status === 'trial' ? 'trial' : 'teamMember';
  }
}

// ---------------------------------------------------------------------------------------------
// Active-subscription guard (foundation §2)

/** The apps behind the active-subscription guard. */
export type GuardedApp = 'rise' | 'review';
export const GUARDED_APPS: readonly GuardedApp[] = ['rise', 'review'];

/** True for an app the guard knows. */
export function isGuardedApp(value: unknown): value is GuardedApp {
  return typeof value === 'string' && (GUARDED_APPS as readonly string[]).includes(value);
}

export type AccessDecision = 'redirectToMarketing' | 'allow' | 'expired' | 'addToTeam' | 'reachOnly' | 'unknownApp';

/**
 * The active-subscription guard for rise and review (foundation §2), on the current subscription's summary:
 * - an app name other than rise or review → `unknownApp` (the caller logs an error and renders nothing);
 * - reach-only member → `reachOnly`; admin without a seat → `addToTeam`;
 * - seat holder whose subscription is expired → `expired` (checked before the app, so a lapsed
 *   subscription always shows the expired screen);
 * - seat holder on a running subscription that includes the app → `allow`;
 * - "needs redirect" → `redirectToMarketing`: no subscription (null summary, anonymous or no known role),
 *   or a running subscription that does not include this app.
 */
export function accessDecision(app: string, summary: Pick<SubscriptionSummary, 'role' | 'status' | 'enableReview' | 'enableRise'> | null): AccessDecision {
  if (!isGuardedApp(app)) return 'unknownApp';
  if (!summary) return 'redirectToMarketing';
  switch (summary.role) {
    case 'noSubscription':
      return 'redirectToMarketing';
    case 'reachOnly':
      return 'reachOnly';
    case 'adminOnly':
      return 'addToTeam';
    case 'seatHolder': {
      if (summary.status === 'expired') return 'expired';
      const included = app === 'review' ? summary.enableReview : summary.enableRise;
      return included ? 'allow' : 'redirectToMarketing';
    }
  }
}

/**
 * The blocked screen (foundation §2, §8): expired ("trial expired" or "subscription expired", with a
 * subscribe button), add to team (trial or paid body), or add to team for reach-only.
 */
export type BlockedScreen =
  | { screen: 'subscriptionExpired'; body: 'trialExpired' | 'subscriptionExpired' }
  | { screen: 'addToTeam'; body: 'trial' | 'paid' }
  | { screen: 'addToTeamReachOnly' };

/** The blocked screen for a guard decision, or null when the decision shows no blocked screen. */
export function blockedScreen(decision: AccessDecision, summary: Pick<SubscriptionSummary, 'plan'> | null): BlockedScreen | null {
  const isTrial = summary?.plan === 'trial';
  switch (decision) {
    case 'expired':
      return { screen: 'subscriptionExpired', body: isTrial ? 'trialExpired' : 'subscriptionExpired' };
    case 'addToTeam':
      return { screen: 'addToTeam', body: isTrial ? 'trial' : 'paid' };
    case 'reachOnly':
      return { screen: 'addToTeamReachOnly' };
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Header navigation (foundation §2)

/** What the header shows for the current subscription. */
export interface HeaderDecisions {
  /** The Rise link is enabled only when the subscription has Rise. */
  riseEnabled: boolean;
  /** Buy now: the current subscription is a trial plan (running or run out) the user holds a seat or admin role on. */
  showBuyNow: boolean;
  /** Shown to seat holders and admins of the subscription only. */
  alert: SubscriptionAlert;
  /**
   * With an alert: the renewal management link for users with the manage_billing permission on the
   * subscription, else a contact-admin message. Null without an alert.
   */
  renewal: 'manageRenewal' | 'contactAdmin' | null;
  /** The Training link is hidden while the dashboard-help experiment is on. */
  showTraining: boolean;
}

/** Header decisions from the current summary, the billing permission and the dashboard-help flag. */
export function headerDecisions(input: {
  summary: SubscriptionSummary | null;
  canManageBilling: boolean;
  dashboardHelpExperiment: boolean;
}): HeaderDecisions {
  const { summary } = input;
  const ownsIt = summary !== null && (summary.role === 'seatHolder' || summary.role === 'adminOnly');
  const alert = ownsIt ? subscriptionAlert(summary.daysRemaining) : null;
  return {
    riseEnabled: summary?.enableRise ?? false,
    showBuyNow: ownsIt && summary.plan === 'trial',
    alert,
    renewal: alert === null ? null : input.canManageBilling ? 'manageRenewal' : 'contactAdmin',
    showTraining: !input.dashboardHelpExperiment,
  };
}

/**
 * A header product click (foundation §2): navigate when the guard would allow the app, else open the
 * subscribe modal (unentitled, or a subscription that is not eligible).
 */
export function productClick(app: GuardedApp, summary: SubscriptionSummary | null): 'navigate' | 'subscribeModal' {
  return accessDecision(app, summary) === 'allow' ? 'navigate' : 'subscribeModal';
}

// ---------------------------------------------------------------------------------------------
// Identity service and storage (foundation §5)

/**
 * An identity-service account is invalid (foundation §5) when it is missing (null, undefined, not an
 * object) or its status is INACTIVE (compared case-insensitively).
 */
export function isInvalidAccount(account: unknown): boolean {
  if (account === null || typeof account !== 'object') return true;
  const status = (account as { status?: unknown }).status;
  return typeof status === 'string' && status.toUpperCase() === 'INACTIVE';
}

/** The identity service's "not found" error code (foundation §5). */
export const IDENTITY_NOT_FOUND_CODE = 'E0000007';

/**
 * An identity-service error means "user not found" (foundation §5): error code E0000007 (as `errorCode`
 * or `code`, on the error or its `data` body) or HTTP 404 (as `status` or `statusCode`).
 */
export function isIdentityNotFound(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const e = error as { status?: unknown; statusCode?: unknown; code?: unknown; errorCode?: unknown; data?: unknown };
  if (e.status === 404 || e.statusCode === 404) return true;
  if (e.code === IDENTITY_NOT_FOUND_CODE || e.errorCode === IDENTITY_NOT_FOUND_CODE) return true;
  const data = e.data as { errorCode?: unknown; code?: unknown } | null | undefined;
  return typeof data === 'object' && data !== null && (data.errorCode === IDENTITY_NOT_FOUND_CODE || data.code === IDENTITY_NOT_FOUND_CODE);
}

/** The prefix of local-storage keys when there is no user id (foundation §5). */
export const ANON_STORAGE_PREFIX = 'anon';

/** A local-storage key: `<user id>:<key>`, or `anon:<key>` without a user id (null or blank). */
export function storageKey(userIdOrNull: string | null, key: string): string {
  const prefix = userIdOrNull && userIdOrNull.trim() !== '' ? userIdOrNull : ANON_STORAGE_PREFIX;
  return `${prefix}:${key}`;
}

// ---------------------------------------------------------------------------------------------
// The signed-in person's account, as the session keeps it

/** Who administers what (subscription ids), from the authorized-roles call (foundation §7). */
export interface AuthorizedRoles {
  admin: string[];
  additionalAdmin: string[];
  reachMembers: string[];
}

/** The signed-in person's account as the session reads it. */
export interface SessionAccount {
  /** The default subscription (foundation §6), which flags and the header are keyed by. */
  subscriptionId: string | null;
  currentUser: CurrentUser;
  /** When the account was read (the adapter's clock), so day counts are the same in a replay. */
  fetchedAtMs: number;
  /** From the review API: staff may use the sandbox tools (foundation §6). */
  isStaff: boolean;
  isValidator: boolean;
  /** A local override of the staff flag (foundation §6 "staff can be overridden locally"); null: none. */
  staffOverride: boolean | null;
  authorizedRoles: AuthorizedRoles;
}

/**
 * Whether the person is on a team (review-and-content §6 account tiers): a team-plan subscription on which they hold
 * a role. Shared folders belong to a team; someone on none gets the add-to-team dialog instead.
 */
export function isOnTeam(account: Pick<SessionAccount, 'currentUser'> | null): boolean {
  if (!account) return false;
  const held = new Set(account.currentUser.roles.map((role) => role.subscription_id));
  return account.currentUser.subs.some((sub) => sub.plan === 'team' && held.has(sub.id));
}

/** Staff as the sandbox guard sees it: the local override when set, else the service's flag. */
export function effectiveStaff(account: Pick<SessionAccount, 'isStaff' | 'staffOverride'> | null): boolean {
  if (!account) return false;
  return account.staffOverride ?? account.isStaff;
}
