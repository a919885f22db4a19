/**
 * The comment editor loaded on demand (ARCHITECTURE "heavy parts load lazily"): ProseMirror is fetched the first
 * time an editable box shows. A read-only box never needs it.
 */
import { lazy, Suspense } from 'react';
import { cx } from '../../../kit/index.ts';
import { ReadOnlyCommentBox } from './ReadOnlyCommentBox.tsx';
import type { CommentEditorProps } from './types.ts';

const CommentEditor = lazy(() => import('./CommentEditor.tsx').then((module) => ({ default: module.CommentEditor })));

/** What shows while ProseMirror loads: the empty box with its placeholder. */
function LoadingBox({ placeholder }: { placeholder: string }) {
  return (
    <div className={cx('comment-editor', 'is-loading')} aria-busy="true">
      <div className="comment-editor__field is-empty">
        <span className="comment-editor__placeholder">{placeholder}</span>
      </div>
    </div>
  );
}

/** `CommentEditor`, with ProseMirror loaded lazily. */
export function LazyCommentEditor(props: CommentEditorProps) {
  if (props.readOnlyText !== null) return <ReadOnlyCommentBox text={props.readOnlyText} onClick={props.onReadOnlyClick} label={props.label} />;
  return (
    <Suspense fallback={<LoadingBox placeholder={props.placeholder} />}>
      <CommentEditor {...props} />
    </Suspense>
  );
}
