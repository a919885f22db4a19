import type { CommentEditorProps } from './types.ts';

/** A comment box's props for view tests: an empty, idle box labelled "Comment", with `overrides` on top. */
export function editorTestProps(overrides: Partial<CommentEditorProps> = {}): CommentEditorProps {
  return {
    content: null,
    resetKey: 0,
    placeholder: 'Add a comment',
    submitLabel: 'Post',
    busy: false,
    readOnlyText: null,
    mentionSuggestions: [],
    onMentionQuery: () => {},
    attachments: [],
    attachmentMessage: null,
    onChange: () => {},
    onSubmit: () => {},
    onCancel: () => {},
    label: 'Comment',
    ...overrides,
  };
}
