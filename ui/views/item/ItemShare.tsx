import { useSelector } from '@xstate/react';
import type { ShareDraft } from '../../../domain/sharing.ts';
import { hasUnsavedChangesOf, shareLinkOf, shareListHeightOf, sharePasswordProblemOf, sharePeopleOf } from '../../../machines/sharing/shareMachine.ts';
import { useSystem } from '../../system.tsx';
import { ShareDialog, type ShareDialogStatus } from '../share/index.ts';

/** What the dialog shows before the people are read (loading, fetch error). */
const EMPTY_DRAFT: ShareDraft = { mode: 'public', allowAnonComments: false, passwordEnabled: false, password: '', explicitEmails: [] };

/**
 * The share dialog connected to the `share` actor (review-and-content §2 share dialog): the header's Share opens it
 * with `share.open`; everything the dialog shows is read from the actor, everything it does is an event.
 */
export function ItemShareDialog({ itemTitle }: { itemTitle: string }) {
  const { share } = useSystem();
  const snapshot = useSelector(share, (s) => s);
  const { context } = snapshot;
  if (snapshot.matches('closed')) return null;
  const dialog = (snapshot.value as { open?: { dialog?: string } }).open?.dialog;
  const status = (dialog ?? 'loading') as ShareDialogStatus;
  const send = share.send;
  return (
    <ShareDialog
      open
      status={status}
      itemTitle={itemTitle}
      canChange={context.canChange}
      draft={context.draft ?? EMPTY_DRAFT}
      hasPassword={context.settings?.hasPassword ?? false}
      people={sharePeopleOf(context)}
      listHeightPx={shareListHeightOf(context)}
      reviewLink={shareLinkOf(context)}
      copied={snapshot.hasTag('copied')}
      dirty={hasUnsavedChangesOf(context)}
      passwordError={context.showProblems ? sharePasswordProblemOf(context) : null}
      malformedEmails={context.lastAdd?.invalid ?? []}
      invalidEmails={context.invalidEmails}
      saveErrorMessage={context.errorMessage}
      onModeChange={(mode) => send({ type: 'share.setMode', mode })}
      onAllowAnonCommentsChange={(value) => send({ type: 'share.setAllowAnonComments', value })}
      onPasswordEnabledChange={(value) => send({ type: 'share.setPasswordEnabled', value })}
      onPasswordChange={(password) => send({ type: 'share.setPassword', password })}
      onAddEmails={(text) => send({ type: 'share.addEmails', text })}
      onRemovePerson={(email) => send({ type: 'share.removePerson', email })}
      onCopyLink={() => send({ type: 'share.copyLink' })}
      onSave={() => send({ type: 'share.save' })}
      onClose={() => send({ type: 'share.close' })}
      onRetry={() => send({ type: 'share.retry' })}
      onConfirmInvalidEmails={() => send({ type: 'share.confirm' })}
      onConfirmSaveError={() => send({ type: 'share.confirm' })}
      onLeave={() => send({ type: 'share.leave' })}
      onStay={() => send({ type: 'share.stay' })}
    />
  );
}
