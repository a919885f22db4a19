/**
 * A comment's attachments as chips (§3 Comment attachment, §8): title, size and state — uploading (a spinner),
 * uploaded (a download link when the server gave one), error ('comments.attachment_error' and a delete icon).
 * Titles are text; only http(s) or same-origin addresses become links.
 */
import type { AttachmentProblem, CommentAttachment } from '../../../../domain/comments.ts';
import { COMMENT_MAX_ATTACHMENTS } from '../../../../domain/constants.ts';
import { CloseIcon, ErrorIcon, Spinner, TrashIcon, cx } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';
import { FileIcon } from './icons.tsx';

export interface AttachmentListProps {
  attachments: readonly CommentAttachment[];
  /** Absent → no remove or delete buttons. */
  onRemove?: (id: string) => void;
  className?: string;
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** A file size for people: '1 byte', '980 bytes', '1.5 MB', '5 GB' (powers of 1,024, one decimal under 10). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${UNITS[unit]}`;
}

/** The catalogue text of an attachment problem (domain attachmentProblem), as the spec names it. */
export function attachmentProblemText(problem: AttachmentProblem): string {
  switch (problem.kind) {
    case 'maximumAttachments':
      return t('comments.maximum_attachments', { max: COMMENT_MAX_ATTACHMENTS });
    case 'fileSize':
      return t('comments.file_size');
    case 'fileType':
      return t('comments.file_type');
    default:
      return problem.message;
  }
}

/** Whether an address may be a link: http(s) or a path on this site (never javascript:, data: …). */
export function isSafeLink(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

function StateIcon({ state }: { state: CommentAttachment['state'] }) {
  if (state === 'uploading') return <Spinner size="sm" decorative className="attachment-list__spinner" />;
  if (state === 'error') return <ErrorIcon className="attachment-list__icon" />;
  return <FileIcon className="attachment-list__icon" />;
}

/** The attachment chips of a draft or a comment. */
export function AttachmentList({ attachments, onRemove, className }: AttachmentListProps) {
  if (attachments.length === 0) return null;
  return (
    <ul className={cx('attachment-list', className)} aria-label={t('comments.attachments.label')}>
      {attachments.map((attachment) => {
        const { id, title, state, url } = attachment;
        const stateText = state === 'uploading' ? t('comments.attachment.uploading') : state === 'error' ? t('comments.attachment_error') : null;
        return (
          <li key={id} className={cx('attachment-list__chip', `is-${state}`)} aria-busy={state === 'uploading' || undefined}>
            <StateIcon state={state} />
            <span className="attachment-list__body">
              {state === 'uploaded' && url && isSafeLink(url) ? (
                <a className="attachment-list__title" href={url} target="_blank" rel="noopener noreferrer" download={title}>
                  {title}
                </a>
              ) : (
                <span className="attachment-list__title">{title}</span>
              )}
              <span className="attachment-list__meta">
                {formatFileSize(attachment.size)}
                {stateText && (
                  <>
                    {' · '}
                    <span className="attachment-list__state" role={state === 'error' ? 'alert' : undefined}>
                      {stateText}
                    </span>
                  </>
                )}
              </span>
            </span>
            {onRemove && (
              <button
                type="button"
                className={cx('k-icon-button', 'k-icon-button--sm', 'attachment-list__remove', state === 'error' && 'is-delete')}
                aria-label={t(state === 'error' ? 'comments.attachment.delete' : 'comments.attachment.remove', { title })}
                title={t(state === 'error' ? 'comments.attachment.delete' : 'comments.attachment.remove', { title })}
                onClick={() => onRemove(id)}
              >
                {state === 'error' ? <TrashIcon /> : <CloseIcon />}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
