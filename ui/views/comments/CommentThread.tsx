/**
 * A thread (review-and-content §4 comments): the parent comment, its replies (oldest first) and the reply box or
 * the Reply button — unavailable, with the reason, when the thread is locked or resolved, or the viewer is offline
 * or on an out-of-date version. Clicking anywhere in the thread (or Enter on it) calls `onThreadClick`, which
 * clears its unread marks. A thread whose comment is annotated points at the area it refers to on the player while
 * hovered or focused (AnnotationArea).
 */
import type { KeyboardEvent } from 'react';
import { cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { ReasonButton } from '../content/ReasonButton.tsx';
import { ThreadAnnotationPointer } from './AnnotationArea.tsx';
import { CommentItem, type CommentDisplayContext, type CommentHandlers } from './CommentItem.tsx';
import { COMMENT_TRANSITION } from './editor/index.ts';
import { replyBlockText, type ThreadViewModel } from './model.ts';

/** What every thread of a list shares: display facts and commands. */
export interface ThreadListContext extends CommentDisplayContext, CommentHandlers {
  /** The thread whose reply box is open, or null. */
  replyingToId: string | null;
  /** Open the reply box under a thread. */
  onReply: (parentId: string) => void;
  /** A thread was clicked or activated: mark its comments read. */
  onThreadClick: (parentId: string) => void;
}

export interface CommentThreadProps extends ThreadListContext {
  thread: ThreadViewModel;
  /** 1-based position and list size (feed pattern). */
  position?: number;
  setSize?: number;
}

const NO_PERMS = { canEdit: false, canDelete: false, canResolve: false };

/** One thread as an article of the comments feed. */
export function CommentThread({ thread, position, setSize, replyingToId, onReply, onThreadClick, ...context }: CommentThreadProps) {
  const { parent, replies } = thread;
  const name = parent.profile.fullName.trim() || parent.profile.email || parent.userEmail || '';
  const replying = replyingToId === parent.id;
  const unread = new Set(thread.unreadIds);
  // An annotated comment points at the area it refers to on the player while its thread is hovered or focused.
  const shapes = parent.snapshot?.annotation?.shapes.length ? parent.snapshot.annotation.shapes : null;
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      onThreadClick(parent.id);
    }
  };
  return (
    <article
      className={cx('comment-thread', COMMENT_TRANSITION.enterClass, parent.isResolved && 'is-resolved', thread.unread && 'is-unread')}
      aria-label={t('commentsPanel.thread.label', { name })}
      aria-posinset={position}
      aria-setsize={setSize}
      tabIndex={0}
      data-thread-id={parent.id}
      onClick={() => onThreadClick(parent.id)}
      onKeyDown={onKeyDown}
    >
      {shapes && <ThreadAnnotationPointer shapes={shapes} />}
      <CommentItem {...context} comment={parent} unread={unread.has(parent.id)} perms={thread.perms[parent.id] ?? NO_PERMS} />
      {replies.length > 0 && (
        <ol className="comment-thread__replies" aria-label={replies.length === 1 ? t('commentsPanel.comment.replies.one') : t('commentsPanel.comment.replies.other', { count: replies.length })}>
          {replies.map((reply) => (
            <li key={reply.id}>
              <CommentItem {...context} comment={reply} unread={unread.has(reply.id)} perms={thread.perms[reply.id] ?? NO_PERMS} />
            </li>
          ))}
        </ol>
      )}
      {replying && thread.replyBlockedBy === null ? (
        <div className="comment-thread__composer">{context.renderComposer({ kind: 'reply', parentId: parent.id })}</div>
      ) : (
        thread.canReply && (
          <div className="comment-thread__actions">
            <ReasonButton
              size="sm"
              variant="ghost"
              className="comment-thread__reply"
              disabledReason={thread.replyBlockedBy ? replyBlockText(thread.replyBlockedBy) : null}
              onClick={() => onReply(parent.id)}
            >
              {t('commentsPanel.comment.reply')}
            </ReasonButton>
          </div>
        )
      )}
    </article>
  );
}

