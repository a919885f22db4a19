/**
 * The subscription service's "Current user" (foundation §3, GET {subscriptions}/api/v1/users/current)
 * as the client receives it, validated, plus the rules that read a single subscription.
 *
 * Field names stay as the service spells them (snake_case) so the type is the wire shape.
 */

/** Plans of foundation §3. */
export type SubscriptionPlan = 'team' | 'individual' | 'trial';
export const SUBSCRIPTION_PLANS: readonly SubscriptionPlan[] = ['team', 'individual', 'trial'];

/** States the service reports (foundation §3); "trial" and "expired" are tiers, derived elsewhere. */
export type SubscriptionState = 'active' | 'inactive';
export const SUBSCRIPTION_STATES: readonly SubscriptionState[] = ['active', 'inactive'];

/** Localization status of a subscription (foundation §3, §4). */
export type LocalizationStatus = 'trial' | 'inactive';

export interface AiAssistantFeature {
  enabled: boolean;
  credits_remaining: number | null;
}

export interface LocalizationFeature {
  status: LocalizationStatus;
  /** ISO date-time the localization term ends, or null when there is none. */
  term_end: string | null;
  is_trial: boolean;
  /** As the service reports it; the client recomputes it with {@link trialEndedRecently}. */
  trial_ended_recently: boolean;
}

export interface SubscriptionFeatures {
  ai_assistant: AiAssistantFeature;
  localization: LocalizationFeature;
}

/** One entry of `subs`. */
export interface CurrentUserSubscription {
  id: string;
  name: string;
  available_seats: number;
  total_seats: number;
  /** ISO date-time. */
  end_date: string;
  renewal_date: string | null;
  plan: SubscriptionPlan;
  state: SubscriptionState;
  reach_tenant_id: string | null;
  features: SubscriptionFeatures;
}

/** One entry of `roles`. The name is kept as sent: an unknown role is reported where it is used. */
export interface RoleGrant {
  name: string;
  subscription_id: string;
}

/** The validated response of GET users/current. */
export interface CurrentUser {
  aid: string;
  country: string;
  email: string;
  is_sso: boolean;
  language: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  subs: CurrentUserSubscription[];
  roles: RoleGrant[];
  /** Permission names per subscription id. */
  subscription_permissions: Record<string, string[]>;
}

/** Features a subscription has when the service leaves them out: no AI assistant, localization inactive. */
export const NO_SUBSCRIPTION_FEATURES: SubscriptionFeatures = {
  ai_assistant: { enabled: false, credits_remaining: null },
  localization: { status: 'inactive', term_end: null, is_trial: false, trial_ended_recently: false },
};

/** Thrown by {@link parseCurrentUser}; the message names the first field that is wrong. */
export class CurrentUserParseError extends Error {
  override name = 'CurrentUserParseError';
}

type Fields = Record<string, unknown>;

function fail(where: string, expected: string, value: unknown): never {
  const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
  throw new CurrentUserParseError(`current user: ${where} must be ${expected} (got ${got})`);
}

function object(value: unknown, where: string): Fields {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(where, 'an object', value);
  return value as Fields;
}

function array(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) fail(where, 'an array', value);
  return value;
}

function string(value: unknown, where: string): string {
  if (typeof value !== 'string') fail(where, 'a string', value);
  return value;
}

function id(value: unknown, where: string): string {
  const text = string(value, where);
  if (text.trim() === '') throw new CurrentUserParseError(`current user: ${where} must not be empty`);
  return text;
}

function nullableString(value: unknown, where: string): string | null {
  if (value === null || value === undefined) return null;
  return string(value, where);
}

function boolean(value: unknown, where: string): boolean {
  if (typeof value !== 'boolean') fail(where, 'a boolean', value);
  return value;
}

function seatCount(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) fail(where, 'a whole number ≥ 0', value);
  return value;
}

function isoDate(value: unknown, where: string): string {
  const text = string(value, where);
  if (Number.isNaN(Date.parse(text))) throw new CurrentUserParseError(`current user: ${where} must be an ISO date (got ${JSON.stringify(text)})`);
  return text;
}

function nullableIsoDate(value: unknown, where: string): string | null {
  if (value === null || value === undefined) return null;
  return isoDate(value, where);
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], where: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new CurrentUserParseError(`current user: ${where} must be one of ${allowed.join(', ')} (got ${JSON.stringify(value)})`);
  }
  return value as T;
}

function parseFeatures(value: unknown, where: string): SubscriptionFeatures {
  if (value === undefined || value === null) return NO_SUBSCRIPTION_FEATURES;
  const raw = object(value, where);
  const ai = raw.ai_assistant === undefined ? undefined : object(raw.ai_assistant, `${where}.ai_assistant`);
  const loc = raw.localization === undefined ? undefined : object(raw.localization, `${where}.localization`);
  const credits = ai?.credits_remaining;
  if (credits !== undefined && credits !== null && (typeof credits !== 'number' || !Number.isFinite(credits))) {
    fail(`${where}.ai_assistant.credits_remaining`, 'a number or null', credits);
  }
  return {
    ai_assistant: {
      enabled: ai?.enabled === undefined ? false : boolean(ai.enabled, `${where}.ai_assistant.enabled`),
      credits_remaining: typeof credits === 'number' ? credits : null,
    },
    localization: {
      status: loc?.status === undefined ? 'inactive' : oneOf(loc.status, ['trial', 'inactive'] as const, `${where}.localization.status`),
      term_end: nullableIsoDate(loc?.term_end, `${where}.localization.term_end`),
      is_trial: loc?.is_trial === undefined ? false : boolean(loc.is_trial, `${where}.localization.is_trial`),
      trial_ended_recently: loc?.trial_ended_recently === undefined ? false : boolean(loc.trial_ended_recently, `${where}.localization.trial_ended_recently`),
    },
  };
}

function parseSubscription(value: unknown, where: string): CurrentUserSubscription {
  const raw = object(value, where);
  return {
    id: id(raw.id, `${where}.id`),
    name: string(raw.name, `${where}.name`),
    available_seats: seatCount(raw.available_seats, `${where}.available_seats`),
    total_seats: seatCount(raw.total_seats, `${where}.total_seats`),
    end_date: isoDate(raw.end_date, `${where}.end_date`),
    renewal_date: nullableIsoDate(raw.renewal_date, `${where}.renewal_date`),
    plan: oneOf(raw.plan, SUBSCRIPTION_PLANS, `${where}.plan`),
    state: oneOf(raw.state, SUBSCRIPTION_STATES, `${where}.state`),
    reach_tenant_id: nullableString(raw.reach_tenant_id, `${where}.reach_tenant_id`),
    features: parseFeatures(raw.features, `${where}.features`),
  };
}

function parseRole(value: unknown, where: string): RoleGrant {
  const raw = object(value, where);
  return { name: id(raw.name, `${where}.name`), subscription_id: id(raw.subscription_id, `${where}.subscription_id`) };
}

function parsePermissions(value: unknown): Record<string, string[]> {
  if (value === undefined || value === null) return {};
  const raw = object(value, 'subscription_permissions');
  const out: Record<string, string[]> = {};
  for (const [subId, list] of Object.entries(raw)) {
    out[subId] = array(list, `subscription_permissions.${subId}`).map((p, i) => string(p, `subscription_permissions.${subId}[${i}]`));
  }
  return out;
}

/**
 * Validates an untrusted GET users/current body. Identity fields, `subs` and `roles` are required;
 * nullable fields (`phone`, `renewal_date`, `reach_tenant_id`) may be null or absent; missing `features`
 * mean {@link NO_SUBSCRIPTION_FEATURES}; missing `subscription_permissions` mean none.
 * Throws {@link CurrentUserParseError} naming the first wrong field.
 */
export function parseCurrentUser(raw: unknown): CurrentUser {
  const body = object(raw, 'body');
  const subs = array(body.subs, 'subs').map((s, i) => parseSubscription(s, `subs[${i}]`));
  const seen = new Set<string>();
  for (const sub of subs) {
    if (seen.has(sub.id)) throw new CurrentUserParseError(`current user: subs has the id ${JSON.stringify(sub.id)} twice`);
    seen.add(sub.id);
  }
  return {
    aid: id(body.aid, 'aid'),
    country: string(body.country, 'country'),
    email: id(body.email, 'email'),
    is_sso: boolean(body.is_sso, 'is_sso'),
    language: string(body.language, 'language'),
    first_name: string(body.first_name, 'first_name'),
    last_name: string(body.last_name, 'last_name'),
    phone: nullableString(body.phone, 'phone'),
    subs,
    roles: array(body.roles, 'roles').map((r, i) => parseRole(r, `roles[${i}]`)),
    subscription_permissions: parsePermissions(body.subscription_permissions),
  };
}

/** The subscription with this id among the user's `subs`, or null. */
export function findSubscription(user: Pick<CurrentUser, 'subs'>, subscriptionId: string): CurrentUserSubscription | null {
  return user.subs.find((sub) => sub.id === subscriptionId) ?? null;
}

/** A subscription is personal when it is not a team plan (individual or trial). */
export function isPersonalSubscription(sub: Pick<CurrentUserSubscription, 'plan'>): boolean {
  return sub.plan !== 'team';
}

/** A subscription "has Reach" when the service gives it a Reach tenant id. */
export function hasReach(sub: Pick<CurrentUserSubscription, 'reach_tenant_id'>): boolean {
  return typeof sub.reach_tenant_id === 'string' && sub.reach_tenant_id.trim() !== '';
}
