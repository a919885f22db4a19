import { assign, setup } from 'xstate';
import { CELEBRATION, type TrialRequestKind } from '../../domain/activation.ts';
import { promiseSlot } from '../slots.ts';

export interface TrialContext {
  /** Which request was sent (the button that shows completion). */
  sent: TrialRequestKind | null;
  reducedMotion: boolean;
}

export type TrialEvent =
  /** The landing page opened (the viewed event is tracked); reducedMotion: the person's prefers-reduced-motion. */
  | { type: 'trial.viewed'; reducedMotion: boolean }
  | { type: 'trial.request'; kind: TrialRequestKind }
  | { type: 'trial.closeModal' }
  | { type: 'trial.reset' };

/**
 * The localization trial landing (foundation §2, §4, §7, §9): `trial.viewed` tracks the viewed event; a request
 * (self-initiated trial or sales demo, 204) marks its button done and opens the trial success modal, whose celebration
 * starts after 900 ms and runs 10,000 ms (none under reduced motion). A failed request is logged only (§7): the page
 * stays as it was. The actor lives in the app system: each visit's `trial.viewed` starts the landing afresh.
 */
export const trialMachine = setup({
  types: { context: {} as TrialContext, events: {} as TrialEvent },
  actors: { requestTrial: promiseSlot<unknown, { kind: TrialRequestKind }>('requestTrial') },
  actions: {
    trackViewed: () => {},
    logFailure: (_, _params: { error: unknown }) => {},
  },
  guards: { reducedMotion: ({ context }) => context.reducedMotion },
}).createMachine({
  id: 'trial',
  context: { sent: null, reducedMotion: false },
  initial: 'unseen',
  // The page opened (again): a fresh landing, whatever a previous visit left.
  on: {
    'trial.viewed': { target: '.ready', actions: [assign({ sent: null, reducedMotion: ({ event }) => event.reducedMotion }), 'trackViewed'] },
    // Sign-out: the last person's request and its modal are gone.
    'trial.reset': { target: '.unseen', actions: assign({ sent: null }) },
  },
  states: {
    unseen: {},
    ready: { on: { 'trial.request': { target: 'requesting', actions: assign({ sent: ({ event }) => event.kind }) } } },
    requesting: {
      invoke: {
        id: 'requestTrial',
        src: 'requestTrial',
        input: ({ context }) => ({ kind: context.sent ?? 'selfInitiated' }),
        onDone: { target: 'requested' },
        onError: { target: 'ready', actions: [assign({ sent: null }), { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    requested: {
      type: 'parallel',
      states: {
        modal: {
          initial: 'open',
          states: { open: { on: { 'trial.closeModal': { target: 'closed' } } }, closed: {} },
        },
        celebration: {
          initial: 'deciding',
          states: {
            deciding: { always: [{ guard: 'reducedMotion', target: 'none' }, { target: 'waiting' }] },
            waiting: { after: { [CELEBRATION.delayMs]: { target: 'running' } } },
            running: { after: { [CELEBRATION.durationMs]: { target: 'done' } } },
            done: {},
            none: {},
          },
        },
      },
    },
  },
});
