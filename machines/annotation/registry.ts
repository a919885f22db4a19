/** Registry entries of the annotation feature: each machine with its payload cases (charts, path generation, replay read them). */
import { annotationDialogMachine } from './annotationDialogMachine.ts';
import { canvasMachine } from './canvasMachine.ts';
import type { RegistryEntry } from '../registryCases.ts';

const stroke = { kind: 'draw', color: '#e53935', opacity: 1, width: 4, points: [0.1, 0.1, 0.2, 0.25, 0.3, 0.2] };
const saved = [{ id: 's1', ...stroke }];

export const annotationEntries: readonly RegistryEntry[] = [
  {
    name: 'annotationCanvas',
    machine: canvasMachine,
    description:
      "The annotation canvas's tools (review §4): tool, colour, opacity, stroke width (persisted), the shapes kept normalised to the snapshot, the selection (selecting loads its settings; changes apply to it), clear (selection or all), undo / redo, text editing with empty text removed.",
    input: {},
    inputs: [{ shapes: saved, prefs: { tool: 'rect', color: '#00ff00', opacity: 0.5, width: 12 } }],
    cases: {
      'canvas.setTool': [{ tool: 'rect' }, { tool: 'text' }],
      'canvas.setColor': [{ color: '#0af' }, { color: 'blue' }],
      'canvas.setOpacity': [{ opacity: 0.5 }, { opacity: 2 }],
      'canvas.setWidth': [{ width: 12 }, { width: 100 }],
      'canvas.add': [
        { shape: stroke },
        { shape: { kind: 'highlight', color: '#ffeb3b', opacity: 0.3, width: 16, points: [0.1, 0.5, 0.6, 0.5] }, select: true },
        { shape: { kind: 'text', color: '#e53935', opacity: 1, width: 4, x: 0.4, y: 0.4, w: 0.3, text: '' } },
      ],
      'canvas.update': [{ id: 's1', changes: { points: [0.2, 0.2, 0.3, 0.3] } }, { id: 'nope', changes: {} }],
      'canvas.nudge': [{ dx: 0.01, dy: 0 }],
      'canvas.select': [{ id: 's1' }, { id: 'nope' }],
      'canvas.commitText': [{ text: 'Look here' }, { text: '  ' }],
    },
  },
  {
    name: 'annotationDialog',
    machine: annotationDialogMachine,
    description:
      'The snapshot annotation dialog (review §2, §4, §8; the snapshot capture\'s child `dialog`): opened (tracked) capturing, failed (review.snapshot.error with Cancel and Retry) or ready, with the canvas tools as its child `canvas`; Save exports the flattened PNG at pixel ratio 2 into the FileStore → committed (tracked with the annotation data; output: the file id, sizes and shapes); Cancel with shapes asks first → abandoned (tracked); a route change closes it.',
    input: { dialogId: 'd-1' },
    // Editing an earlier annotation, with remembered settings.
    inputs: [{ dialogId: 'd-2', shapes: saved, prefs: { tool: 'rect', color: '#00ff00', opacity: 0.5, width: 12 } }],
    cases: {
      'annotation.save': [{ shapes: saved }],
      'annotation.cancel': [{ shapeCount: 0 }, { shapeCount: 3 }],
      'xstate.done.actor.exportPng': [{ output: { fileId: 'f1', size: 40960, width: 1280, height: 720 } }],
      'xstate.error.actor.exportPng': [{ error: { name: 'Error', message: 'The canvas could not be exported.' } }],
    },
  },
];
