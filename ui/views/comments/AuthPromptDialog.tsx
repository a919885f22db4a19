/**
 * The authentication dialog of the comment box (review-and-content §6 anonymous: "otherwise clicking the read-only
 * box opens an authentication dialog"): for a visitor or an anonymous reviewer who may not comment here, links to
 * sign in or create an account.
 */
import { Button, Dialog, buttonClass } from '../../kit/index.ts';
import { t } from '../../strings.ts';

export interface AuthPromptDialogProps {
  open: boolean;
  onClose: () => void;
  /** Sign-in address that comes back to this item. */
  signInHref: string;
  /** Where accounts are created. */
  createAccountHref: string;
}

/** Sign in / create an account, or not now. */
export function AuthPromptDialog({ open, onClose, signInHref, createAccountHref }: AuthPromptDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={t('commentsPanel.auth.title')}
      description={t('commentsPanel.auth.body')}
      className="comment-dialog comment-dialog--auth"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('commentsPanel.auth.cancel')}
          </Button>
          <a className={buttonClass('secondary')} href={createAccountHref}>
            {t('commentsPanel.auth.createAccount')}
          </a>
          <a className={buttonClass('primary')} href={signInHref}>
            {t('commentsPanel.auth.signIn')}
          </a>
        </>
      }
    />
  );
}
