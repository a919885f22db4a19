/**
 * Drag and drop in the item grid and the folder tree (review-and-content §2, §4, §9): what may be dragged and
 * the count shown on the drag image.
 */
import { DRAG_COUNT_MAX } from './constants.ts';
import { isArchivedItem } from './folderRoles.ts';

/** §9 "the drag count shows 99+ beyond 99": the number itself up to 99, "99+" above. */
export function dragCountLabel(count: number): string {
  const n = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
  return n > DRAG_COUNT_MAX ? `${DRAG_COUNT_MAX}+` : String(n);
}

/** What a drag starts with: the items (with what tells an archived one) and the folders picked up. */
export interface DragSource {
  items: readonly { id: string; isArchived?: boolean; archivedAt?: unknown }[];
  folderIds: readonly number[];
}

/** §4 "Archived items cannot be dragged": a drag needs something to carry and nothing archived in it. */
export function canStartDrag(source: DragSource): boolean {
  if (source.items.length + source.folderIds.length === 0) return false;
  return !source.items.some(isArchivedItem);
}
