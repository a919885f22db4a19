import { fromStore } from '@xstate/store';
import type { FolderId } from '../../domain/folderRoles.ts';
import { clampSidebarWidth, DEFAULT_GRID_PREFS, parseGridPrefs, toggleExpanded, type GridPrefs } from '../../domain/gridPrefs.ts';
import { markCore } from '../core.ts';

/**
 * The item grid's remembered preferences (systemId `gridPrefs`): sidebar width and expanded folders
 * (review-and-content §2 "resizable and persisted", "Folder expand state persists locally"). A store run as
 * an actor; the composition root loads it from storage at start (`gridPrefs.loaded`) and writes every change back.
 */
export const gridPrefsStore = markCore(
  fromStore({
    context: { ...DEFAULT_GRID_PREFS } as GridPrefs,
    on: {
      'gridPrefs.loaded': (_context, event: { stored: unknown }): GridPrefs => parseGridPrefs(event.stored),
      'gridPrefs.resized': (context, event: { width: number }): GridPrefs => ({ ...context, sidebarWidth: clampSidebarWidth(event.width) }),
      'gridPrefs.toggled': (context, event: { id: FolderId; expanded: boolean }): GridPrefs => toggleExpanded(context, event.id, event.expanded),
    },
  }),
);
