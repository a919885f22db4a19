/**
 * The upload issue dialog (review-and-content §5 "A wrong file gives a dialog titled 'file not supported' with a
 * file-type message", §8 "'Invalid file' then the unsupported-file dialog"; foundation §8: heading, message and an
 * okay button).
 */
import { NoticeDialog } from '../../kit/index.ts';
import { t } from '../../strings.ts';

/**
 * Why a file was refused: the upload checks' reasons (domain/uploads.ts `UploadRefusal`), plus `kindMismatch`
 * for a new version whose kind differs from the item's product.
 */
export type FileRefusalReason = 'blockedExtension' | 'unsupportedType' | 'emptyFile' | 'tooLarge' | 'contentMismatch' | 'invalidStoryZip' | 'kindMismatch';

/** The file-type message naming the file and why it cannot be uploaded. */
export function fileNotSupportedText(fileName: string, reason: FileRefusalReason, expected: 'storyline' | 'video' = 'storyline'): string {
  if (reason === 'kindMismatch') return t('upload.invalid.kindMismatch', { fileName, expected: t(`upload.invalid.kind.${expected}`) });
  return t(`upload.invalid.${reason}`, { fileName });
}

export interface FileNotSupportedDialogProps {
  open: boolean;
  /** The file-type message (see `fileNotSupportedText`). */
  message: string;
  /** Okay, Escape or the × button. */
  onClose: () => void;
}

/** 'File not supported': the message and an Okay button. */
export function FileNotSupportedDialog({ open, message, onClose }: FileNotSupportedDialogProps) {
  return (
    <NoticeDialog open={open} onClose={onClose} title={t('upload.not_supported.title')} className="item-dialog file-not-supported" okLabel={t('upload.not_supported.okay')}>
      <p>{message}</p>
    </NoticeDialog>
  );
}
