/** The comment editor's contract (kept apart from the component so importing it never loads ProseMirror). */
import type { CommentAttachment, MentionSuggestion } from '../../../../domain/comments.ts';
import type { RawContent } from '../../../../domain/richText.ts';

/** A controlled comment editor: the machine owns the draft, the attachments and the suggestions. */
export interface CommentEditorProps {
  /** Content to show; the editor resets to it whenever `resetKey` changes (post done → cleared, draft restored, edit start), and starts from it when (re)mounted, e.g. after being read-only. */
  content: RawContent | null;
  resetKey: string | number;
  placeholder: string;
  /** 'Post' or 'Save'. */
  submitLabel: string;
  busy: boolean;
  /** Non-null → read-only (§4 reasons; see readOnlyTextFor); the text explains why; clicking calls onReadOnlyClick (anonymous → auth dialog). */
  readOnlyText: string | null;
  onReadOnlyClick?: () => void;
  mentionSuggestions: readonly MentionSuggestion[];
  /** The word after '@' at a word start while typing, or null when the dropdown should close. */
  onMentionQuery(query: string | null): void;
  attachments: readonly CommentAttachment[];
  attachmentMessage: string | null;
  /** Absent → no attach button (e.g. edit of a comment without permission). Files arrive already checked by domain attachmentProblem. */
  onAddFiles?(files: File[]): void;
  onRemoveAttachment?(id: string): void;
  /** Every change of the document. */
  onChange(content: RawContent): void;
  /** Enter or the submit button; only when domain contentProblem(content) is null (else its message shows). Never while busy. */
  onSubmit(content: RawContent): void;
  /** Cancel button / Escape with no dropdown open: the editor clears itself; the machine drops the draft and new attachments. */
  onCancel(): void;
  /** The editable region got focus (video: the container captures currentTime). */
  onFocus?(): void;
  /** The editable region lost focus. */
  onBlur?(): void;
  /**
   * The editor's own states as the composer's editor actor has them (§4 comment editor: empty, focused, suggestions
   * open, emoji open); without it (a test rendering the widget alone) they follow the widget.
   */
  modes?: EditorModes;
  /** The emoji button was pressed, or the picker was closed (Escape, a click outside, a pick). */
  onEmojiToggle?(): void;
  onEmojiClose?(): void;
  /** A pasted image becomes the comment's snapshot. */
  onPasteImage?(file: File): void;
  autoFocus?: boolean;
  /** Where the caret (or selection) starts when the editor mounts, as offsets into the plain text; at the end when absent. */
  initialSelection?: TextOffsets;
  /** Accessible name of the editable region. */
  label: string;
}

/** The editor's own states, selected from its actor. */
export interface EditorModes {
  empty: boolean;
  suggestionsOpen: boolean;
  emojiOpen: boolean;
}

/** A selection as offsets into a comment's plain text (lines joined by '\n', UTF-16 units): anchor and head. */
export interface TextOffsets {
  anchor: number;
  head: number;
}
