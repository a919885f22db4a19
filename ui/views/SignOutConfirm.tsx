import { useSelector } from '@xstate/react';
import { Button, Dialog } from '../kit/index.ts';
import { t } from '../strings.ts';
import { useSystem } from '../system.tsx';

/** Asks before signing out while uploads are in progress (foundation §1, §8). */
export function SignOutConfirm() {
  const { session } = useSystem();
  const open = useSelector(session, (s) => s.matches({ loggedIn: { signOut: 'confirming' } }));
  const cancel = () => session.send({ type: 'session.cancelSignOut' });
  return (
    <Dialog
      open={open}
      onClose={cancel}
      title={t('signOut.uploads.title')}
      description={t('signOut.uploads.body')}
      closeOnBackdrop={false}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={cancel}>
            {t('signOut.uploads.cancel')}
          </Button>
          <Button variant="danger" onClick={() => session.send({ type: 'session.confirmSignOut' })}>
            {t('signOut.uploads.confirm')}
          </Button>
        </>
      }
    />
  );
}
