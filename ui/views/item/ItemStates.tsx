/**
 * The item view's states before (or instead of) the ready view (review-and-content §2 item view states, §4 item
 * load and version states, §8 item view failures). Each is presentational: the page reading the item actor picks
 * the one to show and passes the words it cannot know (hrefs, progress, who the viewer is). The loading view is
 * ItemLoadingView.tsx: it draws on every first load, these only when the item is in one of their states.
 */
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Button, Dialog, ErrorIcon, LockIcon, ProgressBar, Spinner, TextField, TrashIcon, WarningIcon, buttonClass, cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';

/** §4: the message of a failed version (transcode failed, upload failed or process failed). */
export type ItemFailureKind = 'transcodeFailed' | 'uploadFailed' | 'processFailed';

interface StatePanelProps {
  title: string;
  /** 1 when the screen stands alone (no item header above it), else 2. */
  headingLevel: 1 | 2;
  icon?: ReactNode;
  tone?: 'default' | 'danger' | 'warning';
  children?: ReactNode;
  actions?: ReactNode;
  className?: string;
}

/** A message centred in the content area: icon, heading, text, actions. */
function StatePanel({ title, headingLevel, icon, tone = 'default', children, actions, className }: StatePanelProps) {
  const Heading = `h${headingLevel}` as const;
  const titleId = useId();
  return (
    <section className={cx('item-state', className)} aria-labelledby={titleId}>
      <div className="item-state__card">
        {icon && (
          <span className={cx('item-state__icon', tone !== 'default' && `item-state__icon--${tone}`)} aria-hidden="true">
            {icon}
          </span>
        )}
        <Heading id={titleId} className="item-state__title">
          {title}
        </Heading>
        {children && <div className="item-state__text">{children}</div>}
        {actions && <div className="item-state__actions">{actions}</div>}
      </div>
    </section>
  );
}

export interface ItemAccessDeniedViewProps {
  /**
   * Signed out: the sign-in and create-account links (§2 "with sign-in or create-account links when logged
   * out"). Omit both for a signed-in viewer.
   */
  signInHref?: string | null;
  createAccountHref?: string | null;
  headingLevel?: 1 | 2;
}

/** §4 `privateItemAccessDenied` / §8 access denied ('share.access_denied_title'). */
export function ItemAccessDeniedView({ signInHref, createAccountHref, headingLevel = 1 }: ItemAccessDeniedViewProps) {
  const signedOut = Boolean(signInHref || createAccountHref);
  return (
    <StatePanel
      title={t('share.access_denied_title')}
      headingLevel={headingLevel}
      icon={<LockIcon size={22} />}
      tone="warning"
      actions={
        signedOut ? (
          <>
            {signInHref && (
              <a className={buttonClass('primary')} href={signInHref}>
                {t('share.access_denied_signIn')}
              </a>
            )}
            {createAccountHref && (
              <a className={buttonClass('secondary')} href={createAccountHref}>
                {t('share.access_denied_createAccount')}
              </a>
            )}
          </>
        ) : undefined
      }
    >
      <p>{signedOut ? t('share.access_denied_signedOut') : t('share.access_denied_text')}</p>
    </StatePanel>
  );
}

export interface ItemPasswordDialogProps {
  open: boolean;
  /** The last password was refused: the 'wrong password' message shows. */
  wrongPassword?: boolean;
  /** The item is being fetched with the password: submit spins, the field is read-only. */
  busy?: boolean;
  onSubmit: (password: string) => void;
}

/**
 * §2 unauthorized: the password prompt, an undismissable dialog (no × button; Escape and backdrop clicks do
 * nothing). The text typed is the dialog's own until it is submitted.
 */
export function ItemPasswordDialog({ open, wrongPassword = false, busy = false, onSubmit }: ItemPasswordDialogProps) {
  const [password, setPassword] = useState('');
  const formId = useId();
  const canSubmit = password !== '' && !busy;
  return (
    <Dialog
      open={open}
      onClose={() => {}}
      dismissible={false}
      size="sm"
      title={t('review.password.title')}
      description={t('review.password.text')}
      className="item-password"
      footer={
        <Button type="submit" form={formId} variant="primary" loading={busy} disabled={password === ''}>
          {t('review.password.submit')}
        </Button>
      }
    >
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          if (canSubmit) onSubmit(password);
        }}
      >
        <TextField
          label={t('review.password.label')}
          type="password"
          value={password}
          onChange={setPassword}
          readOnly={busy}
          autoComplete="current-password"
          autoFocus
          error={wrongPassword ? t('review.password.wrong') : null}
        />
      </form>
    </Dialog>
  );
}

export interface ItemDeletedViewProps {
  /** The grid (or the folder the item was in); null for a guest, who has no grid. */
  backHref: string | null;
  headingLevel?: 1 | 2;
}

/** §8 deleted item ('review.deleted_title' and text), with a way back to the grid. */
export function ItemDeletedView({ backHref, headingLevel = 1 }: ItemDeletedViewProps) {
  return (
    <StatePanel
      title={t('review.deleted_title')}
      headingLevel={headingLevel}
      icon={<TrashIcon size={22} />}
      actions={
        backHref !== null && (
          <Link href={backHref} className={buttonClass('primary')}>
            {t('review.deleted_back')}
          </Link>
        )
      }
    >
      <p>{t('review.deleted_text')}</p>
    </StatePanel>
  );
}

export interface VersionDeletedViewProps {
  /** The item view at its latest version. */
  latestHref: string;
  headingLevel?: 1 | 2;
}

/** §2 deleted version: the version asked for is gone; the latest is one click away. */
export function VersionDeletedView({ latestHref, headingLevel = 2 }: VersionDeletedViewProps) {
  return (
    <StatePanel
      title={t('review.deleted_version_title')}
      headingLevel={headingLevel}
      icon={<TrashIcon size={22} />}
      actions={
        <Link href={latestHref} className={buttonClass('primary')}>
          {t('review.deleted_version_latest')}
        </Link>
      }
    >
      <p>{t('review.deleted_version_text')}</p>
    </StatePanel>
  );
}

export interface ItemProcessingViewProps {
  /**
   * While the version is still uploading: its progress, 0 to 1 (a bar shows it). Null once the file is up and
   * the server is processing it (progress is not known then).
   */
  uploadProgress?: number | null;
  headingLevel?: 1 | 2;
}

/** §4 processing (display): the view is blocked until the version is ready. */
export function ItemProcessingView({ uploadProgress = null, headingLevel = 2 }: ItemProcessingViewProps) {
  const percent = uploadProgress === null ? null : Math.round(Math.min(1, Math.max(0, uploadProgress)) * 100);
  return (
    <StatePanel title={t('review.processing_title')} headingLevel={headingLevel} icon={<Spinner size="lg" decorative />} className="item-state--processing">
      {/* Leaving is fine while the server processes; not while this browser may still be sending the file. */}
      <p>{percent === null ? t('review.processing_text') : t('review.processing_text_uploading')}</p>
      {percent !== null && (
        <div className="item-state__progress">
          <ProgressBar value={percent / 100} label={t('review.processing_progress')} valueText={t('review.processing_uploading', { percent })} />
          <p className="item-state__progress-text" aria-hidden="true">
            {t('review.processing_uploading', { percent })}
          </p>
        </div>
      )}
    </StatePanel>
  );
}

export interface ItemFailedViewProps {
  kind: ItemFailureKind;
  /** The owner's text (what to do) instead of 'ask the owner'. The uploader gets it too. */
  isOwner: boolean;
  /** Cancel (delete this version) and Retry (choose the file again) show only to the uploader (§4). */
  isUploader: boolean;
  onCancel: () => void;
  onRetry: () => void;
  /** Cancel is running: both buttons wait. */
  busy?: boolean;
  headingLevel?: 1 | 2;
  /** What the service found wrong with the file, in words (shown to the owner and the uploader). */
  reason?: string | null;
}

/** §4 failed processing: the message per failure kind, owner vs non-owner text, cancel and retry for the uploader. */
export function ItemFailedView({ kind, isOwner, isUploader, onCancel, onRetry, busy = false, headingLevel = 2, reason = null }: ItemFailedViewProps) {
  const ownerText = isOwner || isUploader;
  return (
    <StatePanel
      title={t(`review.failed.${kind}.title`)}
      headingLevel={headingLevel}
      icon={kind === 'uploadFailed' ? <WarningIcon size={22} /> : <ErrorIcon size={22} />}
      tone="danger"
      actions={
        isUploader ? (
          <>
            <Button variant="secondary" onClick={onCancel} loading={busy}>
              {t('review.failed.cancel')}
            </Button>
            <Button variant="primary" onClick={onRetry} disabled={busy}>
              {t('review.failed.retry')}
            </Button>
          </>
        ) : undefined
      }
    >
      {ownerText ? (
        <>
          {reason ? (
            <p className="item-failed__reason">
              <strong>{t('review.failed.reason')}</strong> {reason}
            </p>
          ) : null}
          <p>
            {t(`review.failed.${kind}.owner`)} {isUploader ? t('review.failed.uploaderHint') : t('review.failed.ownerHint')}
          </p>
        </>
      ) : (
        <p>{t('review.failed.askOwner')}</p>
      )}
    </StatePanel>
  );
}
