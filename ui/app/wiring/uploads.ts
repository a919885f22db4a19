import { fromPromise } from 'xstate';
import { inspectFile } from '../../../adapters/uploads.ts';
import { uploadMachine } from '../../../machines/uploads/uploadMachine.ts';
import { uploadsMachine } from '../../../machines/uploads/uploadsMachine.ts';
import { fileTransferActors, reportError, type Adapters } from './common.ts';

/** Uploads (review-and-content §4, §7): File objects stay in the FileStore, events carry their ids. */
export function uploadsActors(a: Adapters) {
  const { fileOf, uploadClient, items, files } = a;
  const transfer = fileTransferActors(a, 'upload', { hashProgress: true });
  const upload = uploadMachine.provide({
    actors: {
      inspectFile: fromPromise(async ({ input }) => inspectFile(fileOf(input.fileId))),
      // MD5 in a worker; progress and the outcome come back as events.
      hashFile: transfer.hashFile,
      requestUploadUrl: fromPromise(({ input }) => uploadClient.uploadUrl(input)),
      createItem: fromPromise(({ input }) => items.request('item.create', input)),
      uploadVersion: fromPromise(({ input }) => items.request('item.upload', input)),
      // The PUT with its progress; leaving the uploading state aborts it.
      putFile: transfer.putFile,
      markUploadFailed: fromPromise(({ input }) => items.request('item.markUploadFailed', input)),
      deleteVersion: fromPromise(({ input }) => items.request('item.deleteVersionByKey', input)),
    },
    actions: { reportError, releaseFile: (_, params) => files.remove(params.fileId) },
  });
  const uploads = uploadsMachine.provide({ actors: { upload } });
  return { uploads };
}
