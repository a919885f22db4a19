/**
 * What the header shows (foundation §2 Header navigation), as plain data: the views render it, the
 * tests check it without a DOM (menus render their items only when open).
 */
import { currentSubscription, effectiveStaff, headerDecisions, productClick, type SessionAccount, type SubscriptionSummary } from '../../../domain/account.ts';
import type { LinkName } from '../../../domain/config.ts';
import { accountManagementUrl, billingUrl, bridgeRedirectUrl, upgradeBuyUrl, upgradePlanKind } from '../../../domain/links.ts';
import { canManageBilling } from '../../../domain/roles.ts';
import type { AccountStatus } from '../useAccount.ts';

/** A header product entry: a plain link, or a control that opens the subscribe modal (unentitled or not eligible). */
export type ProductEntry = 'navigate' | 'subscribeModal';

export type HeaderAlert =
  | { kind: 'renewal'; daysRemaining: number; action: HeaderAlertAction }
  | { kind: 'expired'; daysRemaining: number; action: HeaderAlertAction };

/** With an alert: the renewal management link for people who handle billing, else a contact-admin message. */
export type HeaderAlertAction = { kind: 'manageRenewal'; url: string } | { kind: 'contactAdmin' };

/** The account menu's entries, in order. */
export type AccountMenuEntry = 'account' | 'notificationSettings' | 'restoreStaffView' | 'downloadSessionLog' | 'charts' | 'sandbox' | 'replaySessionLog' | 'signOut';

export interface HeaderModel {
  rise: ProductEntry;
  review: ProductEntry;
  /** The learning platform's bridge sign-in, for the current subscription's Reach tenant when it has one. */
  reachUrl: string;
  /** The external training site, or null while the dashboard-help experiment hides it. */
  trainingUrl: string | null;
  /** The header upgrade path (te for trial plans, es for paid), or null when buy now does not show. */
  buyNowUrl: string | null;
  alert: HeaderAlert | null;
  accountUrl: string;
  accountMenu: AccountMenuEntry[];
  help: { support: string; training: string; community: string };
}

export interface HeaderModelInput {
  status: AccountStatus;
  account: SessionAccount | null;
  summary: SubscriptionSummary | null;
  links: Record<LinkName, string>;
  /** The current path (wouter location). */
  location: string;
  dashboardHelpExperiment: boolean;
}

/** The review area: /review and everything under it. */
export function isReviewArea(location: string): boolean {
  return location === '/review' || location.startsWith('/review/');
}

/**
 * The header for the signed-in person. Until the account is read (or when reading it failed) the
 * products are plain links and the guards decide: an upgrade modal must not open on a guess.
 */
export function headerModel(input: HeaderModelInput): HeaderModel {
  const { account, summary, links } = input;
  const known = input.status === 'ready';
  const decisions = headerDecisions({
    summary: known ? summary : null,
    canManageBilling: known && account !== null && summary !== null && canManageBilling(account.currentUser, summary.subscriptionId),
    dashboardHelpExperiment: input.dashboardHelpExperiment,
  });
  const product = (app: 'rise' | 'review'): ProductEntry => (known ? productClick(app, summary) : 'navigate');
  const tenant = account ? (currentSubscription(account.currentUser, account.subscriptionId)?.reach_tenant_id ?? null) : null;

  let alert: HeaderAlert | null = null;
  if (decisions.alert !== null && summary !== null) {
    const action: HeaderAlertAction = decisions.renewal === 'manageRenewal' ? { kind: 'manageRenewal', url: billingUrl(links, summary.subscriptionId) } : { kind: 'contactAdmin' };
    alert = { kind: decisions.alert, daysRemaining: summary.daysRemaining, action };
  }

  const accountMenu: AccountMenuEntry[] = ['account'];
  if (isReviewArea(input.location)) accountMenu.push('notificationSettings');
  if (account !== null && account.staffOverride !== null) accountMenu.push('restoreStaffView');
  accountMenu.push('downloadSessionLog');
  // Staff tools: the charts studio (/charts), the sandbox tools (/sandbox) and the support replay viewer (/support/replay).
  if (effectiveStaff(account)) accountMenu.push('charts', 'sandbox', 'replaySessionLog');
  accountMenu.push('signOut');

  return {
    // Rise without Rise in the subscription is unentitled: its click opens the subscribe modal (foundation §2).
    rise: product('rise'),
    review: product('review'),
    reachUrl: bridgeRedirectUrl(links, tenant),
    trainingUrl: decisions.showTraining ? links.training : null,
    buyNowUrl:
      decisions.showBuyNow && summary !== null
        ? upgradeBuyUrl(links, { plan: upgradePlanKind(summary.plan), placement: 'header', subscriptionId: summary.subscriptionId })
        : null,
    alert,
    accountUrl: accountManagementUrl(links),
    accountMenu,
    help: { support: links.support, training: links.training, community: links.community },
  };
}
