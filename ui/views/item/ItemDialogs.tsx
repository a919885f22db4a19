/**
 * The item view's dialogs and notices (review-and-content §2 dialogs, §4 "Other"): the out-of-date dialog when a
 * newer version appears, the restore-version confirmation, and the new-version toast's words. Controlled by their
 * owner: `open`, `busy`, `error` and callbacks.
 */
import { ConfirmDialog } from '../../kit/index.ts';
import { t } from '../../strings.ts';

export interface OutOfDateDialogProps {
  open: boolean;
  /** The newer version's number. */
  newerVersion: number;
  /** The version on screen. */
  currentVersion: number;
  /** Go to the newer version. */
  onView: () => void;
  /** Keep looking at this one. */
  onStay: () => void;
}

/** §2 "A newer version shows an out-of-date dialog": view it, or stay. */
export function OutOfDateDialog({ open, newerVersion, currentVersion, onView, onStay }: OutOfDateDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onCancel={onStay}
      onConfirm={onView}
      title={t('item.outOfDate.title')}
      className="item-dialog"
      cancelLabel={t('item.outOfDate.stay')}
      confirmLabel={t('item.outOfDate.view', { number: newerVersion })}
    >
      <p>{t('item.outOfDate.text', { number: newerVersion, current: currentVersion })}</p>
    </ConfirmDialog>
  );
}

export interface RestoreVersionDialogProps {
  open: boolean;
  /** The version to restore (1-based). */
  version: number;
  /** The number the restored copy gets (versions + 1). */
  nextNumber: number;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** §2 restore version: confirm that version N becomes the newest. */
export function RestoreVersionDialog({ open, version, nextNumber, busy = false, error, onConfirm, onCancel }: RestoreVersionDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      error={error}
      onCancel={onCancel}
      onConfirm={onConfirm}
      title={t('item.restore.title', { number: version })}
      className="item-dialog"
      cancelLabel={t('item.restore.cancel')}
      confirmLabel={t('item.restore.confirm')}
    >
      <p>{t('item.restore.text', { number: version, next: nextNumber })}</p>
    </ConfirmDialog>
  );
}

export interface NewVersionToastData {
  /** Who uploaded it, or null when unknown. */
  uploaderName?: string | null;
  /** The new version's number. */
  version: number;
}

/** §4 "Other": the toast's sentence when someone else's new version replaces the one on screen. */
export function newVersionToastText({ uploaderName, version }: NewVersionToastData): string {
  return uploaderName ? t('item.newVersion.toast', { name: uploaderName, number: version }) : t('item.newVersion.toastNoName', { number: version });
}

/** The same sentence as toast content, for toasts that take nodes. */
export function NewVersionToastBody(props: NewVersionToastData) {
  return <p className="new-version-toast">{newVersionToastText(props)}</p>;
}
