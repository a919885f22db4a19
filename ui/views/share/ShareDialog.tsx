/**
 * The share dialog (review-and-content §2 share item link, §3 Share person, §4 share mode, §5 share save and unsaved
 * changes, §6 share roles and "change visibility and share need edit-metadata or ownership", §8 share errors, §9
 * list heights and the copy confirmation): public (guests may comment, optional password) or private (people by
 * e-mail, the people list with reasons and roles; only explicit-only people can be removed), the review link with
 * Copy, Save / Cancel, and its states — loading, fetch error with try again, saving, the invalid e-mails dialog,
 * the save error dialog and the leave-or-stay confirmation. Controlled by the share actor: the draft, the people and
 * the state arrive as props; changes leave as callbacks. Read-only (no edits, no Save) without `canChange`.
 */
import { useState, type KeyboardEvent } from 'react';
// Its style sheets load with it (on the share dialog's first open): what it shares with the grid and the item view, then its own.
import '../../styles/contentShared.css';
import '../../styles/share.css';
import { ITEM_PASSWORD_MAX_CHARS } from '../../../domain/constants.ts';
import { SHARE_ROLE_NAMES, type ShareDraft } from '../../../domain/sharing.ts';
import type { SharePersonRow } from '../../../machines/sharing/shareMachine.ts';
import { Avatar, Banner, Button, CheckIcon, Checkbox, CloseIcon, ConfirmDialog, CopyIcon, Dialog, NoticeDialog, Spinner, TextField, cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';

/** The share actor's states, as the dialog draws them. */
export type ShareDialogStatus = 'loading' | 'fetchError' | 'editing' | 'saving' | 'invalidEmails' | 'saveError' | 'confirmingLeave';

export interface ShareDialogProps {
  open: boolean;
  status: ShareDialogStatus;
  /** The item's title, for the dialog's title. */
  itemTitle?: string | null;
  /** Domain canChangeSharing: without it everything is read-only and there is no Save. */
  canChange: boolean;
  draft: ShareDraft;
  /** The saved settings have a password (an empty password field keeps it). */
  hasPassword: boolean;
  /** The people list (machines/sharing/shareMachine `sharePeopleOf`: saved people, then the draft's new e-mails as pending rows). */
  people: readonly SharePersonRow[];
  /** §9: SHARE_LIST_HEIGHT_PX or SHARE_LIST_HEIGHT_TALL_PX (machines/sharing/shareMachine `shareListHeightOf`). */
  listHeightPx: number;
  /** §2: reviewLinkFor(origin, itemId) (machines/sharing/shareMachine `shareLinkOf`). */
  reviewLink: string;
  /** 'Copied' shows while true (COPY_CONFIRMATION_MS, timed by the actor). */
  copied: boolean;
  /** Domain hasUnsavedShareChanges (machines/sharing/shareMachine `hasUnsavedChangesOf`): Save needs a change. */
  dirty: boolean;
  /** The password's problem once a save was tried (machines/sharing/shareMachine `sharePasswordProblemOf` with `showProblems`). */
  passwordError?: string | null;
  /** Entries of the last add that are not e-mail addresses (the share actor's `lastAdd.invalid`), shown under the field. */
  malformedEmails?: readonly string[];
  /** §8 the server's invalidEmails (the 'share.email_error_message' dialog). */
  invalidEmails: readonly string[];
  /** The failure behind 'share.api_error_message', for the details line. */
  saveErrorMessage?: string | null;
  onModeChange: (mode: ShareDraft['mode']) => void;
  onAllowAnonCommentsChange: (allow: boolean) => void;
  onPasswordEnabledChange: (enabled: boolean) => void;
  onPasswordChange: (password: string) => void;
  /** Typed or pasted text holding one or more e-mails (domain parseEmailList). */
  onAddEmails: (text: string) => void;
  onRemovePerson: (email: string) => void;
  onCopyLink: () => void;
  onSave: () => void;
  /** Cancel, Escape or × (the actor asks leave-or-stay when there are unsaved changes). */
  onClose: () => void;
  /** Try again after 'share.fetch_permissions_error'. */
  onRetry: () => void;
  onConfirmInvalidEmails: () => void;
  onConfirmSaveError: () => void;
  onLeave: () => void;
  onStay: () => void;
}

/** The dialog, keeping the text typed in the add-people field. */
export function ShareDialog(props: ShareDialogProps) {
  const [emailText, setEmailText] = useState('');
  return (
    <ShareDialogView
      {...props}
      emailText={emailText}
      onEmailTextChange={setEmailText}
      onAddEmails={(text) => {
        setEmailText('');
        props.onAddEmails(text);
      }}
    />
  );
}

export interface ShareDialogViewProps extends ShareDialogProps {
  emailText: string;
  onEmailTextChange: (text: string) => void;
}

/** The dialog drawn from its props (the add-people text is controlled). */
export function ShareDialogView(props: ShareDialogViewProps) {
  const { open, status, itemTitle, canChange, dirty, onSave, onClose, onRetry } = props;
  const formShown = status !== 'loading' && status !== 'fetchError';
  const saving = status === 'saving';
  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        size="md"
        closeOnBackdrop={false}
        title={itemTitle ? t('share.title', { title: itemTitle }) : t('share.titleNoName')}
        className="share-dialog"
        footer={
          canChange && formShown ? (
            <>
              <Button variant="secondary" onClick={onClose} disabled={saving}>
                {t('share.cancel')}
              </Button>
              <Button variant="primary" onClick={onSave} loading={saving} disabled={!dirty && !saving}>
                {t('share.save')}
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={onClose}>
              {t('share.close')}
            </Button>
          )
        }
      >
        {status === 'loading' && (
          <p className="share-dialog__loading" role="status">
            <Spinner size="sm" decorative /> {t('share.loading')}
          </p>
        )}
        {status === 'fetchError' && (
          <Banner
            tone="error"
            className="share-dialog__fetch-error"
            action={
              <button type="button" className="k-link-button" onClick={onRetry}>
                {t('share.fetch_permissions_retry')}
              </button>
            }
          >
            {t('share.fetch_permissions_error')}
          </Banner>
        )}
        {formShown && <ShareForm {...props} />}
      </Dialog>
      <ShareSubDialogs {...props} />
    </>
  );
}

/** Mode, public settings or people, and the link. */
function ShareForm(props: ShareDialogViewProps) {
  const { status, canChange, draft } = props;
  const locked = !canChange || status === 'saving';
  return (
    <div className="share-form">
      {!canChange && (
        <Banner tone="info" announce={false} className="share-form__read-only">
          {t('share.readOnly')}
        </Banner>
      )}
      <fieldset className="share-form__mode" disabled={locked}>
        <legend className="share-form__legend">{t('share.mode.legend')}</legend>
        {(['public', 'private'] as const).map((mode) => (
          <label key={mode} htmlFor={`share-mode-${mode}`} className={cx('share-form__mode-option', draft.mode === mode && 'is-selected')}>
            <input
              id={`share-mode-${mode}`}
              type="radio"
              name="share-mode"
              value={mode}
              checked={draft.mode === mode}
              aria-describedby={`share-mode-${mode}-hint`}
              onChange={() => props.onModeChange(mode)}
            />
            <span className="share-form__mode-text">
              <span className="share-form__mode-label">{t(`share.mode.${mode}`)}</span>
              <span id={`share-mode-${mode}-hint`} className="share-form__hint">
                {t(`share.mode.${mode}.hint`)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {draft.mode === 'public' ? <PublicSettings {...props} locked={locked} /> : <PeopleSection {...props} locked={locked} />}
      <LinkRow reviewLink={props.reviewLink} copied={props.copied} onCopyLink={props.onCopyLink} />
    </div>
  );
}

/** Public: guests may comment, and an optional password. */
function PublicSettings({ draft, hasPassword, passwordError, locked, onAllowAnonCommentsChange, onPasswordEnabledChange, onPasswordChange }: ShareDialogViewProps & { locked: boolean }) {
  return (
    <div className="share-form__public">
      <Checkbox label={t('share.public.allowAnonComments')} checked={draft.allowAnonComments} disabled={locked} onChange={(checked) => onAllowAnonCommentsChange(checked)} />
      <Checkbox label={t('share.public.password')} checked={draft.passwordEnabled} disabled={locked} onChange={(checked) => onPasswordEnabledChange(checked)} />
      {draft.passwordEnabled && (
        <TextField
          className="share-form__password"
          type="password"
          label={t('share.public.passwordLabel')}
          value={draft.password}
          onChange={onPasswordChange}
          readOnly={locked}
          maxLength={ITEM_PASSWORD_MAX_CHARS}
          autoComplete="new-password"
          error={passwordError}
          hint={hasPassword ? t('share.public.passwordKeep') : t('share.public.passwordNew')}
        />
      )}
    </div>
  );
}

/** Private: add people by e-mail, and the list of people with access. */
function PeopleSection({ people, listHeightPx, locked, canChange, emailText, onEmailTextChange, onAddEmails, malformedEmails = [], onRemovePerson }: ShareDialogViewProps & { locked: boolean }) {
  const add = () => {
    if (emailText.trim()) onAddEmails(emailText);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter adds; Shift+Enter keeps a new line for those who type one address per line.
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      add();
    }
  };
  return (
    <div className="share-form__people">
      {canChange && (
        <div className={cx('share-add', malformedEmails.length > 0 && 'is-invalid')}>
          <label htmlFor="share-add-emails" className="k-field__label">
            {t('share.people.add')}
          </label>
          <div className="share-add__row">
            <textarea
              id="share-add-emails"
              className="share-add__input"
              rows={2}
              value={emailText}
              readOnly={locked}
              aria-describedby="share-add-emails-hint"
              aria-invalid={malformedEmails.length > 0 || undefined}
              onChange={(event) => onEmailTextChange(event.target.value)}
              onKeyDown={onKeyDown}
            />
            <Button variant="secondary" onClick={add} disabled={locked || !emailText.trim()}>
              {t('share.people.addButton')}
            </Button>
          </div>
          <p id="share-add-emails-hint" className={malformedEmails.length > 0 ? 'k-field__error' : 'k-field__hint'} role={malformedEmails.length > 0 ? 'alert' : undefined}>
            {malformedEmails.length > 0 ? t('share.people.malformed', { list: malformedEmails.join(', ') }) : t('share.people.addHint')}
          </p>
        </div>
      )}
      <h3 className="share-people__title">
        {t('share.people.list')} <span className="share-people__count">({people.length === 1 ? t('share.people.count.one') : t('share.people.count.other', { count: people.length })})</span>
      </h3>
      {people.length === 0 ? (
        <p className="share-people__empty">{t('share.people.empty')}</p>
      ) : (
        <ul className="share-people" style={{ maxHeight: `${listHeightPx}px` }} tabIndex={0} aria-label={t('share.people.list')}>
          {people.map((person) => (
            <li key={person.id} className={cx('share-person', person.pending && 'is-pending')}>
              <Avatar name={person.name} email={person.email} src={person.avatars.micro ?? undefined} size="sm" decorative />
              <span className="share-person__who">
                <span className="share-person__name">{person.name}</span>
                {person.name !== person.email && <span className="share-person__email">{person.email}</span>}
                <span className="share-person__reasons">
                  {person.pending ? t('share.people.pending') : person.reasons.map((reason) => t(`share.reason.${reason}`)).join(' · ')}
                </span>
              </span>
              <span className="share-person__role">{t(`share.role.${SHARE_ROLE_NAMES[person.role]}`)}</span>
              {canChange && person.removable && (
                <button
                  type="button"
                  className="k-icon-button k-icon-button--sm share-person__remove"
                  aria-label={t('share.people.remove', { name: person.name })}
                  title={t('share.people.remove', { name: person.name })}
                  disabled={locked}
                  onClick={() => onRemovePerson(person.email)}
                >
                  <CloseIcon size={16} />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The review link, read-only, with Copy ('Copied' while the actor says so, announced politely). */
function LinkRow({ reviewLink, copied, onCopyLink }: { reviewLink: string; copied: boolean; onCopyLink: () => void }) {
  return (
    <div className="share-link">
      <TextField className="share-link__field" label={t('share.link.label')} value={reviewLink} readOnly onChange={() => {}} onFocus={(event) => event.currentTarget.select()} />
      <Button variant={copied ? 'secondary' : 'primary'} className={cx('share-link__copy', copied && 'is-copied')} iconStart={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />} onClick={onCopyLink}>
        {copied ? t('share.link.copied') : t('share.link.copy')}
      </Button>
      <span className="k-visually-hidden" aria-live="polite">
        {copied ? t('share.link.copiedAnnouncement') : ''}
      </span>
    </div>
  );
}

/** §8 invalid e-mails, §8 save error and §5 leave-or-stay, over the main dialog. */
function ShareSubDialogs({ open, status, invalidEmails, saveErrorMessage, onConfirmInvalidEmails, onConfirmSaveError, onLeave, onStay }: ShareDialogViewProps) {
  if (!open) return null;
  if (status === 'invalidEmails') {
    return (
      <NoticeDialog open onClose={onConfirmInvalidEmails} title={t('share.email_error_title')} className="share-dialog__invalid" okLabel={t('share.email_error_confirm')}>
        <p>{t('share.email_error_message')}</p>
        <ul className="share-invalid-list">
          {invalidEmails.map((email) => (
            <li key={email}>{email}</li>
          ))}
        </ul>
      </NoticeDialog>
    );
  }
  if (status === 'saveError') {
    return (
      <NoticeDialog open onClose={onConfirmSaveError} title={t('share.api_error_title')} className="share-dialog__save-error" okLabel={t('share.api_error_confirm')}>
        <p>{t('share.api_error_message')}</p>
        {saveErrorMessage && <p className="share-dialog__detail">{saveErrorMessage}</p>}
      </NoticeDialog>
    );
  }
  if (status === 'confirmingLeave') {
    return (
      <ConfirmDialog open danger onCancel={onStay} onConfirm={onLeave} title={t('share.leave.title')} className="share-dialog__leave" cancelLabel={t('share.leave.stay')} confirmLabel={t('share.leave.leave')}>
        <p>{t('share.leave.body')}</p>
      </ConfirmDialog>
    );
  }
  return null;
}
