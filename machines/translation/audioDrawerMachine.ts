import { setup, type SnapshotFrom } from 'xstate';
import { sendToSystem } from '../notify.ts';

export type AudioDrawerEvent =
  /** "Validate audio elements" pressed. */
  | { type: 'audioDrawer.open' }
  /** Escape, ×, the backdrop; or the translate tab closed (the composition root). */
  | { type: 'audioDrawer.close' }
  /** A segment in the drawer chosen: the drawer closes and the table goes to it. */
  | { type: 'audioDrawer.goTo'; key: string };

/** Whether the audio drawer is open. */
export function isAudioDrawerOpenOf(snapshot: Pick<SnapshotFrom<typeof audioDrawerMachine>, 'matches'>): boolean {
  return snapshot.matches('open');
}

/**
 * The audio drawer of the translate tab (translation-editor §2 "Validate audio elements" opens a side drawer with a
 * title and child groups by audio type; systemId `audioDrawer`). `closed` → `open` → `closed`; choosing a segment
 * closes it and tells the translation actor to go to that segment (`translation.goToDuplicate`). What it lists is read
 * from the translation actor's model by the view.
 */
export const audioDrawerMachine = setup({
  types: {
    events: {} as AudioDrawerEvent,
  },
  actions: {
    goToSegment: sendToSystem('translation', ({ event }: { event: AudioDrawerEvent }) =>
      event.type === 'audioDrawer.goTo' ? { type: 'translation.goToDuplicate', key: event.key } : { type: 'audioDrawer.ignored' },
    ),
  },
}).createMachine({
  id: 'audioDrawer',
  initial: 'closed',
  states: {
    closed: {
      on: { 'audioDrawer.open': { target: 'open' } },
    },
    open: {
      on: {
        'audioDrawer.close': { target: 'closed' },
        'audioDrawer.goTo': { target: 'closed', actions: 'goToSegment' },
      },
    },
  },
});
