import fc from 'fast-check';
import { Fragment, type ReactElement, type ReactNode } from 'react';
import type { Node as PMNode } from 'prosemirror-model';
import type { EditorState, Transaction } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { describe, expect, it } from 'vitest';
import { attachmentProblem, type CommentAttachment, type MentionSuggestion, type ReadOnlyReason } from '../../../../domain/comments.ts';
import { COMMENT_ATTACHMENT_MAX_BYTES, COMMENT_MAX_ATTACHMENTS, COMMENT_MAX_CHARS } from '../../../../domain/constants.ts';
import { contentProblem, plainTextOf, rawFromPlainText, type RawContent } from '../../../../domain/richText.ts';
import { render, tags, textOf } from '../../content/render.tsx';
import { AttachmentList, attachmentProblemText, formatFileSize, isSafeLink } from './AttachmentList.tsx';
import { CommentEditor } from './CommentEditor.tsx';
import { checkFiles } from './EditorChrome.tsx';
import { docFromRaw, plainTextOfDoc, rawFromDoc } from './convert.ts';
import {
  activeMentionQuery,
  characterCount,
  contentOf,
  createCommentEditorState,
  handlePasteEvent,
  mentionMenu,
  suggestionName,
  type EditorHooks,
} from './editorState.ts';
import { EMOJI, emojiGridMove } from './EmojiGrid.tsx';
import { EmojiPicker } from './EmojiPicker.tsx';
import { emojiPickerPlacement, suggestionPlacement } from './placement.ts';
import { readOnlyTextFor } from './readOnly.ts';
import { RichText } from './RichText.tsx';
import { editorTestProps } from './testProps.ts';
import { commentSchema } from './schema.ts';

// ---------------------------------------------------------------------------------------------------------
// Fixtures and a headless editor: the real plugins and key bindings, driven the way an EditorView drives them.

const BLAKE: MentionSuggestion = { userId: 'u2', email: 'blake.bell@example.com', firstName: 'Blake', lastName: 'Bell', avatar: null, userType: 'user' };
const ALEX: MentionSuggestion = { userId: 'u3', email: 'alex.admin@example.com', firstName: 'Alex', lastName: 'Admin', avatar: null, userType: 'user' };
const GUEST: MentionSuggestion = { userId: 'anon|guest@example.com', email: 'guest@example.com', firstName: '', lastName: '', avatar: null, userType: 'anonymous' };

interface KeyOptions {
  shift?: boolean;
  ctrl?: boolean;
}

/** A fake clipboard: which types were read is recorded, so a test can show HTML was never looked at. */
function clipboard(data: Record<string, string>, files: File[] = []) {
  const read: string[] = [];
  let prevented = false;
  const event = {
    clipboardData: {
      getData: (type: string) => {
        read.push(type);
        return data[type] ?? '';
      },
      files,
      items: [],
    },
    preventDefault: () => {
      prevented = true;
    },
  } as unknown as ClipboardEvent;
  return { event, read, wasPrevented: () => prevented };
}

function headlessEditor(options: { content?: RawContent | null; suggestions?: MentionSuggestion[] } = {}) {
  const posted: RawContent[] = [];
  const refused: string[] = [];
  let cancelled = 0;
  let suggestions: readonly MentionSuggestion[] = options.suggestions ?? [];
  const hooks: EditorHooks = {
    suggestions: () => suggestions,
    post: (content) => posted.push(content),
    refuse: (message) => refused.push(message),
    cancel: () => {
      cancelled += 1;
    },
  };
  let state: EditorState = createCommentEditorState(options.content ?? null, hooks);
  // What EditorView does with a transaction: apply it (filters included) and keep the result.
  const view = {
    get state() {
      return state;
    },
    dispatch(tr: Transaction) {
      state = state.apply(tr);
    },
  };
  return {
    get state() {
      return state;
    },
    /** Typing: one text input per character, as the view's text-input handling dispatches it. */
    type(text: string) {
      for (const character of Array.from(text)) view.dispatch(state.tr.insertText(character));
    },
    /** A keydown, offered to each plugin's handleKeyDown in order, as EditorView does; true when handled. */
    press(key: string, { shift = false, ctrl = false }: KeyOptions = {}) {
      const event = { key, shiftKey: shift, ctrlKey: ctrl, altKey: false, metaKey: false, keyCode: 0 } as unknown as KeyboardEvent;
      for (const plugin of state.plugins) {
        const handler = plugin.props.handleKeyDown;
        if (handler?.call(plugin, view as unknown as EditorView, event)) return true;
      }
      return false;
    },
    /** A transaction as a command would dispatch it (filters apply). */
    dispatch(tr: Transaction) {
      view.dispatch(tr);
    },
    paste(data: Record<string, string>, files: File[] = [], onPasteImage?: (file: File) => void) {
      const board = clipboard(data, files);
      handlePasteEvent(view, board.event, onPasteImage);
      return board;
    },
    setSuggestions(list: MentionSuggestion[]) {
      suggestions = list;
    },
    text: () => plainTextOfDoc(state.doc),
    content: () => contentOf(state),
    posted,
    refused,
    cancelled: () => cancelled,
  };
}

const mentionContent: RawContent = {
  blocks: [
    { key: 'b0', text: 'Hi @Blake Bell and @guest@example.com!', type: 'unstyled', entityRanges: [{ offset: 3, length: 11, key: 0 }, { offset: 19, length: 18, key: 1 }] },
    { key: 'b1', text: '', type: 'unstyled', entityRanges: [] },
    { key: 'b2', text: 'Thanks 🎉', type: 'unstyled', entityRanges: [] },
  ],
  entityMap: {
    '0': { type: 'mention', mutability: 'IMMUTABLE', data: { userId: 'u2', email: 'blake.bell@example.com', name: 'Blake Bell' } },
    '1': { type: 'mention', mutability: 'IMMUTABLE', data: { userId: 'anon|guest@example.com', email: 'guest@example.com', name: 'guest@example.com' } },
  },
};

// ---------------------------------------------------------------------------------------------------------

describe('doc ⇄ raw content', () => {
  it('round-trips blocks, empty lines and mentions (entity ranges + entity map)', () => {
    const doc = docFromRaw(mentionContent);
    expect(doc.childCount).toBe(3);
    const mentions: PMNode[] = [];
    doc.descendants((node) => {
      if (node.type.name === 'mention') mentions.push(node);
    });
    expect(mentions.map((m) => m.attrs)).toEqual([
      { userId: 'u2', email: 'blake.bell@example.com', name: 'Blake Bell', text: '@Blake Bell' },
      { userId: 'anon|guest@example.com', email: 'guest@example.com', name: 'guest@example.com', text: '@guest@example.com' },
    ]);
    expect(rawFromDoc(doc)).toEqual(mentionContent);
    expect(plainTextOfDoc(doc)).toBe(plainTextOf(mentionContent));
  });

  it('null content is one empty block; out-of-bounds ranges stay text', () => {
    expect(rawFromDoc(docFromRaw(null))).toEqual({ blocks: [{ key: 'b0', text: '', type: 'unstyled', entityRanges: [] }], entityMap: {} });
    const broken: RawContent = { blocks: [{ key: 'x', text: 'abc', type: 'unstyled', entityRanges: [{ offset: 2, length: 5, key: 0 }] }], entityMap: mentionContent.entityMap };
    expect(rawFromDoc(docFromRaw(broken))).toEqual({ blocks: [{ key: 'b0', text: 'abc', type: 'unstyled', entityRanges: [] }], entityMap: {} });
  });

  it('any document survives doc → raw → doc, and its plain text is what domain plainTextOf reads', () => {
    const mention = fc.record({ userId: fc.string({ minLength: 1, maxLength: 8 }), email: fc.emailAddress(), name: fc.string({ minLength: 1, maxLength: 12 }) });
    const inline = fc.oneof(
      fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !/[\r\n]/.test(s)).map((text) => ({ kind: 'text' as const, text })),
      mention.map((m) => ({ kind: 'mention' as const, ...m })),
    );
    fc.assert(
      fc.property(fc.array(fc.array(inline, { maxLength: 5 }), { minLength: 1, maxLength: 4 }), (paragraphs) => {
        const doc = commentSchema.nodes.doc!.create(
          null,
          paragraphs.map((parts) =>
            commentSchema.nodes.paragraph!.create(
              null,
              parts.map((part) => (part.kind === 'text' ? commentSchema.text(part.text) : commentSchema.nodes.mention!.create({ ...part, text: `@${part.name}` }))),
            ),
          ),
        );
        const raw = rawFromDoc(doc);
        expect(docFromRaw(raw).eq(doc)).toBe(true);
        expect(plainTextOf(raw)).toBe(plainTextOfDoc(doc));
      }),
      { numRuns: 150 },
    );
  });
});

describe('keys: Enter posts, Shift+Enter starts a block, undo', () => {
  it('Enter posts the content and does not add a line', () => {
    const editor = headlessEditor();
    editor.type('Looks good');
    expect(editor.press('Enter')).toBe(true);
    expect(editor.posted).toEqual([rawFromPlainText('Looks good')]);
    expect(editor.state.doc.childCount).toBe(1);
  });

  it('Shift+Enter adds a newline: two blocks are posted', () => {
    const editor = headlessEditor();
    editor.type('one');
    editor.press('Enter', { shift: true });
    editor.type('two');
    expect(editor.posted).toEqual([]);
    editor.press('Enter');
    expect(editor.posted).toHaveLength(1);
    expect(editor.posted[0]!.blocks.map((b) => b.text)).toEqual(['one', 'two']);
  });

  it('empty or whitespace-only content cannot be posted: the domain message is shown instead', () => {
    const editor = headlessEditor();
    editor.press('Enter');
    editor.type('   ');
    editor.press('Enter', { shift: true });
    editor.type('\t ');
    editor.press('Enter');
    expect(editor.posted).toEqual([]);
    expect(editor.refused).toEqual(['Write a comment first.', 'Write a comment first.']);
  });

  it('content with unsafe markup is refused with its message, never posted', () => {
    const editor = headlessEditor();
    editor.type('<img src=x onerror=alert(1)>');
    editor.press('Enter');
    expect(editor.posted).toEqual([]);
    expect(editor.refused).toEqual([contentProblem(rawFromPlainText('<img src=x onerror=alert(1)>'))!.message]);
  });

  it('Ctrl+Z undoes typing inside the editor and Ctrl+Y redoes it', () => {
    const editor = headlessEditor({ content: rawFromPlainText('Draft') });
    editor.type(' more');
    editor.press('z', { ctrl: true });
    expect(editor.text()).toBe('Draft');
    editor.press('y', { ctrl: true });
    expect(editor.text()).toBe('Draft more');
  });

  it('a reset state starts with the given content, caret at the end, and no history to undo into', () => {
    const editor = headlessEditor({ content: rawFromPlainText('Restored draft') });
    editor.press('z', { ctrl: true });
    expect(editor.text()).toBe('Restored draft');
    editor.type('!');
    expect(editor.text()).toBe('Restored draft!');
  });
});

describe(`the ${COMMENT_MAX_CHARS}-character limit`, () => {
  it('the 1,501st typed character is ignored', () => {
    const editor = headlessEditor();
    editor.type('x'.repeat(COMMENT_MAX_CHARS + 1));
    expect(characterCount(editor.state)).toBe(COMMENT_MAX_CHARS);
    editor.type('y');
    expect(editor.text()).toBe('x'.repeat(COMMENT_MAX_CHARS));
  });

  it('counts code points (an emoji is one) and newlines; Shift+Enter at the limit is ignored', () => {
    const editor = headlessEditor({ content: rawFromPlainText('a'.repeat(COMMENT_MAX_CHARS - 1)) });
    editor.type('🎉');
    expect(characterCount(editor.state)).toBe(COMMENT_MAX_CHARS);
    editor.press('Enter', { shift: true });
    expect(editor.state.doc.childCount).toBe(1);
  });

  it('a paste is cut to what still fits', () => {
    const editor = headlessEditor({ content: rawFromPlainText('a'.repeat(COMMENT_MAX_CHARS - 5)) });
    editor.paste({ 'text/plain': 'bcdefghij' });
    expect(editor.text()).toBe(`${'a'.repeat(COMMENT_MAX_CHARS - 5)}bcdef`);
  });

  it('content that arrived over the limit can still be shortened, never lengthened', () => {
    const editor = headlessEditor({ content: rawFromPlainText('z'.repeat(COMMENT_MAX_CHARS + 3)) });
    editor.type('more');
    expect(characterCount(editor.state)).toBe(COMMENT_MAX_CHARS + 3);
    const end = editor.state.selection.from;
    editor.dispatch(editor.state.tr.delete(end - 1, end));
    expect(characterCount(editor.state)).toBe(COMMENT_MAX_CHARS + 2);
  });
});

describe('paste', () => {
  it('pasted HTML becomes plain text: only text/plain is read; lines become blocks', () => {
    const editor = headlessEditor();
    editor.type('Start: ');
    const board = editor.paste({ 'text/html': '<b>bold</b><img src=x onerror=alert(1)><script>alert(1)</script>', 'text/plain': 'bold\r\nsecond line' });
    expect(board.read).toEqual(['text/plain']);
    expect(board.wasPrevented()).toBe(true);
    expect(editor.content().blocks.map((b) => b.text)).toEqual(['Start: bold', 'second line']);
    const nodeTypes = new Set<string>();
    editor.state.doc.descendants((node) => {
      nodeTypes.add(node.type.name);
      expect(node.marks).toEqual([]);
    });
    expect([...nodeTypes].sort()).toEqual(['paragraph', 'text']);
  });

  it('a pasted image goes to onPasteImage (the snapshot) and inserts nothing', () => {
    const editor = headlessEditor();
    const image = new File([new Uint8Array([137, 80, 78, 71])], 'screenshot.png', { type: 'image/png' });
    const got: File[] = [];
    editor.paste({ 'text/plain': '' }, [image], (file) => got.push(file));
    expect(got).toEqual([image]);
    expect(editor.text()).toBe('');
  });
});

describe('mentions', () => {
  it("'@' at a word start reports the query; inside a word (an e-mail) it does not", () => {
    const editor = headlessEditor();
    editor.type('mail me at me@exam');
    expect(activeMentionQuery(editor.state)).toBeNull();
    editor.type(' @');
    expect(activeMentionQuery(editor.state)?.query).toBe('');
    editor.type('bl');
    expect(activeMentionQuery(editor.state)?.query).toBe('bl');
    editor.type(' ');
    expect(activeMentionQuery(editor.state)).toBeNull();
  });

  it('arrows move the highlight; Enter picks it as a mention entity instead of posting', () => {
    const editor = headlessEditor({ suggestions: [ALEX, BLAKE] });
    editor.type('Hi @b');
    expect(mentionMenu(editor.state, 2)).toMatchObject({ index: 0, query: { query: 'b' } });
    editor.press('ArrowDown');
    expect(mentionMenu(editor.state, 2)?.index).toBe(1);
    editor.press('Enter');
    expect(editor.posted).toEqual([]);
    editor.type('please check');
    const content = editor.content();
    expect(content.blocks[0]).toEqual({ key: 'b0', text: 'Hi @Blake Bell please check', type: 'unstyled', entityRanges: [{ offset: 3, length: 11, key: 0 }] });
    expect(content.entityMap).toEqual({ '0': { type: 'mention', mutability: 'IMMUTABLE', data: { userId: 'u2', email: 'blake.bell@example.com', name: 'Blake Bell' } } });
    editor.press('Enter');
    expect(editor.posted).toEqual([content]);
  });

  it('Tab picks too; an anonymous reviewer is mentioned by e-mail', () => {
    const editor = headlessEditor({ suggestions: [GUEST] });
    editor.type('@gu');
    editor.press('Tab');
    expect(editor.text()).toBe('@guest@example.com ');
    expect(Object.values(editor.content().entityMap)[0]?.data).toEqual({ userId: 'anon|guest@example.com', email: 'guest@example.com', name: 'guest@example.com' });
    expect(suggestionName(BLAKE)).toBe('Blake Bell');
  });

  it('Escape closes the dropdown (not the draft); it stays closed for that @ and opens for the next', () => {
    const editor = headlessEditor({ suggestions: [BLAKE] });
    editor.type('Ping @bl');
    editor.press('Escape');
    expect(editor.cancelled()).toBe(0);
    expect(mentionMenu(editor.state, 1)).toBeNull();
    expect(activeMentionQuery(editor.state)).toBeNull();
    expect(editor.text()).toBe('Ping @bl');
    editor.type('a');
    expect(mentionMenu(editor.state, 1)).toBeNull();
    editor.press('Enter');
    expect(editor.posted).toHaveLength(1);
    editor.type(' @a');
    expect(mentionMenu(editor.state, 1)).not.toBeNull();
  });

  it('Escape with no dropdown open cancels', () => {
    const editor = headlessEditor();
    editor.type('Never mind');
    editor.press('Escape');
    expect(editor.cancelled()).toBe(1);
  });

  it('with no suggestions the dropdown stays shut and Enter posts', () => {
    const editor = headlessEditor({ suggestions: [] });
    editor.type('@nobody');
    expect(mentionMenu(editor.state, 0)).toBeNull();
    editor.press('Enter');
    expect(editor.posted.map(plainTextOf)).toEqual(['@nobody']);
  });
});

describe('pop-up placement (§9)', () => {
  it('the suggestion dropdown flips above when less than 300 px remain below the caret', () => {
    expect(suggestionPlacement(500, 800)).toBe('below');
    expect(suggestionPlacement(501, 800)).toBe('above');
  });

  it('the emoji picker opens above when less than 387 px remain below its button', () => {
    expect(emojiPickerPlacement(400, 787)).toBe('below');
    expect(emojiPickerPlacement(400, 786)).toBe('above');
  });
});

describe('emoji picker', () => {
  it('shows 8 per line: arrows move by one and by a row, Home/End stay in the row', () => {
    expect(EMOJI.length % 8).toBe(0);
    expect(emojiGridMove('ArrowDown', 2, EMOJI.length)).toBe(10);
    expect(emojiGridMove('ArrowUp', 10, EMOJI.length)).toBe(2);
    expect(emojiGridMove('ArrowUp', 3, EMOJI.length)).toBe(3);
    expect(emojiGridMove('ArrowRight', EMOJI.length - 1, EMOJI.length)).toBe(EMOJI.length - 1);
    expect(emojiGridMove('Home', 13, EMOJI.length)).toBe(8);
    expect(emojiGridMove('End', 9, EMOJI.length)).toBe(15);
    expect(emojiGridMove('End', 9, EMOJI.length, true)).toBe(EMOJI.length - 1);
    expect(emojiGridMove('a', 9, EMOJI.length)).toBeNull();
  });

  it('renders closed as a labelled button', () => {
    const html = render(<EmojiPicker onPick={() => {}} />);
    expect(tags(html, 'button')).toEqual([expect.stringContaining('aria-label="Insert emoji"')]);
    expect(html).toContain('aria-expanded="false"');
    expect(html).not.toContain('role="grid"');
  });
});

// ---------------------------------------------------------------------------------------------------------
// Components

/** Host elements of a tree of hook-free components (calls them), for clicking callbacks without a DOM. */
function hostElements(node: ReactNode): ReactElement<Record<string, unknown>>[] {
  if (node === null || node === undefined || typeof node !== 'object') return [];
  if (Array.isArray(node)) return node.flatMap(hostElements);
  const element = node as ReactElement<{ children?: ReactNode }>;
  if (typeof element.type === 'function') return hostElements((element.type as (props: unknown) => ReactNode)(element.props));
  if (typeof element.type === 'string') return [element as ReactElement<Record<string, unknown>>, ...hostElements(element.props.children)];
  if (element.type === Fragment) return hostElements(element.props.children);
  return hostElements(element.props.children);
}

const attachment = (over: Partial<CommentAttachment>): CommentAttachment => ({
  id: 'a1',
  title: 'notes.pdf',
  key: 'k1',
  state: 'uploaded',
  delaySave: true,
  size: 1_572_864,
  url: null,
  ...over,
});

describe('attachments', () => {
  const list = [
    attachment({ id: 'a1', title: 'notes.pdf', state: 'uploading' }),
    attachment({ id: 'a2', title: 'plan.docx', state: 'uploaded', size: 2048, url: 'https://files.example.com/plan.docx?sig=1' }),
    attachment({ id: 'a3', title: 'broken.mov', state: 'error', size: 980 }),
  ];

  it('chips show title, size and state: uploading spinner, uploaded link, error with attachment_error and a delete icon', () => {
    const html = render(<AttachmentList attachments={list} onRemove={() => {}} />);
    const text = textOf(html);
    expect(text).toContain('notes.pdf 1.5 MB · Uploading');
    expect(text).toContain('plan.docx 2 KB');
    expect(text).toContain('broken.mov 980 bytes · This file couldn’t be uploaded.');
    expect(html).toContain('k-spinner');
    expect(tags(html, 'a')).toEqual([expect.stringContaining('href="https://files.example.com/plan.docx?sig=1"')]);
    expect(html).toMatch(/role="alert"[^>]*>This file couldn’t be uploaded\.</);
    expect(tags(html, 'button').map((b) => /aria-label="([^"]+)"/.exec(b)![1])).toEqual(['Remove notes.pdf', 'Remove plan.docx', 'Delete broken.mov']);
    expect(tags(html, 'li').filter((li) => li.includes('is-error'))).toHaveLength(1);
  });

  it('the remove and delete buttons report the attachment id; without onRemove there are none', () => {
    const removed: string[] = [];
    const buttons = hostElements(AttachmentList({ attachments: list, onRemove: (id) => removed.push(id) })).filter((el) => el.type === 'button');
    for (const button of buttons) (button.props.onClick as () => void)();
    expect(removed).toEqual(['a1', 'a2', 'a3']);
    expect(tags(render(<AttachmentList attachments={list} />), 'button')).toEqual([]);
  });

  it('titles stay text and script addresses never become links', () => {
    const html = render(<AttachmentList attachments={[attachment({ title: '<img src=x onerror=alert(1)>.png', url: 'javascript:alert(1)' })]} />);
    expect(tags(html, 'img')).toEqual([]);
    expect(tags(html, 'a')).toEqual([]);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;.png');
    expect(isSafeLink('/files/a.pdf')).toBe(true);
    expect(isSafeLink('//evil.example.com/a')).toBe(false);
    expect(isSafeLink('data:text/html,hi')).toBe(false);
  });

  it('the spec messages match what domain attachmentProblem answers (client and server say the same)', () => {
    const tooMany = attachmentProblem({ name: 'a.pdf', size: 1 }, COMMENT_MAX_ATTACHMENTS)!;
    const tooBig = attachmentProblem({ name: 'a.mov', size: COMMENT_ATTACHMENT_MAX_BYTES + 1 }, 0)!;
    const badType = attachmentProblem({ name: 'run.exe', size: 1 }, 0)!;
    for (const problem of [tooMany, tooBig, badType]) expect(attachmentProblemText(problem)).toBe(problem.message);
    expect(formatFileSize(5 * 1024 ** 3)).toBe('5 GB');
  });

  it('picked files are checked before they are added: a sixth attachment, a 6 GB file and an .exe are refused', () => {
    const file = (name: string, size = 10) => {
      const f = new File(['x'], name);
      Object.defineProperty(f, 'size', { value: size });
      return f;
    };
    const ok = file('a.pdf');
    expect(checkFiles([ok], 4)).toEqual({ accepted: [ok], refusal: null });
    expect(checkFiles([file('b.pdf'), file('c.pdf')], 4)).toMatchObject({ accepted: [expect.objectContaining({ name: 'b.pdf' })], refusal: 'You can attach a maximum of 5 files to a comment.' });
    expect(checkFiles([file('big.mov', 6 * 1024 ** 3)], 0)).toEqual({ accepted: [], refusal: 'This file is too large. Attachments can be at most 5 GB.' });
    expect(checkFiles([file('setup.exe')], 0)).toEqual({ accepted: [], refusal: 'This file type is not supported as an attachment.' });
  });
});

const baseProps = editorTestProps;

const buttonTexts = (html: string) => [...html.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/g)].map((m) => textOf(m[1]!));
const submitButton = (html: string) => tags(html, 'button').find((tag) => tag.includes('k-button--primary')) ?? '';

describe('CommentEditor', () => {
  it('empty: placeholder, Cancel and a disabled Post; no attach button without onAddFiles', () => {
    const html = render(<CommentEditor {...baseProps()} />);
    expect(html).toMatch(/comment-editor__placeholder[^>]*>Add a comment</);
    expect(buttonTexts(html)).toEqual(['', 'Cancel', 'Post']);
    expect(submitButton(html)).toContain('disabled');
    expect(html).not.toContain('type="file"');
  });

  it('whitespace-only content cannot be posted; text can; Save while busy spins', () => {
    expect(submitButton(render(<CommentEditor {...baseProps({ content: rawFromPlainText('  \n\t ') })} />))).toContain('disabled');
    expect(submitButton(render(<CommentEditor {...baseProps({ content: rawFromPlainText('Hi') })} />))).not.toContain('disabled');
    const busy = render(<CommentEditor {...baseProps({ content: rawFromPlainText('Hi'), submitLabel: 'Save', busy: true })} />);
    expect(submitButton(busy)).toContain('aria-busy="true"');
    expect(buttonTexts(busy)).toContain('Save');
  });

  it('the attach button and a multiple file input come with onAddFiles; chips and the machine message show', () => {
    const html = render(
      <CommentEditor
        {...baseProps({
          onAddFiles: () => {},
          onRemoveAttachment: () => {},
          attachments: [attachment({ id: 'a9', title: 'shot.png', state: 'error' })],
          attachmentMessage: 'You can attach a maximum of 5 files to a comment.',
        })}
      />,
    );
    expect(html).toContain('aria-label="Attach files"');
    expect(tags(html, 'input')).toEqual([expect.stringMatching(/type="file".*multiple/)]);
    expect(html).toMatch(/role="alert"[^>]*><p[^>]*>You can attach a maximum of 5 files to a comment\./);
    expect(html).toContain('aria-label="Delete shot.png"');
  });

  it('the character counter shows near the limit', () => {
    expect(render(<CommentEditor {...baseProps({ content: rawFromPlainText('a'.repeat(1200)) })} />)).not.toContain('comment-editor__counter');
    expect(textOf(render(<CommentEditor {...baseProps({ content: rawFromPlainText('a'.repeat(1400)) })} />))).toContain('1400/1500');
  });

  it('read-only: a box with the reason, no editor; clicking it calls onReadOnlyClick (anonymous → auth dialog)', () => {
    const clicks: string[] = [];
    const props = baseProps({ readOnlyText: readOnlyTextFor('notAllowed'), onReadOnlyClick: () => clicks.push('auth') });
    const html = render(<CommentEditor {...props} />);
    expect(textOf(html)).toContain('Sign in to comment.');
    expect(buttonTexts(html)).toEqual(['Comment: Sign in to comment.']);
    expect(html).not.toContain('Post');
    const button = hostElements(CommentEditor(props)).find((el) => el.type === 'button')!;
    (button.props.onClick as () => void)();
    expect(clicks).toEqual(['auth']);
    expect(tags(render(<CommentEditor {...baseProps({ readOnlyText: readOnlyTextFor('offline') })} />), 'button')).toEqual([]);
  });

  it('every §4 read-only reason has its own text', () => {
    const reasons: ReadOnlyReason[] = ['disabled', 'readOnlyMode', 'offline', 'outOfDate', 'posting', 'loading', 'noCurrentSlide', 'resumePrompt', 'notAllowed'];
    const texts = reasons.map(readOnlyTextFor);
    expect(new Set(texts).size).toBe(reasons.length);
  });
});

describe('RichText renders text nodes only (XSS-safe by construction)', () => {
  const probes = ['<img src=x onerror=alert(1)>', '<script>alert(1)</script>', '<svg/onload=alert(1)>', '<a href="javascript:alert(1)">x</a>'];
  const hostile: RawContent = {
    blocks: [
      ...probes.map((text, i) => ({ key: `p${i}`, text, type: 'unstyled' as const, entityRanges: [] })),
      { key: 'm', text: '@<b onmouseover=alert(1)>Eve</b> hi', type: 'unstyled', entityRanges: [{ offset: 0, length: 32, key: 0 }] },
      { key: 'e', text: '', type: 'unstyled', entityRanges: [] },
    ],
    entityMap: { '0': { type: 'mention', mutability: 'IMMUTABLE', data: { userId: 'x', email: '"><script>alert(2)</script>', name: '<img src=x onerror=alert(3)>' } } },
  };

  it('creates no element but lines, mention chips and line breaks; the probes show as characters', () => {
    const html = render(<RichText content={hostile} />);
    const elements = [...html.matchAll(/<([a-zA-Z][\w-]*)/g)].map((m) => m[1]);
    expect(new Set(elements)).toEqual(new Set(['div', 'p', 'span', 'br']));
    expect(tags(html, 'span')).toEqual([expect.stringContaining('class="rich-text__mention"')]);
    const attributeNames = tags(html, '[a-z]+').flatMap((tag) => [...tag.matchAll(/\s([a-zA-Z-]+)=/g)].map((m) => m[1]));
    expect(new Set(attributeNames)).toEqual(new Set(['class', 'title']));
    const decoded = html.replace(/&lt;/g, '<').replace(/&gt;/g, '>');
    for (const probe of probes) expect(decoded).toContain(probe);
    expect(hostElements(RichText({ content: hostile })).filter((el) => el.props.dangerouslySetInnerHTML !== undefined)).toEqual([]);
  });

  it('a mention is a chip with its text; lines keep their order', () => {
    const html = render(<RichText content={mentionContent} />);
    expect(html).toMatch(/<span class="rich-text__mention" title="Mentioned: blake\.bell@example\.com">@Blake Bell<\/span>/);
    expect(tags(html, 'p')).toHaveLength(3);
    expect(tags(html, 'p').length).toBe(3);
    expect(html.replace(/<[^>]+>/g, '')).toBe('Hi @Blake Bell and @guest@example.com!Thanks 🎉');
  });

  it('malformed content from the wire draws what it can instead of throwing', () => {
    const junk = { blocks: [{ text: 'ok' }, null, { text: 5 }, { text: 'ranges', entityRanges: [{ offset: 0, length: 3, key: 9 }] }], entityMap: null } as unknown as RawContent;
    expect(textOf(render(<RichText content={junk} />))).toBe('ok ranges');
    expect(render(<RichText content={null as unknown as RawContent} />)).toBe('<div class="rich-text"></div>');
  });
});
