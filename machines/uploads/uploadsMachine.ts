import { assign, enqueueActions, setup, type EventObject } from 'xstate';
import type { ItemVersion } from '../../domain/items.ts';
import { uploadToast } from '../../domain/toasts.ts';
import { tell } from '../content/contentEvents.ts';
import type { UnsupportedFile, UploadEntry, UploadFileRef, UploadReport, UploadsRequestEvent } from '../items/itemEvents.ts';
import { uploadMachine, type UploadEvent } from './uploadMachine.ts';

/** An upload the manager keeps: what the list shows, and the version key its pushes are matched by. */
export interface ManagedUpload extends UploadEntry {
  versionKey: string | null;
}

export interface UploadsContext {
  /** The uploads the list (the persistent toast) shows, oldest first: running and failed ones. */
  uploads: ManagedUpload[];
  /** Files the checks refused since the file-not-supported dialog was last closed. */
  unsupported: UnsupportedFile[];
  /** Upload ids are `upload-<n>` (the spawned child's id too): deterministic, so replay finds each child. */
  nextSeq: number;
  /**
   * Files dragged over the drop zone: dragenter minus dragleave (each fires for every child element crossed), so the
   * overlay goes only when the pointer really left.
   */
  dragDepth: number;
}

export type UploadsEvent =
  | UploadsRequestEvent
  | UploadReport
  /** The server pushed a version change on /user/<aid> (forwarded by the session). */
  | { type: 'uploads.versionUpdated'; itemId: string; version: ItemVersion; deleted: boolean }
  /** Signed out: every upload stops and the list empties. */
  | { type: 'uploads.reset' }
  /** The drop zone's DOM listeners (files only): dragenter and dragleave of the zone (or the window), and the drag's end (drop, dragend, the zone gone or disabled). */
  | { type: 'uploads.dragEnter' }
  | { type: 'uploads.dragLeave' }
  | { type: 'uploads.dragEnd' };

type Enqueue = { sendTo(target: string, event: EventObject): void };

/**
 * Sends to the upload `uploadId` when the list still has it. Every upload in the list runs as a child of the same
 * id (a finished one leaves the list before it ends), and a send to a child that is gone would fail the manager.
 */
function tellChild(context: UploadsContext, enqueue: unknown, uploadId: string, event: EventObject): void {
  if (context.uploads.some((upload) => upload.uploadId === uploadId)) (enqueue as Enqueue).sendTo(uploadId, event);
}

const IN_PROGRESS: ReadonlySet<UploadEntry['status']> = new Set(['pending', 'uploading', 'preparing']);

/** True while an upload is pending, uploading or preparing: the spinner toast, the leave-page warning, the sign-out question. */
export function hasUploadsInProgress(uploads: readonly UploadEntry[]): boolean {
  return uploads.some((upload) => IN_PROGRESS.has(upload.status));
}

/**
 * The uploads manager (review-and-content §4 upload states; systemId `uploads`): `uploads.add` spawns one
 * upload per file (`uploadMachine`, id `upload-<n>`) and keeps the list the persistent toast shows from what
 * each one reports. While any is in progress the state is `activity.busy` (tag `inProgress`): the session
 * hears `uploads.changed { inProgress }` at every change, and the composition root arms the leave-page
 * warning. A finished upload leaves the list with an 'upload complete' toast, a failed one stays (retry,
 * cancel) with a failed toast, a canceled one leaves silently; a refused file leaves the list and opens the
 * file-not-supported dialog (`notice.open`, `context.unsupported`) — its own state, not the content dialogs'.
 * Files dragged over the drop zone are `dropTarget.dragOver` (the 'Drop files to upload to {folder}' overlay).
 */
export const uploadsMachine = setup({
  types: {
    context: {} as UploadsContext,
    events: {} as UploadsEvent,
  },
  actors: { upload: uploadMachine },
  actions: {
    addUploads: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'uploads.add') return;
      let seq = context.nextSeq;
      const added: ManagedUpload[] = [];
      for (const file of event.files) {
        const uploadId = `upload-${seq++}`;
        enqueue.spawnChild('upload', { id: uploadId, input: { uploadId, fileId: file.fileId, fileName: file.name, size: file.size, type: file.type, target: event.target } });
        added.push({ uploadId, fileName: file.name, size: file.size, status: 'pending', progress: 0, itemId: null, error: null, versionKey: null });
      }
      // A new version of an item whose upload failed replaces that failed upload (the item view's Retry): it leaves
      // the list, so the panel does not go on saying an upload failed once the new one is through.
      const target = event.target;
      const superseded = target.kind === 'newVersion' ? context.uploads.filter((upload) => upload.status === 'error' && upload.itemId === target.itemId) : [];
      for (const upload of superseded) enqueue.stopChild(upload.uploadId);
      const kept = superseded.length ? context.uploads.filter((upload) => !superseded.includes(upload)) : context.uploads;
      enqueue.assign({ nextSeq: seq, uploads: [...kept, ...added] });
    }),
    applyReport: enqueueActions(({ context, event, system, enqueue }) => {
      if (event.type !== 'upload.changed') return;
      const before = context.uploads.find((upload) => upload.uploadId === event.uploadId);
      if (!before) return;
      const { type: _type, unsupported, ...entry } = event;
      const others = context.uploads.filter((upload) => upload.uploadId !== event.uploadId);
      if (entry.status === 'uploaded') {
        tell(system, enqueue, 'toasts', { type: 'toast.show', toast: uploadToast('uploadComplete', entry.fileName) });
        enqueue.assign({ uploads: others });
      } else if (entry.status === 'canceled') {
        // §8 "cancel is silent".
        enqueue.assign({ uploads: others });
      } else if (entry.status === 'error' && entry.error?.reason === 'invalidFile') {
        // §8 "'Invalid file' then the unsupported-file dialog": the upload ends here.
        enqueue.stopChild(entry.uploadId);
        const refused = unsupported ?? { fileName: entry.fileName, reason: 'unsupportedType', detail: entry.error.message };
        enqueue.assign({ uploads: others, unsupported: [...context.unsupported, refused] });
      } else {
        if (entry.status === 'error' && before.status !== 'error') tell(system, enqueue, 'toasts', { type: 'toast.show', toast: uploadToast('uploadFailed', entry.fileName) });
        enqueue.assign({ uploads: context.uploads.map((upload) => (upload.uploadId === entry.uploadId ? entry : upload)) });
      }
    }),
    /** Sends an event to one upload, when it still runs. */
    tellUpload: enqueueActions(({ context, enqueue }, params: { uploadId: string; event: { type: 'upload.cancel' } | { type: 'upload.retry'; file: UploadFileRef } }) => {
      tellChild(context, enqueue, params.uploadId, params.event);
    }),
    cancelAll: enqueueActions(({ context, enqueue }) => {
      for (const upload of context.uploads) tellChild(context, enqueue, upload.uploadId, { type: 'upload.cancel' });
    }),
    routeVersionPush: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'uploads.versionUpdated') return;
      for (const upload of context.uploads) {
        if (upload.versionKey !== null && upload.versionKey === event.version.package.key) {
          const push: UploadEvent = { type: 'upload.versionUpdated', version: event.version, deleted: event.deleted };
          tellChild(context, enqueue, upload.uploadId, push);
        }
      }
    }),
    reset: enqueueActions(({ context, enqueue }) => {
      for (const upload of context.uploads) enqueue.stopChild(upload.uploadId);
      enqueue.assign({ uploads: [], unsupported: [] });
    }),
    tellSession: enqueueActions(({ system, enqueue }, params: { inProgress: boolean }) => {
      tell(system, enqueue, 'session', { type: 'uploads.changed', inProgress: params.inProgress });
    }),
  },
  guards: {
    isLastDragLeave: ({ context }) => context.dragDepth <= 1,
    hasInProgress: ({ context }) => hasUploadsInProgress(context.uploads),
    hasUnsupported: ({ context }) => context.unsupported.length > 0,
    isAllSettled: ({ context }) => !hasUploadsInProgress(context.uploads),
  },
}).createMachine({
  id: 'uploads',
  type: 'parallel',
  context: { uploads: [], unsupported: [], nextSeq: 1, dragDepth: 0 },
  on: {
    'uploads.add': { actions: 'addUploads' },
    'upload.changed': { actions: 'applyReport' },
    'uploads.cancel': { actions: { type: 'tellUpload', params: ({ event }) => ({ uploadId: event.uploadId, event: { type: 'upload.cancel' as const } }) } },
    'uploads.retry': { actions: { type: 'tellUpload', params: ({ event }) => ({ uploadId: event.uploadId, event: { type: 'upload.retry' as const, file: event.file } }) } },
    // Sign-out confirmed while uploads run (foundation §1, §8): each is canceled (its version deleted).
    'uploads.cancelAll': { actions: 'cancelAll' },
    'uploads.versionUpdated': { actions: 'routeVersionPush' },
    'uploads.reset': { actions: 'reset' },
  },
  states: {
    activity: {
      initial: 'idle',
      states: {
        idle: {
          entry: { type: 'tellSession', params: { inProgress: false } },
          always: { guard: 'hasInProgress', target: 'busy' },
        },
        // The persistent toast with its spinner; the leave-page warning 'Still uploading. Are you sure you want to leave?'.
        busy: {
          tags: ['inProgress'],
          entry: { type: 'tellSession', params: { inProgress: true } },
          always: { guard: 'isAllSettled', target: 'idle' },
        },
      },
    },
    // §2 "A drop zone accepts dragged files": files dragged over it show the overlay; the view's listeners send the events.
    dropTarget: {
      initial: 'idle',
      on: { 'uploads.dragEnd': { target: '.idle' } },
      states: {
        idle: {
          entry: assign({ dragDepth: 0 }),
          on: { 'uploads.dragEnter': { target: 'dragOver', actions: assign({ dragDepth: 1 }) } },
        },
        dragOver: {
          tags: ['dragOver'],
          on: {
            'uploads.dragEnter': { actions: assign({ dragDepth: ({ context }) => context.dragDepth + 1 }) },
            'uploads.dragLeave': [{ guard: 'isLastDragLeave', target: 'idle' }, { actions: assign({ dragDepth: ({ context }) => context.dragDepth - 1 }) }],
          },
        },
      },
    },
    // The file-not-supported dialog (§2 Dialogs, §5; foundation §8): heading, the file-type message, okay.
    notice: {
      initial: 'closed',
      states: {
        closed: { always: { guard: 'hasUnsupported', target: 'open' } },
        open: {
          tags: ['notSupported'],
          on: { 'uploads.closeNotSupported': { target: 'closed', actions: assign({ unsupported: [] }) } },
        },
      },
    },
  },
});
