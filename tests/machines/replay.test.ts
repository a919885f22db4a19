/**
 * Records a scripted session through the real recorder (fake adapters, simulated clock), exports
 * it as the gzip JSON Lines a user would download, replays it headless and expects no divergence;
 * a tampered log must diverge at the tampered event.
 */
import { strFromU8, gunzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { createEventRecorder, parseEventLog, type EventEntry } from '../../adapters/eventLog.ts';
import type { SignedInSession } from '../../domain/auth.ts';
import type { StoredSessionResult } from '../../machines/session/authMachine.ts';
import { appMachine, authMachine, definitionHashes } from '../../machines/index.ts';
import { isCoreLogic } from '../../machines/core.ts';
import { replayLog } from '../../tools/replayer.ts';

const user = { sub: 'u-alex', email: 'alex.admin@example.com', firstName: 'Alex', lastName: 'Admin' };
const session = (accessToken: string, expiresInSeconds: number): SignedInSession => ({
  tokens: { accessToken, idToken: 'id-token-secret', hasRefreshToken: true, expiresInSeconds },
  user,
});

async function recordScriptedSession() {
  const clock = new SimulatedClock();
  clock.set(1_700_000_000_000);
  const recorder = createEventRecorder({ now: () => clock.now(), isCoreLogic });
  let signedOut = false;
  const fakes = authMachine.provide({
    actors: {
      loadStoredSession: fromPromise<StoredSessionResult, void>(async () => ({ session: null, lastSignOutReason: signedOut ? 'userSignOut' : null })),
      startSignIn: fromPromise(() => new Promise<void>(() => {})),
      completeSignIn: fromPromise(async () => ({ ...session('access-token-secret-1', 120), returnTo: '/review' })),
      refreshTokens: fromPromise(async () => session('access-token-secret-2', 3600)),
      loadUserInfo: fromPromise(async () => ({ ...user, firstName: 'Alexandra' })),
      lookupProfile: fromPromise<{ exists: boolean }, { email: string }>(async () => ({ exists: false })),
      endSession: fromPromise(async () => {
        signedOut = true;
      }),
    },
  });
  const app = createActor(appMachine.provide({ actors: { auth: fakes } }), { id: 'app', clock });
  recorder.attach(app);
  app.start();
  const auth = app.system.get('auth')!;
  await waitFor(auth, (s) => s.matches('ready'));
  auth.send({ type: 'auth.callback', url: 'http://localhost/auth-callback?code=secret-code-123&state=abc' });
  await waitFor(auth, (s) => s.matches('signedIn'));
  clock.increment(60_000); // the refresh timer fires 60 s before the 120 s token expires
  await waitFor(auth, (s) => s.matches('signedIn') && s.context.tokens?.expiresInSeconds === 3600);
  auth.send({ type: 'auth.refreshUser' });
  await waitFor(auth, (s) => s.matches('signedIn') && s.context.user?.firstName === 'Alexandra');
  clock.increment(5_000);
  auth.send({ type: 'auth.signOut' });
  await waitFor(auth, (s) => s.matches('ready'));
  app.stop();
  const bytes = await recorder.exportGzip({ appVersion: 'test', buildId: 'test', machines: definitionHashes(), userAgent: 'vitest' });
  return { bytes, finalReason: auth.getSnapshot().context.signOutReason };
}

describe('session log replay', () => {
  it('replays a recorded session with no divergence', async () => {
    const { bytes, finalReason } = await recordScriptedSession();
    expect(finalReason).toBe('userSignOut');
    const log = parseEventLog(bytes);
    const result = replayLog(log, { root: appMachine, rootId: 'app', currentHashes: definitionHashes() });
    expect(result.divergences).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.injected).toBeGreaterThanOrEqual(8);
    // the token refresh timer is not in the injected set: the machine makes it again under the simulated clock
    expect(result.regenerated).toBeGreaterThanOrEqual(1);
    const types = log.entries.filter((e): e is EventEntry => e.k === 'event').map((e) => (e.event as { type: string }).type);
    expect(types).toContain('xstate.after.tokenRefresh.auth.signedIn');
  });

  it('keeps tokens and authorization codes out of the exported log', async () => {
    const { bytes } = await recordScriptedSession();
    const text = strFromU8(gunzipSync(bytes));
    expect(text).not.toContain('access-token-secret');
    expect(text).not.toContain('id-token-secret');
    expect(text).not.toContain('secret-code-123');
    expect(text).toContain('[redacted]');
    const header = JSON.parse(text.split('\n')[0]!);
    expect(header).toMatchObject({ format: 'review-dashboard/event-log', appVersion: 'test', buildId: 'test', userAgent: 'vitest' });
    expect(Object.keys(header.machines)).toEqual(expect.arrayContaining(['app', 'auth']));
  });

  it('reports a divergence with the index of a tampered event', async () => {
    const { bytes } = await recordScriptedSession();
    const log = parseEventLog(bytes);
    const index = log.entries.findIndex((e) => e.k === 'event' && (e.event as { type: string }).type === 'xstate.done.actor.loadUserInfo');
    expect(index).toBeGreaterThan(0);
    const entry = log.entries[index] as EventEntry;
    (entry.event as { output: { firstName: string } }).output.firstName = 'Mallory';
    const result = replayLog(log, { root: appMachine, rootId: 'app' });
    expect(result.divergences.length).toBeGreaterThan(0);
    expect(result.divergences[0]).toMatchObject({ index, eventType: 'xstate.done.actor.loadUserInfo', actor: 'app/auth' });
  });

  it('warns when a machine changed since the log was recorded', async () => {
    const { bytes } = await recordScriptedSession();
    const log = parseEventLog(bytes);
    const result = replayLog(log, { root: appMachine, rootId: 'app', currentHashes: { ...definitionHashes(), auth: 'different' } });
    expect(result.warnings.join(' ')).toMatch(/auth.*changed/);
  });
});
