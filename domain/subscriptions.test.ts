import { describe, expect, it } from 'vitest';
import { DEMO, EXPIRED, TEAM, TRIAL } from './currentUser.fixtures.ts';
import type { CurrentUser } from './subscriptions.ts';
import { CurrentUserParseError, findSubscription, hasReach, isPersonalSubscription, NO_SUBSCRIPTION_FEATURES, parseCurrentUser } from './subscriptions.ts';

/** A body as the reference service sends it (JSON round trip: what the client actually receives). */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** A valid body changed by `change`. */
const edit = (change: (body: ReturnType<typeof valid>) => unknown): unknown => {
  const body = valid();
  change(body);
  return body;
};

const valid = () => wire(DEMO.alex) as Record<string, unknown> & { subs?: Record<string, unknown>[]; roles: Record<string, unknown>[] };

describe('parseCurrentUser: the service response (foundation §3 "Current user")', () => {
  it.each(Object.entries(DEMO))('the seeded account %s parses to the same value', (_name, body) => {
    expect(parseCurrentUser(wire(body))).toEqual(body);
  });

  it.each([
    ['phone absent', edit((b) => delete b.phone), (u: CurrentUser) => expect(u.phone).toBeNull()],
    ['features absent', edit((b) => delete b.subs![0]!.features), (u: CurrentUser) => expect(u.subs[0]!.features).toEqual(NO_SUBSCRIPTION_FEATURES)],
    ['features without localization', edit((b) => (b.subs![0]!.features = { ai_assistant: { enabled: true, credits_remaining: 3 } })), (u: CurrentUser) => expect(u.subs[0]!.features.localization).toEqual(NO_SUBSCRIPTION_FEATURES.localization)],
    ['subscription_permissions absent', edit((b) => delete b.subscription_permissions), (u: CurrentUser) => expect(u.subscription_permissions).toEqual({})],
    ['renewal_date and reach_tenant_id null', edit((b) => Object.assign(b.subs![0]!, { renewal_date: null, reach_tenant_id: null })), (u: CurrentUser) => expect(u.subs[0]!.reach_tenant_id).toBeNull()],
    ['an unknown role name is kept (reported where it is used)', edit((b) => b.roles.push({ name: 'mystery', subscription_id: 'team' })), (u: CurrentUser) => expect(u.roles.at(-1)).toEqual({ name: 'mystery', subscription_id: 'team' })],
  ])('accepts: %s', (_case, input: unknown, check) => {
    check(parseCurrentUser(input));
  });

  it.each([
    ['not an object', 'hello', 'current user: body must be an object (got string)'],
    ['null', null, 'current user: body must be an object (got null)'],
    ['an array', [], 'current user: body must be an object (got an array)'],
    ['aid missing', edit((b) => delete b.aid), 'current user: aid must be a string (got undefined)'],
    ['aid empty', edit((b) => (b.aid = ' ')), 'current user: aid must not be empty'],
    ['is_sso a string', edit((b) => (b.is_sso = 'false')), 'current user: is_sso must be a boolean (got string)'],
    ['subs missing', edit((b) => delete b.subs), 'current user: subs must be an array (got undefined)'],
    ['a sub is null', edit((b) => b.subs!.push(null as never)), 'current user: subs[1] must be an object (got null)'],
    ['plan unknown', edit((b) => (b.subs![0]!.plan = 'enterprise')), 'current user: subs[0].plan must be one of team, individual, trial (got "enterprise")'],
    ['state unknown', edit((b) => (b.subs![0]!.state = 'paused')), 'current user: subs[0].state must be one of active, inactive (got "paused")'],
    ['end_date not a date', edit((b) => (b.subs![0]!.end_date = 'soon')), 'current user: subs[0].end_date must be an ISO date (got "soon")'],
    ['seats negative', edit((b) => (b.subs![0]!.available_seats = -1)), 'current user: subs[0].available_seats must be a whole number ≥ 0 (got number)'],
    ['seats fractional', edit((b) => (b.subs![0]!.total_seats = 1.5)), 'current user: subs[0].total_seats must be a whole number ≥ 0 (got number)'],
    ['localization status unknown', edit((b) => ((b.subs![0]!.features as { localization: { status: string } }).localization.status = 'active')), 'current user: subs[0].features.localization.status must be one of trial, inactive (got "active")'],
    ['two subs with one id', edit((b) => b.subs!.push({ ...b.subs![0]! })), 'current user: subs has the id "team" twice'],
    ['a role without subscription_id', edit((b) => delete b.roles[0]!.subscription_id), 'current user: roles[0].subscription_id must be a string (got undefined)'],
    ['permissions not a list', edit((b) => (b.subscription_permissions = { team: 'manage_billing' })), 'current user: subscription_permissions.team must be an array (got string)'],
  ])('rejects %s with a CurrentUserParseError naming the field', (_case, input: unknown, message) => {
    expect(() => parseCurrentUser(input)).toThrow(CurrentUserParseError);
    expect(() => parseCurrentUser(input)).toThrow(message);
  });
});

describe('subscription lookups', () => {
  it.each([
    ['team', TEAM],
    ['missing', null],
  ])('findSubscription(alex, %j)', (id, expected) => {
    expect(findSubscription(DEMO.alex, id)).toEqual(expected);
  });

  it.each([
    ['team plan', TEAM, false],
    ['trial plan', TRIAL, true],
    ['individual plan', EXPIRED, true],
  ])('personal subscription: %s → %s', (_case, s, expected) => {
    expect(isPersonalSubscription(s)).toBe(expected);
  });

  it.each([
    ['a Reach tenant id', 'reach-1234', true],
    ['no tenant id', null, false],
    ['a blank tenant id', ' ', false],
  ])('has Reach with %s → %s', (_case, tenant, expected) => {
    expect(hasReach({ reach_tenant_id: tenant })).toBe(expected);
  });
});
