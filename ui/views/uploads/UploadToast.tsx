/**
 * What the uploads toast shows (review-and-content §4 upload states: a persistent toast with a spinner while
 * uploading; §3 upload toast data) and the grid card's badge for a version that is uploading, processing or
 * failed. Presentational: the uploads actor's list arrives as rows.
 */
import { ErrorIcon, CloseIcon, ProgressBar, RestoreIcon, Spinner, UploadIcon, cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';

/** §4 upload states. */
export type UploadRowState = 'pending' | 'uploading' | 'preparing' | 'uploaded' | 'error' | 'canceled';

/** One file of the uploads toast. */
export interface UploadRow {
  id: string;
  fileName: string;
  state: UploadRowState;
  /** 0 to 1, hashing included (the first 5 %). */
  progress: number;
}

/** Still running: the toast keeps its spinner and stays. */
export function isRunningUpload(state: UploadRowState): boolean {
  return state === 'pending' || state === 'uploading' || state === 'preparing';
}

/** Rows that may be cancelled: running ones, and failed ones (cancel removes the failed version). */
function canCancel(state: UploadRowState): boolean {
  return isRunningUpload(state) || state === 'error';
}

/** The state of a row in words ('Uploading 40%'). */
export function uploadStateLabel(row: Pick<UploadRow, 'state' | 'progress'>): string {
  if (row.state === 'uploading') return t('upload.state.uploading', { percent: Math.round(Math.min(1, Math.max(0, row.progress)) * 100) });
  return t(`upload.state.${row.state}`);
}

/** The toast's summary line: 'Uploading 2 files…' while any runs, else what came of them. */
export function uploadSummaryText(rows: readonly Pick<UploadRow, 'state'>[]): string {
  const running = rows.filter((row) => isRunningUpload(row.state)).length;
  if (running > 0) return running === 1 ? t('upload.toast.uploading.one') : t('upload.toast.uploading.other', { count: running });
  const done = rows.filter((row) => row.state === 'uploaded').length;
  const failed = rows.filter((row) => row.state === 'error').length;
  const parts: string[] = [];
  if (done > 0) parts.push(done === 1 ? t('upload.toast.done.one') : t('upload.toast.done.other', { count: done }));
  if (failed > 0) parts.push(failed === 1 ? t('upload.toast.failed.one') : t('upload.toast.failed.other', { count: failed }));
  return parts.length > 0 ? parts.join(' · ') : t('upload.toast.canceled');
}

/** §3 "Upload toast data: fileName": the 'upload complete' and upload-failed toasts (shown 10 s). */
export function uploadToastText(kind: 'complete' | 'failed', data: { fileName: string }): string {
  return kind === 'complete' ? t('upload.toast.complete', { fileName: data.fileName }) : t('upload.toast.failed', { fileName: data.fileName });
}

export interface UploadToastBodyProps {
  uploads: readonly UploadRow[];
  onCancel: (id: string) => void;
  /** Retry re-selects a file (§4): the caller opens the chooser. */
  onRetry: (id: string) => void;
  /** The summary line with its spinner (on by default; off when the toast's title already says it). */
  showSummary?: boolean;
}

/**
 * The persistent uploads toast: summary with a spinner while any file runs, then one row per file. Meant for
 * the toast region (it announces the summary and each row's change of state, not each percent).
 */
export function UploadToastBody({ uploads, onCancel, onRetry, showSummary = true }: UploadToastBodyProps) {
  const running = uploads.some((row) => isRunningUpload(row.state));
  return (
    <div className="upload-toast">
      {showSummary && (
        <p className="upload-toast__summary">
          {running ? <Spinner size="sm" decorative /> : <UploadIcon size={16} className="upload-toast__summary-icon" />}
          <span>{uploadSummaryText(uploads)}</span>
        </p>
      )}
      <ul className="upload-toast__list">
        {uploads.map((row) => (
          <li key={row.id} className={cx('upload-row', `upload-row--${row.state}`)}>
            <div className="upload-row__top">
              <span className="upload-row__name" title={row.fileName}>
                {row.fileName}
              </span>
              {/* The percentage ticks: the progress bar carries it, so the live toast region does not read every step. */}
              <span className="upload-row__state" aria-hidden={row.state === 'uploading' || undefined}>
                {row.state === 'error' && <ErrorIcon size={14} />}
                {uploadStateLabel(row)}
              </span>
              <span className="upload-row__actions">
                {row.state === 'error' && (
                  <button type="button" className="k-icon-button k-icon-button--sm" aria-label={t('upload.row.retry', { fileName: row.fileName })} title={t('upload.row.retry', { fileName: row.fileName })} onClick={() => onRetry(row.id)}>
                    <RestoreIcon size={14} />
                  </button>
                )}
                {canCancel(row.state) && (
                  <button type="button" className="k-icon-button k-icon-button--sm" aria-label={t('upload.row.cancel', { fileName: row.fileName })} title={t('upload.row.cancel', { fileName: row.fileName })} onClick={() => onCancel(row.id)}>
                    <CloseIcon size={14} />
                  </button>
                )}
              </span>
            </div>
            {row.state !== 'canceled' && (
              <ProgressBar
                size="sm"
                value={row.state === 'preparing' ? null : row.state === 'uploaded' ? 1 : row.progress}
                label={t('upload.row.progress', { fileName: row.fileName })}
                valueText={uploadStateLabel(row)}
                tone={row.state === 'error' ? 'danger' : row.state === 'uploaded' ? 'success' : 'accent'}
              />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the card badge says: the latest version is uploading, processing (incl. uploaded) or failed. */
export type VersionBadgeState = 'uploading' | 'processing' | 'failed';

export interface ItemVersionBadgeProps {
  state: VersionBadgeState;
  /** Upload progress 0 to 1 while uploading, when known. */
  progress?: number | null;
  className?: string;
}

/**
 * The grid card's badge for an item whose latest version is not ready (§4). The caller maps the record's
 * `versionState` (a failed state → 'failed'; ready → no badge). Sits over the card's thumbnail.
 */
export function ItemVersionBadge({ state, progress = null, className }: ItemVersionBadgeProps) {
  const label =
    state === 'uploading'
      ? progress === null
        ? t('upload.badge.uploading')
        : t('upload.badge.uploadingPercent', { percent: Math.round(Math.min(1, Math.max(0, progress)) * 100) })
      : t(`upload.badge.${state}`);
  return (
    <span className={cx('version-badge', `version-badge--${state}`, className)}>
      {state === 'failed' ? <ErrorIcon size={12} /> : <Spinner size="sm" decorative className="version-badge__spinner" />}
      {label}
    </span>
  );
}
