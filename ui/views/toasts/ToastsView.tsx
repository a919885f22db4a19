import { useSelector } from '@xstate/react';
import { isContentToastId, isReviewRequestToastId, isToastId, isUploadToastId, ITEM_DOWNLOAD_FAILED_TOAST_ID, NEW_VERSION_TOAST_ID } from '../../../domain/toasts.ts';
import { newVersionToastText } from '../item/ItemDialogs.tsx';
import { uploadToastText } from '../uploads/UploadToast.tsx';
import { contentToastText } from '../content/toasts.ts';
import { Toast, ToastRegion } from '../../kit/index.ts';
import { t, type StringKey } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import type { ShownToast } from '../../../machines/session/toastsMachine.ts';

/** The words of a toast: the spec's fixed text, else the catalogue's for a foundation id, else its message. */
function titleOf(toast: ShownToast): string {
  if (toast.text) return toast.text;
  // Moved, trashed, restored (review-and-content §3 toast data): the sentence is made from the data.
  if (isContentToastId(toast.id)) return contentToastText(toast.id, toast.data ?? {});
  // Uploads and new versions (review-and-content §3 upload toast data, §4 Other).
  if (isUploadToastId(toast.id)) return uploadToastText(toast.id === 'uploadComplete' ? 'complete' : 'failed', { fileName: String(toast.data?.fileName ?? '') });
  if (toast.id === NEW_VERSION_TOAST_ID) return newVersionToastText({ version: Number(toast.data?.version ?? 0), uploaderName: null });
  if (toast.id === ITEM_DOWNLOAD_FAILED_TOAST_ID) return t(toast.data?.itemTitle === 'video' ? 'item.export.videoFailed' : 'item.export.backupFailed', { message: toast.message ?? '' });
  if (isToastId(toast.id)) return t(`toast.${toast.id}` satisfies StringKey);
  // The translation editor's toasts (translation-editor §8): words from the catalogue, keyed by the toast id.
  if (toast.id.startsWith('translationToast.') || toast.id.startsWith('translationEditor.toast.')) return t(toast.id as StringKey);
  // Review requests (review-and-content §8): the request error carries the server's message.
  if (isReviewRequestToastId(toast.id)) {
    if (toast.id === 'reviewRequestSent') return t('review.request.sent');
    if (toast.id === 'request_review_error') return t('request_review_error', { message: toast.message ?? '' });
    return t(toast.id);
  }
  return toast.message ?? '';
}

/**
 * The toasts actor on screen (foundation §9): each toast pauses while hovered or focused and goes when
 * its time is up or it is dismissed. Mounted once for the whole app so the live region is always there.
 */
export function ToastsView() {
  const { toasts } = useSystem();
  const shown = useSelector(toasts, (s) => s.context.toasts);
  return (
    <ToastRegion label={t('toast.region')}>
      {shown.map((toast) => (
        <Toast
          key={toast.key}
          tone={toast.severity}
          title={titleOf(toast)}
          onDismiss={() => toasts.send({ type: 'toast.dismiss', key: toast.key })}
          onPause={() => toasts.send({ type: 'toast.pause', key: toast.key })}
          onResume={() => toasts.send({ type: 'toast.resume', key: toast.key })}
        >
          {toast.message && toast.message !== titleOf(toast) ? toast.message : null}
        </Toast>
      ))}
    </ToastRegion>
  );
}
