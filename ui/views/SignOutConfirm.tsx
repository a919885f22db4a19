import { useSelector } from '@xstate/react';
import { ConfirmDialog } from '../kit/index.ts';
import { t } from '../strings.ts';
import { useSystem } from '../system.tsx';

/** Asks before signing out while uploads are in progress (foundation §1, §8). */
export function SignOutConfirm() {
  const { session } = useSystem();
  const open = useSelector(session, (s) => s.matches({ loggedIn: { signOut: 'confirming' } }));
  const cancel = () => session.send({ type: 'session.cancelSignOut' });
  return (
    <ConfirmDialog
      open={open}
      danger
      onCancel={cancel}
      onConfirm={() => session.send({ type: 'session.confirmSignOut' })}
      title={t('signOut.uploads.title')}
      description={t('signOut.uploads.body')}
      closeOnBackdrop={false}
      cancelLabel={t('signOut.uploads.cancel')}
      confirmLabel={t('signOut.uploads.confirm')}
    />
  );
}
