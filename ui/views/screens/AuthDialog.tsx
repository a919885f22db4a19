import { Button, Dialog } from '../../kit/index.ts';
import { t } from '../../strings.ts';

export interface AuthDialogProps {
  open: boolean;
  onClose: () => void;
  /** The e-mail that belongs to an account (anonymous review with a known e-mail, foundation §5). */
  email?: string;
  onSignIn: () => void;
}

/** The auth dialog (foundation §2 dialogs): asks the person to sign in, with Sign in and Cancel. */
export function AuthDialog({ open, onClose, email, onSignIn }: AuthDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={t('access.authDialog.title')}
      description={email ? t('access.authDialog.bodyWithEmail', { email }) : t('access.authDialog.body')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('access.authDialog.cancel')}
          </Button>
          <Button variant="primary" onClick={onSignIn}>
            {t('access.authDialog.signIn')}
          </Button>
        </>
      }
    />
  );
}
