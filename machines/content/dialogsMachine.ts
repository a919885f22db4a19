import { assign, enqueueActions, setup } from 'xstate';
import { DIALOG_CLOSE_DELAY_MS, DIALOG_OPEN_DELAY_MS } from '../../domain/constants.ts';
import type { ContentRefusal } from '../../domain/content.ts';
import { PRIVATE_CONTENT, SHARED_CONTENT, type FolderId } from '../../domain/folderRoles.ts';
import { checkName } from '../../domain/names.ts';
import { tell, type DialogData, type DialogsEvent, type RoutedEvent } from './contentEvents.ts';

export type { DialogData, DialogKind, RoutedEvent } from './contentEvents.ts';

export interface DialogsContext {
  /** The dialog on screen (kept while it closes, for the exit animation); null when none. */
  dialog: DialogData | null;
  /** Why what the dialog asked for was refused (shown inside it); null when nothing was refused. */
  refusal: ContentRefusal | null;
  /** Where the view must go (access denied → the private content folder); acknowledged with dialogs.navigated. */
  navigation: FolderId | null;
}

/** What a dialog asks for when it is confirmed (no name or destination needed). */
function confirmedAction(dialog: DialogData): RoutedEvent | null {
  switch (dialog.kind) {
    case 'trash':
      return { target: 'grid', event: { type: 'grid.trash', itemIds: dialog.itemIds, folderIds: dialog.folderIds } };
    case 'destroyForever':
      return { target: 'grid', event: { type: 'grid.destroyForever', itemIds: dialog.itemIds, folderIds: dialog.folderIds } };
    case 'emptyTrash':
      return { target: 'folders', event: { type: 'folder.emptyTrash' } };
    case 'confirmMove':
      return dialog.onConfirm;
    case 'sharedFolderSettings':
      return dialog.move?.onConfirm ?? null;
    default:
      return null;
  }
}

/** What a name dialog asks for with the name typed. */
function namedAction(dialog: DialogData, name: string): RoutedEvent | null {
  switch (dialog.kind) {
    case 'duplicate':
      return { target: 'grid', event: { type: 'grid.duplicate', id: dialog.itemId, title: name } };
    case 'renameItem':
      return { target: 'grid', event: { type: 'grid.rename', id: dialog.itemId, title: name } };
    case 'renameFolder':
      return { target: 'folders', event: { type: 'folder.rename', id: dialog.folderId, name } };
    case 'newFolder':
      return { target: 'folders', event: { type: 'folder.create', parentId: dialog.parentId, name } };
    case 'newSharedFolder':
      return { target: 'folders', event: { type: 'folder.create', parentId: SHARED_CONTENT, name } };
    default:
      return null;
  }
}

const NAME_KINDS = new Set(['duplicate', 'renameItem', 'renameFolder', 'newFolder', 'newSharedFolder']);

/**
 * The content dialogs (review-and-content §2 Dialogs, §4; systemId `dialogs`): one at a time, with its data.
 * `dialogs.open` is the open request; the dialog opens on the next frame (so the enter animation runs) and
 * `dialogs.close` waits 100 ms before it is gone. The move dialog does not open when the sender says there
 * are no folders. Confirming hands the action to `grid` or `folders`; a client-side refusal comes back as
 * `dialogs.refused` and shows inside the dialog; the error dialog's retry sends the failed action again.
 * Closing the folder-access-denied dialog asks the view to go to the private content folder.
 */
export const dialogsMachine = setup({
  types: {
    context: {} as DialogsContext,
    events: {} as DialogsEvent,
  },
  actions: {
    route: enqueueActions(({ system, enqueue }, params: { routed: RoutedEvent | null }) => {
      if (params.routed) tell(system, enqueue, params.routed.target, params.routed.event);
    }),
    // The shared-folder settings dialog reads its folder's permissions while it is up.
    openSettings: enqueueActions(({ system, enqueue }, params: { dialog: DialogData }) => {
      if (params.dialog.kind === 'sharedFolderSettings') tell(system, enqueue, 'folderSettings', { type: 'folderSettings.open', folderId: params.dialog.folderId });
    }),
    closeSettings: enqueueActions(({ context, system, enqueue }) => {
      if (context.dialog?.kind === 'sharedFolderSettings') tell(system, enqueue, 'folderSettings', { type: 'folderSettings.close' });
    }),
  },
  delays: { openFrame: DIALOG_OPEN_DELAY_MS, closeDelay: DIALOG_CLOSE_DELAY_MS },
  guards: {
    // §4 "the move dialog does not open with no folders".
    canOpen: (_, params: { dialog: DialogData }) => params.dialog.kind !== 'move' || params.dialog.hasFolders,
    hasConfirm: ({ context }) => context.dialog !== null && (confirmedAction(context.dialog) !== null || ['alreadyInFolder', 'accessDenied', 'error', 'sharedFolderSettings'].includes(context.dialog.kind)),
    isAccessDenied: ({ context }) => context.dialog?.kind === 'accessDenied',
    isNameDialog: ({ context }) => context.dialog !== null && NAME_KINDS.has(context.dialog.kind),
    isAcceptableName: (_, params: { name: string }) => checkName(params.name).ok,
    isMoveDialog: ({ context }) => context.dialog?.kind === 'move',
    isRetryable: ({ context }) => context.dialog?.kind === 'error' && context.dialog.retry !== null,
  },
}).createMachine({
  id: 'dialogs',
  context: { dialog: null, refusal: null, navigation: null },
  initial: 'closed',
  on: {
    'dialogs.open': {
      guard: { type: 'canOpen', params: ({ event }) => ({ dialog: event.dialog }) },
      target: '.opening',
      actions: [assign({ dialog: ({ event }) => event.dialog, refusal: null }), { type: 'openSettings', params: ({ event }) => ({ dialog: event.dialog }) }],
    },
    'dialogs.navigated': { actions: assign({ navigation: null }) },
    'dialogs.reset': { target: '.closed', actions: assign({ dialog: null, refusal: null, navigation: null }) },
  },
  states: {
    closed: {
      entry: assign({ dialog: null, refusal: null }),
      on: {
        // A refusal with no dialog up (a drag, a menu action): the error dialog says why.
        'dialogs.refused': {
          target: 'opening',
          actions: assign({ dialog: ({ event }) => ({ kind: 'error' as const, operation: 'unknown' as const, reason: event.reason, message: `Refused: ${event.reason}`, retry: null }), refusal: null }),
        },
      },
    },
    // The open request; the dialog shows on the next frame.
    opening: {
      tags: ['visible'],
      after: { openFrame: { target: 'open' } },
      on: {
        'dialogs.close': { target: 'closing' },
        'dialogs.refused': { actions: assign({ refusal: ({ event }) => event.reason }) },
      },
    },
    open: {
      tags: ['visible', 'shown'],
      on: {
        'dialogs.close': [
          // §4 "closing it goes to the private content folder".
          { guard: 'isAccessDenied', target: 'closing', actions: assign({ navigation: PRIVATE_CONTENT }) },
          { target: 'closing' },
        ],
        'dialogs.confirm': [
          { guard: 'isAccessDenied', target: 'closing', actions: assign({ navigation: PRIVATE_CONTENT }) },
          {
            guard: 'hasConfirm',
            target: 'closing',
            actions: { type: 'route', params: ({ context }) => ({ routed: context.dialog ? confirmedAction(context.dialog) : null }) },
          },
        ],
        'dialogs.submitName': [
          {
            guard: { type: 'isAcceptableName', params: ({ event }) => ({ name: event.name }) },
            target: 'closing',
            actions: { type: 'route', params: ({ context, event }) => ({ routed: context.dialog && NAME_KINDS.has(context.dialog.kind) ? namedAction(context.dialog, event.name) : null }) },
          },
          // An empty or over-long name: the dialog stays with the reason (confirm is disabled for these anyway).
          { guard: 'isNameDialog', actions: assign({ refusal: ({ event }) => (checkName(event.name).ok ? null : (checkName(event.name) as { reason: ContentRefusal }).reason) }) },
        ],
        'dialogs.chooseDestination': {
          guard: 'isMoveDialog',
          target: 'closing',
          actions: {
            type: 'route',
            params: ({ context, event }) => ({
              routed:
                context.dialog?.kind === 'move'
                  ? { target: 'grid', event: { type: 'grid.move', itemIds: context.dialog.itemIds, folderIds: context.dialog.folderIds, destination: event.destination, destinationFolderName: event.destinationFolderName } }
                  : null,
            }),
          },
        },
        // "New folder" inside the move dialog: the folders actor checks depth and permission (§5) and refuses back here.
        'dialogs.createFolder': {
          guard: 'isMoveDialog',
          actions: [assign({ refusal: null }), { type: 'route', params: ({ event }) => ({ routed: { target: 'folders', event: { type: 'folder.create', parentId: event.parentId, name: event.name } } }) }],
        },
        'dialogs.retry': {
          guard: 'isRetryable',
          target: 'closing',
          actions: { type: 'route', params: ({ context }) => ({ routed: context.dialog?.kind === 'error' ? context.dialog.retry : null }) },
        },
        'dialogs.refused': { actions: assign({ refusal: ({ event }) => event.reason }) },
      },
    },
    // §4 "close waits 100 ms before success": the data stays for the exit animation.
    closing: {
      tags: ['visible'],
      after: { closeDelay: { target: 'closed', actions: 'closeSettings' } },
      on: {
        // What the dialog asked for was refused on the spot: it stays open and says why.
        'dialogs.refused': { target: 'open', actions: assign({ refusal: ({ event }) => event.reason }) },
      },
    },
  },
});
