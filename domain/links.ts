/**
 * External links of foundation §2: subscription invite, team management, billing, account management,
 * the Reach subscription page, the bridge redirect and the buy page, plus the marketing page the
 * active-subscription guard redirects to and subscription management with the try-localization flag.
 *
 * The spec gives no addresses. The paths below are stand-in addresses served by the reference service's
 * stand-ins; a deployment points the base URLs at the real services.
 */

/** Base URLs the links are built on (from the runtime config). */
export interface LinkBases {
  /** The subscription-management site (invite, team, billing, Reach page, subscription management). */
  subscriptions: string;
  /** The account-management site. */
  account: string;
  /** The learning platform's bridge sign-in. */
  bridge: string;
  /** The suite's marketing site (buy page, per-app marketing pages). */
  marketing: string;
}

function join(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

const seg = encodeURIComponent;

/** Invite people to a subscription: `{subscriptions}/subscriptions/{id}/invite`. */
export function subscriptionInviteUrl(bases: LinkBases, subscriptionId: string): string {
  return join(bases.subscriptions, `/subscriptions/${seg(subscriptionId)}/invite`);
}

/** Manage a subscription's team: `{subscriptions}/subscriptions/{id}/team`. */
export function teamManagementUrl(bases: LinkBases, subscriptionId: string): string {
  return join(bases.subscriptions, `/subscriptions/${seg(subscriptionId)}/team`);
}

/** Billing of a subscription (renewal management): `{subscriptions}/subscriptions/{id}/billing`. */
export function billingUrl(bases: LinkBases, subscriptionId: string): string {
  return join(bases.subscriptions, `/subscriptions/${seg(subscriptionId)}/billing`);
}

/** Subscription management, optionally with the try-localization flag (foundation §4, trial landing). */
export function subscriptionManagementUrl(bases: LinkBases, subscriptionId: string, options: { tryLocalization?: boolean } = {}): string {
  const url = join(bases.subscriptions, `/subscriptions/${seg(subscriptionId)}`);
  return options.tryLocalization ? `${url}?try_localization=true` : url;
}

/** Account management: `{account}/account`. */
export function accountManagementUrl(bases: LinkBases): string {
  return join(bases.account, '/account');
}

/** The Reach page of a subscription: `{subscriptions}/subscriptions/{id}/reach`. */
export function reachSubscriptionUrl(bases: LinkBases, subscriptionId: string): string {
  return join(bases.subscriptions, `/subscriptions/${seg(subscriptionId)}/reach`);
}

/** The bridge sign-in redirect, for a Reach tenant when known: `{bridge}/redirect[?tenant=…]`. */
export function bridgeRedirectUrl(bases: LinkBases, reachTenantId: string | null = null): string {
  const url = join(bases.bridge, '/redirect');
  return reachTenantId ? `${url}?tenant=${seg(reachTenantId)}` : url;
}

/** The buy page: `{marketing}/buy`, with the subscription to upgrade when known. */
export function buyUrl(bases: LinkBases, subscriptionId: string | null = null): string {
  const url = join(bases.marketing, '/buy');
  return subscriptionId ? `${url}?subscription=${seg(subscriptionId)}` : url;
}

/** The marketing page of an app, where the active-subscription guard sends users who need a redirect. */
export function marketingUrl(bases: LinkBases, app: 'rise' | 'review'): string {
  return join(bases.marketing, `/${app}`);
}

/** Where an upgrade path starts: one of the product modals, or the header's buy-now control (foundation §2). */
export type UpgradePlacement = 'review' | 'rise' | 'storyline' | 'header';
export const UPGRADE_PLACEMENTS: readonly UpgradePlacement[] = ['review', 'rise', 'storyline', 'header'];

/** Which family of upgrade paths applies: `te` paths for trial plans, `es` paths for paid plans. */
export type UpgradePlanKind = 'trial' | 'paid';

/** The upgrade path family of a plan: trial (also when there is no subscription to read) or paid. */
export function upgradePlanKind(plan: string | null | undefined): UpgradePlanKind {
  return plan == null || plan === 'trial' ? 'trial' : 'paid';
}

/** What the upgrade modal says (foundation §2 upgrade modals, §6 account tiers). */
export type UpgradeMessage = 'notInPlan' | 'expired' | 'trialIncludes';

/**
 * The upgrade modal's message for the current subscription: a lapsed plan ran out ('expired'); a running trial
 * that includes the product ('trialIncludes': the whole suite for Storyline and the header, i.e. Review and Rise
 * both on) is told to buy before the trial ends, never that the product is missing; otherwise 'notInPlan'.
 */
export function upgradeMessage(
  placement: UpgradePlacement,
  summary: { plan: string; status: string; enableReview: boolean; enableRise: boolean } | null,
): UpgradeMessage {
  if (summary === null) return 'notInPlan';
  if (summary.status === 'expired') return 'expired';
  if (summary.plan !== 'trial') return 'notInPlan';
  const included = placement === 'review' ? summary.enableReview : placement === 'rise' ? summary.enableRise : summary.enableReview && summary.enableRise;
  return included ? 'trialIncludes' : 'notInPlan';
}

/**
 * The buy page of an upgrade path (foundation §2 "upgrade modals and header paths … te variants for
 * trial plans, es variants for paid plans"): `{marketing}/buy/<te|es>bn<placement>modal` for the
 * review, rise and storyline modals, `{marketing}/buy/<te|es>bnheader` for the header, with the
 * subscription to upgrade as a `subscription` query when known.
 */
export function upgradeBuyUrl(bases: LinkBases, options: { plan: UpgradePlanKind; placement: UpgradePlacement; subscriptionId?: string | null }): string {
  const family = options.plan === 'trial' ? 'te' : 'es';
  const path = options.placement === 'header' ? `${family}bnheader` : `${family}bn${options.placement}modal`;
  const url = join(bases.marketing, `/buy/${path}`);
  return options.subscriptionId ? `${url}?subscription=${seg(options.subscriptionId)}` : url;
}
