/** The comment box when it is read-only (§4): the reason as text; clickable when the host gives it a purpose (anonymous → auth dialog). */
import { cx } from '../../../kit/index.ts';

export interface ReadOnlyCommentBoxProps {
  /** Why the box is read-only. */
  text: string;
  onClick?: () => void;
  /** The editor's accessible name. */
  label: string;
  className?: string;
}

export function ReadOnlyCommentBox({ text, onClick, label, className }: ReadOnlyCommentBoxProps) {
  if (onClick) {
    return (
      <button type="button" className={cx('comment-editor', 'comment-editor__readonly', 'is-clickable', className)} onClick={onClick}>
        <span className="k-visually-hidden">{label}: </span>
        {text}
      </button>
    );
  }
  return (
    <div className={cx('comment-editor', 'comment-editor__readonly', className)} role="group" aria-label={label} aria-disabled="true">
      {text}
    </div>
  );
}
