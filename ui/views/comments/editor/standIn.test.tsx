import type { EditorView } from 'prosemirror-view';
import { describe, expect, it } from 'vitest';
import { COMMENT_MAX_CHARS } from '../../../../domain/constants.ts';
import { rawFromPlainText, type RawContent } from '../../../../domain/richText.ts';
import { render, tags, textOf } from '../../content/render.tsx';
import { CommentEditor } from './CommentEditor.tsx';
import { plainTextOfDoc } from './convert.ts';
import { createCommentEditorState, mentionQueryAt, positionAtTextOffset, type EditorHooks } from './editorState.ts';
import { LazyCommentEditor } from './LazyCommentEditor.tsx';
import { readOnlyTextFor } from './readOnly.ts';
import { hasMentions, StandInCommentEditor, standInText } from './StandInCommentEditor.tsx';
import { editorTestProps } from './testProps.ts';
import type { CommentEditorProps } from './types.ts';

function props(overrides: Partial<CommentEditorProps> = {}): CommentEditorProps {
  return editorTestProps({ placeholder: 'Add a comment. Type @ to mention someone.', ...overrides });
}

const standIn = (overrides: Partial<CommentEditorProps> = {}) => render(<StandInCommentEditor {...props(overrides)} fieldRef={{ current: null }} onIntent={() => {}} />);
const buttons = (html: string) => tags(html, 'button').map((tag) => tag.replace(/ (id|aria-controls)="[^"]*"/g, ''));
const classesOf = (html: string) => [...html.matchAll(/class="([^"]*)"/g)].map((m) => m[1]!);

const mentionDraft: RawContent = {
  blocks: [{ key: 'b0', text: 'Hi @Blake Bell!', type: 'unstyled', entityRanges: [{ offset: 3, length: 11, key: 0 }] }],
  entityMap: { '0': { type: 'mention', mutability: 'IMMUTABLE', data: { userId: 'u2', email: 'blake.bell@example.com', name: 'Blake Bell' } } },
};

const noHooks: EditorHooks = { suggestions: () => [], post: () => {}, refuse: () => {}, cancel: () => {} };

describe('the stand-in box before ProseMirror arrives', () => {
  it('is a labelled multi-line textbox with the placeholder, the same frame and the same toolbar as the editor', () => {
    const html = standIn({ onAddFiles: () => {} });
    const [field] = tags(html, 'textarea');
    expect(field).toContain('aria-label="Comment"');
    expect(field).toContain('aria-placeholder="Add a comment. Type @ to mention someone."');
    expect(field).not.toContain('aria-busy');
    expect(html).toMatch(/comment-editor__placeholder[^>]*>Add a comment/);
    const editor = render(<CommentEditor {...props({ onAddFiles: () => {} })} />);
    expect(buttons(html)).toEqual(buttons(editor));
    // The text field is the textarea here, ProseMirror's mount there; everything around it is the same.
    expect(classesOf(html).filter((c) => !c.includes('comment-editor__input'))).toEqual(classesOf(editor).filter((c) => c !== 'comment-editor__mount'));
  });

  it('shows typed text, a disabled Post when blank, the counter near the limit and the machine message', () => {
    expect(tags(standIn({ content: rawFromPlainText('  ') }), 'button').find((tag) => tag.includes('k-button--primary'))).toContain('disabled');
    const long = standIn({ content: rawFromPlainText(`one\n${'a'.repeat(1400)}`), attachmentMessage: 'You can attach a maximum of 5 files to a comment.' });
    expect(textOf(long)).toContain('1404/1500');
    expect(long).toMatch(/role="alert"[^>]*><p[^>]*>You can attach a maximum of 5 files/);
    expect(tags(long, 'textarea')[0]).toMatch(/aria-describedby="[^"]+ [^"]+"/);
    expect(tags(long, 'button').find((tag) => tag.includes('k-button--primary'))).not.toContain('disabled');
  });

  it('keeps the text as the editor would: control characters dropped, never grown past the limit', () => {
    expect(standInText('a\u0000b\r\nc\u0007', '')).toBe('ab\nc');
    expect(Array.from(standInText('🎉'.repeat(COMMENT_MAX_CHARS + 3), ''))).toHaveLength(COMMENT_MAX_CHARS);
    const over = 'x'.repeat(COMMENT_MAX_CHARS + 10);
    expect(standInText(over.slice(1), over)).toBe(over.slice(1));
  });

  it('content with a mention waits for the editor: the box is read-only and cannot post meanwhile', () => {
    expect(hasMentions(mentionDraft)).toBe(true);
    expect(hasMentions(rawFromPlainText('@Blake'))).toBe(false);
    const html = standIn({ content: mentionDraft });
    expect(tags(html, 'textarea')[0]).toContain('readOnly');
    expect(tags(html, 'button').find((tag) => tag.includes('k-button--primary'))).toContain('disabled');
  });

  it('the lazy box shows the read-only box at once, and the stand-in (no busy box) until the editor is used', () => {
    expect(textOf(render(<LazyCommentEditor {...props({ readOnlyText: readOnlyTextFor('offline') })} />))).toContain('You’re offline');
    const first = render(<LazyCommentEditor {...props()} />);
    expect(first).not.toContain('aria-busy="true"');
    expect(tags(first, 'textarea')[0]).toContain('aria-label="Comment"');
    expect(textOf(first)).toContain('Add a comment');
  });
});

describe('the editor takes over where the stand-in was', () => {
  it('maps text offsets to positions across lines, clamped at both ends', () => {
    const doc = createCommentEditorState(rawFromPlainText('ab\ncd'), noHooks).doc;
    const textAt = (offset: number) => doc.textBetween(0, positionAtTextOffset(doc, offset), '\n');
    expect([0, 1, 2, 3, 4, 5].map(textAt)).toEqual(['', 'a', 'ab', 'ab\n', 'ab\nc', 'ab\ncd']);
    expect(textAt(99)).toBe('ab\ncd');
    expect(textAt(-4)).toBe('');
  });

  it('an offset inside a mention lands after it', () => {
    const doc = createCommentEditorState(mentionDraft, noHooks).doc;
    expect(doc.textBetween(0, positionAtTextOffset(doc, 6), '\n', '@')).toBe('Hi @');
    expect(positionAtTextOffset(doc, 3)).toBe(4);
    expect(positionAtTextOffset(doc, 15)).toBe(doc.content.size - 1);
  });

  it('starts with the caret or selection the stand-in had; an @ typed before the caret is the mention being typed', () => {
    const caret = createCommentEditorState(rawFromPlainText('Hi @bla and more'), noHooks, { anchor: 7, head: 7 });
    expect(mentionQueryAt(caret)?.query).toBe('bla');
    const selected = createCommentEditorState(rawFromPlainText('one\ntwo'), noHooks, { anchor: 6, head: 1 });
    expect(selected.doc.textBetween(selected.selection.from, selected.selection.to, '\n')).toBe('ne\ntw');
    expect(selected.selection.head).toBeLessThan(selected.selection.anchor);
    expect(plainTextOfDoc(createCommentEditorState(rawFromPlainText('end'), noHooks).doc)).toBe('end');
  });

  it('Ctrl+Enter posts in the editor as in the stand-in', () => {
    const posted: RawContent[] = [];
    let state = createCommentEditorState(rawFromPlainText('Ship it'), { ...noHooks, post: (content) => posted.push(content) });
    const view = { get state() { return state; }, dispatch: (tr: Parameters<EditorView['dispatch']>[0]) => (state = state.apply(tr)) } as unknown as EditorView;
    const event = { key: 'Enter', ctrlKey: true, shiftKey: false, altKey: false, metaKey: false, keyCode: 13 } as unknown as KeyboardEvent;
    expect(state.plugins.some((plugin) => plugin.props.handleKeyDown?.call(plugin, view, event))).toBe(true);
    expect(posted).toEqual([rawFromPlainText('Ship it')]);
  });
});
