/**
 * The request-review dialog (review-and-content §4 request dialog, §5 add-reviewer rules, due date, custom message and
 * unsaved changes, §9 recent reviewers): reviewers by typed or pasted e-mail with the inline 'already added' / 'not
 * found' messages, chips with remove, the first RECENT_REVIEWER_COUNT recent reviewers to pick, a custom message, a
 * due date (minimum today), Send (disabled with no reviewer; spins while submitting), Cancel (the request dialog actor
 * asks leave-or-stay when something was entered). Controlled by that actor: the draft and state arrive as props.
 */
import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { RECENT_REVIEWER_COUNT, REVIEW_MESSAGE_MAX_CHARS, type FrequentReviewer } from '../../../domain/reviewRequests.ts';
import { Avatar, Button, CheckIcon, CloseIcon, ConfirmDialog, Dialog, PlusIcon, cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';

/** The request dialog actor's states, as the dialog draws them. */
export type RequestReviewDialogStatus = 'editing' | 'submitting' | 'confirmingLeave';

/** A reviewer picked for this request (a chip). */
export interface RequestedReviewer {
  email: string;
  /** Known for recent reviewers; typed e-mails show the address. */
  displayName?: string | null;
  avatarUrl?: string | null;
}

/** Why an entry of the last add was refused (domain reviewerEntryProblem). */
export interface ReviewerEntryIssue {
  entry: string;
  problem: 'alreadyAdded' | 'notFound';
}

export interface RequestReviewDialogProps {
  open: boolean;
  status: RequestReviewDialogStatus;
  itemTitle?: string | null;
  reviewers: readonly RequestedReviewer[];
  /** The refused entries of the last add, shown under the field. */
  entryIssues?: readonly ReviewerEntryIssue[];
  /** The requester's frequent reviewers; the first RECENT_REVIEWER_COUNT show. */
  recentReviewers: readonly FrequentReviewer[];
  customMessage: string;
  /** YYYY-MM-DD or null. */
  dueDate: string | null;
  /** Today (YYYY-MM-DD in the requester's zone): the due date's minimum. */
  today: string;
  /** Typed or pasted text holding one or more e-mails (domain parseEmailList + reviewerEntryProblem in the actor). */
  onAddEntries: (text: string) => void;
  onRemoveReviewer: (email: string) => void;
  /** A recent reviewer picked (counts as an mru in userTypes). */
  onPickRecent: (email: string) => void;
  onCustomMessageChange: (text: string) => void;
  onDueDateChange: (date: string | null) => void;
  onSubmit: () => void;
  /** Cancel, Escape or ×. */
  onClose: () => void;
  onLeave: () => void;
  onStay: () => void;
}

/** The dialog, keeping the text typed in the reviewers field. */
export function RequestReviewDialog(props: RequestReviewDialogProps) {
  const [entryText, setEntryText] = useState('');
  return (
    <RequestReviewDialogView
      {...props}
      entryText={entryText}
      onEntryTextChange={setEntryText}
      onAddEntries={(text) => {
        setEntryText('');
        props.onAddEntries(text);
      }}
    />
  );
}

export interface RequestReviewDialogViewProps extends RequestReviewDialogProps {
  entryText: string;
  onEntryTextChange: (text: string) => void;
}

/** The dialog drawn from its props (the reviewers field's text controlled). */
export function RequestReviewDialogView(props: RequestReviewDialogViewProps) {
  const { open, status, itemTitle, reviewers, customMessage, dueDate, today, onSubmit, onClose } = props;
  const submitting = status === 'submitting';
  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        size="md"
        closeOnBackdrop={false}
        title={itemTitle ? t('review.request.dialog.titleNamed', { title: itemTitle }) : t('review.request.dialog.title')}
        className="request-review-dialog"
        footer={
          <>
            <Button variant="secondary" onClick={onClose} disabled={submitting}>
              {t('review.request.dialog.cancel')}
            </Button>
            <Button variant="primary" onClick={onSubmit} loading={submitting} disabled={reviewers.length === 0 && !submitting}>
              {t('review.request.dialog.send')}
            </Button>
          </>
        }
      >
        <div className="request-review">
          <ReviewersField {...props} locked={submitting} />
          <RecentReviewers {...props} locked={submitting} />
          <div className="k-field">
            <label htmlFor="request-review-message" className="k-field__label">
              {t('review.request.dialog.message')}
            </label>
            <textarea
              id="request-review-message"
              className="request-review__message"
              rows={3}
              value={customMessage}
              maxLength={REVIEW_MESSAGE_MAX_CHARS}
              readOnly={submitting}
              onChange={(event) => props.onCustomMessageChange(event.target.value)}
            />
            <div className="k-field__footer">
              <span />
              <span className="k-field__aside" aria-hidden="true">
                {customMessage.length}/{REVIEW_MESSAGE_MAX_CHARS}
              </span>
            </div>
          </div>
          <div className="k-field request-review__due">
            <label htmlFor="request-review-due" className="k-field__label">
              {t('review.request.dialog.dueDate')}
            </label>
            <input
              id="request-review-due"
              type="date"
              className="k-field__input"
              min={today}
              value={dueDate ?? ''}
              readOnly={submitting}
              onChange={(event) => {
                const value = event.target.value;
                if (value === '') props.onDueDateChange(null);
                else if (value >= today) props.onDueDateChange(value);
              }}
            />
          </div>
        </div>
      </Dialog>
      {open && status === 'confirmingLeave' && (
        <ConfirmDialog
          open
          danger
          onCancel={props.onStay}
          onConfirm={props.onLeave}
          title={t('review.request.leave.title')}
          className="request-review-dialog__leave"
          cancelLabel={t('review.request.leave.stay')}
          confirmLabel={t('review.request.leave.leave')}
        >
          <p>{t('review.request.leave.body')}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** The reviewers: chips, then the field taking typed or pasted e-mails, and the refused entries. */
function ReviewersField({ reviewers, entryIssues = [], entryText, onEntryTextChange, onAddEntries, onRemoveReviewer, locked }: RequestReviewDialogViewProps & { locked: boolean }) {
  const add = () => {
    if (entryText.trim()) onAddEntries(entryText);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',' || event.key === ';') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && entryText === '' && reviewers.length > 0) {
      onRemoveReviewer(reviewers[reviewers.length - 1]!.email);
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    // A pasted list goes in whole (the actor splits it and skips duplicates), with what was typed before it.
    const pasted = event.clipboardData.getData('text/plain');
    if (!pasted) return;
    event.preventDefault();
    onAddEntries(`${entryText} ${pasted}`.trim());
  };
  const invalid = entryIssues.length > 0;
  return (
    <div className={cx('request-review__reviewers', invalid && 'is-invalid')}>
      <label htmlFor="request-review-entry" className="k-field__label">
        {t('review.request.dialog.reviewers')}
      </label>
      <div className="request-review__box">
        {reviewers.length > 0 && (
          <ul className="request-review__chips" aria-label={t('review.request.dialog.selected')}>
            {reviewers.map((reviewer) => {
              const name = reviewer.displayName || reviewer.email;
              return (
                <li key={reviewer.email} className="request-review__chip">
                  <Avatar name={name} email={reviewer.email} src={reviewer.avatarUrl ?? undefined} size="sm" decorative />
                  <span className="request-review__chip-name" title={reviewer.email}>
                    {name}
                  </span>
                  <button
                    type="button"
                    className="k-icon-button k-icon-button--sm"
                    aria-label={t('review.request.dialog.removeChip', { name })}
                    disabled={locked}
                    onClick={() => onRemoveReviewer(reviewer.email)}
                  >
                    <CloseIcon size={14} />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <div className="request-review__entry-row">
          <input
            id="request-review-entry"
            type="text"
            inputMode="email"
            autoComplete="off"
            className="request-review__entry"
            value={entryText}
            readOnly={locked}
            aria-describedby="request-review-entry-message"
            aria-invalid={invalid || undefined}
            onChange={(event) => onEntryTextChange(event.target.value)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
          />
          <Button variant="secondary" size="sm" onClick={add} disabled={locked || !entryText.trim()}>
            {t('review.request.dialog.add')}
          </Button>
        </div>
      </div>
      {invalid ? (
        <ul id="request-review-entry-message" className="request-review__issues" role="alert">
          {entryIssues.map((issue) => (
            <li key={`${issue.problem}:${issue.entry}`} className="k-field__error">
              {t(issue.problem === 'alreadyAdded' ? 'review.request.dialog.alreadyAdded' : 'review.request.dialog.notFound', { entry: issue.entry })}
            </li>
          ))}
        </ul>
      ) : (
        <p id="request-review-entry-message" className="k-field__hint">
          {t('review.request.dialog.reviewersHint')}
        </p>
      )}
    </div>
  );
}

/** §9 the first RECENT_REVIEWER_COUNT frequent reviewers; those already picked show as added. */
function RecentReviewers({ recentReviewers, reviewers, onPickRecent, locked }: RequestReviewDialogViewProps & { locked: boolean }) {
  const recent = recentReviewers.slice(0, RECENT_REVIEWER_COUNT);
  if (recent.length === 0) return null;
  const picked = new Set(reviewers.map((r) => r.email.toLowerCase()));
  return (
    <div className="request-review__recent">
      <h3 className="request-review__recent-title">{t('review.request.dialog.recent')}</h3>
      <ul className="request-review__recent-list">
        {recent.map((person) => {
          const name = person.displayName || person.email;
          const added = picked.has(person.email.toLowerCase());
          return (
            <li key={person.email}>
              <button
                type="button"
                className={cx('request-review__recent-person', added && 'is-added')}
                aria-pressed={added}
                disabled={locked || added}
                onClick={() => onPickRecent(person.email)}
              >
                <Avatar name={name} email={person.email} src={person.avatars.small ?? undefined} size="sm" decorative />
                {/* The name is the visible text with "Add" before it (WCAG 2.5.3: the spoken name holds what is seen). */}
                <span className="k-visually-hidden">{t('review.request.dialog.recentAddPrefix')} </span>
                <span className="request-review__recent-who">
                  <span className="request-review__recent-name">{name}</span>
                  {name !== person.email && <span className="request-review__recent-email">{person.email}</span>}
                </span>
                {added ? <CheckIcon size={16} aria-hidden="true" /> : <PlusIcon size={16} aria-hidden="true" />}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
