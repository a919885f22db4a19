/**
 * What the comment box draws around its text field (review-and-content §4 comment editor): the messages, the
 * attachment chips and the toolbar (emoji, attach, counter, Cancel, Post). Shared by the ProseMirror editor and its
 * light stand-in (StandInCommentEditor.tsx), so the box looks and behaves the same before and after ProseMirror
 * arrives. Imports no ProseMirror.
 */
import { useRef, type ChangeEvent, type RefObject } from 'react';
import { attachmentProblem, type CommentAttachment } from '../../../../domain/comments.ts';
import { COMMENT_MAX_CHARS } from '../../../../domain/constants.ts';
import { Button, cx } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';
import { AttachmentList, attachmentProblemText } from './AttachmentList.tsx';
import { EmojiPicker } from './EmojiPicker.tsx';
import { PaperclipIcon } from './icons.tsx';

/** The character counter shows once this few characters remain. */
export const COUNTER_SHOWN_REMAINING = 200;

/** Whether the counter shows for `count` characters. */
export function isCounterShown(count: number): boolean {
  return count >= COMMENT_MAX_CHARS - COUNTER_SHOWN_REMAINING;
}

/** Checks files with domain attachmentProblem (against those attached and those accepted before them). */
export function checkFiles(files: readonly File[], alreadyAttached: number): { accepted: File[]; refusal: string | null } {
  const accepted: File[] = [];
  let refusal: string | null = null;
  for (const file of files) {
    const problem = attachmentProblem(file, alreadyAttached + accepted.length);
    if (problem) refusal ??= attachmentProblemText(problem);
    else accepted.push(file);
  }
  return { accepted, refusal };
}

/**
 * Adds the files that pass domain attachmentProblem (`add`), and answers the refusal message for the others, or null
 * when every file was accepted.
 */
export function addCheckedFiles(files: readonly File[], alreadyAttached: number, add: (files: File[]) => void): string | null {
  const { accepted, refusal } = checkFiles(files, alreadyAttached);
  if (accepted.length > 0) add(accepted);
  return refusal;
}

/** The box's own message and the machine's, once each. */
export function messagesOf(own: string | null, machine: string | null): string[] {
  return [own, machine].filter((text, i, all): text is string => Boolean(text) && all.indexOf(text) === i);
}

/** The text field's `aria-describedby`: the counter and the messages when they show. */
export function describedBy(ids: { counter: string; messages: string }, showCounter: boolean, hasMessages: boolean): string | undefined {
  const parts = [showCounter && ids.counter, hasMessages && ids.messages].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

export interface EditorChromeProps {
  ids: { counter: string; messages: string };
  messages: readonly string[];
  attachments: readonly CommentAttachment[];
  onRemoveAttachment?(id: string): void;
  /** Files picked with the attach button (absent → no button). */
  onPickFiles?(files: File[]): void;
  onPickEmoji(emoji: string): void;
  /** The text field, which the emoji panel must not cover. */
  field: RefObject<HTMLElement | null>;
  /** Where the keyboard goes back to (the text field). */
  focusField(): void;
  emojiOpen?: boolean;
  onEmojiOpenChange(open: boolean): void;
  count: number;
  submitLabel: string;
  submitDisabled: boolean;
  busy: boolean;
  onCancel(): void;
  onSubmit(): void;
}

/** Messages, chips and toolbar under the text field. */
export function EditorChrome(props: EditorChromeProps) {
  const { ids, messages, count, busy } = props;
  const fileInputRef = useRef<HTMLInputElement>(null);
  const showCounter = isCounterShown(count);
  const onFilesPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    props.onPickFiles?.(files);
  };
  return (
    <>
      {messages.length > 0 && (
        <div id={ids.messages} className="comment-editor__messages" role="alert">
          {messages.map((text) => (
            <p key={text} className="comment-editor__message">
              {text}
            </p>
          ))}
        </div>
      )}

      <AttachmentList attachments={props.attachments} onRemove={props.onRemoveAttachment} className="comment-editor__attachments" />

      <div className="comment-editor__toolbar" role="group" aria-label={t('comments.editor.toolbar')}>
        <EmojiPicker onPick={props.onPickEmoji} keepVisible={props.field} onEscape={props.focusField} open={props.emojiOpen} onOpenChange={props.onEmojiOpenChange} />
        {props.onPickFiles && (
          <>
            <button
              type="button"
              className="k-icon-button comment-editor__attach"
              aria-label={t('comments.editor.attach')}
              title={t('comments.editor.attach')}
              onClick={() => fileInputRef.current?.click()}
            >
              <PaperclipIcon />
            </button>
            <input ref={fileInputRef} type="file" multiple hidden tabIndex={-1} aria-hidden="true" onChange={onFilesPicked} />
          </>
        )}
        {showCounter && (
          <span id={ids.counter} className={cx('comment-editor__counter', count >= COMMENT_MAX_CHARS && 'is-full')} aria-label={t('comments.editor.counterLabel', { count, max: COMMENT_MAX_CHARS })}>
            {t('comments.editor.counter', { count, max: COMMENT_MAX_CHARS })}
          </span>
        )}
        <span className="comment-editor__spacer" />
        <Button variant="ghost" size="sm" onClick={props.onCancel}>
          {t('comments.editor.cancel')}
        </Button>
        <Button
          variant="primary"
          size="sm"
          disabled={props.submitDisabled || busy}
          loading={busy}
          onClick={() => {
            // The button turns busy (disabled) while posting: keep the keyboard in the box, not on the page's body.
            props.focusField();
            props.onSubmit();
          }}
        >
          {props.submitLabel}
        </Button>
      </div>
    </>
  );
}
