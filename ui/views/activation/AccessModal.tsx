import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { accessModalMachine } from '../../../machines/activation/accessModalMachine.ts';
import { t } from '../../strings.ts';
import { ActionDialog } from './ActionDialog.tsx';

/** The learning product's access modal (foundation §2, §4): non-admin, admin (adds the learning-admin role) and learning admin. */
export function AccessModal({ actor }: { actor: ActorRefFrom<typeof accessModalMachine> }) {
  const variant = useSelector(actor, (s) => (s.matches('admin') ? 'admin' : s.matches('nonAdmin') ? 'nonAdmin' : s.matches('learningAdmin') ? 'learningAdmin' : null));
  const adding = useSelector(actor, (s) => s.matches({ admin: 'adding' }));
  if (variant === null) return null;
  const close = () => actor.send({ type: 'access.close' });
  const confirm = variant === 'admin' && adding ? t('accessModal.admin.adding') : t(`accessModal.${variant}.confirm`);
  return (
    <ActionDialog
      title={t(`accessModal.${variant}.title`)}
      body={t(`accessModal.${variant}.body`)}
      dismissLabel={t('common.close')}
      onClose={close}
      action={{ label: confirm, onClick: () => actor.send({ type: 'access.confirm' }), disabled: adding }}
    />
  );
}
