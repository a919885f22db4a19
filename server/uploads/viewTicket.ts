/**
 * View tickets: what a viewer's package and video addresses carry instead of a session. A ticket names who it was
 * issued to (an account id, or `anon|<email>`), the item, the one resource it opens (a package folder, a blob key),
 * the fingerprint of the item password at the time (when the item had one) and an expiry; it is HMAC-signed by the
 * service. A valid ticket is necessary, never sufficient: each request also asks the item side whether that person
 * may still view that item (see `FileAccess` and server/README.md "File access"), so a removed person, a deleted
 * item or a public link turned off stops the ticket at once, however long it has left.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** What one ticket lets its holder read, as long as the item side still agrees. */
export interface ViewGrant {
  /** Who it was issued to: an account id, or `anon|<email>` (an anonymous reviewer). */
  subject: string;
  itemId: string;
  /**
   * `p:<versionId>` (an unpacked package folder, '/packages/<versionId>/'), `b:<key>` (a stored blob served by
   * /blobs) or `d:<key>` (a download link issued to this person: an upload or backup of the item).
   */
  resource: string;
  /** `passwordFingerprint` of the item's password hash when issued; null when the item had no password. */
  password: string | null;
  /** Epoch ms. */
  expiresAt: number;
}

export type ViewTicketCheck =
  | { ok: true; grant: ViewGrant }
  | { ok: false; reason: 'expired' | 'forged' };

/**
 * Tickets are valid for 2 to 4 hours: the expiry is the end of the next whole 2-hour step, so every ticket issued for
 * one person and resource within a step is the same string. Addresses therefore do not change with every push (the
 * player frame would reload), and a review session in the player outlives a ticket's minimum life.
 */
export const VIEW_TICKET_STEP_MS = 2 * 3_600_000;

/** The expiry a ticket issued at `now` gets. */
export function viewTicketExpiry(now: number): number {
  return (Math.floor(now / VIEW_TICKET_STEP_MS) + 2) * VIEW_TICKET_STEP_MS;
}

/** A short, one-way fingerprint of an item's password hash (the hash itself never travels). */
export function passwordFingerprint(passwordHash: string): string {
  return createHash('sha256').update(`review-item-password\n${passwordHash}`).digest('base64url').slice(0, 22);
}

interface WireTicket {
  s: string;
  i: string;
  r: string;
  p?: string;
  e: number;
}

const DOMAIN = 'review-view/v1';

function mac(secret: Uint8Array | string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`${DOMAIN}\n${payload}`).digest();
}

/** `<payload>.<signature>`, both base64url (URL-path safe: letters, digits, `-`, `_` and one dot). */
export function signViewTicket(secret: Uint8Array | string, grant: ViewGrant): string {
  const wire: WireTicket = { s: grant.subject, i: grant.itemId, r: grant.resource, e: grant.expiresAt, ...(grant.password === null ? {} : { p: grant.password }) };
  const payload = Buffer.from(JSON.stringify(wire)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** Checks signature (timing-safe), shape and expiry at `now`. */
export function verifyViewTicket(secret: Uint8Array | string, ticket: string, now: number): ViewTicketCheck {
  const dot = ticket.indexOf('.');
  if (dot <= 0 || dot !== ticket.lastIndexOf('.')) return { ok: false, reason: 'forged' };
  const payload = ticket.slice(0, dot);
  const given = Buffer.from(ticket.slice(dot + 1), 'base64url');
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'forged' };
  let wire: Partial<WireTicket>;
  try {
    wire = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<WireTicket>;
  } catch {
    return { ok: false, reason: 'forged' };
  }
  if (typeof wire.s !== 'string' || typeof wire.i !== 'string' || typeof wire.r !== 'string' || typeof wire.e !== 'number' || (wire.p !== undefined && typeof wire.p !== 'string')) {
    return { ok: false, reason: 'forged' };
  }
  if (now >= wire.e) return { ok: false, reason: 'expired' };
  return { ok: true, grant: { subject: wire.s, itemId: wire.i, resource: wire.r, password: wire.p ?? null, expiresAt: wire.e } };
}

/** Whether a person may (still) read a grant's resource: the item side's decision, asked on every request. */
export interface FileAccess {
  /** The grant's subject may view its item now, and the resource belongs to that item. */
  allows(grant: ViewGrant): Promise<boolean>;
  /** A thumbnail blob (`review/thumbnails/…`) still shown by a live item: served without a ticket. */
  isLiveThumbnail(key: string): Promise<boolean>;
}

/**
 * Decisions remembered for `ttlMs` (a few seconds), so a player loading a hundred files asks the database once, not a
 * hundred times; requests that arrive while a decision is being made share it. A revocation therefore takes effect
 * within `ttlMs`. At most `maxEntries` are kept (oldest dropped first).
 */
export function cachedDecisions<K>(decide: (key: K, id: string) => Promise<boolean>, ttlMs: number, now: () => number = Date.now, maxEntries = 10_000) {
  const entries = new Map<string, { at: number; decision: Promise<boolean> }>();
  return (id: string, key: K): Promise<boolean> => {
    const at = now();
    const cached = entries.get(id);
    if (cached && at - cached.at < ttlMs) return cached.decision;
    if (cached) entries.delete(id);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    // A failed decision is a refusal, and is not remembered.
    const decision = decide(key, id).catch(() => {
      entries.delete(id);
      return false;
    });
    entries.set(id, { at, decision });
    return decision;
  };
}

/** How long a file-access decision is remembered (see `cachedDecisions`). */
export const FILE_ACCESS_CACHE_MS = 2_000;
