import { assign, setup } from 'xstate';
import type { AnnotationPrefs } from '../../domain/annotation.ts';
import {
  addShape,
  applySetting,
  clearShapes,
  commitText,
  initialCanvasContext,
  isValidSetting,
  nextShapeId,
  nudgeSelection,
  redo,
  selectedShape,
  selectShape,
  undo,
  updateShape,
  type CanvasContext,
  type CanvasEvent,
  type CanvasInput,
} from './canvasRules.ts';

/**
 * The annotation canvas's tools (review-and-content §4 Canvas tools, §5 Canvas rules): the tool, colour, opacity and
 * stroke width (persisted through the `persistPrefs` action the dialog provides), the shapes (normalised), the
 * selection, and the undo / redo history of the shapes.
 *
 * `idle` (nothing selected) ⇄ `selected` (`canvas.select`, `canvas.selectNext`, a keyboard-placed shape; selecting
 * loads the shape's colour, opacity and width, and setting changes apply to it) → `editingText` (a new text, or
 * `canvas.editText` on a selected one) → `canvas.commitText`: empty text is removed, otherwise kept and selected.
 * `canvas.clear` removes the selection, or everything when nothing is selected; `canvas.deleteSelection` the selection.
 * Undo and redo step through the shape lists and drop the selection.
 */
const PERSIST = { type: 'persistPrefs', params: ({ context }: { context: CanvasContext }) => ({ prefs: context.prefs }) } as const;

export const canvasMachine = setup({
  types: {
    context: {} as CanvasContext,
    events: {} as CanvasEvent,
    input: {} as CanvasInput | undefined,
  },
  actions: {
    /** The tool settings changed: the dialog writes them to storage. */
    persistPrefs: (_: unknown, _params: { prefs: AnnotationPrefs }) => {},
    applySetting: assign(({ context, event }) => applySetting(context, event)),
    addShape: assign(({ context, event }) => (event.type === 'canvas.add' ? addShape(context, event.shape).context : {})),
    selectLast: assign(({ context }) => selectShape(context, context.shapes.at(-1)?.id ?? '')),
    selectShape: assign(({ context, event }) => (event.type === 'canvas.select' ? selectShape(context, event.id) : {})),
    selectNext: assign(({ context }) => selectShape(context, nextShapeId(context) ?? '')),
  },
  guards: {
    validSetting: ({ event }) => isValidSetting(event),
    canUndo: ({ context }) => context.past.length > 0,
    canRedo: ({ context }) => context.future.length > 0,
    hasShapes: ({ context }) => context.shapes.length > 0,
    isKnownShape: ({ context, event }) => event.type === 'canvas.select' && context.shapes.some((s) => s.id === event.id),
    isText: ({ event }) => event.type === 'canvas.add' && event.shape.kind === 'text',
    selectsNew: ({ event }) => event.type === 'canvas.add' && event.select === true,
    selectedIsText: ({ context }) => selectedShape(context)?.kind === 'text',
    textKept: ({ event }) => event.type === 'canvas.commitText' && event.text.trim() !== '',
  },
}).createMachine({
  id: 'annotationCanvas',
  context: ({ input }) => initialCanvasContext(input),
  initial: 'idle',
  on: {
    'canvas.setTool': {
      target: '.idle',
      actions: [assign(({ context, event }) => ({ prefs: { ...context.prefs, tool: event.tool }, selectedId: null })), PERSIST],
    },
    'canvas.setColor': { guard: 'validSetting', actions: ['applySetting', PERSIST] },
    'canvas.setOpacity': { guard: 'validSetting', actions: ['applySetting', PERSIST] },
    'canvas.setWidth': { guard: 'validSetting', actions: ['applySetting', PERSIST] },
    'canvas.add': [
      { guard: 'isText', target: '.editingText', actions: 'addShape' },
      { guard: 'selectsNew', target: '.selected', actions: ['addShape', 'selectLast'] },
      { target: '.idle', actions: 'addShape' },
    ],
    'canvas.update': { actions: assign(({ context, event }) => updateShape(context, event.id, event.changes)) },
    'canvas.select': { guard: 'isKnownShape', target: '.selected', actions: ['selectShape', PERSIST] },
    'canvas.selectNext': { guard: 'hasShapes', target: '.selected', actions: ['selectNext', PERSIST] },
    'canvas.clear': { target: '.idle', actions: assign(({ context }) => clearShapes(context)) },
    'canvas.undo': { guard: 'canUndo', target: '.idle', actions: assign(({ context }) => undo(context)) },
    'canvas.redo': { guard: 'canRedo', target: '.idle', actions: assign(({ context }) => redo(context)) },
  },
  states: {
    idle: {},
    selected: {
      on: {
        'canvas.deselect': { target: 'idle', actions: assign({ selectedId: null }) },
        'canvas.deleteSelection': { target: 'idle', actions: assign(({ context }) => clearShapes(context)) },
        'canvas.nudge': { actions: assign(({ context, event }) => nudgeSelection(context, event.dx, event.dy)) },
        'canvas.editText': {
          guard: 'selectedIsText',
          target: 'editingText',
          actions: assign(({ context }) => ({ editing: { id: context.selectedId ?? '', before: context.shapes } })),
        },
      },
    },
    editingText: {
      on: {
        'canvas.commitText': [
          { guard: 'textKept', target: 'selected', actions: assign(({ context, event }) => commitText(context, event.text, event.w)) },
          { target: 'idle', actions: assign(({ context, event }) => commitText(context, event.text, event.w)) },
        ],
        // While the text is typed, only the editor's own commit leaves this state.
        'canvas.setTool': {},
        'canvas.add': {},
        'canvas.select': {},
        'canvas.selectNext': {},
        'canvas.clear': {},
        'canvas.undo': {},
        'canvas.redo': {},
      },
    },
  },
});
