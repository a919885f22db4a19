import { assign, enqueueActions, setup } from 'xstate';
import { CHANGE_RETRY_MS, CONTENT_ACK_TIMEOUT_MS, ITEM_INSERT_TIMEOUT_MS } from '../../domain/constants.ts';
import type { ContentAckData } from '../../domain/content.ts';
import { isFolderList } from '../../domain/contentData.ts';
import {
  checkFolderChange,
  commitFolderChange,
  folderChangeIds,
  folderChangeRequest,
  folderNameOf,
  goneFolderIds,
  needsRefetchAfterSoftDelete,
  normalizeFolders,
  optimisticFolderId,
  pendingFolderIds,
  projectFolders,
  remapFolderChange,
  removeFolders,
  upsertFolders,
  type FolderChange,
  type FolderRequest,
} from '../../domain/folderChanges.ts';
import { TRASH_ROOT } from '../../domain/folderRoles.ts';
import { buildFolderTree, type Folder } from '../../domain/folderTree.ts';
import { contentToast } from '../../domain/toasts.ts';
import { isAnswerLost, refusalOf, tell, type ContentOperation, type FolderRequestEvent, type FoldersEvent, type PendingStatus } from './contentEvents.ts';
import { changeQueueRegion } from './changeQueue.ts';
import { promiseSlot } from '../slots.ts';

/** A change applied on screen and not yet confirmed by the server. */
export interface PendingFolderChange {
  seq: number;
  /** Its change id (domain/content.ts `Named`): every time it is sent, so the service does it once. */
  changeId: string;
  change: FolderChange;
  /** The event that asked for it, with its change id: the error dialog's retry sends it again (never a second change). */
  request: FolderRequestEvent;
  /** The grid shows the toast (a selection of items and folders). */
  silent: boolean;
  destinationFolderName: string | null;
}

export interface FoldersContext {
  /** The list as the server last confirmed it (normalised records). */
  base: Folder[];
  /** Changes shown but not confirmed, oldest first; the first is on the wire while `changes` is `sending`. */
  pending: PendingFolderChange[];
  /** What views show: `base` with `pending` applied. Build the tree from it with buildFolderTree (in a memo). */
  folders: Folder[];
  nextSeq: number;
  loadError: string | null;
  /** This page's client id (`content.clientId`): with the sequence it names each change. */
  clientId: string;
}

function changeFromEvent(event: FolderRequestEvent, seq: number, changeId: string): FolderChange {
  switch (event.type) {
    case 'folder.create':
      return { kind: 'insert', tempId: optimisticFolderId(seq), clientRef: changeId, name: event.name, parentId: event.parentId };
    case 'folder.rename':
      return { kind: 'rename', id: event.id, name: event.name };
    case 'folder.destroy':
      return { kind: 'destroy', id: event.id };
    case 'folder.restore':
      return { kind: 'restore', id: event.id };
    case 'folder.bulkArchive':
      return { kind: 'bulkArchive', ids: event.ids };
    case 'folder.bulkDestroy':
      return { kind: 'bulkDestroy', ids: event.ids };
    case 'folder.bulkMove':
      return { kind: 'bulkMove', ids: event.ids, destination: event.destination };
    case 'folder.destroyArchived':
      return { kind: 'destroyArchivedFolder', id: event.id };
    case 'folder.emptyTrash':
      return { kind: 'emptyTrash' };
  }
}

function operationOf(change: FolderChange): ContentOperation {
  switch (change.kind) {
    case 'insert':
      return 'createFolder';
    case 'rename':
      return 'rename';
    case 'destroy':
    case 'bulkArchive':
      return 'archive';
    case 'restore':
      return 'restore';
    case 'bulkDestroy':
    case 'destroyArchivedFolder':
      return 'destroy';
    case 'bulkMove':
      return change.destination === TRASH_ROOT ? 'archive' : 'move';
    case 'emptyTrash':
      return 'emptyTrash';
  }
}

const isRequest = (event: FoldersEvent): event is FolderRequestEvent =>
  [
    'folder.create',
    'folder.rename',
    'folder.destroy',
    'folder.restore',
    'folder.bulkArchive',
    'folder.bulkDestroy',
    'folder.bulkMove',
    'folder.destroyArchived',
    'folder.emptyTrash',
  ].includes(event.type);

/**
 * The folder list (review-and-content §4, §5, §7; systemId `folders`): a projection of events. It loads once
 * (`folders.load`, sent by the grid), reads again on `folders.refetch` (the session's reconnect) and follows
 * the pushes. Every change is optimistic: checked by the domain rules, shown at once, sent, and then either
 * folded in with the server's records or rolled back — exactly that change, others stay — with the error
 * dialog. Changes are queued and sent one at a time in the order they were made, so a change to a folder
 * created a moment ago goes out with its real id; several may be shown and waiting at once. An insert gives
 * up after 15000 ms. (Shared-folder permissions and team groups: folderSettingsMachine.)
 */
export const foldersMachine = setup({
  types: {
    context: {} as FoldersContext,
    events: {} as FoldersEvent,
  },
  actors: {
    fetchFolders: promiseSlot<ContentAckData<'folder.fetch'>>('fetchFolders'),
    sendFolderChange: promiseSlot<unknown, FolderRequest>('sendFolderChange'),
  },
  actions: {
    reportError: (_, _params: { message: string }) => {},
    replaceList: enqueueActions(({ context, event, system, enqueue }) => {
      const output = (event as unknown as { output: { folders: Folder[] } }).output;
      const base = normalizeFolders(output.folders);
      const gone = goneFolderIds(context.base, base);
      enqueue.assign({ base, folders: projectFolders(base, context.pending), loadError: null });
      if (gone.length > 0) tell(system, enqueue, 'grid', { type: 'grid.foldersGone', ids: gone });
    }),
    applyPush: enqueueActions(({ context, event, system, enqueue }) => {
      if (event.type !== 'content.push') return;
      const { push } = event;
      let base: Folder[];
      if (push.name === 'folder.updateHashed') base = upsertFolders(context.base, push.data.folders);
      else if (push.name === 'folder.hardDeleted') base = removeFolders(context.base, push.data.ids);
      else return;
      const gone = goneFolderIds(context.base, base);
      enqueue.assign({ base, folders: projectFolders(base, context.pending) });
      if (gone.length > 0) tell(system, enqueue, 'grid', { type: 'grid.foldersGone', ids: gone });
      if (needsRefetchAfterSoftDelete(context.base, base)) enqueue.raise({ type: 'folders.refetch' });
    }),
    requestChange: enqueueActions(({ context, event, system, enqueue }) => {
      if (!isRequest(event)) return;
      // A change already queued (a second Try again while it is still on its way) is not queued twice.
      if (event.changeId !== undefined && context.pending.some((p) => p.changeId === event.changeId)) return;
      const seq = context.nextSeq;
      const changeId = event.changeId ?? `${context.clientId}.f${seq}`;
      const change = changeFromEvent(event, seq, changeId);
      const verdict = checkFolderChange(buildFolderTree(context.folders), change);
      if (!verdict.ok) {
        // Refused before sending: nothing changes, the dialog (or the error dialog) says why.
        tell(system, enqueue, 'dialogs', { type: 'dialogs.refused', reason: verdict.reason });
        return;
      }
      if (verdict.confirmation && event.type === 'folder.bulkMove' && !event.confirmed) {
        tell(system, enqueue, 'dialogs', {
          type: 'dialogs.open',
          dialog: {
            kind: 'confirmMove',
            change: verdict.confirmation,
            destinationFolderName: event.destinationFolderName ?? folderNameOf(context.folders, event.destination),
            onConfirm: { target: 'folders', event: { ...event, confirmed: true } },
          },
        });
        return;
      }
      const silent = 'silent' in event && event.silent === true;
      const destinationFolderName = event.type === 'folder.bulkMove' ? (event.destinationFolderName ?? folderNameOf(context.folders, event.destination)) : null;
      const pending = [...context.pending, { seq, changeId, change, request: { ...event, changeId }, silent, destinationFolderName }];
      enqueue.assign({ nextSeq: seq + 1, pending, folders: projectFolders(context.base, pending) });
    }),
    commitHead: enqueueActions(({ context, event, system, enqueue }) => {
      const [head, ...rest] = context.pending;
      if (!head) return;
      const output = (event as unknown as { output: unknown }).output;
      const base = commitFolderChange(context.base, head.change, output);
      let pending = rest;
      if (head.change.kind === 'insert') {
        const created = (output as { folder?: { id?: unknown } } | null)?.folder?.id;
        const tempId = head.change.tempId;
        if (typeof created === 'number') pending = rest.map((p) => ({ ...p, change: remapFolderChange(p.change, tempId, created) }));
      }
      enqueue.assign({ base, pending, folders: projectFolders(base, pending) });
      const gone = goneFolderIds(context.base, base);
      if (gone.length > 0) tell(system, enqueue, 'grid', { type: 'grid.foldersGone', ids: gone });
      if (needsRefetchAfterSoftDelete(context.base, base)) enqueue.raise({ type: 'folders.refetch' });
      // Emptying the trash also took the user's archived items: the grid reads its page again.
      if (head.change.kind === 'emptyTrash') tell(system, enqueue, 'grid', { type: 'grid.refetch' });
      if (head.silent) return;
      const change = head.change;
      const single = 'id' in change ? folderNameOf(context.base, change.id) : 'ids' in change && change.ids.length === 1 ? folderNameOf(context.base, change.ids[0]!) : null;
      const foldersCount = 'ids' in change ? change.ids.length : 1;
      if (change.kind === 'destroy' || change.kind === 'bulkArchive' || (change.kind === 'bulkMove' && change.destination === TRASH_ROOT)) {
        tell(system, enqueue, 'toasts', { type: 'toast.show', toast: contentToast('trashed', { foldersCount, itemsCount: 0, folderName: single }) });
      } else if (change.kind === 'bulkMove') {
        tell(system, enqueue, 'toasts', { type: 'toast.show', toast: contentToast('moved', { foldersCount, itemsCount: 0, folderName: single, destinationFolderName: head.destinationFolderName }) });
      } else if (change.kind === 'restore') {
        tell(system, enqueue, 'toasts', { type: 'toast.show', toast: contentToast('restored', { foldersCount, itemsCount: 0, folderName: single }) });
      }
    }),
    rollbackHead: enqueueActions(({ context, system, enqueue }, params: { reason: string | null; message: string }) => {
      const [head, ...rest] = context.pending;
      if (!head) return;
      // Exactly this change goes: the others stay on screen and in the queue.
      enqueue.assign({ pending: rest, folders: projectFolders(context.base, rest) });
      const reason = params.reason as ReturnType<typeof refusalOf>['reason'];
      tell(system, enqueue, 'dialogs', {
        type: 'dialogs.open',
        dialog: { kind: 'error', operation: operationOf(head.change), reason, message: params.message, retry: { target: 'folders', event: head.request } },
      });
      if (reason === 'notFound') {
        // A folder it named is gone: the grid decides whether that was the folder on screen (access denied).
        tell(system, enqueue, 'grid', { type: 'grid.foldersGone', ids: folderChangeIds(head.change) });
      }
      // §8 "failed bulk destroy or move refetches the list"; a folder found missing does too.
      if (reason === 'notFound' || head.change.kind === 'bulkDestroy' || head.change.kind === 'bulkMove') enqueue.raise({ type: 'folders.refetch' });
    }),
  },
  delays: { insertTimeout: ITEM_INSERT_TIMEOUT_MS, changeRetry: CHANGE_RETRY_MS, ackTimeout: CONTENT_ACK_TIMEOUT_MS },
  guards: {
    hasPending: ({ context }) => context.pending.length > 0,
    isAnswerLost: (_, params: { error: unknown }) => isAnswerLost(params.error),
    isInsertInFlight: ({ context }) => context.pending[0]?.change.kind === 'insert',
    isFolderList: (_, params: { output: unknown }) => isFolderList((params.output as { folders?: unknown } | null)?.folders),
  },
}).createMachine({
  id: 'folders',
  type: 'parallel',
  context: {
    base: [],
    pending: [],
    folders: [],
    nextSeq: 1,
    loadError: null,
    clientId: 'local',
  },
  on: {
    'content.clientId': { actions: assign({ clientId: ({ event }) => event.clientId }) },
    'folders.reset': {
      target: ['.list.idle', '.changes.idle'],
      actions: assign({ base: [], pending: [], folders: [], loadError: null }),
    },
    // Every change request: checked against the tree as shown, then confirmed, refused or queued.
    'folder.create': { actions: 'requestChange' },
    'folder.rename': { actions: 'requestChange' },
    'folder.destroy': { actions: 'requestChange' },
    'folder.restore': { actions: 'requestChange' },
    'folder.bulkArchive': { actions: 'requestChange' },
    'folder.bulkDestroy': { actions: 'requestChange' },
    'folder.bulkMove': { actions: 'requestChange' },
    'folder.destroyArchived': { actions: 'requestChange' },
    'folder.emptyTrash': { actions: 'requestChange' },
  },
  states: {
    // First: on a reconnect the held change goes out before the list is read again, so the service answers it
    // first and the list read after it already holds what it made (never the change twice on screen).
    changes: changeQueueRegion({
      send: 'sendFolderChange',
      input: ({ context }: { context: FoldersContext }) => folderChangeRequest(context.pending[0]!.change, context.pending[0]!.changeId),
      noun: 'Folder',
      refusedWord: 'refused',
      refetch: 'folders.refetch',
      sendingAfter: {
        // §4 "an insert times out after 15000 ms": the answer is taken as lost and the service is asked again at
        // once (same change id) whether it made the folder, rather than taking it back on a guess. (At once, not
        // after the retry delay: one timer, never a timer that starts another, so a replay with a clock that jumps
        // from one recorded event to the next sees the same steps.)
        insertTimeout: {
          guard: 'isInsertInFlight',
          target: 'sending',
          reenter: true,
          actions: { type: 'reportError', params: { message: 'Creating the folder timed out; asking the service again whether it was made.' } },
        },
      },
    }),
    list: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'folders.load': { target: 'loading' } },
        },
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'fetchFolders',
            src: 'fetchFolders',
            onDone: [
              { guard: { type: 'isFolderList', params: ({ event }) => ({ output: event.output }) }, target: 'ready', actions: 'replaceList' },
              { target: 'failed', actions: assign({ loadError: 'The folder list could not be read.' }) },
            ],
            onError: { target: 'failed', actions: assign({ loadError: ({ event }) => refusalOf(event.error).message }) },
          },
        },
        ready: {
          on: {
            'folders.refetch': { target: 'refreshing' },
            'content.push': { actions: 'applyPush' },
          },
        },
        // Read again with the list still on screen.
        refreshing: {
          invoke: {
            id: 'refetchFolders',
            src: 'fetchFolders',
            onDone: [
              { guard: { type: 'isFolderList', params: ({ event }) => ({ output: event.output }) }, target: 'ready', actions: 'replaceList' },
              { target: 'ready', actions: { type: 'reportError', params: { message: 'The folder list could not be read again.' } } },
            ],
            onError: { target: 'ready', actions: { type: 'reportError', params: ({ event }) => ({ message: refusalOf(event.error).message }) } },
          },
          on: {
            'folders.refetch': { target: 'refreshing', reenter: true },
            'content.push': { actions: 'applyPush' },
          },
        },
        failed: {
          on: {
            'folders.retry': { target: 'loading', actions: assign({ loadError: null }) },
            'folders.load': { target: 'loading', actions: assign({ loadError: null }) },
            'folders.refetch': { target: 'loading', actions: assign({ loadError: null }) },
          },
        },
      },
    },
  },
});

/**
 * The folders shown as pending, by id, with how (views mark them: "Saving…", "Waiting for connection"): the new folder
 * of an insert under its temporary id, and the folders a rename, move, trash or restore names. Empty when nothing waits.
 */
export function pendingFolderStatusOf(snapshot: { context: FoldersContext; hasTag(tag: 'waiting'): boolean }): ReadonlyMap<number, PendingStatus> {
  const status: PendingStatus = snapshot.hasTag('waiting') ? 'waiting' : 'saving';
  const out = new Map<number, PendingStatus>();
  for (const entry of snapshot.context.pending) for (const id of pendingFolderIds(entry.change)) out.set(id, status);
  return out;
}
