import '../../styles/uploads.css';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { FileNotSupportedDialog, fileNotSupportedText, type FileRefusalReason } from './FileNotSupportedDialog.tsx';
import { useFilePicker } from './filePicker.tsx';
import { UploadToastBody, type UploadRow } from './UploadToast.tsx';

const REFUSALS: ReadonlySet<string> = new Set(['blockedExtension', 'unsupportedType', 'emptyFile', 'tooLarge', 'contentMismatch', 'invalidStoryZip', 'kindMismatch']);

/**
 * The uploads actor on screen, wherever the person is (review-and-content §4 upload states): the persistent
 * uploads toast while the list has entries (a row per file with progress, cancel, and retry which re-selects a
 * file), and the file-not-supported dialog for files the checks refused (§5, §8; foundation §8).
 */
export function UploadsPanel() {
  const system = useSystem();
  const { uploads } = system;
  const list = useSelector(uploads, (s) => s.context.uploads);
  const unsupported = useSelector(uploads, (s) => (s.matches({ notice: 'open' }) ? s.context.unsupported : []));
  const retrying = useRef<string | null>(null);
  const picker = useFilePicker({
    multiple: false,
    onFiles: (files) => {
      const [file] = system.addFiles(files.slice(0, 1));
      const uploadId = retrying.current;
      retrying.current = null;
      if (file && uploadId) uploads.send({ type: 'uploads.retry', uploadId, file });
    },
  });
  const rows: UploadRow[] = list.map((upload) => ({ id: upload.uploadId, fileName: upload.fileName, state: upload.status, progress: upload.progress }));
  const first = unsupported[0];
  const message = unsupported
    .map((file) => (REFUSALS.has(file.reason) ? fileNotSupportedText(file.fileName, file.reason as FileRefusalReason) : t('upload.invalid.unsupportedType', { fileName: file.fileName })))
    .join(' ');
  return (
    <>
      {rows.length > 0 && (
        <section className="uploads-panel" aria-label={t('upload.panel.label')}>
          <UploadToastBody
            uploads={rows}
            onCancel={(uploadId) => uploads.send({ type: 'uploads.cancel', uploadId })}
            onRetry={(uploadId) => {
              retrying.current = uploadId;
              picker.open();
            }}
          />
        </section>
      )}
      {picker.input}
      <FileNotSupportedDialog open={!!first} message={message} onClose={() => uploads.send({ type: 'uploads.closeNotSupported' })} />
    </>
  );
}
