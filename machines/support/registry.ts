/** Registry entries of the support feature: each machine with its payload cases (charts, path generation, replay read them). */
import { replayViewerMachine } from './replayViewerMachine.ts';
import type { RegistryEntry } from '../registryCases.ts';

const log = (times: number[]) => ({ output: { times, data: null } });

export const supportEntries: readonly RegistryEntry[] = [
  {
    name: 'replayViewer',
    machine: replayViewerMachine,
    description:
      'The support replay viewer (/support/replay, staff): a session log opened from a file, a timeline cursor sought, stepped and played at 1×/4×/16× or skipping idle gaps, and the headless replay report beside it.',
    cases: {
      'replay.open': [{ file: null, fileName: 'review-session.jsonl.gz' }],
      'replay.seek': [{ index: 0 }, { index: 2 }],
      'replay.step': [{ by: 1 }, { by: -1 }],
      'replay.setSpeed': [{ speed: 4 }, { speed: 16 }],
      'replay.setSkipIdle': [{ skipIdle: true }],
      'xstate.done.actor.loadLog': [log([0, 10, 2_000]), log([0])],
      'xstate.error.actor.loadLog': [{ error: { name: 'EventLogFormatError', message: 'Not a session log.' } }],
      'xstate.done.actor.checkLog': [{ output: { divergences: [], warnings: [], changedMachines: [] } }],
      'xstate.error.actor.checkLog': [{ error: { name: 'Error', message: 'The replay stopped.' } }],
    },
  },
];
