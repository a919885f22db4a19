import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { dashboardMachine, flashOf, upgradeModalOf } from '../../machines/dashboard/dashboardMachine.ts';
import { inert } from '../../machines/inert.ts';
import { sessionMachine } from '../../machines/session/sessionMachine.ts';

describe('dashboard: the header’s and dashboard’s overlays (foundation §2)', () => {
  it('the upgrade modal opens for the product clicked and closes with Not now', () => {
    const actor = createActor(dashboardMachine).start();
    expect(upgradeModalOf(actor.getSnapshot()).open).toBe(false);
    actor.send({ type: 'dashboard.openUpgrade', placement: 'rise' });
    expect(upgradeModalOf(actor.getSnapshot())).toEqual({ open: true, placement: 'rise' });
    actor.send({ type: 'dashboard.closeUpgrade' });
    expect(upgradeModalOf(actor.getSnapshot()).open).toBe(false);
  });

  it('a dismissed renewal alert stays dismissed whatever else happens on the page', () => {
    const actor = createActor(dashboardMachine).start();
    actor.send({ type: 'dashboard.dismissRenewalAlert' });
    actor.send({ type: 'dashboard.openUpgrade', placement: 'review' });
    actor.send({ type: 'dashboard.closeUpgrade' });
    actor.send({ type: 'dashboard.hashRead', hash: 'reachActivated' });
    expect(actor.getSnapshot().matches({ renewalAlert: 'dismissed' })).toBe(true);
  });

  it('#reachActivated shows the success banner until dismissed; #activateReach does not', () => {
    const actor = createActor(dashboardMachine).start();
    actor.send({ type: 'dashboard.hashRead', hash: 'activateReach' });
    expect(actor.getSnapshot().matches({ reachActivated: 'hidden' })).toBe(true);
    actor.send({ type: 'dashboard.hashRead', hash: 'reachActivated' });
    expect(actor.getSnapshot().matches({ reachActivated: 'shown' })).toBe(true);
    actor.send({ type: 'dashboard.dismissReachActivated' });
    expect(actor.getSnapshot().matches({ reachActivated: 'hidden' })).toBe(true);
  });

  it('signing out forgets all of it: the next person sees the renewal alert again', () => {
    const root = createActor(
      createMachine({
        invoke: [
          { id: 'dashboard', systemId: 'dashboard', src: dashboardMachine },
          { id: 'session', systemId: 'session', src: inert(sessionMachine) },
        ],
      }),
    ).start();
    const dashboard = root.system.get('dashboard')!;
    const session = root.system.get('session')!;
    session.send({ type: 'auth.status', status: 'signedIn', user: { sub: 'u1', email: 'a@example.com', firstName: 'A', lastName: 'B' }, anonymousUser: null });
    dashboard.send({ type: 'dashboard.dismissRenewalAlert' });
    dashboard.send({ type: 'dashboard.openUpgrade', placement: 'header' });
    dashboard.send({ type: 'dashboard.flashRead', id: 'staffOnly', path: '/' });
    session.send({ type: 'auth.status', status: 'ready', user: null, anonymousUser: null });
    expect(dashboard.getSnapshot().value).toEqual({ upgrade: 'closed', renewalAlert: 'shown', reachActivated: 'hidden', flash: 'hidden' });
  });

  it('the flash bar shows a message of the fixed set until dismissed; unknown ids change nothing', () => {
    const actor = createActor(dashboardMachine).start();
    for (const id of ['<img src=x onerror=alert(1)>', 'toString', '__proto__', 'STAFFONLY', '']) {
      actor.send({ type: 'dashboard.flashRead', id, path: '/' });
      expect(flashOf(actor.getSnapshot())).toBeNull();
    }
    actor.send({ type: 'dashboard.flashRead', id: 'staffOnly', path: '/' });
    expect(flashOf(actor.getSnapshot())).toBe('staffOnly');
    // A hostile id arriving later does not replace or hide the message shown.
    actor.send({ type: 'dashboard.flashRead', id: 'javascript:alert(1)', path: '/' });
    expect(flashOf(actor.getSnapshot())).toBe('staffOnly');
    actor.send({ type: 'dashboard.dismissFlash' });
    expect(flashOf(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.flash).toBeNull();
  });

  it('the flash message belongs to the page it was read on: showing that page again keeps it, another page hides it', () => {
    const actor = createActor(dashboardMachine).start();
    actor.send({ type: 'dashboard.flashRead', id: 'signInExpired', path: '/signin' });
    actor.send({ type: 'dashboard.pageShown', path: '/signin' });
    expect(flashOf(actor.getSnapshot())).toBe('signInExpired');
    actor.send({ type: 'dashboard.pageShown', path: '/review' });
    expect(flashOf(actor.getSnapshot())).toBeNull();
  });
});
