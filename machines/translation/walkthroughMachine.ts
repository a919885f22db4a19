import { assign, setup, type SnapshotFrom } from 'xstate';
import type { WalkthroughStep } from '../../domain/translationAssist.ts';

export interface WalkthroughContext {
  steps: WalkthroughStep[];
  /** The step shown (0-based). */
  index: number;
}

export type WalkthroughEvent =
  /** Show the tour from its first step (the root sends it when isWalkthroughShown; the help menu's "Take the tour"). */
  | { type: 'walkthrough.start'; steps: WalkthroughStep[] }
  | { type: 'walkthrough.next' }
  | { type: 'walkthrough.previous' }
  /** At the last step; `at` is the time stamp stored (ISO). */
  | { type: 'walkthrough.finish'; at: string }
  /** Early ("Skip tour", Escape); `at` is the time stamp stored (ISO). */
  | { type: 'walkthrough.dismiss'; at: string };

/** The step on screen with its place, or null when the tour is not shown. */
export interface CurrentStep {
  step: WalkthroughStep;
  index: number;
  count: number;
  isFirst: boolean;
  isLast: boolean;
}

/** The step shown, or null. */
export function currentStepOf(snapshot: Pick<SnapshotFrom<typeof walkthroughMachine>, 'context' | 'matches'>): CurrentStep | null {
  if (!snapshot.matches('showing')) return null;
  const { steps, index } = snapshot.context;
  const step = steps[index];
  if (!step) return null;
  return { step, index, count: steps.length, isFirst: index === 0, isLast: index === steps.length - 1 };
}

/**
 * The feature walkthrough (translation-editor §3 Walkthrough step, §4 "Next, Previous, finish at the last step, or
 * dismiss early", §6 shown to non-owners; systemId `walkthrough`).
 *
 * `idle` → `showing` at `walkthrough.start` with its steps (none: nothing shows) → `done` by finish (last step only)
 * or dismiss, each storing the time stamp (the `storeWalkthroughDone` action, provided by the composition root:
 * WALKTHROUGH_DONE_STORAGE_KEY). A new start (the help menu) shows it again.
 */
export const walkthroughMachine = setup({
  types: {
    context: {} as WalkthroughContext,
    events: {} as WalkthroughEvent,
  },
  actions: {
    /** Stores WALKTHROUGH_DONE_STORAGE_KEY (provided at the composition root). */
    storeWalkthroughDone: (_: unknown, _params: { at: string }) => {},
  },
  guards: {
    hasSteps: ({ event }) => event.type === 'walkthrough.start' && event.steps.length > 0,
    hasNext: ({ context }) => context.index < context.steps.length - 1,
    hasPrevious: ({ context }) => context.index > 0,
    isLastStep: ({ context }) => context.index === context.steps.length - 1,
  },
}).createMachine({
  id: 'walkthrough',
  context: { steps: [], index: 0 },
  initial: 'idle',
  on: {
    'walkthrough.start': { guard: 'hasSteps', target: '.showing', actions: assign(({ event }) => ({ steps: event.steps, index: 0 })) },
  },
  states: {
    idle: {},
    showing: {
      on: {
        'walkthrough.next': { guard: 'hasNext', actions: assign({ index: ({ context }) => context.index + 1 }) },
        'walkthrough.previous': { guard: 'hasPrevious', actions: assign({ index: ({ context }) => context.index - 1 }) },
        'walkthrough.finish': { guard: 'isLastStep', target: 'done', actions: { type: 'storeWalkthroughDone', params: ({ event }) => ({ at: event.at }) } },
        'walkthrough.dismiss': { target: 'done', actions: { type: 'storeWalkthroughDone', params: ({ event }) => ({ at: event.at }) } },
      },
    },
    done: {},
  },
});
