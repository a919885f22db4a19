/**
 * One comment (review-and-content §3 Comment, §4 comments, §6 comment permissions): the author's avatar and name (or
 * e-mail), the date, where it points (video time or slide/lesson; clicking seeks), the body through RichText (text
 * nodes only), the snapshot, the attachments as links, the unread dot, resolved / locked badges and the comment's
 * menu (edit, delete with a confirmation, resolve/reopen on parents). What the viewer may do arrives in `perms`;
 * which comment the delete confirmation asks about arrives in `deleteAskedId` (the comments actor keeps it).
 */
import type { ReactNode } from 'react';
import type { CommentAttachment, CommentRecord } from '../../../domain/comments.ts';
import { Avatar, Button, CheckIcon, ConfirmDialog, EditIcon, LockIcon, Menu, MenuItem, MoreIcon, PlayIcon, RestoreIcon, SlidesIcon, Spinner, TrashIcon, cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { SnapshotFigure } from './SnapshotFigure.tsx';
import { formatUpdatedAt } from '../content/format.ts';
import { RichText, isSafeLink } from './editor/index.ts';
import { formatVideoTime, fullCommentDate, type CommentPermissions, type CommentPlace, type ComposerTarget } from './model.ts';

/** What a comment needs besides the record: shared by every comment of the list. */
export interface CommentDisplayContext {
  /** "Now" for relative dates (the clock's time; fixed in tests). */
  nowMs: number;
  timeZone?: string;
  /** Edit is hidden on Android (§6). */
  isAndroid: boolean;
  /** Slide or lesson labels by id (model.slideLabelsOf). */
  slideLabels: Readonly<Record<string, string>>;
  /** The comment being edited (its composer replaces the body), or null. */
  editingId: string | null;
  /** The comment the delete confirmation asks about, or null. */
  deleteAskedId: string | null;
  /** Where the lead plugs the connected editor in. */
  renderComposer: (target: ComposerTarget) => ReactNode;
}

/** A comment's commands. */
export interface CommentHandlers {
  onEdit: (commentId: string) => void;
  /** The menu's Delete: ask for confirmation. */
  onAskDelete: (commentId: string) => void;
  /** The confirmation's Delete (deletes the comment asked about) and Cancel. */
  onConfirmDelete: () => void;
  onCancelDelete: () => void;
  /** Resolve (true) or reopen (false) a thread; parents only. */
  onResolve: (parentId: string, resolved: boolean) => void;
  /** The video time or slide label was clicked. */
  onSeek?: (place: CommentPlace) => void;
}

export interface CommentItemProps extends CommentDisplayContext, CommentHandlers {
  comment: CommentRecord;
  unread: boolean;
  perms: CommentPermissions;
}

/** One comment, its delete confirmation open while the comments actor asks about it. */
export function CommentItem(props: CommentItemProps) {
  return (
    <CommentItemView
      {...props}
      confirmingDelete={props.deleteAskedId === props.comment.id}
      onDeleteRequest={() => props.onAskDelete(props.comment.id)}
      onDeleteCancel={props.onCancelDelete}
      onDeleteConfirm={props.onConfirmDelete}
    />
  );
}

export interface CommentItemViewProps extends CommentItemProps {
  confirmingDelete: boolean;
  onDeleteRequest: () => void;
  onDeleteCancel: () => void;
  onDeleteConfirm: () => void;
}

/** The comment drawn from its props (the delete confirmation is controlled). */
export function CommentItemView({
  comment,
  unread,
  perms,
  nowMs,
  timeZone,
  isAndroid,
  slideLabels,
  editingId,
  renderComposer,
  onEdit,
  onResolve,
  onSeek,
  confirmingDelete,
  onDeleteRequest,
  onDeleteCancel,
  onDeleteConfirm,
}: CommentItemViewProps) {
  const name = comment.profile.fullName.trim() || comment.profile.email || comment.userEmail || '';
  // A guest's name is their e-mail (foundation §3 anonymous user): the address is shown once.
  const showEmail = comment.profile.email !== '' && name.toLowerCase() !== comment.profile.email.toLowerCase();
  const isParent = comment.replyTo === null;
  const resolved = isParent && comment.isResolved;
  const canEdit = perms.canEdit && !isAndroid;
  const canResolve = isParent && perms.canResolve;
  const editing = editingId === comment.id;
  const hasMenu = canEdit || perms.canDelete || canResolve;

  return (
    <div
      className={cx('comment-item', !isParent && 'is-reply', resolved && 'is-resolved', unread && 'is-unread', comment.locked && 'is-locked')}
      id={`comment-${comment.id}`}
      data-comment-id={comment.id}
    >
      <div className="comment-item__aside">
        {unread && (
          <span className="comment-item__unread-dot">
            <span className="k-visually-hidden">{t('commentsPanel.comment.unread')}</span>
          </span>
        )}
        <Avatar name={name} email={comment.profile.email || comment.userEmail || ''} src={comment.profile.avatar ?? undefined} size="sm" decorative />
      </div>
      <div className="comment-item__main">
        <div className="comment-item__header">
          <span className="comment-item__who">
            <span className="comment-item__author">{name}</span>
            {showEmail && <span className="comment-item__email">{comment.profile.email}</span>}
          </span>
          <time className="comment-item__date" dateTime={comment.createdAt} title={fullCommentDate(comment.createdAt, timeZone)}>
            {formatUpdatedAt(comment.createdAt, nowMs, 'en-US', timeZone)}
          </time>
          {hasMenu && !editing && (
            <Menu
              label={t('commentsPanel.comment.menu')}
              trigger={<MoreIcon size={16} />}
              align="end"
              triggerClassName="k-icon-button k-icon-button--sm comment-item__menu"
            >
              {canEdit && (
                <MenuItem icon={<EditIcon size={16} />} onSelect={() => onEdit(comment.id)}>
                  {t('commentsPanel.comment.edit')}
                </MenuItem>
              )}
              {canResolve && (
                <MenuItem icon={resolved ? <RestoreIcon size={16} /> : <CheckIcon size={16} />} onSelect={() => onResolve(comment.id, !resolved)}>
                  {t(resolved ? 'commentsPanel.comment.reopen' : 'commentsPanel.comment.resolve')}
                </MenuItem>
              )}
              {perms.canDelete && (
                <MenuItem icon={<TrashIcon size={16} />} tone="danger" onSelect={onDeleteRequest}>
                  {t('commentsPanel.comment.delete')}
                </MenuItem>
              )}
            </Menu>
          )}
        </div>
        {(resolved || comment.locked || comment.archiveVersionId !== null) && (
          <p className="comment-item__badges">
            {resolved && (
              <span className="comment-badge comment-badge--resolved">
                <CheckIcon size={12} /> {t('commentsPanel.comment.resolved')}
              </span>
            )}
            {comment.locked && (
              <span className="comment-badge comment-badge--locked" title={t('commentsPanel.comment.lockedHint')}>
                <LockIcon size={12} /> {t('commentsPanel.comment.locked')}
              </span>
            )}
            {comment.archiveVersionId !== null && <span className="comment-badge">{t('commentsPanel.comment.earlierVersion')}</span>}
          </p>
        )}
        <CommentPlaceLink comment={comment} slideLabels={slideLabels} onSeek={onSeek} />
        {editing ? (
          <div className="comment-item__editor">{renderComposer({ kind: 'edit', commentId: comment.id })}</div>
        ) : (
          <div className="comment-item__body">
            <RichText content={comment.content} />
          </div>
        )}
        {comment.snapshot?.url && isSafeLink(comment.snapshot.url) && (
          <SnapshotFigure snapshot={comment.snapshot} url={comment.snapshot.url} alt={t(comment.snapshot.isAnnotation ? 'commentsPanel.comment.annotation' : 'commentsPanel.comment.snapshot', { name })} />
        )}
        {comment.attachments.length > 0 && <AttachmentLinks attachments={comment.attachments} />}
        {resolved && canResolve && (
          <div className="comment-item__footer">
            <Button size="sm" variant="secondary" iconStart={<RestoreIcon size={14} />} onClick={() => onResolve(comment.id, false)}>
              {t('commentsPanel.comment.reopen')}
            </Button>
          </div>
        )}
      </div>
      {confirmingDelete && (
        <ConfirmDialog
          open
          danger
          onCancel={onDeleteCancel}
          onConfirm={onDeleteConfirm}
          title={t('commentsPanel.delete.title')}
          className="comment-delete-dialog"
          cancelLabel={t('commentsPanel.delete.cancel')}
          confirmLabel={t('commentsPanel.delete.confirm')}
        >
          <p>{t(isParent ? 'commentsPanel.delete.bodyThread' : 'commentsPanel.delete.body')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** The video time or the slide/lesson a comment was written on, as a button that seeks the player there. */
function CommentPlaceLink({ comment, slideLabels, onSeek }: { comment: CommentRecord; slideLabels: Readonly<Record<string, string>>; onSeek?: (place: CommentPlace) => void }) {
  if (comment.currentTime !== null) {
    const time = formatVideoTime(comment.currentTime);
    const seconds = comment.currentTime;
    return (
      <button type="button" className="comment-place" aria-label={t('commentsPanel.comment.seekTime', { time })} onClick={() => onSeek?.({ kind: 'time', seconds })}>
        <PlayIcon size={12} /> {time}
      </button>
    );
  }
  if (comment.slideId !== null) {
    const label = slideLabels[comment.slideId] ?? t('commentsPanel.unknownSlide');
    const slideId = comment.slideId;
    return (
      <button type="button" className="comment-place" aria-label={t('commentsPanel.comment.seekSlide', { label })} onClick={() => onSeek?.({ kind: 'slide', slideId })}>
        <SlidesIcon size={12} /> {label}
      </button>
    );
  }
  return null;
}

/** Attachments: stored ones as download links (their titles as text), others with their state. */
function AttachmentLinks({ attachments }: { attachments: readonly CommentAttachment[] }) {
  return (
    <ul className="comment-attachments" aria-label={t('commentsPanel.comment.attachments')}>
      {attachments.map((attachment) => (
        <li key={attachment.id} className={cx('comment-attachments__item', `is-${attachment.state}`)}>
          {attachment.state === 'uploaded' && attachment.url && isSafeLink(attachment.url) ? (
            <a href={attachment.url} target="_blank" rel="noopener noreferrer" download={attachment.title}>
              {attachment.title}
            </a>
          ) : (
            <span>
              {attachment.title}{' '}
              {attachment.state === 'uploading' ? (
                <span className="comment-attachments__state">
                  <Spinner size="sm" decorative /> {t('commentsPanel.comment.attachmentUploading')}
                </span>
              ) : (
                attachment.state === 'error' && <span className="comment-attachments__state is-error">{t('commentsPanel.comment.attachmentFailed')}</span>
              )}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
