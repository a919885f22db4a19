import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed URL allows: one method on one key until `expiresAt` (epoch ms), optionally only for one MD5. */
export interface Grant {
  method: 'PUT' | 'GET';
  key: string;
  /** MD5 hex (lower case) the upload must have, or null. */
  md5: string | null;
  expiresAt: number;
  /**
   * A download issued to one person for one item: each request also asks whether they may still view it (the
   * password as its fingerprint, see viewTicket.ts). Absent: the signature and expiry alone decide.
   */
  viewer?: { subject: string; itemId: string; password: string | null };
}

export type GrantCheck =
  | { ok: true; grant: Grant }
  /** The signature is right but the grant is over: the key is known (the upload can be marked failed). */
  | { ok: false; reason: 'expired'; grant: Grant }
  /** Not ours, tampered with, or for another method: nothing in it can be trusted. */
  | { ok: false; reason: 'forged' };

interface WirePayload {
  m: Grant['method'];
  k: string;
  h?: string;
  e: number;
  v?: { s: string; i: string; p?: string };
}

const DOMAIN = 'review-uploads/v1';

function mac(secret: Uint8Array | string, payload: string, extra: string): Buffer {
  return createHmac('sha256', secret).update(`${DOMAIN}\n${payload}\n${extra}`).digest();
}

/**
 * A URL-safe token `<payload>.<signature>` (base64url): HMAC-SHA256 over the method, key, md5 and expiry,
 * plus `extra` (the download file name, which travels outside the token) when given.
 */
export function signGrant(secret: Uint8Array | string, grant: Grant, extra = ''): string {
  const viewer = grant.viewer ? { v: { s: grant.viewer.subject, i: grant.viewer.itemId, ...(grant.viewer.password === null ? {} : { p: grant.viewer.password }) } } : {};
  const wire: WirePayload = { m: grant.method, k: grant.key, e: grant.expiresAt, ...(grant.md5 ? { h: grant.md5 } : {}), ...viewer };
  const payload = Buffer.from(JSON.stringify(wire)).toString('base64url');
  return `${payload}.${mac(secret, payload, extra).toString('base64url')}`;
}

/** Checks a token for `method` at time `now` (timing-safe comparison of the signature). */
export function verifyGrant(secret: Uint8Array | string, token: string, method: Grant['method'], now: number, extra = ''): GrantCheck {
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return { ok: false, reason: 'forged' };
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(secret, payload, extra);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'forged' };
  let wire: WirePayload;
  try {
    wire = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as WirePayload;
  } catch {
    return { ok: false, reason: 'forged' };
  }
  if (wire.m !== method || typeof wire.k !== 'string' || typeof wire.e !== 'number') return { ok: false, reason: 'forged' };
  const v = wire.v;
  if (v !== undefined && (typeof v !== 'object' || v === null || typeof v.s !== 'string' || typeof v.i !== 'string' || (v.p !== undefined && typeof v.p !== 'string'))) return { ok: false, reason: 'forged' };
  const grant: Grant = { method: wire.m, key: wire.k, md5: typeof wire.h === 'string' ? wire.h : null, expiresAt: wire.e, ...(v ? { viewer: { subject: v.s, itemId: v.i, password: v.p ?? null } } : {}) };
  return now < grant.expiresAt ? { ok: true, grant } : { ok: false, reason: 'expired', grant };
}
