import { ConfirmDialog } from '../../kit/index.ts';
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
    <ConfirmDialog
      open={open}
      onCancel={onClose}
      onConfirm={onSignIn}
      title={t('access.authDialog.title')}
      description={email ? t('access.authDialog.bodyWithEmail', { email }) : t('access.authDialog.body')}
      cancelLabel={t('access.authDialog.cancel')}
      confirmLabel={t('access.authDialog.signIn')}
    />
  );
}
