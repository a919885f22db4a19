import { parseDowntimeWindow, type DowntimeWindow } from './dashboard.ts';
/** Names of the services the client calls besides the review API (ARCHITECTURE.md, reference service). */
export const SERVICE_NAMES = [
  'subscriptions',
  'account',
  'flags',
  'notifications',
  'profiles',
  'avatars',
  'analytics',
  'productApi',
  'growth',
  'training',
  'contentBrowse',
  'authoringRuntime',
  'courseImportRoom',
  'cdn',
] as const;

export type ServiceName = (typeof SERVICE_NAMES)[number];

/** Sites the dashboard links to (foundation §2 external links, help menu, header). */
export const LINK_NAMES = ['subscriptions', 'account', 'bridge', 'marketing', 'authoring', 'support', 'training', 'community'] as const;
export type LinkName = (typeof LINK_NAMES)[number];

/** socket.io manager backoff; the spec's values (foundation §9) unless a deployment (or a test) says otherwise. */
export interface ReconnectPolicy {
  delayMs: number;
  delayMaxMs: number;
  attempts: number;
}

/** The runtime configuration served at GET /config.json. */
export interface RuntimeConfig {
  reviewApi: string;
  oidc: { authority: string; clientId: string; scope: string };
  socket: { url: string; reconnect: ReconnectPolicy | null };
  /**
   * The identity provider's session-indicator cookie, readable by scripts; the cookie session check
   * (foundation §4, every 1 s) signs out when it disappears. null: the provider sets none, no check.
   */
  session: { indicatorCookie: string | null };
  services: Record<ServiceName, string>;
  links: Record<LinkName, string>;
  /** The session log's bound and checkpoint interval; null: the defaults of domain/constants.ts. */
  eventLog: { capacityBytes: number | null; checkpointEveryMs: number | null };
  /** The dashboard's downtime banner window, set by staff (domain/dashboard.ts DowntimeWindow); null: no banner. */
  downtime: DowntimeWindow | null;
}

/** Thrown when /config.json is not a usable configuration. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new ConfigError(`config.json: ${where} must be a non-empty string`);
  return value;
}

function count(value: unknown, where: string, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) throw new ConfigError(`config.json: ${where} must be an integer of at least ${min}`);
  return value;
}

function reconnectPolicy(raw: unknown): ReconnectPolicy {
  const r = (raw ?? {}) as Record<string, unknown>;
  return { delayMs: count(r.delayMs, 'socket.reconnect.delayMs', 0), delayMaxMs: count(r.delayMaxMs, 'socket.reconnect.delayMaxMs', 0), attempts: count(r.attempts, 'socket.reconnect.attempts', 1) };
}

function downtimeOf(raw: unknown): DowntimeWindow | null {
  try {
    return parseDowntimeWindow(raw);
  } catch (error) {
    throw new ConfigError(`config.json: ${(error as Error).message}`);
  }
}

/** Validates an untrusted /config.json body, naming the first field that is wrong. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (!raw || typeof raw !== 'object') throw new ConfigError('config.json is not an object');
  const body = raw as Record<string, unknown>;
  const oidc = (body.oidc ?? {}) as Record<string, unknown>;
  const socket = (body.socket ?? {}) as Record<string, unknown>;
  const services = (body.services ?? {}) as Record<string, unknown>;
  const links = (body.links ?? {}) as Record<string, unknown>;
  const session = (body.session ?? {}) as Record<string, unknown>;
  const eventLog = (body.eventLog ?? {}) as Record<string, unknown>;
  return {
    reviewApi: text(body.reviewApi, 'reviewApi'),
    oidc: { authority: text(oidc.authority, 'oidc.authority'), clientId: text(oidc.clientId, 'oidc.clientId'), scope: text(oidc.scope, 'oidc.scope') },
    socket: { url: text(socket.url, 'socket.url'), reconnect: socket.reconnect == null ? null : reconnectPolicy(socket.reconnect) },
    session: { indicatorCookie: session.indicatorCookie == null ? null : text(session.indicatorCookie, 'session.indicatorCookie') },
    services: Object.fromEntries(SERVICE_NAMES.map((name) => [name, text(services[name], `services.${name}`)])) as Record<ServiceName, string>,
    links: Object.fromEntries(LINK_NAMES.map((name) => [name, text(links[name], `links.${name}`)])) as Record<LinkName, string>,
    eventLog: {
      capacityBytes: eventLog.capacityBytes == null ? null : count(eventLog.capacityBytes, 'eventLog.capacityBytes', 10_000),
      checkpointEveryMs: eventLog.checkpointEveryMs == null ? null : count(eventLog.checkpointEveryMs, 'eventLog.checkpointEveryMs', 1_000),
    },
    downtime: downtimeOf(body.downtime),
  };
}
