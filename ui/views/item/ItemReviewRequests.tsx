/**
 * Review requests in the item view connected to their actors (review-and-content §2 review-request button,
 * reviewer avatars and flyout, §4 review status and the request dialog, §8 errors): `reviewRequests` is the
 * item's flow, `requestDialog` the request dialog (its machine loads with its first open, ui/views/itemDialogs.ts). Views only select and send.
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { todayIn } from '../../../domain/reviewRequests.ts';
import { canReRequestOf, myRowOf } from '../../../machines/reviewRequests/reviewRequestsMachine.ts';
import { useSystem } from '../../system.tsx';
import { openItemDialog, useItemDialogsLoaded } from '../itemDialogs.ts';
import { lazyWithStrings } from '../../lazyRoute.tsx';
// Straight from their files: the barrel would bring the request dialog, which loads on its first open.
import { DeleteReviewerDialog } from '../reviewRequests/DeleteReviewerDialog.tsx';
import type { RequestReviewDialogStatus } from '../reviewRequests/RequestReviewDialog.tsx';
import { ReviewRequestButton, reviewerAvatarsOf } from '../reviewRequests/ReviewRequestButton.tsx';
import { Skeleton, Spinner } from '../../kit/index.ts';

// The request dialog's code loads with its first open (its words come with the review tab's).
// The flyout's code loads with its first open (a spinner in the popover meanwhile).
const ReviewRequestFlyout = lazy(() => import('../reviewRequests/ReviewRequestFlyout.tsx').then((module) => ({ default: module.ReviewRequestFlyout })));
const RequestReviewDialog = lazyWithStrings(() => import('../reviewRequests/RequestReviewDialog.tsx').then((module) => ({ default: module.RequestReviewDialog })), []);

/** The reviewers' avatars for the item header (§9: 4 plus overflow). */
export function useReviewerAvatars() {
  const { reviewRequests } = useSystem();
  const rows = useSelector(reviewRequests, (s) => s.context.rows);
  return reviewerAvatarsOf(rows);
}

/** The header's review-request button with its flyout, and the dialogs it opens. */
export function ItemReviewRequests({ ownerEmail }: { ownerEmail: string | null }) {
  const system = useSystem();
  const { reviewRequests, timeZone } = system;
  const snapshot = useSelector(reviewRequests, (s) => s);
  // The request dialog's machine loads with its first open (the item dialogs feature).
  const dialogsLoaded = useItemDialogsLoaded();
  const { context } = snapshot;
  if (!context.subject) return null;
  // While the requests are read, the button's place is held (a signed-in person or a review-request link usually gets a
  // button), so the header's tabs do not jump aside when it arrives.
  if (snapshot.matches({ open: 'bootstrapping' }) && (context.subject.viewer.userId !== null || context.subject.reviewRequestId !== null)) {
    return <Skeleton className="review-request-button-placeholder" />;
  }
  const today = todayIn(system.now(), timeZone);
  const myRow = myRowOf(context);
  const send = reviewRequests.send;
  const openDialog = () =>
    openItemDialog(system, () =>
      system.requestDialog.send({
      type: 'requestDialog.open',
      itemId: context.subject!.itemId,
      pass: context.subject!.pass,
      frequentReviewers: context.frequentReviewers,
      existing: context.rows.map((row) => row.email),
      excluded: ownerEmail ? [ownerEmail] : [],
      isInStack: context.subject!.isInStack,
        requesterTimeZone: timeZone,
      }),
    );
  const busy = !snapshot.matches({ open: 'ready' }) && !snapshot.matches({ open: 'confirmingReopen' }) && !snapshot.matches({ open: 'confirmingDeleteAll' }) && !snapshot.matches({ open: 'confirmingDelete' });
  const deleting = context.deletingId ? context.rows.find((row) => row.id === context.deletingId) : undefined;
  return (
    <>
      <ReviewRequestButton
        rows={context.rows}
        canCRUD={context.canCRUD}
        onRequestReview={openDialog}
        onOpenChange={(open) => {
          // The confirmations live inside the flyout: closing it answers them with cancel.
          if (!open && (snapshot.matches({ open: 'confirmingReopen' }) || snapshot.matches({ open: 'confirmingDeleteAll' }))) send({ type: 'reviewRequests.cancel' });
        }}
        flyout={(close) => (
          <Suspense fallback={<Spinner />}>
            <ReviewRequestFlyout
              rows={context.rows}
              canCRUD={context.canCRUD}
              myRowId={myRow?.id ?? null}
              canReRequest={canReRequestOf(context)}
              today={today}
              timeZone={timeZone}
              busy={busy}
              markCompleteFailed={context.markCompleteError !== null}
              confirmingReopen={snapshot.matches({ open: 'confirmingReopen' })}
              confirmingDeleteAll={snapshot.matches({ open: 'confirmingDeleteAll' })}
              onAddReviewers={() => {
                close();
                openDialog();
              }}
              onRemoveReviewer={(row) => send({ type: 'reviewRequests.deleteReviewer', id: row.id })}
              onDeleteAll={() => send({ type: 'reviewRequests.deleteAll' })}
              onConfirmDeleteAll={() => send({ type: 'reviewRequests.confirm' })}
              onCancelDeleteAll={() => send({ type: 'reviewRequests.cancel' })}
              onEditDueDate={(date) => send({ type: 'reviewRequests.editDueDate', date, today })}
              onReRequest={() => send({ type: 'reviewRequests.reRequest' })}
              onMarkComplete={() => send({ type: 'reviewRequests.markComplete' })}
              onReopen={() => send({ type: 'reviewRequests.reopen' })}
              onConfirmReopen={() => send({ type: 'reviewRequests.confirm' })}
              onCancelReopen={() => send({ type: 'reviewRequests.cancel' })}
            />
          </Suspense>
        )}
      />
      <DeleteReviewerDialog
        open={snapshot.matches({ open: 'confirmingDelete' })}
        reviewerName={deleting?.displayName ?? deleting?.email ?? ''}
        onConfirm={(dontAskAgain) => send({ type: 'reviewRequests.confirm', dontAskAgain })}
        onCancel={() => send({ type: 'reviewRequests.cancel' })}
      />
      {dialogsLoaded && <RequestDialog today={today} />}
    </>
  );
}

/** The request dialog of the `requestDialog` actor while it is open; its code loads with its first open. */
function RequestDialog({ today }: { today: string }) {
  const { requestDialog } = useSystem();
  const dialog = useSelector(requestDialog, (s) => s);
  if (dialog.matches('closed')) return null;
  const status = dialog.value as RequestReviewDialogStatus;
  const send = requestDialog.send;
  return (
    <Suspense fallback={null}>
      <RequestReviewDialog
        open
        status={status}
        reviewers={dialog.context.reviewers.map((reviewer) => ({ email: reviewer.email }))}
        entryIssues={dialog.context.problems}
        recentReviewers={dialog.context.frequentReviewers}
        customMessage={dialog.context.customMessage}
        dueDate={dialog.context.dueDate}
        today={today}
        onAddEntries={(text) => send({ type: 'requestDialog.addEntry', text })}
        onRemoveReviewer={(email) => send({ type: 'requestDialog.removeReviewer', email })}
        onPickRecent={(email) => send({ type: 'requestDialog.pickRecent', email })}
        onCustomMessageChange={(message) => send({ type: 'requestDialog.setMessage', message })}
        onDueDateChange={(date) => send({ type: 'requestDialog.setDueDate', date, today })}
        onSubmit={() => send({ type: 'requestDialog.submit' })}
        onClose={() => send({ type: 'requestDialog.close' })}
        onLeave={() => send({ type: 'requestDialog.leave' })}
        onStay={() => send({ type: 'requestDialog.stay' })}
      />
    </Suspense>
  );
}
