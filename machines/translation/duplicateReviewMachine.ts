import { assign, setup, type SnapshotFrom } from 'xstate';
import { sendToSystem } from '../notify.ts';

export interface DuplicateReviewContext {
  /** The segment whose duplicates are listed; null while closed. */
  key: string | null;
}

export type DuplicateReviewEvent =
  /** "Show duplicates" under the segment being edited. */
  | { type: 'duplicateReview.open'; key: string }
  /** Close, Escape; or the translate tab closed (the composition root). */
  | { type: 'duplicateReview.close' }
  /** A duplicate chosen: the dialog closes and the table goes to it. */
  | { type: 'duplicateReview.goTo'; key: string };

/** The segment whose duplicates the dialog lists, or null while it is closed. */
export function duplicateReviewKeyOf(snapshot: Pick<SnapshotFrom<typeof duplicateReviewMachine>, 'context' | 'matches'>): string | null {
  return snapshot.matches('open') ? snapshot.context.key : null;
}

/**
 * The duplicate review dialog of the translate tab (translation-editor §2 duplicate review placeholder dialog;
 * systemId `duplicateReview`): `closed` → `open` with the segment's key → `closed`; choosing a duplicate closes it and
 * tells the translation actor to go to that segment (`translation.goToDuplicate`). What it lists is the translation
 * actor's (duplicatesOfKey).
 */
export const duplicateReviewMachine = setup({
  types: {
    context: {} as DuplicateReviewContext,
    events: {} as DuplicateReviewEvent,
  },
  actions: {
    goToSegment: sendToSystem('translation', ({ event }: { event: DuplicateReviewEvent }) =>
      event.type === 'duplicateReview.goTo' ? { type: 'translation.goToDuplicate', key: event.key } : { type: 'duplicateReview.ignored' },
    ),
  },
}).createMachine({
  id: 'duplicateReview',
  context: { key: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'duplicateReview.open': { target: 'open', actions: assign({ key: ({ event }) => event.key }) } },
    },
    open: {
      on: {
        'duplicateReview.close': { target: 'closed', actions: assign({ key: null }) },
        'duplicateReview.goTo': { target: 'closed', actions: [assign({ key: null }), 'goToSegment'] },
      },
    },
  },
});
