import { describe, expect, it } from 'vitest';
import {
  accessDecision,
  accountTier,
  accountUserOf,
  isOnTeam,
  blockedScreen,
  currentSubscription,
  currentSummary,
  headerDecisions,
  isIdentityNotFound,
  isInvalidAccount,
  productClick,
  storageKey,
  subscriptionOf,
  subscriptionStatus,
  subscriptionSummary,
  userKind,
} from './account.ts';
import type { SubscriptionSummary } from './account.ts';
import { DEMO, EXPIRED, inDays, NOW_MS, sub, TEAM, TRIAL, user } from './currentUser.fixtures.ts';

const ADMIN_ONLY = user([TEAM], [['admin', 'team']]);
const ADMIN_ONLY_TRIAL = user([TRIAL], [['admin', 'trial']]);
const EXPIRED_TRIAL = sub({ id: 'oldtrial', plan: 'trial', end_date: inDays(-3) });
const TRISH_EXPIRED = user([EXPIRED_TRIAL], [['seat-holder', 'oldtrial']]);
const NO_RISE = { ...DEMO.tara, subscription_permissions: { team: ['use_review'] } };

const summaryOf = (u: Parameters<typeof currentSummary>[0]) => currentSummary(u, NOW_MS);

describe('subscription status', () => {
  it.each([
    ['active team plan', TEAM, 'active'],
    ['running trial', TRIAL, 'trial'],
    ['service says inactive', EXPIRED, 'expired'],
    ['state active but the end date is past', EXPIRED_TRIAL, 'expired'],
    ['ends today: 0 days left is not expired', sub({ id: 'x', end_date: inDays(0) }), 'active'],
  ])('%s → %s', (_case, s, status) => {
    expect(subscriptionStatus(s, NOW_MS)).toBe(status);
  });
});

describe('user kinds (foundation §1: seat holders, team admins, admin-only users, reach-only users, non-subscribers, anonymous reviewers)', () => {
  it.each([
    ['Alex: admin with a seat', DEMO.alex, 'teamAdmin'],
    ['Tara: seat, not admin', DEMO.tara, 'seatHolder'],
    ['Trish: seat on her trial', DEMO.trish, 'seatHolder'],
    ['Eddie: seat on an expired plan', DEMO.eddie, 'seatHolder'],
    ['"admin without a seat"', ADMIN_ONLY, 'adminOnly'],
    ['Rita: "members of the learning-management product only"', DEMO.rita, 'reachOnly'],
    ['Nora: no subscription', DEMO.nora, 'nonSubscriber'],
    ['a subscription with only an unknown role', user([TEAM], [['mystery', 'team']]), 'nonSubscriber'],
    ['seat on one subscription, admin on another: admin of a different team', user([TRIAL, TEAM], [['seat-holder', 'trial'], ['admin', 'team']]), 'seatHolder'],
    ['anonymous reviewer (no account)', null, 'anonymous'],
  ])('%s → %s', (_case, u, kind) => {
    expect(userKind(u)).toBe(kind);
  });
});

describe('account tiers (foundation §1: trial, expired, team member, not on a team, reach-only member)', () => {
  it.each([
    ['Trish: running trial', DEMO.trish, 'trial'],
    ['a trial that ran out', TRISH_EXPIRED, 'expired'],
    ['Eddie: individual plan expired 10 days ago', DEMO.eddie, 'expired'],
    ['Tara: seat on the active team', DEMO.tara, 'teamMember'],
    ['Alex: admin with a seat', DEMO.alex, 'teamMember'],
    ['admin without a seat', ADMIN_ONLY, 'notOnTeam'],
    ['Rita: reach-only', DEMO.rita, 'reachOnlyMember'],
    ['Nora: no subscription', DEMO.nora, null],
    ['only an unknown role', user([TEAM], [['mystery', 'team']]), null],
  ])('%s → %s', (_case, u, tier) => {
    expect(accountTier(summaryOf(u))).toBe(tier);
  });
});

describe('active-subscription guard (foundation §2: "needing redirect goes to the suite\'s marketing page"; "a valid active subscription sees the page"; "everyone else sees the expired, add-to-team or reach-only screen"; "An unknown app name logs an error and renders nothing")', () => {
  it.each([
    ['review', 'Tara (active team seat)', DEMO.tara, 'allow'],
    ['rise', 'Tara (active team seat)', DEMO.tara, 'allow'],
    ['review', 'Alex (team admin)', DEMO.alex, 'allow'],
    ['review', 'Trish (running trial)', DEMO.trish, 'allow'],
    ['review', 'Eddie (expired)', DEMO.eddie, 'expired'],
    ['rise', 'an expired trial', TRISH_EXPIRED, 'expired'],
    ['review', 'admin without a seat', ADMIN_ONLY, 'addToTeam'],
    ['review', 'Rita (reach-only)', DEMO.rita, 'reachOnly'],
    ['rise', 'Rita (reach-only)', DEMO.rita, 'reachOnly'],
    ['review', 'Nora (no subscription)', DEMO.nora, 'redirectToMarketing'],
    ['review', 'only an unknown role', user([TEAM], [['mystery', 'team']]), 'redirectToMarketing'],
    ['rise', 'a subscription without rise', NO_RISE, 'redirectToMarketing'],
    ['review', 'a subscription without rise', NO_RISE, 'allow'],
    ['storyline', 'Tara', DEMO.tara, 'unknownApp'],
    ['', 'Tara', DEMO.tara, 'unknownApp'],
  ])('%s for %s → %s', (app, _who, u, decision) => {
    expect(accessDecision(app, summaryOf(u))).toBe(decision);
  });

  it.each([
    ['review', 'redirectToMarketing'],
    ['studio', 'unknownApp'],
  ])('%s without any summary (anonymous) → %s', (app, decision) => {
    expect(accessDecision(app, null)).toBe(decision);
  });
});

describe('blocked screens (foundation §2: "when a subscription has expired, the user is not on the team, or the user is reach-only"; §8: "trial expired or subscription expired")', () => {
  it.each([
    ['Eddie (paid plan expired)', DEMO.eddie, { screen: 'subscriptionExpired', body: 'subscriptionExpired' }],
    ['an expired trial', TRISH_EXPIRED, { screen: 'subscriptionExpired', body: 'trialExpired' }],
    ['admin without a seat on a paid team', ADMIN_ONLY, { screen: 'addToTeam', body: 'paid' }],
    ['admin without a seat on a trial', ADMIN_ONLY_TRIAL, { screen: 'addToTeam', body: 'trial' }],
    ['Rita (reach-only)', DEMO.rita, { screen: 'addToTeamReachOnly' }],
    ['Tara (allowed)', DEMO.tara, null],
    ['Nora (redirected, not blocked)', DEMO.nora, null],
  ])('%s → %j', (_case, u, screen) => {
    const summary = summaryOf(u);
    expect(blockedScreen(accessDecision('review', summary), summary)).toEqual(screen);
  });
});

describe('header navigation (foundation §2)', () => {
  const header = (u: Parameters<typeof currentSummary>[0], canManageBilling = false, dashboardHelpExperiment = false) =>
    headerDecisions({ summary: summaryOf(u), canManageBilling, dashboardHelpExperiment });

  it.each([
    ['Tara: subscription has rise', DEMO.tara, true],
    ['subscription lacks rise', NO_RISE, false],
    ['Rita (reach-only)', DEMO.rita, false],
    ['Nora (no subscription)', DEMO.nora, false],
  ])('"Rise at /rise (disabled when the subscription lacks it)": %s → enabled %s', (_case, u, enabled) => {
    expect(header(u).riseEnabled).toBe(enabled);
  });

  it.each([
    ['Trish: running trial', DEMO.trish, true],
    ['a trial that ran out', TRISH_EXPIRED, true],
    ['admin of a trial without a seat', ADMIN_ONLY_TRIAL, true],
    ['Tara: paid team', DEMO.tara, false],
    ['Eddie: paid plan expired', DEMO.eddie, false],
    ['Nora: no subscription', DEMO.nora, false],
  ])('"A buy-now control shows for eligible trial states": %s → %s', (_case, u, shown) => {
    expect(header(u).showBuyNow).toBe(shown);
  });

  const renewing = user([sub({ id: 'r', end_date: inDays(20) })], [['seat-holder', 'r'], ['admin', 'r']]);
  const renewingMember = user([sub({ id: 'r', end_date: inDays(20) })], [['seat-holder', 'r']]);
  it.each([
    ['admin, 20 days left, manage_billing', renewing, true, 'renewal', 'manageRenewal'],
    ['member, 20 days left, no billing permission', renewingMember, false, 'renewal', 'contactAdmin'],
    ['Trish, 14 days left on her trial, no billing permission', DEMO.trish, false, 'renewal', 'contactAdmin'],
    ['Eddie, expired 10 days ago', DEMO.eddie, false, 'expired', 'contactAdmin'],
    ['Alex, 200 days left: no alert, no renewal control', DEMO.alex, true, null, null],
    ['Rita (reach-only) sees no alert', { ...DEMO.rita, subs: [sub({ id: 'team', end_date: inDays(5) })] }, false, null, null],
    ['Nora: nothing', DEMO.nora, false, null, null],
  ])('"The renewal management link shows only for roles able to handle billing; others see a contact-admin message": %s', (_case, u, billing, alert, renewal) => {
    const decided = header(u, billing);
    expect(decided.alert).toBe(alert);
    expect(decided.renewal).toBe(renewal);
  });

  it.each([
    [false, true],
    [true, false],
  ])('"Training link … hidden when the dashboard-help experiment is on": experiment %s → shown %s', (experiment, shown) => {
    expect(header(DEMO.tara, false, experiment).showTraining).toBe(shown);
  });

  it.each([
    ['review', DEMO.tara, 'navigate'],
    ['rise', NO_RISE, 'subscribeModal'],
    ['review', DEMO.eddie, 'subscribeModal'],
    ['review', DEMO.nora, 'subscribeModal'],
    ['rise', DEMO.rita, 'subscribeModal'],
  ] as const)('"Clicking a product while unentitled or in a non-eligible subscription opens a subscribe modal": %s %#', (app, u, outcome) => {
    expect(productClick(app, summaryOf(u))).toBe(outcome);
  });
});

describe('subscription summary (foundation §3)', () => {
  it('of Alex on the team', () => {
    expect(subscriptionSummary(DEMO.alex, 'team', NOW_MS)).toEqual<SubscriptionSummary>({
      subscriptionId: 'team',
      plan: 'team',
      state: 'active',
      status: 'active',
      endDate: TEAM.end_date,
      daysRemaining: 200,
      role: 'seatHolder',
      isRetrialEligible: false,
      isTeamAdmin: true,
      hasReach: true,
      seats: { available: 6, total: 10 },
      enableReview: true,
      enableRise: true,
    });
  });

  it.each([
    ['Alex, team', DEMO.alex, 'team', { role: 'seatHolder', isTeamAdmin: true, hasReach: true, isRetrialEligible: false }],
    ['Rita, team', DEMO.rita, 'team', { role: 'reachOnly', isTeamAdmin: false, hasReach: true, enableReview: false, enableRise: false }],
    ['Trish, her trial', DEMO.trish, 'trial', { status: 'trial', daysRemaining: 14, isRetrialEligible: false, hasReach: false }],
    ['an expired trial', TRISH_EXPIRED, 'oldtrial', { status: 'expired', daysRemaining: -3, isRetrialEligible: true }],
    ['Eddie, expired paid plan', DEMO.eddie, 'expired', { status: 'expired', state: 'inactive', daysRemaining: -10, isRetrialEligible: false }],
  ])('%s', (_case, u, id, fields) => {
    expect(subscriptionSummary(u, id, NOW_MS)).toMatchObject(fields);
  });

  it('is null for a subscription the user does not have', () => {
    expect(subscriptionSummary(DEMO.tara, 'trial', NOW_MS)).toBeNull();
  });

  it.each([
    ['preferred and held', 'other', 'other'],
    ['preferred but not held: the default', 'gone', 'team'],
    ['none: the default (the seat)', null, 'team'],
  ])('current subscription: %s → %s', (_case, preferred, expected) => {
    const u = user([sub({ id: 'other' }), TEAM], [['seat-holder', 'team']]);
    expect(currentSubscription(u, preferred)?.id).toBe(expected);
  });
});

describe('subscription entity (foundation §3; §4: localization status trial or inactive, trial ended recently)', () => {
  const endedRecently = sub({
    id: 'loc',
    features: {
      ai_assistant: { enabled: false, credits_remaining: null },
      localization: { status: 'inactive', term_end: inDays(-2), is_trial: false, trial_ended_recently: false },
    },
  });
  it.each([
    ['team on a localization trial', DEMO.tara, TEAM, { status: 'trial', termEnd: inDays(30), isTrial: true, trialEndedRecently: false, canTranslateContent: true }],
    ['Eddie: inactive, term ended 10 days ago', DEMO.eddie, EXPIRED, { status: 'inactive', termEnd: inDays(-10), isTrial: false, trialEndedRecently: false, canTranslateContent: true }],
    ['inactive, term ended 2 days ago (service flag says false; recomputed)', user([endedRecently], [['reachOnly', 'loc']]), endedRecently, { status: 'inactive', termEnd: inDays(-2), isTrial: false, trialEndedRecently: true, canTranslateContent: false }],
  ])('localization of %s', (_case, u, s, localization) => {
    expect(subscriptionOf(u, s, NOW_MS).localization).toEqual(localization);
  });

  it('carries roles, permissions, status, days remaining and AI assistant info', () => {
    expect(subscriptionOf(DEMO.alex, TEAM, NOW_MS)).toMatchObject({
      id: 'team',
      name: 'Demo Team',
      nickname: 'Demo Team',
      roles: ['seat-holder', 'admin'],
      permissions: ['use_review', 'use_rise', 'create_content', 'translate_content', 'manage_users', 'manage_billing', 'manage_subscription'],
      status: 'active',
      daysRemaining: 200,
      reachTenantId: 'reach-1234',
      aiAssistant: { enabled: true, creditsRemaining: 500 },
    });
  });
});

describe('account user booleans (foundation §3)', () => {
  const multiAdmin = user([TEAM, sub({ id: 'other' })], [['seat-holder', 'team'], ['admin', 'team'], ['admin', 'other']]);
  const onlyPersonal = user([TRIAL, EXPIRED], [['seat-holder', 'trial']]);
  it.each([
    ['Alex', DEMO.alex, null, { has_no_subscriptions: false, is_only_personal_subscription: false, has_reach_in_any_subscription: true, is_admin: true, is_admin_on_only_one_subscription: true, is_not_admin_on_any_subscription: false, is_admin_with_several_subscriptions: false }],
    ['Tara', DEMO.tara, null, { is_admin: false, is_admin_on_only_one_subscription: false, is_not_admin_on_any_subscription: true, is_admin_with_several_subscriptions: false }],
    ['Trish (trial only)', DEMO.trish, null, { is_only_personal_subscription: true, has_reach_in_any_subscription: false }],
    ['trial and individual plans', onlyPersonal, null, { is_only_personal_subscription: true }],
    ['Nora', DEMO.nora, null, { has_no_subscriptions: true, is_only_personal_subscription: false, has_reach_in_any_subscription: false, is_admin: false, is_not_admin_on_any_subscription: true }],
    ['admin on two subscriptions', multiAdmin, null, { is_admin: true, is_admin_on_only_one_subscription: false, is_admin_with_several_subscriptions: true }],
    ['seat on trial, admin on team, current = trial', user([TRIAL, TEAM], [['seat-holder', 'trial'], ['admin', 'team']]), null, { is_admin: false, is_admin_on_only_one_subscription: true }],
    ['seat on trial, admin on team, current = team', user([TRIAL, TEAM], [['seat-holder', 'trial'], ['admin', 'team']]), 'team', { is_admin: true }],
  ])('%s', (_case, u, current, flags) => {
    expect(accountUserOf(u, { currentSubscriptionId: current })).toMatchObject(flags);
  });

  it.each([
    ['Alex', 'Admin', 'Alex Admin'],
    ['', '', 'someone@example.com'],
  ])('user_name of %j %j → %j', (first, last, name) => {
    expect(accountUserOf(user([], [], { first_name: first, last_name: last })).user_name).toBe(name);
  });
});

describe('invalid account (foundation §5: "A user whose account is missing or INACTIVE is treated as invalid")', () => {
  it.each([
    ['missing (null)', null, true],
    ['missing (undefined)', undefined, true],
    ['INACTIVE', { id: 'u1', status: 'INACTIVE' }, true],
    ['inactive, any case', { status: 'Inactive' }, true],
    ['ACTIVE', { id: 'u1', status: 'ACTIVE' }, false],
    ['no status', { id: 'u1' }, false],
    ['not an object', 'u1', true],
  ])('%s → %s', (_case, account, invalid) => {
    expect(isInvalidAccount(account)).toBe(invalid);
  });
});

describe('identity-service not found (foundation §5: "error code E0000007, or HTTP 404")', () => {
  it.each([
    ['errorCode E0000007', { errorCode: 'E0000007', errorSummary: 'Not found' }, true],
    ['code E0000007', { code: 'E0000007' }, true],
    ['E0000007 in the response body', { status: 400, data: { errorCode: 'E0000007' } }, true],
    ['HTTP 404 status', { status: 404 }, true],
    ['HTTP 404 statusCode', { statusCode: 404 }, true],
    ['another code', { errorCode: 'E0000011', status: 401 }, false],
    ['HTTP 500', { status: 500 }, false],
    ['a network error', new TypeError('fetch failed'), false],
    ['nothing', null, false],
  ])('%s → %s', (_case, error, notFound) => {
    expect(isIdentityNotFound(error)).toBe(notFound);
  });
});

describe('local-storage keys (foundation §5: "prefixed with the user id or \\"anon\\"")', () => {
  it.each([
    ['anon|rev@example.com', 'surveyHiddenUntil', 'anon|rev@example.com:surveyHiddenUntil'],
    [null, 'surveyHiddenUntil', 'anon:surveyHiddenUntil'],
    ['', 'surveyHiddenUntil', 'anon:surveyHiddenUntil'],
    ['aid-1', 'grid.sort', 'aid-1:grid.sort'],
  ])('%j + %j → %j', (id, key, expected) => {
    expect(storageKey(id, key)).toBe(expected);
  });
});

describe('isOnTeam (review-and-content §6 account tiers)', () => {
  const sub = (id: string, plan: 'team' | 'individual' | 'trial') => ({ id, name: id, available_seats: 1, total_seats: 1, end_date: '2030-01-01T00:00:00Z', renewal_date: null, plan, state: 'active' as const, reach_tenant_id: null, features: {} as never });
  const account = (subs: ReturnType<typeof sub>[], roles: string[]) => ({ currentUser: { subs, roles: roles.map((id) => ({ name: 'seat-holder', subscription_id: id })) } as never });
  it('a role on a team-plan subscription is a team; an individual plan, a trial or a team without a role is not', () => {
    expect(isOnTeam(account([sub('t', 'team')], ['t']))).toBe(true);
    expect(isOnTeam(account([sub('i', 'individual')], ['i']))).toBe(false);
    expect(isOnTeam(account([sub('tr', 'trial')], ['tr']))).toBe(false);
    expect(isOnTeam(account([sub('t', 'team')], []))).toBe(false);
    expect(isOnTeam(null)).toBe(false);
  });
});
