import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { hashFile } from '../../../adapters/md5.ts';
import { inspectFile } from '../../../adapters/uploads.ts';
import { isSavingOf } from '../../../machines/translation/translationMachine.ts';
import { uploadMachine } from '../../../machines/uploads/uploadMachine.ts';
import { uploadsMachine } from '../../../machines/uploads/uploadsMachine.ts';
import { t } from '../../strings.ts';
import { leavePageWarning } from '../browser.ts';
import { reportError, throttled, UPLOAD_PROGRESS_EVERY_MS, type Adapters, type Running } from './common.ts';

/** Uploads (review-and-content §4, §7): File objects stay in the FileStore, events carry their ids. */
export function uploadsActors(a: Adapters) {
  const { clock, fileOf, uploadClient, items, files } = a;
  const upload = uploadMachine.provide({
    actors: {
      inspectFile: fromPromise(async ({ input }) => inspectFile(fileOf(input.fileId))),
      // MD5 in a worker; progress and the outcome come back as events.
      hashFile: fromCallback<EventObject, { fileId: string }>(({ input, sendBack }) => {
        const controller = new AbortController();
        const progress = throttled((fraction: number) => sendBack({ type: 'upload.hashProgress', fraction }), UPLOAD_PROGRESS_EVERY_MS, () => clock.now());
        const fail = (error: unknown) => {
          if (!controller.signal.aborted) sendBack({ type: 'upload.hashFailed', message: error instanceof Error ? error.message : 'Hashing failed' });
        };
        try {
          hashFile(fileOf(input.fileId), progress.call, controller.signal).then((md5) => {
            progress.cancel();
            sendBack({ type: 'upload.hashed', md5 });
          }, fail);
        } catch (error) {
          queueMicrotask(() => fail(error));
        }
        return () => {
          progress.cancel();
          controller.abort();
        };
      }),
      requestUploadUrl: fromPromise(({ input }) => uploadClient.uploadUrl(input)),
      createItem: fromPromise(({ input }) => items.request('item.create', input)),
      uploadVersion: fromPromise(({ input }) => items.request('item.upload', input)),
      // The PUT with its progress; leaving the uploading state aborts it.
      putFile: fromCallback<EventObject, { fileId: string; url: string; contentType: string; fileName: string; md5: string }>(({ input, sendBack }) => {
        const controller = new AbortController();
        const progress = throttled((loaded: number, total: number) => sendBack({ type: 'upload.progress', loaded, total }), UPLOAD_PROGRESS_EVERY_MS, () => clock.now());
        const fail = (error: unknown) => {
          if (controller.signal.aborted) return;
          const status = (error as { status?: unknown } | null)?.status;
          sendBack({ type: 'upload.putFailed', status: typeof status === 'number' ? status : 0, message: error instanceof Error ? error.message : 'Upload failed' });
        };
        try {
          const file = fileOf(input.fileId);
          uploadClient
            .put({ url: input.url, file, contentType: input.contentType, fileName: input.fileName, md5Hex: input.md5, onProgress: progress.call, signal: controller.signal })
            .then(() => {
              progress.cancel();
              sendBack({ type: 'upload.progress', loaded: file.size, total: file.size });
              sendBack({ type: 'upload.putDone' });
            }, fail);
        } catch (error) {
          queueMicrotask(() => fail(error));
        }
        return () => {
          progress.cancel();
          controller.abort();
        };
      }),
      markUploadFailed: fromPromise(({ input }) => items.request('item.markUploadFailed', input)),
      deleteVersion: fromPromise(({ input }) => items.request('item.deleteVersionByKey', input)),
    },
    actions: { reportError, releaseFile: (_, params) => files.remove(params.fileId) },
  });
  const uploads = uploadsMachine.provide({ actors: { upload } });
  return { uploads };
}

/**
 * The leave-page warning (review-and-content §4) while uploads are in progress, and while a translation save is on the
 * wire (translation-editor §2 "leaving while saving shows the leave message"); views do no side effects. The browser's
 * own warnings each say why; an injected one (tests) hears both causes.
 */
export function connectLeaveWarning({ actor, observe }: Running, injected: ((armed: boolean) => void) | undefined) {
  const uploadsRef = actor('uploads');
  const warnBeforeLeaving = injected ?? leavePageWarning(t('upload.leave_warning'));
  const translationRef = actor('translation');
  const warnWhileSaving = injected ? null : leavePageWarning(t('translation.leave_warning'));
  const armLeaveWarning = () => {
    const uploading = uploadsRef.getSnapshot().hasTag('inProgress');
    const saving = isSavingOf(translationRef.getSnapshot());
    if (warnWhileSaving) {
      warnBeforeLeaving(uploading);
      warnWhileSaving(saving);
    } else warnBeforeLeaving(uploading || saving);
  };
  armLeaveWarning();
  observe(uploadsRef, armLeaveWarning);
  observe(translationRef, armLeaveWarning);
}
