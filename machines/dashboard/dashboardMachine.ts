import { assign, setup } from 'xstate';
import type { UpgradePlacement } from '../../domain/links.ts';

/** The dashboard's URL fragments (foundation §2), read once by the dashboard and cleared. */
export type DashboardHash = 'activateReach' | 'reachActivated';

export type DashboardEvent =
  | { type: 'dashboard.openUpgrade'; placement: UpgradePlacement }
  | { type: 'dashboard.closeUpgrade' }
  | { type: 'dashboard.dismissRenewalAlert' }
  | { type: 'dashboard.hashRead'; hash: DashboardHash }
  | { type: 'dashboard.dismissReachActivated' }
  | { type: 'dashboard.reset' };

export interface DashboardContext {
  /** Which product the upgrade (subscribe) modal speaks of while it is open. */
  upgradePlacement: UpgradePlacement;
}

/**
 * What the header and the dashboard show over the page (foundation §2, §3), one region each:
 * - `upgrade`: the upgrade (subscribe) modal the header opens on a product the plan lacks (`dashboard.openUpgrade
 *   {placement}`), closed by Not now, Buy now or Escape (`dashboard.closeUpgrade`). The upgrade routes
 *   (/tebnreviewmodal …) open theirs from the route instead.
 * - `renewalAlert`: the renewal alert (30 days or fewer) may be dismissed, for the rest of this page load (the spec
 *   keeps nothing; a reload or the next sign-in shows it again). The expired alert cannot be dismissed (the view
 *   offers no button for it).
 * - `reachActivated`: #reachActivated read on the dashboard shows the success banner until dismissed;
 *   #activateReach is recorded for the learning-product activation flow.
 * The session sends `dashboard.reset` at sign-out: nothing of the last person stays for the next.
 */
export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
  },
  guards: {
    isReachActivated: (_, params: { hash: DashboardHash }) => params.hash === 'reachActivated',
  },
}).createMachine({
  id: 'dashboard',
  context: { upgradePlacement: 'review' },
  type: 'parallel',
  on: {
    'dashboard.reset': { target: ['.upgrade.closed', '.renewalAlert.shown', '.reachActivated.hidden'] },
  },
  states: {
    upgrade: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'dashboard.openUpgrade': { target: 'open', actions: assign({ upgradePlacement: ({ event }) => event.placement }) } },
        },
        open: {
          on: {
            'dashboard.closeUpgrade': { target: 'closed' },
            'dashboard.openUpgrade': { actions: assign({ upgradePlacement: ({ event }) => event.placement }) },
          },
        },
      },
    },
    renewalAlert: {
      initial: 'shown',
      states: {
        shown: { on: { 'dashboard.dismissRenewalAlert': { target: 'dismissed' } } },
        dismissed: {},
      },
    },
    reachActivated: {
      initial: 'hidden',
      on: {
        'dashboard.hashRead': { guard: { type: 'isReachActivated', params: ({ event }) => ({ hash: event.hash }) }, target: '.shown' },
      },
      states: {
        hidden: {},
        shown: { on: { 'dashboard.dismissReachActivated': { target: 'hidden' } } },
      },
    },
  },
});

/** The upgrade modal's state for the view: open or not, and for which placement. */
export function upgradeModalOf(snapshot: { matches(value: unknown): boolean; context: DashboardContext }): { open: boolean; placement: UpgradePlacement } {
  return { open: snapshot.matches({ upgrade: 'open' }), placement: snapshot.context.upgradePlacement };
}
