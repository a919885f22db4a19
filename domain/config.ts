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

/** The runtime configuration served at GET /config.json. */
export interface RuntimeConfig {
  reviewApi: string;
  oidc: { authority: string; clientId: string; scope: string };
  socket: { url: string };
  services: Record<ServiceName, string>;
}

/** Thrown when /config.json is not a usable configuration. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new ConfigError(`config.json: ${where} must be a non-empty string`);
  return value;
}

/** Validates an untrusted /config.json body, naming the first field that is wrong. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (!raw || typeof raw !== 'object') throw new ConfigError('config.json is not an object');
  const body = raw as Record<string, unknown>;
  const oidc = (body.oidc ?? {}) as Record<string, unknown>;
  const socket = (body.socket ?? {}) as Record<string, unknown>;
  const services = (body.services ?? {}) as Record<string, unknown>;
  return {
    reviewApi: text(body.reviewApi, 'reviewApi'),
    oidc: { authority: text(oidc.authority, 'oidc.authority'), clientId: text(oidc.clientId, 'oidc.clientId'), scope: text(oidc.scope, 'oidc.scope') },
    socket: { url: text(socket.url, 'socket.url') },
    services: Object.fromEntries(SERVICE_NAMES.map((name) => [name, text(services[name], `services.${name}`)])) as Record<ServiceName, string>,
  };
}
