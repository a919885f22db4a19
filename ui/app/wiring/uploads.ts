import { fromPromise } from 'xstate';
import { inspectFile } from '../../../adapters/uploads.ts';
import { uploadMachine } from '../../../machines/uploads/uploadMachine.ts';
import { uploadsMachine } from '../../../machines/uploads/uploadsMachine.ts';
import { t } from '../../strings.ts';
import { leavePageWarning } from '../browser.ts';
import { fileTransferActors, reportError, type Adapters, type Running } from './common.ts';
import type { AppSystem } from '../../system.tsx';

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

/**
 * The leave-page warning (review-and-content §4) while uploads are in progress, and while a translation save is on the
 * wire (translation-editor §2 "leaving while saving shows the leave message"); views do no side effects. The browser's
 * own warnings each say why; an injected one (tests) hears both causes.
 */
export function connectLeaveWarning({ actor, observe }: Running, injected: ((armed: boolean) => void) | undefined): { watchTranslation: () => void } {
  const uploadsRef = actor('uploads');
  const warnBeforeLeaving = injected ?? leavePageWarning(t('upload.leave_warning'));
  const warnWhileSaving = injected ? null : leavePageWarning(t('translation.leave_warning'));
  // The translation actor starts with the translate tab's chunk (machines/featureLogic.ts): until then nothing saves.
  // Its tag `saving` is translationMachine.ts `isSavingOf`, read here without importing the machine.
  const translationRef = () => actor('translation') as AppSystem['translation'] | undefined;
  const armLeaveWarning = () => {
    const uploading = uploadsRef.getSnapshot().hasTag('inProgress');
    const saving = translationRef()?.getSnapshot().hasTag('saving') ?? false;
    if (warnWhileSaving) {
      warnBeforeLeaving(uploading);
      warnWhileSaving(saving);
    } else warnBeforeLeaving(uploading || saving);
  };
  armLeaveWarning();
  observe(uploadsRef, armLeaveWarning);
  return {
    watchTranslation: () => {
      const ref = translationRef();
      if (ref) observe(ref, armLeaveWarning);
    },
  };
}
