/**
 * Where unpacked packages are served: never on the dashboard's origin. A package is someone's uploaded HTML and
 * script; on the dashboard's origin it could read the dashboard's cookies, the tokens in its localStorage and its
 * DOM (opened in the player frame or at its own URL). Each version gets its own origin instead, by default
 * `http://<label>.packages.localhost:<port>` (browsers resolve every `*.localhost` name to the loopback address, so
 * this needs no DNS set-up), where `<label>` is derived from the version id. Another origin per version also keeps
 * packages out of each other's storage and frames. A deployment sets `PACKAGE_URL`, a URL whose host holds `{id}`
 * for one origin per version (a wildcard DNS name), or a fixed origin shared by all packages.
 */
import { createHash } from 'node:crypto';
import { EnvConfigError } from '../config.ts';

/** The package side of a request's Host: which label it names (null for a fixed package origin). */
export type PackageHostMatch = { label: string | null };

export interface PackageOrigins {
  /** The origin (scheme, host, port; no trailing slash) that serves `versionId`'s files. */
  originFor(versionId: string): string;
  /** The package host a request's `Host` header names, or null when it is not one (the dashboard and its API). */
  matchHost(host: string | undefined): PackageHostMatch | null;
  /** Whether a host's label may serve `versionId` (always true for a fixed origin). */
  servesVersion(match: PackageHostMatch, versionId: string): boolean;
}

const ID_PLACEHOLDER = '{id}';
const LABEL_PATTERN = '[a-z0-9]{26}';

/** A DNS label for a version id: ids keep their case and may hold '_' or be 200 characters; labels cannot. */
export function packageLabel(versionId: string): string {
  // 26 base-32 characters = 130 bits of SHA-256: no two versions share an origin in practice.
  const digest = createHash('sha256').update(versionId).digest();
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  let bits = 0;
  let value = 0;
  let label = '';
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && label.length < 26) {
      label += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (label.length === 26) break;
  }
  return label;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The package URL template for a dashboard served at `publicUrl`: `PACKAGE_URL` when set, else
 * `<scheme>://{id}.packages.localhost:<port>` for a loopback dashboard and `<scheme>://{id}.packages.<host>:<port>`
 * otherwise (which needs a wildcard DNS name: set PACKAGE_URL for anything else).
 */
export function defaultPackageUrl(publicUrl: string): string {
  const url = new URL(publicUrl);
  const loopback = url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(url.hostname) || url.hostname.endsWith('.localhost');
  const base = loopback ? 'packages.localhost' : `packages.${url.hostname}`;
  return `${url.protocol}//${ID_PLACEHOLDER}.${base}${url.port ? `:${url.port}` : ''}`;
}

/**
 * Checks a package URL template against the dashboard's address: http(s), no path, query or credentials, `{id}`
 * only as the first host label, and never the dashboard's own origin. Throws EnvConfigError naming PACKAGE_URL.
 */
export function checkPackageUrl(template: string, publicUrl: string): string {
  const trimmed = template.trim().replace(/\/+$/, '');
  const probe = trimmed.replace(ID_PLACEHOLDER, 'x');
  let url: URL;
  try {
    url = new URL(probe);
  } catch {
    throw new EnvConfigError(`PACKAGE_URL must be an http(s) URL such as http://{id}.packages.example.com, got "${template}".`);
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
    throw new EnvConfigError(`PACKAGE_URL must be an origin (scheme, host, port) without a path, got "${template}".`);
  }
  const placeholders = trimmed.split(ID_PLACEHOLDER).length - 1;
  if (placeholders > 1 || (placeholders === 1 && !new RegExp(`^https?://${escapeRegExp(ID_PLACEHOLDER)}\\.`).test(trimmed))) {
    throw new EnvConfigError(`PACKAGE_URL may hold {id} once, as the first label of its host, got "${template}".`);
  }
  if (placeholders === 0 && url.origin === new URL(publicUrl).origin) {
    throw new EnvConfigError('PACKAGE_URL must not be the dashboard’s own origin: packages would run with access to its session.');
  }
  return trimmed;
}

/** The package origins of a (checked) template; `{id}` becomes each version's label. */
export function packageOrigins(template: string): PackageOrigins {
  const perVersion = template.includes(ID_PLACEHOLDER);
  const url = new URL(template.replace(ID_PLACEHOLDER, 'x'));
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  const port = url.port || defaultPort;
  const hostPattern = perVersion
    ? new RegExp(`^(${LABEL_PATTERN})\\.${escapeRegExp(url.hostname.slice(2))}$`)
    : new RegExp(`^${escapeRegExp(url.hostname)}$`);
  return {
    originFor: (versionId) => (perVersion ? template.replace(ID_PLACEHOLDER, packageLabel(versionId)) : template),
    matchHost(host) {
      if (!host) return null;
      const parsed = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host.trim().toLowerCase());
      if (!parsed) return null;
      if ((parsed[2] ?? defaultPort) !== port) return null;
      const match = hostPattern.exec(parsed[1] ?? '');
      return match ? { label: perVersion ? (match[1] ?? null) : null } : null;
    },
    servesVersion: (match, versionId) => match.label === null || match.label === packageLabel(versionId),
  };
}
