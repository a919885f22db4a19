import { Button, Dialog, buttonClass } from '../../kit/index.ts';
import { t } from '../../strings.ts';

/** Whose words the prompt speaks: commenting (the comment box) or validating translations (the translate tab). */
export type SignInPromptWords = 'commentsPanel.auth' | 'translation.auth';

export interface SignInPromptDialogProps {
  open: boolean;
  onClose: () => void;
  /** Sign-in address that comes back to this page. */
  signInHref: string;
  /** Where accounts are created. */
  createAccountHref: string;
  words: SignInPromptWords;
  className?: string;
}

/** Sign in / create an account, or not now: for a visitor or an anonymous reviewer asked for something that needs an account. */
export function SignInPromptDialog({ open, onClose, signInHref, createAccountHref, words, className }: SignInPromptDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={t(`${words}.title`)}
      description={t(`${words}.body`)}
      className={className}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t(`${words}.cancel`)}
          </Button>
          <a className={buttonClass('secondary')} href={createAccountHref}>
            {t(`${words}.createAccount`)}
          </a>
          <a className={buttonClass('primary')} href={signInHref}>
            {t(`${words}.signIn`)}
          </a>
        </>
      }
    />
  );
}
