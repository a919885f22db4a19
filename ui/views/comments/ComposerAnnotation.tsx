/**
 * "Annotate" in a comment composer and the snapshot dialog it opens (review-and-content §4 comment posting and
 * dialogs, §5 annotation unavailable for video, needs the annotation flag and a non-reply comment, §8 screenshot
 * error): the button (new top-level comments, and "Edit annotation" in the edit of an annotated comment), and while
 * the composer's `capture` child runs, the annotation dialog (ui/views/annotation/) with the capture's image, its
 * error, or the stored shapes to edit. The committed PNG goes to the FileStore and becomes the draft's snapshot.
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { canAnnotate } from '../../../domain/commentSnapshots.ts';
import type { annotationDialogMachine } from '../../../machines/annotation/annotationDialogMachine.ts';
import type { ComposerTarget } from '../../../machines/comments/commentEvents.ts';
import type { commentPostingMachine } from '../../../machines/comments/commentPostingMachine.ts';
import type { snapshotCaptureMachine } from '../../../machines/comments/snapshotCaptureMachine.ts';
import { Button } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { LazyAnnotationDialog } from '../annotation/LazyAnnotationDialog.tsx';
import { useFlag } from '../useAccount.ts';

type ComposerRef = ActorRefFrom<typeof commentPostingMachine>;
type CaptureRef = ActorRefFrom<typeof snapshotCaptureMachine>;
type DialogRef = ActorRefFrom<typeof annotationDialogMachine>;

/** The snapshot dialog of one capture: the capture's child `dialog` shown with the capture's image or error. */
function CaptureDialog({ capture }: { capture: CaptureRef }) {
  const state = useSelector(capture, (s) => ({ value: s.value, image: s.context.image, shapes: s.context.shapes, background: s.context.background ?? null }));
  const dialog = useSelector(capture, (s) => s.children.dialog as DialogRef | undefined);
  // §4 the snapshot dialog closes on route change (the dialog itself hears of it); here, when the item view goes away
  // while the capture still runs (a capture that ended is told nothing: the session log would carry an event to no one).
  useEffect(
    () => () => {
      if (capture.getSnapshot().status === 'active') capture.send({ type: 'capture.close' });
    },
    [capture],
  );
  if (!dialog) return null;
  return (
    <LazyAnnotationDialog
      dialog={dialog}
      image={state.value === 'annotating' ? state.image : null}
      error={state.value === 'failed' ? t('review.snapshot.error') : null}
      {...(state.shapes && !state.background ? { note: t('annotation.recapturedNote') } : {})}
    />
  );
}

/** The Annotate button of a composer (only where §5 allows it) and its dialog while open. */
export function ComposerAnnotation({ composer, target, readOnly }: { composer: ComposerRef; target: ComposerTarget; readOnly: boolean }) {
  const { annotation } = useSystem();
  const flag = useFlag('annotationTool');
  const serverSnapshots = useFlag('serverSnapshots');
  const family = useSelector(composer, (s) => s.context.placement.family);
  const editing = useSelector(composer, (s) => s.context.editing);
  const busy = useSelector(composer, (s) => s.hasTag('posting'));
  const capture = useSelector(composer, (s) => s.children.capture as CaptureRef | undefined);
  const offered =
    canAnnotate({ flag, family, target: target.kind, editedIsReply: editing !== null && editing.replyTo !== null, mayComment: !readOnly }) &&
    (target.kind === 'new' || editing?.snapshot?.isAnnotation === true);
  if (!offered) return null;
  return (
    <>
      <Button size="sm" variant="secondary" className="item-composer__annotate" disabled={busy || capture !== undefined} onClick={() => composer.send({ type: 'posting.annotate', mode: serverSnapshots ? 'html' : 'image', dialogId: annotation.newDialogId(), prefs: annotation.loadPrefs() })}>
        {t(target.kind === 'edit' ? 'comments.annotation.edit' : 'comments.annotation.start')}
      </Button>
      {capture && <CaptureDialog key={capture.id} capture={capture} />}
    </>
  );
}
