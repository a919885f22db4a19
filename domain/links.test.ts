import { describe, expect, it } from 'vitest';
import {
  accountManagementUrl,
  billingUrl,
  bridgeRedirectUrl,
  buyUrl,
  marketingUrl,
  reachSubscriptionUrl,
  subscriptionInviteUrl,
  subscriptionManagementUrl,
  teamManagementUrl,
  upgradeBuyUrl,
  upgradeMessage,
  upgradePlanKind,
} from './links.ts';
import type { LinkBases } from './links.ts';

const BASES: LinkBases = {
  subscriptions: 'https://id.example.com/subs/',
  account: 'https://id.example.com/account-site',
  bridge: 'https://bridge.example.com',
  marketing: 'https://www.example.com',
};

describe('external links (foundation §2: "built for subscription invite, team management, billing (built from the subscription id), account management, the reach subscription page, the bridge redirect, and a buy page")', () => {
  it.each([
    ['subscription invite', subscriptionInviteUrl(BASES, 'sub-1'), 'https://id.example.com/subs/subscriptions/sub-1/invite'],
    ['team management', teamManagementUrl(BASES, 'sub-1'), 'https://id.example.com/subs/subscriptions/sub-1/team'],
    ['billing, from the subscription id', billingUrl(BASES, 'sub-1'), 'https://id.example.com/subs/subscriptions/sub-1/billing'],
    ['billing, id escaped', billingUrl(BASES, 'a/b?c'), 'https://id.example.com/subs/subscriptions/a%2Fb%3Fc/billing'],
    ['account management', accountManagementUrl(BASES), 'https://id.example.com/account-site/account'],
    ['reach subscription page', reachSubscriptionUrl(BASES, 'sub-1'), 'https://id.example.com/subs/subscriptions/sub-1/reach'],
    ['bridge redirect', bridgeRedirectUrl(BASES), 'https://bridge.example.com/redirect'],
    ['bridge redirect for a tenant', bridgeRedirectUrl(BASES, 'reach-1234'), 'https://bridge.example.com/redirect?tenant=reach-1234'],
    ['buy page', buyUrl(BASES), 'https://www.example.com/buy'],
    ['buy page for a subscription', buyUrl(BASES, 'sub-1'), 'https://www.example.com/buy?subscription=sub-1'],
    ['subscription management', subscriptionManagementUrl(BASES, 'sub-1'), 'https://id.example.com/subs/subscriptions/sub-1'],
    ['subscription management with the try-localization flag (§4 trial landing)', subscriptionManagementUrl(BASES, 'sub-1', { tryLocalization: true }), 'https://id.example.com/subs/subscriptions/sub-1?try_localization=true'],
    ['marketing page for rise (§2 guard)', marketingUrl(BASES, 'rise'), 'https://www.example.com/rise'],
    ['marketing page for review', marketingUrl(BASES, 'review'), 'https://www.example.com/review'],
  ])('%s → %s', (_case, url, expected) => {
    expect(url).toBe(expected);
  });
});

describe('upgrade paths (foundation §2: "/tebnreviewmodal, /esbnreviewmodal, /tebnrisemodal, /esbnrisemodal, /tebnstorylinemodal, /esbnstorylinemodal, /tebnheader, /esbnheader; te variants for trial plans, es variants for paid plans")', () => {
  it.each([
    ['trial', 'review', 'https://www.example.com/buy/tebnreviewmodal'],
    ['paid', 'review', 'https://www.example.com/buy/esbnreviewmodal'],
    ['trial', 'rise', 'https://www.example.com/buy/tebnrisemodal'],
    ['paid', 'rise', 'https://www.example.com/buy/esbnrisemodal'],
    ['trial', 'storyline', 'https://www.example.com/buy/tebnstorylinemodal'],
    ['paid', 'storyline', 'https://www.example.com/buy/esbnstorylinemodal'],
    ['trial', 'header', 'https://www.example.com/buy/tebnheader'],
    ['paid', 'header', 'https://www.example.com/buy/esbnheader'],
  ] as const)('%s plan, %s → %s', (plan, placement, expected) => {
    expect(upgradeBuyUrl(BASES, { plan, placement })).toBe(expected);
  });

  it('adds the subscription to upgrade as a query, escaped', () => {
    expect(upgradeBuyUrl(BASES, { plan: 'trial', placement: 'header', subscriptionId: 'sub 1/x' })).toBe('https://www.example.com/buy/tebnheader?subscription=sub%201%2Fx');
    expect(upgradeBuyUrl(BASES, { plan: 'paid', placement: 'rise', subscriptionId: null })).toBe('https://www.example.com/buy/esbnrisemodal');
  });

  it.each([
    ['trial', 'trial'],
    ['team', 'paid'],
    ['individual', 'paid'],
    [null, 'trial'],
    [undefined, 'trial'],
  ] as const)('a %s plan takes the %s paths', (plan, kind) => {
    expect(upgradePlanKind(plan)).toBe(kind);
  });
});

describe('upgrade modal message (foundation §2 upgrade modals, §6 account tiers)', () => {
  const trial = { plan: 'trial', status: 'active', enableReview: true, enableRise: true };
  it('a running trial that includes the product is told so, never that it is missing', () => {
    expect(upgradeMessage('review', trial)).toBe('trialIncludes');
    expect(upgradeMessage('rise', trial)).toBe('trialIncludes');
    expect(upgradeMessage('header', trial)).toBe('trialIncludes');
    expect(upgradeMessage('storyline', trial)).toBe('trialIncludes');
  });
  it('a trial without the product, a paid plan without it, or no subscription: not in the plan', () => {
    expect(upgradeMessage('rise', { ...trial, enableRise: false })).toBe('notInPlan');
    expect(upgradeMessage('header', { ...trial, enableRise: false })).toBe('notInPlan');
    expect(upgradeMessage('review', { ...trial, plan: 'team', enableReview: false })).toBe('notInPlan');
    expect(upgradeMessage('review', null)).toBe('notInPlan');
  });
  it('a lapsed plan, trial or paid, ran out', () => {
    expect(upgradeMessage('review', { ...trial, status: 'expired' })).toBe('expired');
    expect(upgradeMessage('rise', { ...trial, plan: 'individual', status: 'expired' })).toBe('expired');
  });
});
