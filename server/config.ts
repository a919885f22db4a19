import { LINK_NAMES, SERVICE_NAMES } from '../domain/config.ts';
import type { RuntimeConfig, ServiceName } from '../domain/config.ts';
import { OIDC_SCOPE } from '../domain/constants.ts';

// The service list and the /config.json shape are shared with the client through domain/.
export { SERVICE_NAMES };
export type { RuntimeConfig, ServiceName };

export const OIDC_CLIENT_ID = 'review-dashboard';
// The sign-in scope is a spec rule (foundation §5), shared with the client.
export { OIDC_SCOPE };

/** `productApi` → `PRODUCT_API`, the infix of its `SERVICE_<NAME>_URL` variable. */
export function serviceEnvName(name: ServiceName): string {
  return `SERVICE_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}_URL`;
}

/** Reads `SERVICE_*_URL` overrides from an environment. */
export function serviceUrlsFromEnv(env: NodeJS.ProcessEnv): Partial<Record<ServiceName, string>> {
  const urls: Partial<Record<ServiceName, string>> = {};
  for (const name of SERVICE_NAMES) {
    const value = env[serviceEnvName(name)]?.trim();
    if (value) urls[name] = value.replace(/\/+$/, '');
  }
  return urls;
}

/** localhost ↔ 127.0.0.1, so both spellings of a loopback address are accepted. */
export function loopbackAlias(url: string): string | undefined {
  const u = new URL(url);
  if (u.hostname === 'localhost') u.hostname = '127.0.0.1';
  else if (u.hostname === '127.0.0.1') u.hostname = 'localhost';
  else return undefined;
  return u.toString().replace(/\/$/, '');
}

export function runtimeConfig(baseUrl: string, issuer: string, overrides: Partial<Record<ServiceName, string>>): RuntimeConfig {
  const services = Object.fromEntries(
    SERVICE_NAMES.map((name) => [name, overrides[name] ?? `${baseUrl}/services/${name}`]),
  ) as Record<ServiceName, string>;
  return {
    reviewApi: `${baseUrl}/api`,
    oidc: { authority: issuer, clientId: OIDC_CLIENT_ID, scope: OIDC_SCOPE },
    socket: { url: baseUrl, reconnect: null },
    session: { indicatorCookie: null },
    services,
    links: Object.fromEntries(LINK_NAMES.map((name) => [name, `${baseUrl}/external/${name}`])) as RuntimeConfig['links'],
  };
}
