import { describe, expect, it, vi } from 'vitest';
import { DEMO, EXPIRED, sub, TEAM, TRIAL, user } from './currentUser.fixtures.ts';
import {
  actionsForRole,
  actionsForUserOn,
  adminSubscriptionIds,
  analyticsRoleLabel,
  appEnabledOn,
  canManageBilling,
  canTranslateContent,
  defaultSubscription,
  isAdminOn,
  isAdminOnOnlyOne,
  isAdminOnSeveral,
  isNotAdminOnAny,
  roleKindOf,
  roleKindOn,
} from './roles.ts';

const OTHER = sub({ id: 'other' });

describe('default subscription (foundation §6: "the seat-holder role marks the seat holder whose subscription is the default. With no seat-holder role, the first subscription is used")', () => {
  it.each([
    ['seat on the second subscription', user([TEAM, TRIAL], [['admin', 'team'], ['seat-holder', 'trial']]), 'trial'],
    ['seat on the first', user([TEAM, TRIAL], [['seat-holder', 'team']]), 'team'],
    ['no seat-holder role: the first', user([TRIAL, TEAM], [['admin', 'team']]), 'trial'],
    ['reach-only: the first', DEMO.rita, 'team'],
    ['a seat on a subscription the user does not have is ignored', user([TEAM, TRIAL], [['seat-holder', 'gone']]), 'team'],
    ['no subscriptions', DEMO.nora, null],
  ])('%s → %s', (_case, u, expected) => {
    expect(defaultSubscription(u)?.id ?? null).toBe(expected);
  });
});

describe('derived role kinds (foundation §6: seatHolder, adminOnly, reachOnly, noSubscription)', () => {
  it.each([
    ['Alex: seat and admin on the team', DEMO.alex, 'seatHolder'],
    ['Tara: seat on the team', DEMO.tara, 'seatHolder'],
    ['Trish: seat on her trial', DEMO.trish, 'seatHolder'],
    ['Eddie: seat on an expired plan (still a seat holder)', DEMO.eddie, 'seatHolder'],
    ['admin without a seat', user([TEAM], [['admin', 'team']]), 'adminOnly'],
    ['Rita: reachOnly role', DEMO.rita, 'reachOnly'],
    ['admin on one, reachOnly on another', user([TEAM, OTHER], [['reachOnly', 'team'], ['admin', 'other']]), 'adminOnly'],
    ['Nora: no subscription', DEMO.nora, 'noSubscription'],
    ['a subscription but only an unknown role', user([TEAM], [['mystery', 'team']]), 'noSubscription'],
    ['roles on subscriptions the user does not have', user([], [['seat-holder', 'team']]), 'noSubscription'],
  ])('%s → %s', (_case, u, kind) => {
    expect(roleKindOf(u)).toBe(kind);
  });

  it.each([
    ['team', 'seatHolder'],
    ['other', 'adminOnly'],
    ['trial', 'noSubscription'],
  ])('per subscription: seat on team, admin on other → %s is %s', (id, kind) => {
    expect(roleKindOn(user([TEAM, OTHER, TRIAL], [['seat-holder', 'team'], ['admin', 'other']]), id)).toBe(kind);
  });
});

describe('role → actions (foundation §6: seatHolder "may use review and rise"; §5: "Unknown role logs an error and grants no actions")', () => {
  it.each([
    ['seatHolder', ['useReview', 'useRise'], 0],
    ['adminOnly', ['manageTeam', 'manageBilling', 'activateReach'], 0],
    ['reachOnly', ['useReach'], 0],
    ['noSubscription', [], 0],
    ['superuser', [], 1],
    ['seat-holder', [], 1], // a service role name, not a derived kind
    [undefined, [], 1],
  ])('%s → %j, %i error(s) logged', (role, actions, errors) => {
    const log = vi.fn();
    expect(actionsForRole(role, log)).toEqual(actions);
    expect(log).toHaveBeenCalledTimes(errors);
  });

  it('names the unknown role in the error', () => {
    const log = vi.fn();
    actionsForRole('superuser', log);
    expect(log).toHaveBeenCalledWith('Unknown role "superuser": no actions granted');
  });

  it.each([
    ['Alex (seat and admin) on the team', DEMO.alex, 'team', ['useReview', 'useRise', 'manageTeam', 'manageBilling', 'activateReach'], 0],
    ['Rita on the team', DEMO.rita, 'team', ['useReach'], 0],
    ['Tara on a subscription she is not on', DEMO.tara, 'trial', [], 0],
    ['seat plus an unknown role: the unknown one grants nothing and is logged', user([TEAM], [['seat-holder', 'team'], ['owner', 'team']]), 'team', ['useReview', 'useRise'], 1],
  ])('actions of %s', (_case, u, subId, actions, errors) => {
    const log = vi.fn();
    expect(actionsForUserOn(u, subId, log)).toEqual(actions);
    expect(log).toHaveBeenCalledTimes(errors);
  });
});

describe('admin checks (foundation §6: "admin on the current subscription; admin on exactly one subscription; admin on several")', () => {
  const severalAdmin = user([TEAM, OTHER, TRIAL], [['admin', 'team'], ['admin', 'other'], ['admin', 'team']]);
  it.each([
    ['Alex: admin on the team', DEMO.alex, ['team'], true, false, false],
    ['Tara: no admin role', DEMO.tara, [], false, false, true],
    ['admin on two subscriptions (one listed twice)', severalAdmin, ['team', 'other'], false, true, false],
    ['admin on a subscription the user does not have', user([TEAM], [['admin', 'gone']]), [], false, false, true],
  ])('%s → ids %j, only one %s, several %s, none %s', (_case, u, ids, one, several, none) => {
    expect(adminSubscriptionIds(u)).toEqual(ids);
    expect(isAdminOnOnlyOne(u)).toBe(one);
    expect(isAdminOnSeveral(u)).toBe(several);
    expect(isNotAdminOnAny(u)).toBe(none);
  });

  it.each([
    [DEMO.alex, 'team', true],
    [DEMO.tara, 'team', false],
    [DEMO.alex, 'trial', false],
  ])('admin on the subscription: %#', (u, id, expected) => {
    expect(isAdminOn(u, id)).toBe(expected);
  });
});

describe('permissions (foundation §6: from the subscription service; translate-content enables translating)', () => {
  it.each([
    ['Alex (admin) on the team', DEMO.alex, 'team', true, true, 'admin'],
    ['Tara (seat) on the team', DEMO.tara, 'team', false, true, 'creator'],
    ['Rita (reach-only) on the team', DEMO.rita, 'team', false, false, null],
    ['Tara on a subscription without reported permissions', DEMO.tara, 'trial', false, false, null],
  ])('%s → billing %s, translate %s, analytics label %s', (_case, u, id, billing, translate, label) => {
    expect(canManageBilling(u, id)).toBe(billing);
    expect(canTranslateContent(u, id)).toBe(translate);
    expect(analyticsRoleLabel(u, id)).toBe(label);
  });
});

describe('app flags (foundation §6: seatHolder "may use review and rise; flags default true")', () => {
  const noRise = { ...DEMO.tara, subscription_permissions: { team: ['use_review'] } };
  const unreported = { ...DEMO.tara, subscription_permissions: {} };
  it.each([
    ['seat holder with both permissions', DEMO.tara, 'team', true, true],
    ['seat holder, no permissions reported: default true', unreported, 'team', true, true],
    ['seat holder whose subscription lacks rise', noRise, 'team', true, false],
    ['seat holder on an expired plan (the guard blocks separately)', DEMO.eddie, EXPIRED.id, true, true],
    ['admin without a seat', user([TEAM], [['admin', 'team']]), 'team', false, false],
    ['reach-only', DEMO.rita, 'team', false, false],
  ])('%s → review %s, rise %s', (_case, u, id, review, rise) => {
    expect(appEnabledOn(u, id, 'review')).toBe(review);
    expect(appEnabledOn(u, id, 'rise')).toBe(rise);
  });
});
