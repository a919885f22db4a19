import { storageKey, type AuthorizedRoles, type SessionAccount } from '../domain/account.ts';
import { defaultSubscription } from '../domain/roles.ts';
import { parseCurrentUser, type CurrentUser } from '../domain/subscriptions.ts';
import type { HttpClient } from './http.ts';
import type { KeyValueStorage } from './storage.ts';

/** The review API's view of the signed-in person (GET /api/me). */
interface ReviewMe {
  aid: string;
  isStaff: boolean;
  isValidator: boolean;
}

/** The local-storage key (after the user-id prefix) of the staff override. */
export const STAFF_OVERRIDE_KEY = 'staffOverride';

/** An account read failed; the message is one of foundation §8's named errors. */
export class AccountFetchError extends Error {
  override name = 'AccountFetchError';
  /** The HTTP status of the failed call, when it got one (401: the token was refused). */
  readonly status: number | null;
  constructor(message: 'Failed to fetch current user' | 'Failed to fetch permissions for user', options?: { cause?: unknown }) {
    super(message, options);
    const status = (options?.cause as { status?: unknown } | undefined)?.status;
    this.status = typeof status === 'number' ? status : null;
  }
}

function ids(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The authorized-roles body, tolerating missing lists. */
function authorizedRolesOf(body: Record<string, unknown>): AuthorizedRoles {
  return { admin: ids(body.admin), additionalAdmin: ids(body.additional_admin), reachMembers: ids(body.reach_members) };
}

/** Reads the stored staff override: "true" / "false", anything else is none. */
export function readStaffOverride(storage: KeyValueStorage, userId: string): boolean | null {
  const raw = storage.get(storageKey(userId, STAFF_OVERRIDE_KEY));
  return raw === 'true' ? true : raw === 'false' ? false : null;
}

/** Stores (or clears, with null) the staff override. */
export function writeStaffOverride(storage: KeyValueStorage, userId: string, value: boolean | null): void {
  const key = storageKey(userId, STAFF_OVERRIDE_KEY);
  if (value === null) storage.remove(key);
  else storage.set(key, String(value));
}

/**
 * Reads the signed-in person's account: the current user with subscription permissions (subscription
 * service), who administers what (authorized roles), and the review API's staff and validator flags.
 * A failed current-user read is "Failed to fetch current user", a failed roles read "Failed to fetch
 * permissions for user" (foundation §8).
 */
export function createAccountReader(deps: { subscriptions: HttpClient; reviewApi: HttpClient; storage: KeyValueStorage; now: () => number }) {
  return async (): Promise<SessionAccount> => {
    // The three reads go out together (the roles do not depend on the user's answer); a failed user read is reported
    // before a failed roles read, as if they had gone one after the other.
    const user = Promise.all([deps.subscriptions.request('/api/v1/users/current'), deps.reviewApi.request<ReviewMe>('/me')]);
    const rolesRead = deps.subscriptions.request<Record<string, unknown>>('/api/users/authorized_roles', { query: { reach_users: true } });
    rolesRead.catch(() => undefined);
    let currentUser: CurrentUser;
    let me: ReviewMe;
    try {
      const [rawUser, rawMe] = await user;
      currentUser = parseCurrentUser(rawUser);
      me = rawMe;
    } catch (cause) {
      throw new AccountFetchError('Failed to fetch current user', { cause });
    }
    let roles: Record<string, unknown>;
    try {
      roles = await rolesRead;
    } catch (cause) {
      throw new AccountFetchError('Failed to fetch permissions for user', { cause });
    }
    return {
      subscriptionId: defaultSubscription(currentUser)?.id ?? null,
      currentUser,
      fetchedAtMs: deps.now(),
      isStaff: me.isStaff === true,
      isValidator: me.isValidator === true,
      staffOverride: readStaffOverride(deps.storage, currentUser.aid),
      authorizedRoles: authorizedRolesOf(roles),
    };
  };
}
