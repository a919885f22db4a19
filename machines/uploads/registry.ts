/** Registry entries of the uploads feature: each machine with its payload cases (charts, path generation, replay read them). */
import { uploadMachine } from './uploadMachine.ts';
import { uploadsMachine } from './uploadsMachine.ts';
import { type RegistryEntry, FILE, detail, refusal, version } from '../registryCases.ts';

const UPLOADING_KEY = 'review/uploads/k1/intro.zip';
const entry = (status: string, over: Record<string, unknown> = {}) => ({
  uploadId: 'upload-1',
  fileName: 'intro.zip',
  size: 1024,
  status,
  progress: 0.5,
  itemId: 'i1',
  error: null,
  versionKey: UPLOADING_KEY,
  unsupported: null,
  ...over,
});

export const uploadsEntries: readonly RegistryEntry[] = [
  {
    name: 'upload',
    machine: uploadMachine,
    description:
      'One upload: pending (file checks, MD5 in a worker, upload URL, item.create / item.upload) → uploading (PUT; no progress for 2000 ms marks it uploadFailed) → preparing (server processing) → uploaded; error with retry (a new file) and a silent cancel that deletes the version (review-and-content §4, §5, §7, §8).',
    input: { uploadId: 'upload-1', fileId: 'f1', fileName: 'intro.zip', size: 1024, type: 'application/zip', target: { kind: 'newItem', folderId: 12 } },
    cases: {
      'upload.hashProgress': [{ fraction: 0.5 }],
      'upload.hashed': [{ md5: '0cc175b9c0f1b6a831c399e269772661' }],
      'upload.hashFailed': [{ message: 'Hashing failed: the worker stopped' }],
      'upload.progress': [
        { loaded: 512, total: 1024 },
        { loaded: 1024, total: 1024 },
      ],
      'upload.putFailed': [{ status: 0, message: 'Network error' }],
      'upload.versionUpdated': [
        { version: version(1, 'ready'), deleted: false },
        { version: version(1, 'unpackFailed'), deleted: false },
        { version: version(1, 'uploadFailed'), deleted: true },
      ],
      'upload.retry': [{ file: { fileId: 'f2', name: 'intro-fixed.zip', size: 2048, type: 'application/zip' } }],
      'xstate.done.actor.inspectFile': [
        { output: { ok: true, kind: 'storyline', product: 'storyline', title: 'intro', contentType: 'application/zip' } },
        { output: { ok: true, kind: 'video', product: 'video', title: 'intro', contentType: 'video/mp4' } },
        { output: { ok: false, reason: 'blockedExtension', detail: '.exe files are programs or scripts and cannot be uploaded.' } },
      ],
      'xstate.error.actor.inspectFile': [{ error: { name: 'NotReadableError', message: 'The file could not be read.' } }],
      'xstate.done.actor.requestUploadUrl': [{ output: { key: UPLOADING_KEY, url: 'http://localhost/api/uploads/put/t1', type: 'application/zip' } }],
      'xstate.error.actor.requestUploadUrl': [{ error: { name: 'HttpError', status: 400, message: 'keyPrefix is not allowed' } }],
      'xstate.done.actor.createItem': [{ output: { item: detail([version(1, 'uploading')]), version: version(1, 'uploading') } }, { output: 'not an item' }],
      'xstate.error.actor.createItem': [refusal('forbidden', 'Your role does not allow this.')],
      'xstate.done.actor.uploadVersion': [
        { output: { item: detail([version(1, 'ready'), version(2, 'uploading', 'u-alex', UPLOADING_KEY)]), version: version(2, 'uploading', 'u-alex', UPLOADING_KEY) } },
        { output: null },
      ],
      'xstate.error.actor.uploadVersion': [refusal('uploadNotAllowed', 'A stack takes no versions.')],
      'xstate.error.actor.markUploadFailed': [refusal('invalidRequest', 'The version is not uploading.')],
      'xstate.error.actor.deleteVersion': [refusal('versionReady', 'The version is ready.')],
    },
  },
  {
    name: 'uploads',
    machine: uploadsMachine,
    description:
      "The uploads manager: one upload per file, the list the persistent spinner toast shows, 'upload complete' and failed toasts (10 s), the session told whether uploads are in progress (leave-page warning, sign-out question), cancel-all on sign-out, the file-not-supported dialog (review-and-content §4, §8; foundation §1, §8).",
    cases: {
      'uploads.add': [
        { files: [FILE], target: { kind: 'newItem', folderId: 12 } },
        { files: [FILE, { ...FILE, fileId: 'f2', name: 'demo.mp4', type: 'video/mp4' }], target: { kind: 'newVersion', itemId: 'i1', product: 'storyline' } },
      ],
      'uploads.cancel': [{ uploadId: 'upload-1' }],
      'uploads.retry': [{ uploadId: 'upload-1', file: { ...FILE, fileId: 'f3' } }],
      'upload.changed': [
        entry('uploading'),
        entry('uploaded', { progress: 1 }),
        entry('error', { error: { reason: 'stalled', message: 'No upload progress for 2000 ms' } }),
        entry('error', { itemId: null, versionKey: null, error: { reason: 'invalidFile', message: 'Not a zip' }, unsupported: { fileName: 'intro.zip', reason: 'contentMismatch', detail: 'Not a zip' } }),
        entry('canceled'),
      ],
      'uploads.versionUpdated': [{ itemId: 'i1', version: version(1, 'ready'), deleted: false }],
    },
  },
];
