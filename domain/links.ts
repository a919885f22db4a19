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
