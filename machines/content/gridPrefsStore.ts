import { assign, setup } from 'xstate';
import type { FolderId } from '../../domain/folderRoles.ts';
import { clampSidebarWidth, DEFAULT_GRID_PREFS, parseGridPrefs, toggleExpanded, type GridPrefs } from '../../domain/gridPrefs.ts';

export type GridPrefsEvent =
  | { type: 'gridPrefs.loaded'; stored: unknown }
  | { type: 'gridPrefs.resized'; width: number }
  | { type: 'gridPrefs.toggled'; id: FolderId; expanded: boolean };

/**
 * The item grid's remembered preferences (systemId `gridPrefs`): sidebar width and expanded folders
 * (review-and-content §2 "resizable and persisted", "Folder expand state persists locally"). A small machine
 * (`defaults` until the stored preferences are read, then `loaded`) with the events and context of the store it
 * replaced; the composition root loads it from storage at start (`gridPrefs.loaded`) and writes every change back.
 */
export const gridPrefsMachine = setup({
  types: { context: {} as GridPrefs, events: {} as GridPrefsEvent },
}).createMachine({
  id: 'gridPrefs',
  context: { ...DEFAULT_GRID_PREFS },
  initial: 'defaults',
  on: {
    'gridPrefs.loaded': { target: '.loaded', actions: assign(({ event }) => parseGridPrefs(event.stored)) },
    'gridPrefs.resized': { actions: assign(({ context, event }) => ({ ...context, sidebarWidth: clampSidebarWidth(event.width) })) },
    'gridPrefs.toggled': { actions: assign(({ context, event }) => toggleExpanded(context, event.id, event.expanded)) },
  },
  states: {
    defaults: {},
    loaded: {},
  },
});

/** The name the grid-preferences actor's callers know it by (it was an @xstate/store store). */
export const gridPrefsStore = gridPrefsMachine;
