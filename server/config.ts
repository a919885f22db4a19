import { parseDowntimeWindow } from '../domain/dashboard.ts';
import { LINK_NAMES, SERVICE_NAMES } from '../domain/config.ts';
import type { LinkName, ReconnectPolicy, RuntimeConfig, ServiceName } from '../domain/config.ts';
import { OIDC_SCOPE } from '../domain/constants.ts';

// The service list and the /config.json shape are shared with the client through domain/.
export { LINK_NAMES, SERVICE_NAMES };
export type { LinkName, ReconnectPolicy, RuntimeConfig, ServiceName };

export const OIDC_CLIENT_ID = 'review-dashboard';
// The sign-in scope is a spec rule (foundation §5), shared with the client.
export { OIDC_SCOPE };

/**
 * Name of the cookie the sign-in sets while a provider session lasts (readable by scripts); the
 * client's cookie session check (foundation §4) signs out when it disappears.
 */
export const SESSION_INDICATOR_COOKIE = 'review_session';

/** A bad setting in the environment; the message names the variable and says what is accepted. */
export class EnvConfigError extends Error {
  override name = 'EnvConfigError';
}

/** `productApi` → `PRODUCT_API`. */
function envInfix(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();
}

/** `productApi` → `SERVICE_PRODUCT_API_URL`, the variable that points a service elsewhere. */
export function serviceEnvName(name: ServiceName): string {
  return `SERVICE_${envInfix(name)}_URL`;
}

/** `marketing` → `LINK_MARKETING_URL`, the variable that points an external site's links elsewhere. */
export function linkEnvName(name: LinkName): string {
  return `LINK_${envInfix(name)}_URL`;
}

function urlsFromEnv<N extends string>(env: NodeJS.ProcessEnv, names: readonly N[], envName: (name: N) => string): Partial<Record<N, string>> {
  const urls: Partial<Record<N, string>> = {};
  for (const name of names) {
    const value = env[envName(name)]?.trim();
    if (value) urls[name] = value.replace(/\/+$/, '');
  }
  return urls;
}

/** Reads `SERVICE_*_URL` overrides from an environment. */
export function serviceUrlsFromEnv(env: NodeJS.ProcessEnv): Partial<Record<ServiceName, string>> {
  return urlsFromEnv(env, SERVICE_NAMES, serviceEnvName);
}

/** Reads `LINK_*_URL` overrides from an environment. */
export function linkUrlsFromEnv(env: NodeJS.ProcessEnv): Partial<Record<LinkName, string>> {
  return urlsFromEnv(env, LINK_NAMES, linkEnvName);
}

/** The variables of the socket reconnect policy, by field of `ReconnectPolicy`. */
export const RECONNECT_ENV_NAMES = {
  delayMs: 'REALTIME_RECONNECT_DELAY_MS',
  delayMaxMs: 'REALTIME_RECONNECT_DELAY_MAX_MS',
  attempts: 'REALTIME_RECONNECT_ATTEMPTS',
} as const satisfies Record<keyof ReconnectPolicy, string>;

/**
 * Checks a reconnect policy (whole numbers, delay ≥ 0, max ≥ delay, attempts ≥ 1), naming the field
 * by `names` (environment variables, or option paths); throws EnvConfigError.
 */
export function checkReconnectPolicy(policy: ReconnectPolicy, names: Record<keyof ReconnectPolicy, string> = RECONNECT_ENV_NAMES): ReconnectPolicy {
  const whole = (key: keyof ReconnectPolicy, min: number, what: string) => {
    const value = policy[key];
    if (!Number.isSafeInteger(value) || value < min) throw new EnvConfigError(`${names[key]} must be ${what}, got ${JSON.stringify(value)}.`);
  };
  whole('delayMs', 0, 'a whole number of milliseconds, 0 or more');
  whole('delayMaxMs', 0, 'a whole number of milliseconds, 0 or more');
  whole('attempts', 1, 'a whole number, 1 or more');
  if (policy.delayMaxMs < policy.delayMs) {
    throw new EnvConfigError(`${names.delayMaxMs} (${policy.delayMaxMs}) must not be less than ${names.delayMs} (${policy.delayMs}).`);
  }
  return policy;
}

/**
 * The socket reconnect policy from `REALTIME_RECONNECT_DELAY_MS`, `REALTIME_RECONNECT_DELAY_MAX_MS` and
 * `REALTIME_RECONNECT_ATTEMPTS`: all three (a policy) or none (null: the client keeps the spec's values).
 * Throws EnvConfigError naming the variable for anything else.
 */
export function reconnectPolicyFromEnv(env: NodeJS.ProcessEnv): ReconnectPolicy | null {
  const keys = Object.keys(RECONNECT_ENV_NAMES) as (keyof ReconnectPolicy)[];
  const raw = Object.fromEntries(keys.map((key) => [key, env[RECONNECT_ENV_NAMES[key]]?.trim() ?? ''])) as Record<keyof ReconnectPolicy, string>;
  const missing = keys.filter((key) => raw[key] === '');
  if (missing.length === keys.length) return null;
  const all = keys.map((key) => RECONNECT_ENV_NAMES[key]).join(', ');
  if (missing.length > 0) {
    throw new EnvConfigError(`${missing.map((key) => RECONNECT_ENV_NAMES[key]).join(' and ')} missing: set ${all} together, or none of them.`);
  }
  for (const key of keys) {
    if (!/^\d+$/.test(raw[key])) throw new EnvConfigError(`${RECONNECT_ENV_NAMES[key]} must be a whole number, got "${raw[key]}".`);
  }
  return checkReconnectPolicy({ delayMs: Number(raw.delayMs), delayMaxMs: Number(raw.delayMaxMs), attempts: Number(raw.attempts) });
}

/** localhost ↔ 127.0.0.1, so both spellings of a loopback address are accepted. */
export function loopbackAlias(url: string): string | undefined {
  const u = new URL(url);
  if (u.hostname === 'localhost') u.hostname = '127.0.0.1';
  else if (u.hostname === '127.0.0.1') u.hostname = 'localhost';
  else return undefined;
  return u.toString().replace(/\/$/, '');
}

export interface RuntimeConfigOverrides {
  serviceUrls?: Partial<Record<ServiceName, string>>;
  linkUrls?: Partial<Record<LinkName, string>>;
  /** null or absent: the client uses the spec's policy. */
  socketReconnect?: ReconnectPolicy | null;
  /** The session log's bound and checkpoint interval in the client; absent: its defaults. */
  eventLog?: RuntimeConfig['eventLog'];
  /** The dashboard's downtime banner window; absent or null: none. */
  downtime?: RuntimeConfig['downtime'];
}

export function runtimeConfig(baseUrl: string, issuer: string, overrides: RuntimeConfigOverrides = {}): RuntimeConfig {
  const { serviceUrls = {}, linkUrls = {}, socketReconnect = null, eventLog = { capacityBytes: null, checkpointEveryMs: null }, downtime = null } = overrides;
  const services = Object.fromEntries(
    SERVICE_NAMES.map((name) => [name, serviceUrls[name] ?? `${baseUrl}/services/${name}`]),
  ) as Record<ServiceName, string>;
  const links = Object.fromEntries(LINK_NAMES.map((name) => [name, linkUrls[name] ?? `${baseUrl}/external/${name}`])) as Record<LinkName, string>;
  return {
    reviewApi: `${baseUrl}/api`,
    oidc: { authority: issuer, clientId: OIDC_CLIENT_ID, scope: OIDC_SCOPE },
    socket: { url: baseUrl, reconnect: socketReconnect ? { ...socketReconnect } : null },
    session: { indicatorCookie: SESSION_INDICATOR_COOKIE },
    services,
    links,
    eventLog: { ...eventLog },
    downtime: downtime ? { ...downtime } : null,
  };
}

/**
 * The dashboard's downtime banner window, set by staff: DOWNTIME_STARTS_AT and DOWNTIME_ENDS_AT (ISO 8601, both or
 * neither), DOWNTIME_ANNOUNCE_FROM optional (default: the start). None set: no banner.
 */
export function downtimeFromEnv(env: NodeJS.ProcessEnv): RuntimeConfig['downtime'] {
  const startsAt = env.DOWNTIME_STARTS_AT?.trim() ?? '';
  const endsAt = env.DOWNTIME_ENDS_AT?.trim() ?? '';
  if (startsAt === '' && endsAt === '') return null;
  try {
    return parseDowntimeWindow({ announceFrom: env.DOWNTIME_ANNOUNCE_FROM?.trim() || startsAt, startsAt, endsAt });
  } catch (error) {
    throw new EnvConfigError(`DOWNTIME_*: ${(error as Error).message}.`);
  }
}

/** `EVENT_LOG_CAPACITY_BYTES` and `EVENT_LOG_CHECKPOINT_EVERY_MS`: the client's session log bound (whole numbers), each optional. */
export function eventLogFromEnv(env: NodeJS.ProcessEnv): RuntimeConfig['eventLog'] {
  const read = (name: string, min: number): number | null => {
    const raw = env[name]?.trim() ?? '';
    if (raw === '') return null;
    if (!/^\d+$/.test(raw) || Number(raw) < min) throw new EnvConfigError(`${name} must be a whole number of at least ${min}, got "${raw}".`);
    return Number(raw);
  };
  return { capacityBytes: read('EVENT_LOG_CAPACITY_BYTES', 10_000), checkpointEveryMs: read('EVENT_LOG_CHECKPOINT_EVERY_MS', 1_000) };
}

/** The OpenAI-compatible chat-completions service for AI suggestions; absent: the offline translation-memory provider. */
export interface LlmConfig {
  /** Base URL; the service posts to `<endpoint>/chat/completions`. */
  endpoint: string;
  apiKey: string;
  model: string;
}

/** The variables of the suggestion service. */
export const LLM_ENV_NAMES = { endpoint: 'TRANSLATION_LLM_ENDPOINT', apiKey: 'TRANSLATION_LLM_API_KEY', model: 'TRANSLATION_LLM_MODEL' } as const;
/** The model asked for when TRANSLATION_LLM_MODEL is not set. */
export const DEFAULT_LLM_MODEL = 'gpt-4o-mini';

/**
 * The suggestion service from `TRANSLATION_LLM_ENDPOINT`, `TRANSLATION_LLM_API_KEY` and (optional)
 * `TRANSLATION_LLM_MODEL`: both endpoint and key, or null (suggestions come from the translation memory).
 * Throws EnvConfigError for an endpoint that is not an http(s) URL or one of the two without the other.
 */
export function llmConfigFromEnv(env: NodeJS.ProcessEnv): LlmConfig | null {
  const endpoint = env[LLM_ENV_NAMES.endpoint]?.trim() ?? '';
  const apiKey = env[LLM_ENV_NAMES.apiKey]?.trim() ?? '';
  if (!endpoint && !apiKey) return null;
  if (!endpoint || !apiKey) throw new EnvConfigError(`Set ${LLM_ENV_NAMES.endpoint} and ${LLM_ENV_NAMES.apiKey} together, or neither.`);
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new EnvConfigError(`${LLM_ENV_NAMES.endpoint} must be an http(s) URL, got "${endpoint}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new EnvConfigError(`${LLM_ENV_NAMES.endpoint} must be an http(s) URL, got "${endpoint}".`);
  return { endpoint: endpoint.replace(/\/+$/, ''), apiKey, model: env[LLM_ENV_NAMES.model]?.trim() || DEFAULT_LLM_MODEL };
}

/**
 * `OUTBOX_DELIVERY_MS` (a whole number ≥ 100), optional: how often the notification outbox's due rows are delivered
 * (server/comments/delivery.ts; unset: every 15 s). A test or demo server that should show a delivery within a second
 * or two. Throws EnvConfigError naming the variable.
 */
export function outboxDeliveryFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.OUTBOX_DELIVERY_MS?.trim() ?? '';
  if (raw === '') return undefined;
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw)) || Number(raw) < 100) throw new EnvConfigError(`OUTBOX_DELIVERY_MS must be a whole number of milliseconds, at least 100, got "${raw}".`);
  return Number(raw);
}

/** How failing background jobs are retried (server/jobs.ts); a field left out keeps the queue's default. */
export interface JobRetrySettings {
  /** Attempts before a job is marked failed (default 5). */
  maxAttempts?: number;
  /** The first retry's delay in ms, doubling each time (default 2 s). */
  retryDelayMs?: number;
}

/**
 * `JOB_MAX_ATTEMPTS` (a whole number ≥ 1) and `JOB_RETRY_DELAY_MS` (a whole number ≥ 0), each optional: a test or
 * demo server that should give up on a failing job within seconds. Throws EnvConfigError naming the variable.
 */
export function jobRetryFromEnv(env: NodeJS.ProcessEnv): JobRetrySettings {
  const read = (name: string, min: number): number | undefined => {
    const raw = env[name]?.trim() ?? '';
    if (raw === '') return undefined;
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw)) || Number(raw) < min) throw new EnvConfigError(`${name} must be a whole number of at least ${min}, got "${raw}".`);
    return Number(raw);
  };
  const maxAttempts = read('JOB_MAX_ATTEMPTS', 1);
  const retryDelayMs = read('JOB_RETRY_DELAY_MS', 0);
  return { ...(maxAttempts === undefined ? {} : { maxAttempts }), ...(retryDelayMs === undefined ? {} : { retryDelayMs }) };
}
