/**
 * The item view's dialogs and notices (review-and-content §2 dialogs, §4 "Other"): the out-of-date dialog when a
 * newer version appears, the restore-version confirmation, and the new-version toast's words. Controlled by their
 * owner: `open`, `busy`, `error` and callbacks.
 */
import { Banner, Button, Dialog } from '../../kit/index.ts';
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
    <Dialog
      open={open}
      onClose={onStay}
      size="sm"
      title={t('item.outOfDate.title')}
      className="item-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onStay}>
            {t('item.outOfDate.stay')}
          </Button>
          <Button variant="primary" onClick={onView}>
            {t('item.outOfDate.view', { number: newerVersion })}
          </Button>
        </>
      }
    >
      <p>{t('item.outOfDate.text', { number: newerVersion, current: currentVersion })}</p>
    </Dialog>
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
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <Dialog
      open={open}
      onClose={cancel}
      size="sm"
      title={t('item.restore.title', { number: version })}
      className="item-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={cancel} disabled={busy}>
            {t('item.restore.cancel')}
          </Button>
          <Button variant="primary" onClick={onConfirm} loading={busy}>
            {t('item.restore.confirm')}
          </Button>
        </>
      }
    >
      <p>{t('item.restore.text', { number: version, next: nextNumber })}</p>
      {error && <Banner tone="error">{error}</Banner>}
    </Dialog>
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
