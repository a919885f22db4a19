/**
 * The confirmations and notices of the item grid (§2 dialogs, §4, §8), each controlled by its owner:
 * `open`, `busy` while the request runs, `error` when it failed, and the callbacks.
 */
import type { ReactNode } from 'react';
import type { AreaChange } from '../../../../domain/folderMoves.ts';
import type { ContentOperation as MachineContentOperation } from '../../../../machines/content/contentEvents.ts';
import { Button, ConfirmDialog, Dialog, NoticeDialog, buttonClass, cx } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';
import { countPhrase } from '../labels.tsx';

export interface ConfirmDialogBaseProps {
  open: boolean;
  /** The request is running: the confirm button spins, nothing closes. */
  busy?: boolean;
  /** Why the last attempt failed, shown above the buttons. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** What a delete concerns: counts, and the name when it is exactly one thing. */
export interface SubjectCounts {
  itemsCount: number;
  foldersCount: number;
  /** The title or name when exactly one item or folder is concerned. */
  name?: string | null;
}

/** The name to quote when exactly one thing is concerned, else null (the text counts instead). */
function singleName({ itemsCount, foldersCount, name }: SubjectCounts): string | null {
  return itemsCount + foldersCount === 1 && typeof name === 'string' && name !== '' ? name : null;
}

interface ConfirmShellProps extends ConfirmDialogBaseProps {
  title: string;
  confirmLabel: string;
  danger?: boolean;
  className?: string;
  children: ReactNode;
}

/** A small confirmation: text, an optional error, Cancel and the confirm button. */
function ConfirmShell({ className, children, ...rest }: ConfirmShellProps) {
  return (
    <ConfirmDialog {...rest} cancelLabel={t('content.dialog.cancel')} className={cx('content-dialog', className)}>
      <div className="content-dialog__text">{children}</div>
    </ConfirmDialog>
  );
}

export interface DeleteToTrashDialogProps extends ConfirmDialogBaseProps, SubjectCounts {}

/** Delete (to trash), §4: items and folders go to the trash and can be restored. */
export function DeleteToTrashDialog({ itemsCount, foldersCount, name, ...rest }: DeleteToTrashDialogProps) {
  const single = singleName({ itemsCount, foldersCount, name });
  return (
    <ConfirmShell {...rest} title={t('content.trash.title')} confirmLabel={t('content.trash.confirm')} danger>
      <p>{single !== null ? t('content.trash.bodyOne', { name: single }) : t('content.trash.bodyMany', { count: countPhrase(itemsCount, foldersCount) })}</p>
      {foldersCount > 0 && <p>{t('content.trash.foldersNote')}</p>}
    </ConfirmShell>
  );
}

export interface DeleteForeverDialogProps extends ConfirmDialogBaseProps, SubjectCounts {}

/** Delete forever (§4 hard delete) of trashed items and folders. */
export function DeleteForeverDialog({ itemsCount, foldersCount, name, ...rest }: DeleteForeverDialogProps) {
  const single = singleName({ itemsCount, foldersCount, name });
  return (
    <ConfirmShell {...rest} title={t('content.deleteForever.title')} confirmLabel={t('content.deleteForever.confirm')} danger>
      <p>
        {single !== null ? t('content.deleteForever.bodyOne', { name: single }) : t('content.deleteForever.bodyMany', { count: countPhrase(itemsCount, foldersCount) })}
      </p>
    </ConfirmShell>
  );
}

export type EmptyTrashDialogProps = ConfirmDialogBaseProps;

/** Empty trash (§4): every deleted folder and archived item the user may delete, forever. */
export function EmptyTrashDialog(props: EmptyTrashDialogProps) {
  return (
    <ConfirmShell {...props} title={t('content.emptyTrash.title')} confirmLabel={t('content.emptyTrash.confirm')} danger>
      <p>{t('content.emptyTrash.body')}</p>
    </ConfirmShell>
  );
}

export interface MoveConfirmDialogProps extends ConfirmDialogBaseProps {
  /** domain `moveConfirmation`: into the shared area, or out of it. */
  change: AreaChange;
  /** The destination's name; null words it without one. */
  destinationName: string | null;
}

/** §6 "Moving into shared areas needs confirmation" (and out of them): who will, or will no longer, see it. */
export function MoveConfirmDialog({ change, destinationName, ...rest }: MoveConfirmDialogProps) {
  const title = change === 'privateToShared' ? t('content.moveConfirm.privateToShared.title') : t('content.moveConfirm.sharedToPrivate.title');
  const body =
    destinationName === null
      ? t(change === 'privateToShared' ? 'content.moveConfirm.privateToShared.bodyNoName' : 'content.moveConfirm.sharedToPrivate.bodyNoName')
      : change === 'privateToShared'
        ? t('content.moveConfirm.privateToShared.body', { destination: destinationName })
        : t('content.moveConfirm.sharedToPrivate.body', { destination: destinationName });
  return (
    <ConfirmShell {...rest} title={title} confirmLabel={t('content.moveConfirm.confirm')}>
      <p>{body}</p>
    </ConfirmShell>
  );
}

export interface AlreadyInFolderDialogProps {
  open: boolean;
  /** The item's title when one item was moved. */
  name?: string | null;
  /** The folder it is already in; null words it without one. */
  folderName: string | null;
  onClose: () => void;
}

/** §5 "An item cannot move to its own folder": the already-in-folder notice. */
export function AlreadyInFolderDialog({ open, name, folderName, onClose }: AlreadyInFolderDialogProps) {
  return (
    <NoticeDialog
      open={open}
      onClose={onClose}
      className="content-dialog"
      title={t('content.alreadyInFolder.title')}
      description={
        folderName === null
          ? t('content.alreadyInFolder.bodyNoFolder')
          : name
            ? t('content.alreadyInFolder.bodyOne', { name, folder: folderName })
            : t('content.alreadyInFolder.bodyMany', { folder: folderName })
      }
      okLabel={t('content.alreadyInFolder.ok')}
    />
  );
}

export interface FolderAccessDeniedDialogProps {
  open: boolean;
  /** Closing in any way: the owner goes to the private content folder (§4). */
  onClose: () => void;
}

/** §4 "If the current folder is not found or inaccessible, the access-denied dialog opens". */
export function FolderAccessDeniedDialog({ open, onClose }: FolderAccessDeniedDialogProps) {
  return (
    <NoticeDialog
      open={open}
      onClose={onClose}
      closeOnBackdrop={false}
      className="content-dialog"
      title={t('content.accessDenied.title')}
      description={t('content.accessDenied.body')}
      okLabel={t('content.accessDenied.ok')}
    />
  );
}

export interface AddToTeamDialogProps {
  open: boolean;
  /** Where a team is managed or joined (the subscriptions site), opened in a new tab. */
  teamHref: string;
  onClose: () => void;
}

/**
 * Shared folders belong to a team (review-and-content §6 account tiers: users without a team get the add-to-team
 * dialog): offered instead of the new-shared-folder dialog to someone on no team, so they are not asked for a name
 * the service must refuse.
 */
export function AddToTeamDialog({ open, teamHref, onClose }: AddToTeamDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      className="content-dialog"
      title={t('content.addToTeam.title')}
      description={t('content.addToTeam.body')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('content.addToTeam.close')}
          </Button>
          <a className={buttonClass('primary', 'md')} href={teamHref} target="_blank" rel="noreferrer" onClick={onClose}>
            {t('content.addToTeam.join')}
          </a>
        </>
      }
    />
  );
}

/** The operations whose failure opens the generic error dialog (§8): the machines' operations, and loading a folder's people. */
export type ContentOperation = MachineContentOperation | 'fetchUsers';

export interface ContentErrorDialogProps {
  open: boolean;
  operation: ContentOperation;
  /** A detail from the server, shown under the sentence. */
  message?: string | null;
  /** The retry is running. */
  busy?: boolean;
  /** §8 "retryable": a Try again button when given. */
  onRetry?: () => void;
  onClose: () => void;
}

/**
 * §8 "Any failure of archive, destroy, move, rename, duplicate, restore, remove-from-trash or user fetch
 * opens the generic error dialog (retryable; its text is not shown)": what failed, that nothing changed,
 * and Try again.
 */
export function ContentErrorDialog({ open, operation, message, busy = false, onRetry, onClose }: ContentErrorDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      size="sm"
      className="content-dialog"
      title={t('content.error.title')}
      footer={
        <>
          <Button variant={onRetry ? 'secondary' : 'primary'} onClick={onClose} disabled={busy}>
            {t('content.error.close')}
          </Button>
          {onRetry && (
            <Button variant="primary" loading={busy} onClick={onRetry}>
              {t('content.error.retry')}
            </Button>
          )}
        </>
      }
    >
      <div className="content-dialog__text" role="alert">
        <p>{t(`content.error.${operation}`)}</p>
        <p>{t('content.error.hint')}</p>
        {message && <p className="content-dialog__detail">{message}</p>}
      </div>
    </Dialog>
  );
}
