/**
 * The translate tab's dialogs and error banner (translation-editor §2 dialogs, §4 group progress, §1 signed-out
 * users, §8 messages): the reopen confirmation with "Don't ask me again", the edit conflict of a live change to the
 * segment being edited, the sign-in prompt, and the error banner.
 */
import { useState } from 'react';
import type { TranslationProduct } from '../../../domain/translation.ts';
import { Banner, Button, Checkbox, CloseIcon, ConfirmDialog, Dialog } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { SignInPromptDialog, type SignInPromptDialogProps } from '../screens/SignInPromptDialog.tsx';
import { navUnitOf } from './labels.ts';

export interface ReopenConfirmDialogProps {
  open: boolean;
  product: TranslationProduct;
  /** The group's title. */
  groupTitle: string;
  busy?: boolean;
  /** Reopen; `dontAskAgain` when the box was ticked (the container remembers it). */
  onConfirm: (dontAskAgain: boolean) => void;
  onCancel: () => void;
}

/** §4 "A confirmation dialog precedes reopening unless the user opted out", keeping the checkbox. */
export function ReopenConfirmDialog(props: ReopenConfirmDialogProps) {
  const [dontAskAgain, setDontAskAgain] = useState(false);
  return <ReopenConfirmDialogView {...props} dontAskAgain={dontAskAgain} onDontAskAgainChange={setDontAskAgain} />;
}

export interface ReopenConfirmDialogViewProps extends ReopenConfirmDialogProps {
  dontAskAgain: boolean;
  onDontAskAgainChange: (checked: boolean) => void;
}

/** The confirmation drawn from its props (the checkbox controlled). */
export function ReopenConfirmDialogView({ open, product, groupTitle, busy = false, onConfirm, onCancel, dontAskAgain, onDontAskAgainChange }: ReopenConfirmDialogViewProps) {
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => onConfirm(dontAskAgain)}
      title={t(`translation.reopen.title.${navUnitOf(product)}`)}
      className="translation-dialog translation-dialog--reopen"
      cancelLabel={t('translation.reopen.cancel')}
      confirmLabel={t('translation.reopen.confirm')}
    >
      <p>{t('translation.reopen.body', { title: groupTitle })}</p>
      <Checkbox label={t('translation.reopen.dontAskAgain')} checked={dontAskAgain} disabled={busy} onChange={(checked) => onDontAskAgainChange(checked)} />
    </ConfirmDialog>
  );
}

export interface EditConflictDialogProps {
  open: boolean;
  /** Their text, as plain text. */
  theirText: string;
  /** Who changed it, when known. */
  theirName?: string | null;
  /** Target locale, for the text's direction. */
  lang: string;
  dir: 'ltr' | 'rtl';
  onKeepMine: () => void;
  onUseTheirs: () => void;
}

/** §7 realtime: "a segment being edited is never overwritten by an incoming change: the user is told and chooses". */
export function EditConflictDialog({ open, theirText, theirName, lang, dir, onKeepMine, onUseTheirs }: EditConflictDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onKeepMine}
      size="sm"
      closeOnBackdrop={false}
      hideCloseButton
      title={t('translation.conflict.title')}
      description={t('translation.conflict.body')}
      className="translation-dialog translation-dialog--conflict"
      footer={
        <>
          <Button variant="secondary" onClick={onUseTheirs}>
            {t('translation.conflict.useTheirs')}
          </Button>
          <Button variant="primary" onClick={onKeepMine}>
            {t('translation.conflict.keepMine')}
          </Button>
        </>
      }
    >
      <figure className="translation-conflict">
        <figcaption className="translation-conflict__caption">{theirName ? t('translation.conflict.theirsBy', { name: theirName }) : t('translation.conflict.theirs')}</figcaption>
        <blockquote className="translation-conflict__text" lang={lang} dir={dir}>
          {theirText}
        </blockquote>
      </figure>
    </Dialog>
  );
}

export type TranslationAuthDialogProps = Omit<SignInPromptDialogProps, 'words' | 'className'>;

/** §1 "A Mark complete action by a user who is not logged in opens the authentication dialog", in the words of validating. */
export function TranslationAuthDialog(props: TranslationAuthDialogProps) {
  return <SignInPromptDialog {...props} words="translation.auth" className="translation-dialog translation-dialog--auth" />;
}

export interface TranslationErrorBannerProps {
  /** The §8 message (domain TRANSLATION_MESSAGES). */
  message: string;
  onDismiss: () => void;
}

/** A §8 error with a dismiss button (role=alert). */
export function TranslationErrorBanner({ message, onDismiss }: TranslationErrorBannerProps) {
  return (
    <Banner
      tone="error"
      className="translation-error"
      action={
        <button type="button" className="k-icon-button" aria-label={t('translation.error.dismiss')} onClick={onDismiss}>
          <CloseIcon size={16} />
        </button>
      }
    >
      {message}
    </Banner>
  );
}
