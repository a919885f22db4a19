import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { activationMachine } from '../../../machines/activation/activationMachine.ts';
import { Avatar, Dialog, Spinner, TextField } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { ActionDialog } from './ActionDialog.tsx';

/** The activation modal (foundation §2, §4): the admin's one-click pitch and pending state, or the non-admin's admin picker. */
export function ActivationModal({ actor }: { actor: ActorRefFrom<typeof activationMachine> }) {
  const variant = useSelector(actor, (s) => (s.matches('admin') ? 'admin' : s.matches('nonAdmin') ? 'nonAdmin' : s.matches('polling') || s.matches('activated') ? 'pending' : null));
  const activating = useSelector(actor, (s) => s.matches({ admin: 'activating' }));
  const searching = useSelector(actor, (s) => s.matches({ nonAdmin: 'searching' }) || s.matches({ nonAdmin: 'debouncing' }));
  const requesting = useSelector(actor, (s) => s.matches({ nonAdmin: 'requesting' }));
  const { query, admins, selectedAdminId } = useSelector(actor, (s) => s.context);
  const listId = useId();
  const close = () => actor.send({ type: 'activation.close' });
  if (variant === null) return null;

  if (variant === 'pending') {
    return (
      <Dialog open onClose={() => {}} dismissible={false} title={t('activation.admin.title')} size="sm">
        <p className="activation-pending" role="status">
          <Spinner size="sm" /> {t('activation.pending')}
        </p>
      </Dialog>
    );
  }

  if (variant === 'admin') {
    return (
      <ActionDialog
        title={t('activation.admin.title')}
        body={t('activation.admin.body')}
        dismissLabel={t('common.cancel')}
        onClose={close}
        action={{ label: activating ? t('activation.admin.activating') : t('activation.admin.activate'), onClick: () => actor.send({ type: 'activation.activate' }), disabled: activating }}
      />
    );
  }

  return (
    <ActionDialog
      title={t('activation.nonAdmin.title')}
      body={t('activation.nonAdmin.body')}
      dismissLabel={t('common.cancel')}
      onClose={close}
      action={{
        label: requesting ? t('activation.nonAdmin.sending') : t('activation.nonAdmin.send'),
        onClick: () => actor.send({ type: 'activation.sendRequest' }),
        disabled: selectedAdminId === null || requesting,
      }}
    >
      <TextField label={t('activation.nonAdmin.search')} value={query} type="search" onChange={(value) => actor.send({ type: 'activation.search', query: value })} />
      <div className="activation-admins" aria-busy={searching}>
        {searching && <p className="activation-admins__status">{t('activation.nonAdmin.searching')}</p>}
        {!searching && query !== '' && admins.length === 0 && <p className="activation-admins__status">{t('activation.nonAdmin.noResults')}</p>}
        {admins.length > 0 && (
          <fieldset className="activation-admins__list" id={listId}>
            <legend className="k-visually-hidden">{t('activation.nonAdmin.results')}</legend>
            {admins.map((admin) => (
              <label key={admin.aid} className="activation-admin">
                <input type="radio" name={`${listId}-admin`} checked={selectedAdminId === admin.aid} onChange={() => actor.send({ type: 'activation.selectAdmin', aid: admin.aid })} />
                <Avatar name={`${admin.first_name} ${admin.last_name}`} src={admin.avatar.small} decorative />
                <span>
                  {admin.first_name} {admin.last_name}
                </span>
              </label>
            ))}
          </fieldset>
        )}
      </div>
    </ActionDialog>
  );
}
