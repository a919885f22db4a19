/**
 * The comment editor and the rich-text renderer (review-and-content §4 comment editor, §5, §8, §9). Importing this
 * file does not load ProseMirror: `LazyCommentEditor` draws a plain stand-in box and fetches it on first use (or
 * when the page is quiet). A host that wants it eagerly imports `CommentEditor` from './CommentEditor.tsx'.
 */
export { AttachmentList, attachmentProblemText, formatFileSize, isSafeLink, type AttachmentListProps } from './AttachmentList.tsx';
export { EmojiPicker, type EmojiPickerProps } from './EmojiPicker.tsx';
export { LazyCommentEditor } from './LazyCommentEditor.tsx';
export { emojiPickerPlacement, suggestionPlacement, type Placement } from './placement.ts';
export { ReadOnlyCommentBox, type ReadOnlyCommentBoxProps } from './ReadOnlyCommentBox.tsx';
export { readOnlyTextFor } from './readOnly.ts';
export { RichText, type RichTextProps } from './RichText.tsx';
export { COMMENT_TRANSITION } from './transitions.ts';
export type { CommentEditorProps } from './types.ts';
