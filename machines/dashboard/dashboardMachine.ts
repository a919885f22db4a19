import { assign, setup } from 'xstate';
import type { UpgradePlacement } from '../../domain/links.ts';
import { isFlashMessageId, type FlashMessageId } from '../../domain/flash.ts';

/** The dashboard's URL fragments (foundation §2), read once by the dashboard and cleared. */
export type DashboardHash = 'activateReach' | 'reachActivated';

export type DashboardEvent =
  | { type: 'dashboard.openUpgrade'; placement: UpgradePlacement }
  | { type: 'dashboard.closeUpgrade' }
  | { type: 'dashboard.dismissRenewalAlert' }
  | { type: 'dashboard.hashRead'; hash: DashboardHash }
  | { type: 'dashboard.dismissReachActivated' }
  | { type: 'dashboard.reset' }
  // The flash message bar: an id read from the address (raw: checked here), the path it was read on, page changes.
  | { type: 'dashboard.flashRead'; id: string; path: string }
  | { type: 'dashboard.pageShown'; path: string }
  | { type: 'dashboard.dismissFlash' };

export interface DashboardContext {
  /** Which product the upgrade (subscribe) modal speaks of while it is open. */
  upgradePlacement: UpgradePlacement;
  /** The flash message shown and the path it belongs to (null when the bar is hidden). */
  flash: { id: FlashMessageId; path: string } | null;
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
 * - `flash`: the flash message bar (review-and-content §2). A redirect carries `?flash=<id>` (domain/flash.ts); the
 *   view reads it once and sends `dashboard.flashRead`; only an id of the fixed set shows (anything else is ignored),
 *   until dismissed or until another page is shown (`dashboard.pageShown` with a different path).
 * The session sends `dashboard.reset` at sign-out: nothing of the last person stays for the next.
 */
export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
  },
  guards: {
    isReachActivated: (_, params: { hash: DashboardHash }) => params.hash === 'reachActivated',
    isKnownFlash: (_, params: { id: string }) => isFlashMessageId(params.id),
    isAnotherPage: ({ context }, params: { path: string }) => context.flash !== null && context.flash.path !== params.path,
  },
}).createMachine({
  id: 'dashboard',
  context: { upgradePlacement: 'review', flash: null },
  type: 'parallel',
  on: {
    'dashboard.reset': { target: ['.upgrade.closed', '.renewalAlert.shown', '.reachActivated.hidden', '.flash.hidden'] },
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
    flash: {
      initial: 'hidden',
      on: {
        'dashboard.flashRead': {
          guard: { type: 'isKnownFlash', params: ({ event }) => ({ id: event.id }) },
          target: '.shown',
          actions: assign({ flash: ({ event }) => (isFlashMessageId(event.id) ? { id: event.id, path: event.path } : null) }),
        },
      },
      states: {
        hidden: { entry: assign({ flash: null }) },
        shown: {
          on: {
            'dashboard.dismissFlash': { target: 'hidden' },
            'dashboard.pageShown': { guard: { type: 'isAnotherPage', params: ({ event }) => ({ path: event.path }) }, target: 'hidden' },
          },
        },
      },
    },
  },
});

/** The flash message the bar shows now, or null. */
export function flashOf(snapshot: { matches(value: unknown): boolean; context: DashboardContext }): FlashMessageId | null {
  return snapshot.matches({ flash: 'shown' }) ? (snapshot.context.flash?.id ?? null) : null;
}

/** The upgrade modal's state for the view: open or not, and for which placement. */
export function upgradeModalOf(snapshot: { matches(value: unknown): boolean; context: DashboardContext }): { open: boolean; placement: UpgradePlacement } {
  return { open: snapshot.matches({ upgrade: 'open' }), placement: snapshot.context.upgradePlacement };
}
