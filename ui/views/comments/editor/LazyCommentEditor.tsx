/**
 * The comment box, with ProseMirror off the page's first load (ARCHITECTURE "heavy parts load lazily"): until the
 * editor has arrived, a light stand-in box that looks and reads the same (StandInCommentEditor.tsx) takes the
 * typing; the editor loads on first use (focus, pointer down, a key in the box) or when the page is quiet after it
 * loaded (editorLoader.ts). When it arrives it takes the stand-in's place with what was typed (already the
 * machine's content), the caret and the focus. A read-only box never needs it.
 *
 * The swap sends the machines nothing of its own: the stand-in already reported the focus, so the editor's focus on
 * taking over is not reported again, and the stand-in's leaving is no blur.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { loadCommentEditor, useCommentEditorModule } from './editorLoader.ts';
import { ReadOnlyCommentBox } from './ReadOnlyCommentBox.tsx';
import { hasMentions, StandInCommentEditor } from './StandInCommentEditor.tsx';
import type { CommentEditorProps, TextOffsets } from './types.ts';

/** What the editor takes over from the stand-in. */
interface Handover {
  selection?: TextOffsets;
  focused: boolean;
}

/** The stand-in's caret and focus (none when there was no stand-in). */
function handoverFrom(field: HTMLTextAreaElement | null): Handover {
  if (!field) return { focused: false };
  const backward = field.selectionDirection === 'backward';
  return {
    selection: { anchor: backward ? field.selectionEnd : field.selectionStart, head: backward ? field.selectionStart : field.selectionEnd },
    focused: field.ownerDocument.activeElement === field,
  };
}

/** `CommentEditor`, with ProseMirror loaded on first use and a stand-in box until then. */
export function LazyCommentEditor(props: CommentEditorProps) {
  const editorModule = useCommentEditorModule();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  // Loaded before this box showed: the editor draws at once, nothing to hand over.
  const [handover, setHandover] = useState<Handover | null>(() => (editorModule.status === 'loaded' ? { focused: false } : null));
  // Set from the swap until the editor's own first focus: that focus is the stand-in's, already reported.
  const focusReported = useRef(false);
  const swapping = useRef(false);
  const editable = props.readOnlyText === null;
  const needsEditorNow = editable && (props.autoFocus === true || hasMentions(props.content));

  useEffect(() => {
    if (needsEditorNow) loadCommentEditor();
  }, [needsEditorNow]);

  useLayoutEffect(() => {
    if (editorModule.status !== 'loaded' || handover) return;
    const next = handoverFrom(fieldRef.current);
    focusReported.current = next.focused;
    swapping.current = true;
    setHandover(next);
  }, [editorModule.status, handover]);

  // Once the editor has mounted with them, the caret and focus are spent: a later remount (after a read-only spell) starts afresh.
  useLayoutEffect(() => {
    if (handover && (handover.focused || handover.selection)) setHandover({ focused: false });
  }, [handover]);

  if (props.readOnlyText !== null) return <ReadOnlyCommentBox text={props.readOnlyText} onClick={props.onReadOnlyClick} label={props.label} />;
  if (editorModule.status === 'loaded' && handover) {
    const { CommentEditor } = editorModule;
    return (
      <CommentEditor
        {...props}
        autoFocus={props.autoFocus === true || handover.focused}
        initialSelection={handover.selection}
        onFocus={() => {
          if (focusReported.current) focusReported.current = false;
          else props.onFocus?.();
        }}
        onBlur={() => {
          focusReported.current = false;
          props.onBlur?.();
        }}
      />
    );
  }
  return (
    <StandInCommentEditor
      {...props}
      fieldRef={fieldRef}
      onIntent={loadCommentEditor}
      onBlur={() => {
        if (!swapping.current) props.onBlur?.();
      }}
    />
  );
}
