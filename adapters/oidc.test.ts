import { describe, expect, it } from 'vitest';
import { createOidcAdapter } from './oidc.ts';
import { parseStoredUser, sessionOf, storedUserKey } from './oidcSession.ts';
import type { KeyValueStorage } from './storage.ts';

const settings = { authority: 'http://localhost:3000/oidc', clientId: 'review-web', scope: 'openid profile email offline_access', origin: 'http://localhost:3000' };

function memory(initial: Record<string, string> = {}): KeyValueStorage & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return { values, get: (key) => values.get(key) ?? null, set: (key, value) => void values.set(key, value), remove: (key) => void values.delete(key) } as KeyValueStorage & { values: Map<string, string> };
}

/** The stored user as oidc-client-ts writes it (User.toStorageString), expiring `inSeconds` from now. */
function storedUser(inSeconds: number, refresh = true): string {
  return JSON.stringify({
    id_token: 'id.token.x',
    session_state: null,
    access_token: 'access-1',
    ...(refresh ? { refresh_token: 'refresh-1' } : {}),
    token_type: 'Bearer',
    scope: settings.scope,
    profile: { sub: 'u-alex', email: 'alex.admin@example.com', given_name: 'Alexandra', family_name: 'Admin' },
    expires_at: Math.floor(Date.now() / 1000) + inSeconds,
  });
}

describe('the stored session, read without the protocol library', () => {
  it('gives the signed-in session oidc-client-ts stored: tokens, seconds left, the profile', async () => {
    const local = new Map([[storedUserKey(settings), storedUser(300)]]);
    const adapter = createOidcAdapter(settings, memory(), fetch, { getItem: (key) => local.get(key) ?? null });
    const { session, guestEmail, lastSignOutReason } = await adapter.loadStoredSession();
    expect(session?.tokens).toMatchObject({ accessToken: 'access-1', idToken: 'id.token.x', hasRefreshToken: true });
    expect(session?.tokens.expiresInSeconds).toBeGreaterThan(290);
    expect(session?.tokens.expiresInSeconds).toBeLessThanOrEqual(300);
    expect(session?.user).toEqual({ sub: 'u-alex', email: 'alex.admin@example.com', firstName: 'Alexandra', lastName: 'Admin' });
    expect(guestEmail).toBeNull();
    expect(lastSignOutReason).toBeNull();
  });

  it('says an expired token is expired (the auth machine refreshes it), and a user without a refresh token has none', () => {
    const session = sessionOf(parseStoredUser(storedUser(-60, false))!);
    expect(session.tokens.expiresInSeconds).toBeLessThan(0);
    expect(session.tokens.hasRefreshToken).toBe(false);
  });

  it('reads no session from nothing or from what is not a stored user, and then offers the guest e-mail and the last sign-out reason once', async () => {
    for (const text of [null, '', 'not json', '{"access_token":1}', '{"access_token":"a"}', '[]']) expect(parseStoredUser(text)).toBeNull();
    const storage = memory({ 'anon:auth.guestEmail': 'guest@example.com', 'anon:auth.lastSignOutReason': 'userSignOut' });
    const adapter = createOidcAdapter(settings, storage, fetch, { getItem: () => 'garbage' });
    expect(await adapter.loadStoredSession()).toEqual({ session: null, guestEmail: 'guest@example.com', lastSignOutReason: 'userSignOut' });
    expect((await adapter.loadStoredSession()).lastSignOutReason).toBeNull();
  });
});
