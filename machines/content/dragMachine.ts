import { assign, enqueueActions, setup } from 'xstate';
import { DRAG_HOVER_OPEN_MS } from '../../domain/constants.ts';
import { canStartDrag, dragCountLabel } from '../../domain/dragDrop.ts';
import { TRASH_ROOT, type FolderId } from '../../domain/folderRoles.ts';
import { tell, type DragEvent } from './contentEvents.ts';

export interface DragContext {
  itemIds: string[];
  folderIds: number[];
  /** The count on the drag image: the number, or "99+" beyond 99 (§9). */
  label: string;
  /** The folder under the pointer, if any. */
  overFolderId: FolderId | null;
  /** A closed folder hovered for 1000 ms: the view expands it (and persists that), then sends drag.expanded. */
  expandRequest: FolderId | null;
}

const EMPTY: DragContext = { itemIds: [], folderIds: [], label: '0', overFolderId: null, expandRequest: null };

/**
 * Drag and drop of items and folders (review-and-content §2, §4, §9; systemId `drag`): idle → dragging (what
 * is carried, its count label) → hovering a closed folder, which after 1000 ms asks the view to open it. A
 * drop on a folder is a move and a drop on the trash root a trash action, both handed to `grid`, which
 * applies the same validity and confirmation rules as the move dialog. Archived items cannot start a drag.
 */
export const dragMachine = setup({
  types: {
    context: {} as DragContext,
    events: {} as DragEvent,
  },
  actions: {
    drop: enqueueActions(({ context, system, enqueue }, params: { folderId: FolderId; folderName: string | null }) => {
      const { itemIds, folderIds } = context;
      // §4 "A drag into the deleted root is a trash action".
      if (params.folderId === TRASH_ROOT) tell(system, enqueue, 'grid', { type: 'grid.trash', itemIds, folderIds });
      else tell(system, enqueue, 'grid', { type: 'grid.move', itemIds, folderIds, destination: params.folderId, destinationFolderName: params.folderName });
    }),
  },
  delays: { hoverOpen: DRAG_HOVER_OPEN_MS },
  guards: {
    canStart: (_, params: { items: { id: string; isArchived?: boolean; archivedAt?: string | null }[]; folderIds: number[] }) => canStartDrag(params),
    isClosedFolder: (_, params: { isOpen: boolean }) => !params.isOpen,
    isAnotherFolder: ({ context }, params: { folderId: FolderId }) => context.overFolderId !== params.folderId,
    isAnotherClosedFolder: ({ context }, params: { folderId: FolderId; isOpen: boolean }) => context.overFolderId !== params.folderId && !params.isOpen,
    isHovered: ({ context }, params: { folderId: FolderId }) => context.overFolderId === params.folderId,
    isCarrying: ({ context }) => context.itemIds.length + context.folderIds.length > 0,
  },
}).createMachine({
  id: 'drag',
  context: EMPTY,
  initial: 'idle',
  on: {
    'drag.expanded': { actions: assign({ expandRequest: null }) },
    'drag.reset': { target: '.idle', actions: assign(EMPTY) },
  },
  states: {
    idle: {
      on: {
        'drag.start': {
          guard: { type: 'canStart', params: ({ event }) => ({ items: event.items, folderIds: event.folderIds }) },
          target: 'dragging',
          actions: assign(({ event }) => ({
            itemIds: event.items.map((item) => item.id),
            folderIds: [...event.folderIds],
            label: dragCountLabel(event.items.length + event.folderIds.length),
            overFolderId: null,
            expandRequest: null,
          })),
        },
      },
    },
    dragging: {
      tags: ['dragging'],
      initial: 'moving',
      on: {
        'drag.drop': {
          guard: 'isCarrying',
          target: 'idle',
          actions: [{ type: 'drop', params: ({ event }) => ({ folderId: event.folderId, folderName: event.folderName }) }, assign({ itemIds: [], folderIds: [], label: '0', overFolderId: null })],
        },
        'drag.cancel': { target: 'idle', actions: assign({ itemIds: [], folderIds: [], label: '0', overFolderId: null }) },
      },
      states: {
        moving: {
          on: {
            'drag.over': [
              { guard: { type: 'isClosedFolder', params: ({ event }) => ({ isOpen: event.isOpen }) }, target: 'hovering', actions: assign({ overFolderId: ({ event }) => event.folderId }) },
              { actions: assign({ overFolderId: ({ event }) => event.folderId }) },
            ],
            'drag.leave': { guard: { type: 'isHovered', params: ({ event }) => ({ folderId: event.folderId }) }, actions: assign({ overFolderId: null }) },
          },
        },
        // Over a closed folder: 1000 ms later it opens (§2, §9).
        hovering: {
          after: { hoverOpen: { target: 'moving', actions: assign({ expandRequest: ({ context }) => context.overFolderId }) } },
          on: {
            'drag.over': [
              // dragover repeats while the pointer stays: the same folder keeps its clock.
              {
                guard: { type: 'isAnotherClosedFolder', params: ({ event }) => ({ folderId: event.folderId, isOpen: event.isOpen }) },
                target: 'hovering',
                reenter: true,
                actions: assign({ overFolderId: ({ event }) => event.folderId }),
              },
              { guard: { type: 'isAnotherFolder', params: ({ event }) => ({ folderId: event.folderId }) }, target: 'moving', actions: assign({ overFolderId: ({ event }) => event.folderId }) },
            ],
            'drag.leave': { guard: { type: 'isHovered', params: ({ event }) => ({ folderId: event.folderId }) }, target: 'moving', actions: assign({ overFolderId: null }) },
          },
        },
      },
    },
  },
});
