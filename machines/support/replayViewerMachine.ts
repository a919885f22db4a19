import { assign, setup } from 'xstate';
import { promiseSlot } from '../slots.ts';

/** Playback speeds of the replay viewer: recorded time divided by this. */
export type ReplaySpeed = 1 | 4 | 16;
export const REPLAY_SPEEDS: readonly ReplaySpeed[] = [1, 4, 16];
/** With "skip idle", no gap between two entries lasts longer than this (before the speed divides it). */
export const REPLAY_IDLE_CAP_MS = 500;

/** A loaded log as the machine sees it: each entry's time (ms since the log started) and the viewer's data. */
export interface LoadedReplayLog {
  times: readonly number[];
  /** What the view shows (parsed entries, header); the machine never reads it. */
  data: unknown;
}

export type ReplayViewerEvent =
  /** A file picked or dropped: `file` is handed to the loadLog actor as is. */
  | { type: 'replay.open'; file: unknown; fileName: string }
  | { type: 'replay.seek'; index: number }
  | { type: 'replay.step'; by: number }
  | { type: 'replay.play' }
  | { type: 'replay.pause' }
  | { type: 'replay.togglePlay' }
  | { type: 'replay.setSpeed'; speed: ReplaySpeed }
  | { type: 'replay.setSkipIdle'; skipIdle: boolean };

export interface ReplayViewerContext {
  fileName: string | null;
  file: unknown;
  log: LoadedReplayLog | null;
  /** The entry the timeline's cursor is on (0-based). */
  cursor: number;
  speed: ReplaySpeed;
  skipIdle: boolean;
  /** Why the file could not be read (the loader's words). */
  loadError: string | null;
  /** The headless replay's report (divergences, changed definitions), as the checkLog actor gives it. */
  report: unknown;
  reportError: string | null;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : typeof error === 'string' ? error : String((error as { message?: unknown } | null)?.message ?? 'Unknown error'));
const lastIndex = (context: ReplayViewerContext) => (context.log ? context.log.times.length - 1 : -1);
const clampCursor = (context: ReplayViewerContext, index: number) => Math.max(0, Math.min(lastIndex(context), Math.round(index)));

/** The wait before the next entry while playing: the recorded gap over the speed, idle gaps capped with skip idle. */
export function playbackDelayMs(context: Pick<ReplayViewerContext, 'log' | 'cursor' | 'speed' | 'skipIdle'>): number {
  const times = context.log?.times ?? [];
  const now = times[context.cursor] ?? 0;
  const gap = Math.max(0, (times[context.cursor + 1] ?? now) - now);
  return (context.skipIdle ? Math.min(gap, REPLAY_IDLE_CAP_MS) : gap) / context.speed;
}

/**
 * The support replay viewer (/support/replay): a session log opened (`replay.open`; the `loadLog` actor reads it off
 * the page, in a worker), then a timeline cursor moved by seeking and stepping, and played entry by entry at the
 * recorded pace divided by the speed (idle gaps capped with skip idle), stopping at the last entry. While it plays or
 * not, the `checkLog` actor replays the log headlessly and hands back the report (divergences, changed definitions).
 * Opening another file starts over.
 */
export const replayViewerMachine = setup({
  types: {
    context: {} as ReplayViewerContext,
    events: {} as ReplayViewerEvent,
  },
  actors: {
    loadLog: promiseSlot<LoadedReplayLog, { file: unknown; fileName: string | null }>('loadLog'),
    checkLog: promiseSlot<unknown, { fileName: string | null }>('checkLog'),
  },
  guards: {
    canAdvance: ({ context }) => context.cursor < lastIndex(context),
    isAtEnd: ({ context }) => context.cursor >= lastIndex(context),
  },
  delays: {
    nextEntry: ({ context }) => playbackDelayMs(context),
  },
}).createMachine({
  id: 'replayViewer',
  context: { fileName: null, file: null, log: null, cursor: 0, speed: 1, skipIdle: false, loadError: null, report: null, reportError: null },
  initial: 'empty',
  on: {
    'replay.open': {
      target: '.loading',
      reenter: true,
      actions: assign({ fileName: ({ event }) => event.fileName, file: ({ event }) => event.file, loadError: null }),
    },
  },
  states: {
    empty: {},
    loading: {
      invoke: {
        id: 'loadLog',
        src: 'loadLog',
        input: ({ context }) => ({ file: context.file, fileName: context.fileName }),
        onDone: { target: 'ready', actions: assign({ log: ({ event }) => event.output, cursor: 0, file: null, report: null, reportError: null }) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => messageOf(event.error), file: null, log: null }) },
      },
    },
    failed: {},
    ready: {
      type: 'parallel',
      on: {
        'replay.seek': { actions: assign({ cursor: ({ context, event }) => clampCursor(context, event.index) }) },
        'replay.step': { actions: assign({ cursor: ({ context, event }) => clampCursor(context, context.cursor + event.by) }) },
        'replay.setSpeed': { actions: assign({ speed: ({ event }) => event.speed }) },
        'replay.setSkipIdle': { actions: assign({ skipIdle: ({ event }) => event.skipIdle }) },
      },
      states: {
        playback: {
          initial: 'paused',
          states: {
            paused: {
              on: {
                'replay.play': { guard: 'canAdvance', target: 'playing' },
                'replay.togglePlay': { guard: 'canAdvance', target: 'playing' },
              },
            },
            playing: {
              always: { guard: 'isAtEnd', target: 'paused' },
              after: { nextEntry: { target: 'playing', reenter: true, actions: assign({ cursor: ({ context }) => clampCursor(context, context.cursor + 1) }) } },
              on: {
                'replay.pause': { target: 'paused' },
                'replay.togglePlay': { target: 'paused' },
              },
            },
          },
        },
        report: {
          initial: 'checking',
          states: {
            checking: {
              invoke: {
                id: 'checkLog',
                src: 'checkLog',
                input: ({ context }) => ({ fileName: context.fileName }),
                onDone: { target: 'checked', actions: assign({ report: ({ event }) => event.output }) },
                onError: { target: 'checkFailed', actions: assign({ reportError: ({ event }) => messageOf(event.error) }) },
              },
            },
            checked: {},
            checkFailed: {},
          },
        },
      },
    },
  },
});
