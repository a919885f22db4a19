/**
 * The item grid's remembered preferences (review-and-content §2, §9): the folder sidebar's width (start 20,
 * minimum 12, maximum 40 percent) and which folders of the tree are expanded. Stored values are untrusted
 * (another version, a hand edit): anything unreadable falls back to the default.
 */
import { GRID_SIDEBAR_MAX_PERCENT, GRID_SIDEBAR_MIN_PERCENT, GRID_SIDEBAR_START_PERCENT } from './constants.ts';
import { isVirtualFolderId, type FolderId } from './folderRoles.ts';

export interface GridPrefs {
  sidebarWidth: number;
  /** Expanded folders of the tree, in the order they were opened. */
  expanded: FolderId[];
}

/** At most this many expanded folders are remembered; the oldest go first. */
export const GRID_PREFS_MAX_EXPANDED = 500;

export const DEFAULT_GRID_PREFS: GridPrefs = { sidebarWidth: GRID_SIDEBAR_START_PERCENT, expanded: [] };

/** A width within the sidebar's bounds; the start width for anything that is not a finite number. */
export function clampSidebarWidth(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return GRID_SIDEBAR_START_PERCENT;
  return Math.min(GRID_SIDEBAR_MAX_PERCENT, Math.max(GRID_SIDEBAR_MIN_PERCENT, value));
}

function isFolderIdValue(value: unknown): value is FolderId {
  return (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) || isVirtualFolderId(value);
}

/** Preferences from stored JSON text (or an already parsed value); defaults for whatever cannot be read. */
export function parseGridPrefs(raw: unknown): GridPrefs {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { ...DEFAULT_GRID_PREFS, expanded: [] };
    }
  }
  if (typeof value !== 'object' || value === null) return { ...DEFAULT_GRID_PREFS, expanded: [] };
  const record = value as { sidebarWidth?: unknown; expanded?: unknown };
  const expanded = Array.isArray(record.expanded) ? [...new Set(record.expanded.filter(isFolderIdValue))].slice(-GRID_PREFS_MAX_EXPANDED) : [];
  return { sidebarWidth: clampSidebarWidth(record.sidebarWidth), expanded };
}

/** Expand or collapse one folder. */
export function toggleExpanded(prefs: GridPrefs, id: FolderId, expanded: boolean): GridPrefs {
  const rest = prefs.expanded.filter((other) => other !== id);
  return { ...prefs, expanded: expanded ? [...rest, id].slice(-GRID_PREFS_MAX_EXPANDED) : rest };
}
