/**
 * The comments of the item view connected to their actors (review-and-content §2 comments side panel and
 * feedback tab, §4 comments and comment posting, §6, §8): the `comments` actor gives the list, its state and the
 * rules' answers; each composer (the new-comment box, a reply box, an edit) is a child of it; the per-item
 * notification level is the `itemNotifications` actor. Views compute nothing the domain does not already say.
 */
import { useSelector } from '@xstate/react';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { MentionSuggestion } from '../../../domain/comments.ts';
import { productFamily } from '../../../domain/folderRoles.ts';
import type { VersionMeta } from '../../../domain/items.ts';
import type { RawContent } from '../../../domain/richText.ts';
import { composerIdOf, type ComposerTarget } from '../../../machines/comments/commentEvents.ts';
import type { commentPostingMachine } from '../../../machines/comments/commentPostingMachine.ts';
import type { commentEditorMachine } from '../../../machines/comments/commentEditorMachine.ts';
import {
  canMarkAllReadOf,
  canToggleCommentsOf,
  commentAreaOf,
  commentFactsOf,
  isOfflineOf,
  isOutOfDateOf,
  readOnlyReasonOf,
  visibleThreadsOf,
} from '../../../machines/comments/commentsMachine.ts';
import { shownLevelOf } from '../../../machines/items/itemNotificationsMachine.ts';
import { Button } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import {
  AuthPromptDialog,
  CommentsPanel,
  FeedbackView,
  OldVersionDialog,
  commentActionsButton,
  threadReplyButton,
  threadViewModel,
  slideLabelsOf,
  useFocusBackAfterClose,
  type CommentPlace, type CommentsStatus, type NotificationLevelPopoverProps } from '../comments/index.ts';
import { LazyCommentEditor, readOnlyTextFor } from '../comments/editor/index.ts';
import { ComposerAnnotation } from '../comments/ComposerAnnotation.tsx';
import { AnnotationSurvey } from '../comments/AnnotationSurvey.tsx';
import type { EditorModes } from '../comments/editor/types.ts';
import { useCommentExport } from '../commentExport/index.ts';

type ComposerRef = ActorRefFrom<typeof commentPostingMachine>;
type EditorRef = ActorRefFrom<typeof commentEditorMachine>;

/** The editor's states (§4 comment editor) from the composer's editor actor. */
function editorModesOf(snapshot: SnapshotFrom<typeof commentEditorMachine> | undefined): EditorModes | undefined {
  if (!snapshot) return undefined;
  return { empty: snapshot.matches({ draft: 'empty' }), suggestionsOpen: snapshot.hasTag('suggestionsOpen'), emojiOpen: snapshot.hasTag('emojiOpen') };
}

/** §6 "edit hidden on Android". */
const IS_ANDROID = typeof navigator !== 'undefined' && /android/i.test(navigator.userAgent);

/**
 * A pasted image becomes the comment's snapshot (§4 comment posting: the comment is stored, then its snapshot is
 * uploaded): its size is read by decoding it; the file itself stays in the FileStore (events carry its id).
 */
async function pasteSnapshot(composer: ComposerRef, addFiles: (files: File[]) => { fileId: string; size: number }[], file: File): Promise<void> {
  try {
    const bitmap = await createImageBitmap(file);
    const [ref] = addFiles([file]);
    if (!ref) return;
    composer.send({ type: 'posting.setSnapshot', snapshot: { fileId: ref.fileId, size: ref.size, width: bitmap.width, height: bitmap.height, isAnnotation: false, extension: 'png' } });
    bitmap.close();
  } catch (error) {
    console.warn('The pasted image could not be read', error);
  }
}

/** One composer (new comment, reply or edit) drawn with the comment editor. */
function Composer({ target, onAuthPrompt }: { target: ComposerTarget; onAuthPrompt: () => void }) {
  const system = useSystem();
  const { comments } = system;
  const ref = useSelector(comments, (s) => s.children[composerIdOf(target)] as ComposerRef | undefined);
  const reason = useSelector(comments, (s) => (target.kind === 'new' ? readOnlyReasonOf(s.context, { loading: !s.matches('ready'), posting: false, readOnlyMode: false, resumePrompt: false }) : null));
  const suggestions = useSelector(comments, (s) => s.context.mention.suggestions);
  const videoTime = useSelector(comments, (s) => s.context.videoTime);
  if (!ref) return null;
  return <ComposerEditor composer={ref} target={target} reason={reason} suggestions={suggestions} videoTime={videoTime} onAuthPrompt={onAuthPrompt} />;
}

function ComposerEditor({
  composer,
  target,
  reason,
  suggestions,
  videoTime,
  onAuthPrompt,
}: {
  composer: ComposerRef;
  target: ComposerTarget;
  reason: ReturnType<typeof readOnlyReasonOf>;
  suggestions: readonly MentionSuggestion[];
  videoTime: number | null;
  onAuthPrompt: () => void;
}) {
  const system = useSystem();
  const snapshot = useSelector(composer, (s) => s);
  const { context } = snapshot;
  const editor = snapshot.children.editor as EditorRef | undefined;
  const editorSnapshot = useSelector(editor, (s) => s);
  const modes = editorModesOf(editorSnapshot);
  const posting = snapshot.hasTag('posting');
  // The editor is controlled through `resetKey`: whenever the actor's content is not what the editor last sent
  // (cleared after a post, a restored draft, the start of an edit) the editor starts again from it.
  const lastSent = useRef<RawContent | null>(null);
  const resetCount = useRef(0);
  const resetKey = useMemo(() => {
    if (context.content !== lastSent.current) resetCount.current += 1;
    return resetCount.current;
  }, [context.content]);
  const readOnlyText = reason ? readOnlyTextFor(reason) : null;
  const message = context.attachmentProblem?.message ?? (context.problem && context.problem.kind !== 'blocked' ? context.problem.message : null) ?? context.error;
  return (
    <div className={`item-composer item-composer--${target.kind}`}>
      <ComposerAnnotation composer={composer} target={target} readOnly={readOnlyText !== null} />
      {context.snapshot && (
        <p className="item-composer__snapshot">
          <span>
            {context.snapshot.extension === 'html'
              ? t('comments.snapshot.html')
              : t(context.snapshot.isAnnotation ? 'comments.snapshot.annotated' : 'comments.snapshot.attached', { width: context.snapshot.width, height: context.snapshot.height })}
          </span>
          <Button size="sm" variant="ghost" onClick={() => composer.send({ type: 'posting.clearSnapshot' })}>
            {t('comments.snapshot.remove')}
          </Button>
        </p>
      )}
      <LazyCommentEditor
        content={context.content}
        resetKey={resetKey}
        placeholder={t(target.kind === 'reply' ? 'comments.editor.replyPlaceholder' : 'comments.editor.placeholder')}
        submitLabel={t(target.kind === 'edit' ? 'comments.editor.save' : target.kind === 'reply' ? 'comments.editor.reply' : 'comments.editor.post')}
        busy={posting}
        readOnlyText={readOnlyText}
        onReadOnlyClick={reason === 'notAllowed' ? onAuthPrompt : undefined}
        mentionSuggestions={suggestions}
        onMentionQuery={(query) => {
          editor?.send({ type: 'editor.mentionQuery', query });
          system.comments.send(query === null ? { type: 'comments.mentionClosed' } : { type: 'comments.mentionQuery', query });
        }}
        modes={modes}
        onEmojiToggle={() => editor?.send({ type: 'editor.toggleEmoji' })}
        onEmojiClose={() => editor?.send({ type: 'editor.closeEmoji' })}
        onBlur={() => editor?.send({ type: 'editor.blur' })}
        attachments={context.attachments}
        attachmentMessage={message}
        onAddFiles={(files) => composer.send({ type: 'posting.addAttachments', files: system.addFiles(files) })}
        onRemoveAttachment={(attachmentId) => composer.send({ type: 'posting.removeAttachment', attachmentId })}
        onChange={(content) => {
          lastSent.current = content;
          composer.send({ type: 'posting.change', content });
        }}
        onSubmit={(content) => {
          lastSent.current = content;
          composer.send({ type: 'posting.change', content });
          composer.send({ type: 'posting.submit' });
        }}
        onCancel={() => {
          composer.send({ type: 'posting.cancel' });
          if (target.kind !== 'new') system.comments.send({ type: 'comments.discard', composerId: composerIdOf(target) });
        }}
        onFocus={() => {
          editor?.send({ type: 'editor.focus' });
          composer.send({ type: 'posting.focus', currentTime: videoTime });
        }}
        onPasteImage={target.kind === 'edit' ? undefined : (file) => void pasteSnapshot(composer, system.addFiles, file)}
        autoFocus={target.kind !== 'new'}
        label={t(target.kind === 'reply' ? 'comments.editor.replyLabel' : target.kind === 'edit' ? 'comments.editor.editLabel' : 'comments.editor.label')}
      />
    </div>
  );
}

/** What the panel and the feedback view share, from the actors. */
function useCommentProps(meta: VersionMeta | null, product: string, onSeek: (place: CommentPlace) => void, onAuthPrompt: () => void) {
  const system = useSystem();
  const { comments, itemNotifications, notificationSettings, timeZone } = system;
  const snapshot = useSelector(comments, (s) => s);
  const notifications = useSelector(itemNotifications, (s) => s);
  const exportComments = useCommentExport();
  const { context } = snapshot;
  const slides = useMemo(() => slideLabelsOf(meta), [meta]);
  const subject = context.subject;
  const viewer = subject?.viewer ?? { key: null, userId: null, anonymousEmail: null };
  const offline = isOfflineOf(context);
  const outOfDate = isOutOfDateOf(context);
  const facts = commentFactsOf(context);
  const threads = visibleThreadsOf(context).map((thread) => threadViewModel(thread, { item: facts, viewer, offline, outOfDate }));
  const status: CommentsStatus = snapshot.matches('ready') ? 'ready' : snapshot.matches('error') ? 'error' : snapshot.matches('loading') ? 'loading' : 'idle';
  const send = comments.send;
  const levelProps: NotificationLevelPopoverProps | null = viewer.userId
    ? {
        level: shownLevelOf(notifications.context),
        status: (typeof notifications.value === 'string' ? notifications.value : 'loading') as NotificationLevelPopoverProps['status'],
        onOpenChange: (open) => {
          if (open && subject) itemNotifications.send({ type: 'itemNotifications.open', itemId: subject.itemId });
        },
        onSelect: (level) => itemNotifications.send({ type: 'itemNotifications.select', level }),
        onRetry: () => itemNotifications.send({ type: 'itemNotifications.retry' }),
        onOpenSettings: () => notificationSettings.send({ type: 'notificationSettings.open', timeZone }),
      }
    : null;
  // The actor keeps which edit and reply box is shown; one closes once saved or canceled (its composer stops).
  const shownEditingId = context.editingId;
  const shownReplyingToId = context.replyingToId;
  // A reply or edit box that closes takes the focus with it: the keyboard goes back to Reply or the comment's actions.
  useFocusBackAfterClose(shownReplyingToId, threadReplyButton);
  useFocusBackAfterClose(shownEditingId, commentActionsButton);
  const renderComposer = (target: ComposerTarget): ReactNode => <Composer target={target} onAuthPrompt={onAuthPrompt} />;
  return {
    status,
    errorMessage: context.loadError,
    onRetry: () => send({ type: 'comments.retry' }),
    areaState: commentAreaOf(context),
    threads,
    offline,
    enableComments: context.enableComments,
    sort: context.sort,
    onSortChange: (sort: typeof context.sort) => send({ type: 'comments.sort', sort }),
    productFamily: productFamily(product),
    showResolved: context.showResolved,
    onShowResolvedChange: (show: boolean) => send({ type: 'comments.showResolved', show }),
    canMarkAllRead: canMarkAllReadOf(context),
    onMarkAllRead: () => send({ type: 'comments.markAllRead' }),
    canToggleComments: canToggleCommentsOf(context),
    onToggleComments: (enabled: boolean) => send({ type: 'comments.setEnabled', enabled }),
    notifications: levelProps,
    // Comment export: the panel's Export button.
    onExportComments: exportComments,
    nowMs: system.now(),
    timeZone,
    isAndroid: IS_ANDROID,
    slideLabels: slides.labels,
    editingId: shownEditingId,
    deleteAskedId: context.deleteAsked,
    replyingToId: shownReplyingToId,
    renderComposer,
    onEdit: (commentId: string) => send({ type: 'comments.compose', target: { kind: 'edit', commentId } }),
    onAskDelete: (commentId: string) => send({ type: 'comments.askDestroy', id: commentId }),
    onConfirmDelete: () => send({ type: 'comments.confirmDestroy' }),
    onCancelDelete: () => send({ type: 'comments.cancelDestroy' }),
    onResolve: (parentId: string, resolved: boolean) => send({ type: 'comments.resolve', id: parentId, resolved }),
    onSeek,
    onReply: (parentId: string) => send({ type: 'comments.compose', target: { kind: 'reply', parentId } }),
    onThreadClick: (parentId: string) => send({ type: 'comments.threadClicked', id: parentId }),
  };
}

export interface ItemCommentsProps {
  meta: VersionMeta | null;
  product: string;
  onSeek: (place: CommentPlace) => void;
  /** Where 'Sign in' goes from the auth prompt (back to this item). */
  signInHref: string;
}

/** The auth prompt an anonymous reviewer gets from a read-only box (§6 anonymous). */
function useAuthPrompt(signInHref: string): { open: () => void; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  return {
    open: () => setOpen(true),
    dialog: <AuthPromptDialog open={open} onClose={() => setOpen(false)} signInHref={signInHref} createAccountHref={`${signInHref}${signInHref.includes('?') ? '&' : '?'}signup=true`} />,
  };
}

/** The comments side panel of the review tab. */
export function ItemCommentsPanel({ meta, product, onSeek, signInHref }: ItemCommentsProps) {
  const prompt = useAuthPrompt(signInHref);
  const props = useCommentProps(meta, product, onSeek, prompt.open);
  return (
    <>
      <CommentsPanel {...props} showComposer />
      <AnnotationSurvey />
      {prompt.dialog}
    </>
  );
}

/** The feedback tab: the same threads, full width. */
export function ItemFeedback({ meta, product, onSeek, signInHref }: ItemCommentsProps) {
  const prompt = useAuthPrompt(signInHref);
  const props = useCommentProps(meta, product, onSeek, prompt.open);
  return (
    <>
      <FeedbackView {...props} />
      {prompt.dialog}
    </>
  );
}

/** §8 comments_old_version_error: shown while the item actor says so. */
export function ItemOldVersionDialog() {
  const { item } = useSystem();
  const open = useSelector(item, (s) => s.matches({ open: { fetchSuccess: { oldVersionError: 'open' } } }) as boolean);
  return <OldVersionDialog open={open} onClose={() => item.send({ type: 'item.dismissOldVersionError' })} />;
}
