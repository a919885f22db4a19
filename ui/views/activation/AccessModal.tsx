import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { accessModalMachine } from '../../../machines/activation/accessModalMachine.ts';
import { Button, Dialog } from '../../kit/index.ts';
import { t } from '../../strings.ts';

/** The learning product's access modal (foundation §2, §4): non-admin, admin (adds the learning-admin role) and learning admin. */
export function AccessModal({ actor }: { actor: ActorRefFrom<typeof accessModalMachine> }) {
  const variant = useSelector(actor, (s) => (s.matches('admin') ? 'admin' : s.matches('nonAdmin') ? 'nonAdmin' : s.matches('learningAdmin') ? 'learningAdmin' : null));
  const adding = useSelector(actor, (s) => s.matches({ admin: 'adding' }));
  if (variant === null) return null;
  const close = () => actor.send({ type: 'access.close' });
  const confirm = variant === 'admin' && adding ? t('accessModal.admin.adding') : t(`accessModal.${variant}.confirm`);
  return (
    <Dialog
      open
      onClose={close}
      title={t(`accessModal.${variant}.title`)}
      description={t(`accessModal.${variant}.body`)}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('common.close')}
          </Button>
          <Button onClick={() => actor.send({ type: 'access.confirm' })} disabled={adding}>
            {confirm}
          </Button>
        </>
      }
    />
  );
}
