import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { SESSION_INDICATOR_COOKIE } from '../config.ts';

/**
 * The session-indicator cookie (foundation §4 cookie session check, §9 "session cookies are secure"):
 * set whenever a sign-in completes with a provider session, deleted when the session ends. Scripts may
 * read it (not HttpOnly): the client only looks whether it is there. No Domain attribute, so it belongs
 * to the host the browser used (localhost or 127.0.0.1), like the provider's own cookies.
 */

/** localhost (and *.localhost), 127.0.0.0/8 and ::1: hosts browsers treat as secure over plain http. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** `Host` header value → hostname (without port; IPv6 keeps no brackets). */
export function hostnameOf(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim();
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']') > 0 ? host.indexOf(']') : undefined);
  return host.replace(/:\d*$/, '');
}

/**
 * Secure when the public URL is https, the request came over TLS, or the host is a loopback address
 * (Chromium stores Secure cookies from http://localhost and http://127.0.0.1, which are secure contexts).
 * Plain http to any other host gets no Secure flag, else the browser would drop the cookie.
 */
export function indicatorIsSecure(options: { publicUrl: string; hostname: string; tls: boolean }): boolean {
  return options.tls || options.publicUrl.startsWith('https:') || isLoopbackHost(options.hostname);
}

/** The Set-Cookie value that stores the indicator for `maxAgeSeconds`. */
export function indicatorCookie(options: { secure: boolean; maxAgeSeconds: number }): string {
  const secure = options.secure ? '; Secure' : '';
  return `${SESSION_INDICATOR_COOKIE}=1; Path=/; Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}; SameSite=Lax${secure}`;
}

/** The Set-Cookie value that deletes the indicator (Max-Age=0 plus a past Expires for old clients). */
export function clearedIndicatorCookie(options: { secure: boolean }): string {
  const secure = options.secure ? '; Secure' : '';
  return `${SESSION_INDICATOR_COOKIE}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax${secure}`;
}

/** Adds a Set-Cookie header without dropping those already on the response. */
export function appendSetCookie(res: ServerResponse, cookie: string): void {
  const previous = res.getHeader('set-cookie');
  const list = previous === undefined ? [] : Array.isArray(previous) ? previous : [String(previous)];
  res.setHeader('set-cookie', [...list, cookie]);
}

function isTls(req: IncomingMessage): boolean {
  return 'encrypted' in req.socket && Boolean((req.socket as { encrypted?: boolean }).encrypted);
}

/**
 * Keeps the indicator in step with the provider session: every successful authorization response
 * (the end of a sign-in, or a new authorization on a live session) sets it for the session lifetime,
 * and every end_session (sign-out) deletes it.
 */
export function installSessionIndicator(provider: Provider, options: { publicUrl: string; sessionTtlSeconds: number }): void {
  const secureFor = (ctx: KoaContextWithOIDC) =>
    indicatorIsSecure({ publicUrl: options.publicUrl, hostname: hostnameOf(ctx.req.headers.host), tls: isTls(ctx.req) });

  provider.on('authorization.success', (ctx: KoaContextWithOIDC) => {
    if (!ctx.oidc.session?.accountId) return;
    appendSetCookie(ctx.res, indicatorCookie({ secure: secureFor(ctx), maxAgeSeconds: options.sessionTtlSeconds }));
  });

  provider.on('end_session.success', (ctx: KoaContextWithOIDC) => {
    appendSetCookie(ctx.res, clearedIndicatorCookie({ secure: secureFor(ctx) }));
  });
}
