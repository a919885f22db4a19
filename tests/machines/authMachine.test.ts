import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { SignedInSession, SignOutReason, UserInfo } from '../../domain/auth.ts';
import { authMachine, type CompletedSignIn, type StoredSessionResult } from '../../machines/session/authMachine.ts';

const user: UserInfo = { sub: 'u1', email: 'alex.admin@example.com', firstName: 'Alex', lastName: 'Admin' };
const session = (expiresInSeconds: number, accessToken = 'a1'): SignedInSession => ({
  tokens: { accessToken, idToken: 'i', hasRefreshToken: true, expiresInSeconds },
  user,
});
const expired = () => Object.assign(new Error('Your session has ended.'), { name: 'SessionExpiredError' });
const never = <T, I = void>() => fromPromise<T, I>(() => new Promise<T>(() => {}));

function start(overrides: {
  stored?: StoredSessionResult;
  complete?: () => Promise<CompletedSignIn>;
  refresh?: () => Promise<SignedInSession>;
  lookup?: () => Promise<{ exists: boolean }>;
}) {
  const clock = new SimulatedClock();
  const ended: unknown[] = [];
  let stored = overrides.stored ?? { session: null, lastSignOutReason: null };
  const machine = authMachine.provide({
    actors: {
      loadStoredSession: fromPromise<StoredSessionResult, void>(async () => stored),
      startSignIn: never<void, { returnTo: string }>(),
      completeSignIn: overrides.complete ? fromPromise<CompletedSignIn, { url: string }>(overrides.complete) : never<CompletedSignIn, { url: string }>(),
      refreshTokens: overrides.refresh ? fromPromise<SignedInSession, void>(overrides.refresh) : never<SignedInSession>(),
      loadUserInfo: never<UserInfo>(),
      lookupProfile: overrides.lookup ? fromPromise<{ exists: boolean }, { email: string }>(overrides.lookup) : never<{ exists: boolean }, { email: string }>(),
      endSession: fromPromise<void, { reason: SignOutReason; full: boolean }>(async ({ input }) => {
        ended.push(input);
        stored = { session: null, lastSignOutReason: input.reason };
      }),
    },
  });
  const actor = createActor(machine, { clock });
  actor.start();
  return { actor, clock, ended };
}

describe('auth machine', () => {
  it('refreshes the tokens 60 s before they expire, and re-arms after the refresh', async () => {
    const { actor, clock } = start({ stored: { session: session(3600), lastSignOutReason: null }, refresh: async () => session(120, 'a2') });
    await waitFor(actor, (s) => s.matches('signedIn'));
    clock.increment(3_539_000);
    expect(actor.getSnapshot().value).toBe('signedIn');
    clock.increment(1_000);
    await waitFor(actor, (s) => s.matches('signedIn') && s.context.tokens?.accessToken === 'a2');
    clock.increment(59_000);
    expect(actor.getSnapshot().value).toBe('signedIn');
    clock.increment(1_000);
    expect(actor.getSnapshot().matches('refreshingTokens')).toBe(true);
  });

  it('does not loop through refreshes when a session that failed to refresh is still stored', async () => {
    const stuck = authMachine.provide({
      actors: {
        loadStoredSession: fromPromise<StoredSessionResult, void>(async () => ({ session: session(30), lastSignOutReason: null })),
        refreshTokens: fromPromise<SignedInSession, void>(async () => Promise.reject(expired())),
        endSession: fromPromise<void, { reason: SignOutReason; full: boolean }>(async () => {}),
      },
    });
    const actor = createActor(stuck).start();
    const s = await waitFor(actor, (snap) => snap.matches('ready'), { timeout: 2_000 });
    expect(s.context.signOutReason).toBe('accessTokenError');
  });

  it('retries a refresh that failed for another reason than expiry after 3 s, within the 30 s window', async () => {
    let calls = 0;
    const { actor, clock } = start({
      stored: { session: session(30), lastSignOutReason: null },
      refresh: async () => {
        calls++;
        if (calls < 3) throw new TypeError('Failed to fetch');
        return session(3600, 'a3');
      },
    });
    await waitFor(actor, (s) => s.matches({ refreshingTokens: 'waitingToRetry' }));
    expect(calls).toBe(1);
    clock.increment(2_999);
    expect(calls).toBe(1);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches({ refreshingTokens: 'waitingToRetry' }) && calls === 2);
    clock.increment(3_000);
    const s = await waitFor(actor, (snap) => snap.matches('signedIn'));
    expect(s.context.tokens?.accessToken).toBe('a3');
  });

  it('refreshes at start when under 60 s are left', async () => {
    const { actor } = start({ stored: { session: session(30), lastSignOutReason: null } });
    await waitFor(actor, (s) => !s.matches('idle'));
    expect(actor.getSnapshot().matches('refreshingTokens')).toBe(true);
  });

  it('signs out with an access-token error when the refresh fails or takes over 30 s', async () => {
    const failing = start({ stored: { session: session(30), lastSignOutReason: null }, refresh: async () => Promise.reject(expired()) });
    const s1 = await waitFor(failing.actor, (s) => s.matches('ready'));
    expect(s1.context).toMatchObject({ signOutReason: 'accessTokenError', tokens: null, user: null });
    expect(failing.ended).toEqual([{ reason: 'accessTokenError', full: false }]);

    const slow = start({ stored: { session: session(30), lastSignOutReason: null } });
    await waitFor(slow.actor, (s) => s.matches('refreshingTokens'));
    slow.clock.increment(29_999);
    expect(slow.actor.getSnapshot().matches('refreshingTokens')).toBe(true);
    slow.clock.increment(1);
    const s2 = await waitFor(slow.actor, (s) => s.matches('ready'));
    expect(s2.context.signOutReason).toBe('accessTokenError');
  });

  it('a sign-in failure resets everything, goes through signingOut and keeps the reason and message', async () => {
    const { actor, ended } = start({ complete: async () => Promise.reject(new Error('This sign-in response has expired.')) });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'auth.callback', url: 'http://localhost/auth-callback?code=x&state=y' });
    const seen: string[] = [];
    actor.subscribe((s) => seen.push(JSON.stringify(s.value)));
    const after = await waitFor(actor, (s) => s.matches('ready'));
    expect(seen).toContain('"signingOut"');
    expect(after.context).toMatchObject({ signOutReason: 'loginFailure', errorMessage: 'This sign-in response has expired.', tokens: null });
    expect(ended).toEqual([{ reason: 'loginFailure', full: false }]);
  });

  it('returns to a safe path after sign-in: a foreign address becomes /', async () => {
    const { actor } = start({ complete: async () => ({ ...session(3600), returnTo: '//evil.example.com/x' }) });
    actor.send({ type: 'auth.callback', url: 'http://localhost/auth-callback?code=x&state=y' });
    const s = await waitFor(actor, (snap) => snap.matches('signedIn'));
    expect(s.context.returnTo).toBe('/');
  });

  it('keeps the deep link it was asked to return to', async () => {
    const { actor } = start({});
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'auth.signIn', returnTo: '/review?page=2' });
    expect(actor.getSnapshot().matches({ signingIn: 'redirecting' })).toBe(true);
    expect(actor.getSnapshot().context.returnTo).toBe('/review?page=2');
  });

  it('sign-out resets everything and ends in idle, then ready with the reason', async () => {
    const { actor, ended } = start({ stored: { session: session(3600), lastSignOutReason: null } });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'auth.signOut' });
    expect(actor.getSnapshot().context.user).toBeNull();
    const s = await waitFor(actor, (snap) => snap.matches('ready'));
    expect(s.context).toMatchObject({ user: null, tokens: null, signOutReason: 'userSignOut', errorMessage: null });
    expect(ended).toEqual([{ reason: 'userSignOut', full: true }]);
  });

  it('an anonymous reviewer with a known e-mail must sign in; an unknown one joins as anon|<email>', async () => {
    const known = start({ lookup: async () => ({ exists: true }) });
    await waitFor(known.actor, (s) => s.matches('ready'));
    known.actor.send({ type: 'auth.signInAnonymously', email: 'Alex.Admin@Example.com' });
    const k = await waitFor(known.actor, (s) => s.matches({ ready: 'mustSignIn' }) && s.context.errorMessage !== null);
    expect(k.context.anonymousUser).toBeNull();

    const fresh = start({ lookup: async () => ({ exists: false }) });
    await waitFor(fresh.actor, (s) => s.matches('ready'));
    fresh.actor.send({ type: 'auth.signInAnonymously', email: ' Reviewer@Example.COM ' });
    const f = await waitFor(fresh.actor, (s) => s.matches('signedInAnonymously'));
    expect(f.context.anonymousUser).toEqual({ id: 'anon|reviewer@example.com', email: 'reviewer@example.com', displayName: 'reviewer@example.com' });
  });

  it('a guest reviewer stays the same guest across a reload, and is forgotten on signing in or out', async () => {
    const kept: (string | null)[] = [];
    const machine = authMachine.provide({
      actors: {
        loadStoredSession: fromPromise<StoredSessionResult, void>(async () => ({ session: null, lastSignOutReason: null })),
        lookupProfile: fromPromise<{ exists: boolean }, { email: string }>(async () => ({ exists: false })),
        startSignIn: never<void, { returnTo: string }>(),
        endSession: fromPromise<void, { reason: SignOutReason; full: boolean }>(async () => undefined),
      },
      actions: { rememberGuest: (_, params: { email: string }) => void kept.push(params.email), forgetGuest: () => void kept.push(null) },
    });
    const first = createActor(machine).start();
    await waitFor(first, (s) => s.matches('ready'));
    first.send({ type: 'auth.signInAnonymously', email: 'Guest@Example.org' });
    await waitFor(first, (s) => s.matches('signedInAnonymously'));
    expect(kept).toEqual([null, 'guest@example.org']);

    // The next page load finds the e-mail and goes through the e-mail step by itself, as that guest.
    const reloaded = start({ stored: { session: null, lastSignOutReason: null, guestEmail: 'guest@example.org' }, lookup: async () => ({ exists: false }) });
    const again = await waitFor(reloaded.actor, (s) => s.matches('signedInAnonymously'));
    expect(again.context.anonymousUser).toEqual({ id: 'anon|guest@example.org', email: 'guest@example.org', displayName: 'guest@example.org' });
    // Meanwhile the address became an account's: that guest is over, and the person is asked to sign in.
    const taken = start({ stored: { session: null, lastSignOutReason: null, guestEmail: 'guest@example.org' }, lookup: async () => ({ exists: true }) });
    expect((await waitFor(taken.actor, (s) => s.matches('ready') && s.context.errorMessage !== null)).context.anonymousUser).toBeNull();

    first.send({ type: 'auth.signIn', returnTo: '/review' });
    expect(kept).toEqual([null, 'guest@example.org', null]);
    // A stored signed-in session wins over a stored guest.
    const signedIn = start({ stored: { session: { tokens: { accessToken: 'a', idToken: 'i', hasRefreshToken: true, expiresInSeconds: 3600 }, user: { sub: 'u', email: 'u@example.com', firstName: 'U', lastName: 'U' } }, lastSignOutReason: null, guestEmail: 'guest@example.org' } });
    expect((await waitFor(signedIn.actor, (s) => !s.matches('idle'))).value).toBe('signedIn');
  });

  it('a profile lookup that takes over 10 s counts as an existing account', async () => {
    const { actor, clock } = start({});
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'auth.signInAnonymously', email: 'slow@example.com' });
    clock.increment(10_000);
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'mustSignIn' });
    expect(s.context.errorMessage).toMatch(/sign in/i);
  });

  it('the e-mail step’s must-sign-in dialog is a state: it names the e-mail, Cancel closes it, Sign in starts sign-in', async () => {
    const { actor } = start({ lookup: async () => ({ exists: true }) });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    actor.send({ type: 'auth.signInAnonymously', email: 'Tara.Team@example.com' });
    const open = await waitFor(actor, (s) => s.matches({ ready: 'mustSignIn' }));
    expect(open.context).toMatchObject({ mustSignInEmail: 'tara.team@example.com', anonymousUser: null });
    actor.send({ type: 'auth.dismissError' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ mustSignInEmail: null, errorMessage: null });
    actor.send({ type: 'auth.signInAnonymously', email: 'tara.team@example.com' });
    await waitFor(actor, (s) => s.matches({ ready: 'mustSignIn' }));
    actor.send({ type: 'auth.signIn', returnTo: '/review/content/i1/review' });
    expect(actor.getSnapshot().matches({ signingIn: 'redirecting' })).toBe(true);
  });
});

describe('auth machine: what the guards must do once is decided here (React StrictMode runs effects twice)', () => {
  it('the sign-in return address is taken once per page load: a second callback, even after a failure, is ignored', async () => {
    let redeemed = 0;
    const { actor } = start({
      complete: async () => {
        redeemed += 1;
        throw new Error('This sign-in response has expired.');
      },
    });
    const url = 'http://localhost/auth-callback?code=x&state=y';
    actor.send({ type: 'auth.callback', url });
    actor.send({ type: 'auth.callback', url });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.callbackHandled).toBe(true);
    actor.send({ type: 'auth.callback', url });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(redeemed).toBe(1);
  });

  it('a sign-in whose redirect did not happen lands in ready.redirectFailed (offered by hand), not ready.idle (started by itself)', async () => {
    const machine = authMachine.provide({
      actors: {
        loadStoredSession: fromPromise<StoredSessionResult, void>(async () => ({ session: null, lastSignOutReason: null })),
        startSignIn: fromPromise<void, { returnTo: string }>(async () => undefined),
      },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    actor.send({ type: 'auth.signIn', returnTo: '/review' });
    // The second run of the same effect finds sign-in already started: nothing happens.
    actor.send({ type: 'auth.signIn', returnTo: '/review' });
    expect((await waitFor(actor, (s) => s.matches('ready'))).value).toEqual({ ready: 'redirectFailed' });
  });
});

describe('auth machine: callback hints', () => {
  it('keeps product_tour and type_hint from the return address once signed in', async () => {
    const { actor } = start({ complete: async () => ({ ...session(3600), returnTo: '/' }) });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'auth.callback', url: 'http://localhost/auth-callback?code=x&state=y&product_tour=1&type_hint=rise' });
    const s = await waitFor(actor, (snap) => snap.matches('signedIn'));
    expect(s.context.callbackHints).toEqual({ productTour: '1', typeHint: 'rise' });
  });
});
