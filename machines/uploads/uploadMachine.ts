import { assign, enqueueActions, setup, type EventObject } from 'xstate';
import { UPLOAD_HASH_PROGRESS_OFFSET, UPLOAD_STALL_MS } from '../../domain/constants.ts';
import type { ItemAckData, ItemPayload, ItemVersion, UploadKind, VersionState } from '../../domain/items.ts';
import { keyPrefixFor, kindMatchesProduct, type UploadCheck } from '../../domain/uploads.ts';
import { isFailedVersionState } from '../../domain/versions.ts';
import { refusalOf, tell } from '../content/contentEvents.ts';
import { isItemDetail, isItemVersion, toItemRecord, type UnsupportedFile, type UploadError, type UploadErrorReason, type UploadFileRef, type UploadReport, type UploadStatus, type UploadTarget } from '../items/itemEvents.ts';
import { callbackSlot, promiseSlot } from '../slots.ts';

/** What the uploads manager starts an upload with: one file (by id; the File stays in the FileStore) and where it goes. */
export interface UploadInput {
  uploadId: string;
  fileId: string;
  fileName: string;
  size: number;
  type: string;
  target: UploadTarget;
}

export interface UploadContext {
  uploadId: string;
  file: UploadFileRef;
  target: UploadTarget;
  status: UploadStatus;
  /** 0 to 1: hashing fills the first 5 % (UPLOAD_HASH_PROGRESS_OFFSET), the PUT the rest. */
  progress: number;
  /** What the checks made of the file, once they passed. */
  check: { kind: UploadKind; title: string; contentType: string } | null;
  /** MD5 (hex) for Content-MD5. */
  md5: string | null;
  /** The upload URL call's answer: the storage key, the signed PUT address and the Content-Type to send. */
  destination: { key: string; url: string; type: string } | null;
  /** The item the version belongs to, once item.create / item.upload recorded it. */
  itemId: string | null;
  /** That item's product (a retry uploads a new version of it). */
  product: string | null;
  /** The package key of the version this upload recorded (the key the server knows it by). */
  versionKey: string | null;
  /** That version's state as the server last pushed it. */
  versionState: VersionState | null;
  /** Bytes the PUT reported sent so far: the stall check needs progress that moved. */
  loaded: number;
  error: UploadError | null;
  /** The checks refused the file: what the file-not-supported dialog says. */
  unsupported: UnsupportedFile | null;
  /** Cancel arrived while item.create / item.upload was on the wire: the version is deleted once it exists. */
  cancelRequested: boolean;
}

export type UploadEvent =
  /** From the hashFile actor: 0 to 1 of the file hashed. */
  | { type: 'upload.hashProgress'; fraction: number }
  | { type: 'upload.hashed'; md5: string }
  | { type: 'upload.hashFailed'; message: string }
  /** From the putFile actor: bytes sent of the total. */
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.putDone' }
  /** `status` 0 for a network error. */
  | { type: 'upload.putFailed'; status: number; message: string }
  /** The server pushed a change of this upload's version (forwarded by the manager). */
  | { type: 'upload.versionUpdated'; version: ItemVersion; deleted: boolean }
  /** Retry re-selects a file (§4): a new file, same upload. */
  | { type: 'upload.retry'; file: UploadFileRef }
  | { type: 'upload.cancel' };

const clamp01 = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);

/** Overall progress while the PUT runs: the hashing share, then the bytes sent (§9 "hashing progress offset 0.05"). */
export function putProgress(loaded: number, total: number): number {
  return UPLOAD_HASH_PROGRESS_OFFSET + (1 - UPLOAD_HASH_PROGRESS_OFFSET) * (total > 0 ? clamp01(loaded / total) : 0);
}

type RecordedOutput = ItemAckData<'item.create'>;

const fail = (reason: UploadErrorReason, message: string) => ({ error: { reason, message } satisfies UploadError });

/**
 * One upload (review-and-content §4 upload states; the sequence of domain/items.ts): `pending` (the file is
 * checked — refused: `error` with reason invalidFile, for which the manager opens the file-not-supported dialog
 * — then hashed in a worker for Content-MD5, the upload URL asked for, and the version recorded with item.create
 * or item.upload) → `uploading` (the PUT; a stall of UPLOAD_STALL_MS without progress marks the version
 * uploadFailed and aborts) → `preparing` (the server processes; its push says ready or failed) → `uploaded`.
 * Any failure goes to `error` (the client marks the version failed when it knows first); retry starts again
 * with a new file; cancel deletes the version when one exists, silently. Spawned by `uploads`, which it tells
 * about every change (`upload.changed`).
 */
export const uploadMachine = setup({
  types: {
    input: {} as UploadInput,
    context: {} as UploadContext,
    events: {} as UploadEvent,
  },
  actors: {
    inspectFile: promiseSlot<UploadCheck, { fileId: string }>('inspectFile'),
    hashFile: callbackSlot<EventObject, { fileId: string }>(),
    requestUploadUrl: promiseSlot<{ key: string; url: string; type: string }, { fileName: string; keyPrefix: string; md5: string | null }>('requestUploadUrl'),
    createItem: promiseSlot<RecordedOutput, ItemPayload<'item.create'>>('createItem'),
    uploadVersion: promiseSlot<ItemAckData<'item.upload'>, ItemPayload<'item.upload'>>('uploadVersion'),
    putFile: callbackSlot<EventObject, { fileId: string; url: string; contentType: string; fileName: string; md5: string }>(),
    markUploadFailed: promiseSlot<unknown, ItemPayload<'item.markUploadFailed'>>('markUploadFailed'),
    deleteVersion: promiseSlot<unknown, ItemPayload<'item.deleteVersionByKey'>>('deleteVersion'),
  },
  actions: {
    reportError: (_, _params: { message: string }) => {},
    /** The File is no longer needed (the FileStore forgets it). */
    releaseFile: (_, _params: { fileId: string }) => {},
    /** Tells the manager (when there is one) what the uploads list shows of this upload. */
    report: enqueueActions(({ context, self, enqueue }) => {
      if (!(self as { _parent?: unknown })._parent) return;
      const report: UploadReport = {
        type: 'upload.changed',
        uploadId: context.uploadId,
        fileName: context.file.name,
        size: context.file.size,
        status: context.status,
        progress: context.progress,
        itemId: context.itemId,
        error: context.error,
        versionKey: context.versionKey,
        unsupported: context.unsupported,
      };
      enqueue.sendParent(report);
    }),
    /** A refused file is the user's business (the dialog says why); anything else is reported. */
    reportFailure: enqueueActions(({ context, enqueue }) => {
      if (context.error && context.error.reason !== 'invalidFile') enqueue({ type: 'reportError', params: { message: `Upload of ${context.file.name} failed (${context.error.reason}): ${context.error.message}` } } as never);
    }),
    /** The grid shows the new item (or the new version's state) at once; the server's push follows. */
    showInGrid: enqueueActions(({ event, system, enqueue }) => {
      const output = (event as { output?: unknown }).output as RecordedOutput | undefined;
      if (output && isItemDetail(output.item)) tell(system, enqueue, 'grid', { type: 'content.push', push: { name: 'item.updateHashed', data: { item: toItemRecord(output.item) } } });
    }),
    recordVersion: assign(({ event }) => {
      const output = (event as { output?: unknown }).output as RecordedOutput;
      return { itemId: output.item.id, product: output.item.product, versionKey: output.version.package.key, versionState: output.version.state };
    }),
  },
  delays: { uploadStall: UPLOAD_STALL_MS },
  guards: {
    isRefused: (_, params: { check: UploadCheck }) => !params.check.ok,
    /** A new version must be of the item's kind (story zip for Storyline, video for video items). */
    isKindMismatch: ({ context }, params: { check: UploadCheck }) => params.check.ok && context.target.kind === 'newVersion' && !kindMatchesProduct(params.check.kind, context.target.product),
    isNewVersion: ({ context }) => context.target.kind === 'newVersion',
    /** A well-formed answer to item.create / item.upload, with cancel asked for meanwhile (`canceled`) or not. */
    isRecorded: ({ context }, params: { output: unknown; canceled: boolean }) => {
      const output = params.output as { item?: unknown; version?: unknown } | null;
      return !!output && isItemDetail(output.item) && isItemVersion(output.version) && context.cancelRequested === params.canceled;
    },
    hasVersion: ({ context }) => context.itemId !== null && context.versionKey !== null,
    hasMoved: ({ context }, params: { loaded: number }) => params.loaded > context.loaded,
    isAllSent: (_, params: { loaded: number; total: number }) => params.total > 0 && params.loaded >= params.total,
    isOwnVersion: ({ context }, params: { version: ItemVersion }) => context.versionKey !== null && params.version.package.key === context.versionKey,
    isOwnVersionDeleted: ({ context }, params: { version: ItemVersion; deleted: boolean }) => params.deleted && context.versionKey !== null && params.version.package.key === context.versionKey,
    isVersionReady: ({ context }) => context.versionState === 'ready',
    isVersionFailed: ({ context }) => context.versionState !== null && isFailedVersionState(context.versionState),
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    uploadId: input.uploadId,
    file: { fileId: input.fileId, name: input.fileName, size: input.size, type: input.type },
    target: input.target,
    status: 'pending',
    progress: 0,
    check: null,
    md5: null,
    destination: null,
    itemId: null,
    product: null,
    versionKey: null,
    versionState: null,
    loaded: 0,
    error: null,
    unsupported: null,
    cancelRequested: false,
  }),
  initial: 'pending',
  states: {
    pending: {
      entry: [assign({ status: 'pending' }), 'report'],
      initial: 'inspecting',
      on: {
        // Before the version exists nothing is left to undo; a retry's earlier failed version is the item's latest: it goes.
        'upload.cancel': [{ guard: 'hasVersion', target: 'canceling' }, { target: 'canceled' }],
      },
      states: {
        // §5: extension, size, the first 4,100 bytes, and a story zip's tail.
        inspecting: {
          invoke: {
            id: 'inspectFile',
            src: 'inspectFile',
            input: ({ context }) => ({ fileId: context.file.fileId }),
            onDone: [
              {
                guard: { type: 'isRefused', params: ({ event }) => ({ check: event.output }) },
                target: '#upload.error',
                actions: assign(({ context, event }) => {
                  const refused = event.output as Extract<UploadCheck, { ok: false }>;
                  return { ...fail('invalidFile', refused.detail), unsupported: { fileName: context.file.name, reason: refused.reason, detail: refused.detail } };
                }),
              },
              {
                guard: { type: 'isKindMismatch', params: ({ event }) => ({ check: event.output }) },
                target: '#upload.error',
                actions: assign(({ context }) => {
                  const detail = `A new version of a ${context.target.kind === 'newVersion' ? context.target.product : ''} item must be of the same kind.`;
                  return { ...fail('invalidFile', detail), unsupported: { fileName: context.file.name, reason: 'kindMismatch', detail } };
                }),
              },
              {
                target: 'hashing',
                actions: assign({
                  check: ({ event }) => {
                    const passed = event.output as Extract<UploadCheck, { ok: true }>;
                    return { kind: passed.kind, title: passed.title, contentType: passed.contentType };
                  },
                }),
              },
            ],
            onError: { target: '#upload.error', actions: assign(({ event }) => fail('readFailed', refusalOf(event.error).message)) },
          },
        },
        // MD5 in a worker: the first 5 % of the progress.
        hashing: {
          invoke: { id: 'hashFile', src: 'hashFile', input: ({ context }) => ({ fileId: context.file.fileId }) },
          on: {
            'upload.hashProgress': { actions: [assign({ progress: ({ event }) => UPLOAD_HASH_PROGRESS_OFFSET * clamp01(event.fraction) }), 'report'] },
            'upload.hashed': { target: 'requestingUrl', actions: [assign({ md5: ({ event }) => event.md5, progress: UPLOAD_HASH_PROGRESS_OFFSET }), 'report'] },
            'upload.hashFailed': { target: '#upload.error', actions: assign(({ event }) => fail('hashFailed', event.message)) },
          },
        },
        // §7 upload URL call: a signed, expiring PUT address for a key under the kind's prefix.
        requestingUrl: {
          invoke: {
            id: 'requestUploadUrl',
            src: 'requestUploadUrl',
            input: ({ context }) => ({ fileName: context.file.name, keyPrefix: keyPrefixFor(context.check!.kind), md5: context.md5 }),
            onDone: [
              { guard: 'isNewVersion', target: 'addingVersion', actions: assign({ destination: ({ event }) => event.output }) },
              { target: 'creatingItem', actions: assign({ destination: ({ event }) => event.output }) },
            ],
            onError: { target: '#upload.error', actions: assign(({ event }) => fail('requestFailed', refusalOf(event.error).message)) },
          },
        },
        // The version is recorded in state uploading before the PUT (item.create for a new item).
        creatingItem: {
          invoke: {
            id: 'createItem',
            src: 'createItem',
            input: ({ context }) => ({
              title: context.check!.title,
              kind: context.check!.kind,
              folderId: context.target.kind === 'newItem' ? context.target.folderId : null,
              upload: { key: context.destination!.key, fileName: context.file.name, size: context.file.size, md5: context.md5! },
            }),
            onDone: [
              // Cancel came while the version was being recorded: it goes at once.
              { guard: { type: 'isRecorded', params: ({ event }) => ({ output: event.output, canceled: true }) }, target: '#upload.canceling', actions: 'recordVersion' },
              { guard: { type: 'isRecorded', params: ({ event }) => ({ output: event.output, canceled: false }) }, target: '#upload.uploading', actions: ['recordVersion', 'showInGrid'] },
              { target: '#upload.error', actions: assign(fail('requestFailed', 'Malformed item.create answer')) },
            ],
            onError: { target: '#upload.error', actions: assign(({ event }) => fail('requestFailed', refusalOf(event.error).message)) },
          },
          on: { 'upload.cancel': { actions: assign({ cancelRequested: true }) } },
        },
        // item.upload for a new version of an existing item.
        addingVersion: {
          invoke: {
            id: 'uploadVersion',
            src: 'uploadVersion',
            input: ({ context }) => ({
              itemId: context.target.kind === 'newVersion' ? context.target.itemId : '',
              kind: context.check!.kind,
              upload: { key: context.destination!.key, fileName: context.file.name, size: context.file.size, md5: context.md5! },
            }),
            onDone: [
              // Cancel came while the version was being recorded: it goes at once.
              { guard: { type: 'isRecorded', params: ({ event }) => ({ output: event.output, canceled: true }) }, target: '#upload.canceling', actions: 'recordVersion' },
              { guard: { type: 'isRecorded', params: ({ event }) => ({ output: event.output, canceled: false }) }, target: '#upload.uploading', actions: ['recordVersion', 'showInGrid'] },
              { target: '#upload.error', actions: assign(fail('requestFailed', 'Malformed item.upload answer')) },
            ],
            onError: { target: '#upload.error', actions: assign(({ event }) => fail('requestFailed', refusalOf(event.error).message)) },
          },
          on: { 'upload.cancel': { actions: assign({ cancelRequested: true }) } },
        },
      },
    },
    // The PUT; progress = 0.05 + 0.95 × loaded / total.
    uploading: {
      entry: [assign({ status: 'uploading', progress: UPLOAD_HASH_PROGRESS_OFFSET, loaded: 0 }), 'report'],
      invoke: {
        id: 'putFile',
        src: 'putFile',
        input: ({ context }) => ({
          fileId: context.file.fileId,
          url: context.destination!.url,
          contentType: context.destination!.type || context.check!.contentType,
          fileName: context.file.name,
          md5: context.md5!,
        }),
      },
      initial: 'watching',
      states: {
        // §4 "a version still uploading whose progress has not moved for 2 seconds is marked uploadFailed": every
        // progress that moved starts the wait again; leaving `uploading` stops the PUT (abort).
        watching: {
          after: { uploadStall: { target: '#upload.error.markingFailed', actions: assign(fail('stalled', `No upload progress for ${UPLOAD_STALL_MS} ms`)) } },
          on: {
            'upload.progress': [
              {
                guard: { type: 'isAllSent', params: ({ event }) => event },
                target: 'sent',
                actions: [assign({ loaded: ({ event }) => event.loaded, progress: ({ event }) => putProgress(event.loaded, event.total) }), 'report'],
              },
              {
                guard: { type: 'hasMoved', params: ({ event }) => ({ loaded: event.loaded }) },
                target: 'watching',
                reenter: true,
                actions: [assign({ loaded: ({ event }) => event.loaded, progress: ({ event }) => putProgress(event.loaded, event.total) }), 'report'],
              },
            ],
          },
        },
        // Every byte is out: the server checks size and MD5 before it answers; that is not a stall.
        sent: {},
      },
      on: {
        'upload.putDone': { target: 'preparing' },
        'upload.putFailed': { target: '#upload.error.markingFailed', actions: assign(({ event }) => fail('putFailed', event.message)) },
        'upload.cancel': { target: 'canceling' },
        'upload.versionUpdated': [
          { guard: { type: 'isOwnVersionDeleted', params: ({ event }) => event }, target: 'canceled' },
          { guard: { type: 'isOwnVersion', params: ({ event }) => event }, actions: assign({ versionState: ({ event }) => event.version.state }) },
        ],
      },
    },
    // The server processes the file (story zip unpacked, video sniffed); its push says how it ended.
    preparing: {
      entry: [assign({ status: 'preparing', progress: 1 }), 'report'],
      always: [
        { guard: 'isVersionReady', target: 'uploaded' },
        { guard: 'isVersionFailed', target: 'error', actions: assign(({ context }) => fail('processingFailed', `The server could not process the file (${context.versionState}).`)) },
      ],
      on: {
        'upload.cancel': { target: 'canceling' },
        'upload.versionUpdated': [
          { guard: { type: 'isOwnVersionDeleted', params: ({ event }) => event }, target: 'canceled' },
          { guard: { type: 'isOwnVersion', params: ({ event }) => event }, actions: assign({ versionState: ({ event }) => event.version.state }) },
        ],
      },
    },
    uploaded: {
      type: 'final',
      entry: [assign({ status: 'uploaded', progress: 1 }), 'report', { type: 'releaseFile', params: ({ context }) => ({ fileId: context.file.fileId }) }],
    },
    // §8 "any upload error sets state to error and version to uploadFailed".
    error: {
      entry: [assign({ status: 'error' }), 'report', 'reportFailure'],
      initial: 'idle',
      states: {
        idle: {},
        // The client knew first (a stall, a failed PUT): the server is told; an answer either way is the end of it.
        markingFailed: {
          invoke: {
            id: 'markUploadFailed',
            src: 'markUploadFailed',
            input: ({ context }) => ({ itemId: context.itemId ?? '', key: context.versionKey ?? '' }),
            onDone: { target: 'idle' },
            onError: { target: 'idle', actions: { type: 'reportError', params: ({ event }) => ({ message: `Marking the upload failed was refused: ${refusalOf(event.error).message}` }) } },
          },
        },
      },
      on: {
        // Retry re-selects a file (§4). Once the item exists, the new file becomes a new version of it.
        'upload.retry': {
          target: 'pending',
          actions: [
            { type: 'releaseFile', params: ({ context }) => ({ fileId: context.file.fileId }) },
            assign(({ context, event }) => ({
              file: event.file,
              target: context.itemId !== null ? { kind: 'newVersion' as const, itemId: context.itemId, product: context.product ?? '' } : context.target,
              progress: 0,
              check: null,
              md5: null,
              destination: null,
              loaded: 0,
              error: null,
              unsupported: null,
              cancelRequested: false,
            })),
          ],
        },
        'upload.cancel': [{ guard: 'hasVersion', target: 'canceling' }, { target: 'canceled' }],
        // Someone deleted the failed version (the item view's cancel): nothing is left to do.
        'upload.versionUpdated': [
          { guard: { type: 'isOwnVersionDeleted', params: ({ event }) => event }, target: 'canceled' },
          { guard: { type: 'isOwnVersion', params: ({ event }) => event }, actions: assign({ versionState: ({ event }) => event.version.state }) },
        ],
      },
    },
    // Cancel (silent, §8): the version goes (the item too when it was its only one); the list drops the row at once.
    canceling: {
      entry: [assign({ status: 'canceled' }), 'report'],
      invoke: {
        id: 'deleteVersion',
        src: 'deleteVersion',
        input: ({ context }) => ({ itemId: context.itemId ?? '', key: context.versionKey ?? '' }),
        onDone: { target: 'canceled' },
        onError: { target: 'canceled', actions: { type: 'reportError', params: ({ event }) => ({ message: `Deleting the canceled upload's version was refused: ${refusalOf(event.error).message}` }) } },
      },
    },
    canceled: {
      type: 'final',
      entry: [assign({ status: 'canceled' }), 'report', { type: 'releaseFile', params: ({ context }) => ({ fileId: context.file.fileId }) }],
    },
  },
});
