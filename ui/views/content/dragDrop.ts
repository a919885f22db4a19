/**
 * Drop targets for folders (tree rows and subfolder tiles). The view only reports enter, leave and drop; the
 * drag machine decides validity (fed back as `dropStateOf`), opens a closed folder after 1000 ms of hover and
 * does the move or the trashing (§2, §4, §9).
 */
import type { DragEvent } from 'react';
import type { FolderId } from '../../../domain/folderRoles.ts';

/** How a folder under the pointer takes the drag: highlighted as a valid target, or refused. */
export type DropState = 'valid' | 'invalid';

export interface FolderDropTargetProps {
  /** The drop state of a folder while something is dragged over it; null or undefined when none. */
  dropStateOf?: (id: FolderId) => DropState | null | undefined;
  onDragEnterFolder?: (id: FolderId) => void;
  onDragLeaveFolder?: (id: FolderId) => void;
  onDropOnFolder?: (id: FolderId) => void;
}

/** Entering or leaving a child of the target is not entering or leaving the target. */
function withinTarget(event: DragEvent<HTMLElement>): boolean {
  const related = event.relatedTarget;
  return related instanceof Node && event.currentTarget.contains(related);
}

/** The drag-and-drop handlers that make an element the drop target of folder `id`; none without callbacks. */
export function dropTargetHandlers(id: FolderId, props: FolderDropTargetProps) {
  const { dropStateOf, onDragEnterFolder, onDragLeaveFolder, onDropOnFolder } = props;
  if (!onDragEnterFolder && !onDragLeaveFolder && !onDropOnFolder) return {};
  return {
    onDragEnter: (event: DragEvent<HTMLElement>) => {
      if (withinTarget(event)) return;
      onDragEnterFolder?.(id);
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      // Not cancelling dragover refuses the drop: the browser shows the not-allowed cursor.
      if (dropStateOf?.(id) === 'invalid') {
        event.dataTransfer.dropEffect = 'none';
        return;
      }
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
    },
    onDragLeave: (event: DragEvent<HTMLElement>) => {
      if (withinTarget(event)) return;
      onDragLeaveFolder?.(id);
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      if (dropStateOf?.(id) === 'invalid') return;
      onDropOnFolder?.(id);
    },
  };
}

/** The class of a drop target in a given state. */
export function dropClass(state: DropState | null | undefined): string | false {
  return state === 'valid' ? 'is-drop-valid' : state === 'invalid' ? 'is-drop-invalid' : false;
}
