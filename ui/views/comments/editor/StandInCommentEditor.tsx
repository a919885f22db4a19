/**
 * The comment box before ProseMirror has arrived: a plain textarea in the same frame, with the same role, name,
 * placeholder, toolbar and size as the editor (CommentEditor.tsx), so nothing moves and a screen reader meets the same
 * box when the editor replaces it. It is a working plain-text box meanwhile: typing reports `onChange` (the machine
 * keeps the draft), Enter or Ctrl/Cmd+Enter posts under the same rules (domain contentProblem), Shift+Enter starts a
 * line, Escape cancels, the emoji picker inserts at the caret, files are checked and attached, a pasted image becomes
 * the snapshot. Any sign of intent (the pointer over the box, focus, pointer down, a key) calls `onIntent`, which loads the editor;
 * LazyCommentEditor then hands the text (already the machine's content), the caret and the focus over to it.
 */
import { useId, useLayoutEffect, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent, type RefObject } from 'react';
import { COMMENT_MAX_CHARS } from '../../../../domain/constants.ts';
import { contentProblem, countCharacters, plainTextOf, rawFromPlainText, type RawContent } from '../../../../domain/richText.ts';
import { cx } from '../../../kit/index.ts';
import { addCheckedFiles, describedBy, EditorChrome, isCounterShown, messagesOf } from './EditorChrome.tsx';
import type { CommentEditorProps } from './types.ts';

export interface StandInCommentEditorProps extends CommentEditorProps {
  /** The textarea, read when the editor takes over (caret, focus). */
  fieldRef: RefObject<HTMLTextAreaElement | null>;
  /** The user is about to use the box: load the editor. */
  onIntent(): void;
}

/** Whether the content holds a mention, which plain text cannot keep: such a box waits for the editor. */
export function hasMentions(content: RawContent | null): boolean {
  return content !== null && content.blocks.some((block) => block.entityRanges.length > 0);
}

/** The text as the editor would take it: no control characters but tab and line feed, at most COMMENT_MAX_CHARS characters when it grew. */
export function standInText(next: string, previous: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = next.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
  if (countCharacters(clean) <= COMMENT_MAX_CHARS || countCharacters(clean) <= countCharacters(previous)) return clean;
  return Array.from(clean).slice(0, COMMENT_MAX_CHARS).join('');
}

export function StandInCommentEditor(props: StandInCommentEditorProps) {
  const { content, resetKey, placeholder, submitLabel, busy, attachments, attachmentMessage, onAddFiles, onRemoveAttachment, label, modes, fieldRef, onIntent } = props;
  const locked = hasMentions(content);
  const [text, setText] = useState(() => (content ? plainTextOf(content) : ''));
  const [message, setMessage] = useState<string | null>(null);
  const [shownKey, setShownKey] = useState(resetKey);
  if (shownKey !== resetKey) {
    setShownKey(resetKey);
    setText(content ? plainTextOf(content) : '');
    setMessage(null);
  }
  // Where the caret goes after an insertion the box made itself (an emoji, a drop).
  const caretAfter = useRef<number | null>(null);
  const fieldBox = useRef<HTMLDivElement>(null);
  const counterId = useId();
  const messageId = useId();

  const count = countCharacters(text);
  const showCounter = isCounterShown(count);
  const empty = modes ? modes.empty : text === '';
  const messages = messagesOf(message, attachmentMessage);

  useLayoutEffect(() => {
    const field = fieldRef.current;
    if (!props.autoFocus || !field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
    // Once, when the box shows (a reply or an edit opens focused), as the editor does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useLayoutEffect(() => {
    const field = fieldRef.current;
    if (caretAfter.current === null || !field) return;
    field.setSelectionRange(caretAfter.current, caretAfter.current);
    caretAfter.current = null;
  }, [text, fieldRef]);

  const change = (next: string): string => {
    const accepted = standInText(next, text);
    if (accepted !== text) {
      setText(accepted);
      setMessage(null);
      props.onChange(rawFromPlainText(accepted));
    }
    return accepted;
  };

  const insertAtCaret = (inserted: string) => {
    const field = fieldRef.current;
    const from = field?.selectionStart ?? text.length;
    const to = field?.selectionEnd ?? text.length;
    const accepted = change(text.slice(0, from) + inserted + text.slice(to));
    caretAfter.current = Math.min(accepted.length, from + inserted.length);
    field?.focus();
  };

  const submit = () => {
    if (busy || locked) return;
    const typed = rawFromPlainText(text);
    const problem = contentProblem(typed);
    setMessage(problem ? problem.message : null);
    if (!problem) props.onSubmit(typed);
  };

  const clear = () => {
    setText('');
    setMessage(null);
    props.onCancel();
  };

  const addFiles = (files: File[]) => {
    if (!onAddFiles || files.length === 0) return;
    setMessage(addCheckedFiles(files, attachments.length, onAddFiles));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    onIntent();
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.altKey) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      clear();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const onPasteImage = props.onPasteImage;
    const image = onPasteImage ? Array.from(event.clipboardData.files).find((file) => file.type.startsWith('image/')) : undefined;
    if (!image || !onPasteImage) return;
    event.preventDefault();
    onPasteImage(image);
  };

  const onDrop = (event: DragEvent<HTMLTextAreaElement>) => {
    onIntent();
    if (event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    addFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <div className={cx('comment-editor', busy && 'is-busy')} onPointerEnter={onIntent}>
      <div ref={fieldBox} className={cx('comment-editor__field', empty && 'is-empty')}>
        <textarea
          ref={fieldRef}
          className="comment-editor__input comment-editor__stand-in"
          rows={1}
          value={text}
          readOnly={locked}
          aria-label={label}
          aria-placeholder={placeholder}
          aria-autocomplete="list"
          aria-describedby={describedBy({ counter: counterId, messages: messageId }, showCounter, messages.length > 0)}
          spellCheck
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
          onPointerDown={onIntent}
          onFocus={() => {
            onIntent();
            props.onFocus?.();
          }}
          onBlur={() => props.onBlur?.()}
          onPaste={onPaste}
          onDrop={onDrop}
        />
        {empty && (
          <span className="comment-editor__placeholder" aria-hidden="true">
            {placeholder}
          </span>
        )}
        {/* The editor's announcement region, there from the start so that its first announcement is heard. */}
        <span className="k-visually-hidden" aria-live="polite" />
      </div>

      <EditorChrome
        ids={{ counter: counterId, messages: messageId }}
        messages={messages}
        attachments={attachments}
        onRemoveAttachment={onRemoveAttachment}
        onPickFiles={onAddFiles ? addFiles : undefined}
        onPickEmoji={insertAtCaret}
        field={fieldBox}
        focusField={() => fieldRef.current?.focus()}
        emojiOpen={modes?.emojiOpen}
        onEmojiOpenChange={(open) => {
          onIntent();
          if (open) props.onEmojiToggle?.();
          else props.onEmojiClose?.();
        }}
        count={count}
        submitLabel={submitLabel}
        submitDisabled={text.trim() === '' || locked}
        busy={busy}
        onCancel={clear}
        onSubmit={submit}
      />
    </div>
  );
}
