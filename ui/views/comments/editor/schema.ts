/**
 * The comment editor's ProseMirror schema: a document of paragraphs (one per raw block, Shift+Enter starts the
 * next), plain text (no marks: comments carry no formatting), and an inline atom `mention` shown as a chip.
 *
 * `parseDOM` rules exist only because ProseMirror re-reads its OWN contenteditable after native edits (typing,
 * spell-check, IME). Foreign HTML never reaches them: paste and drop are intercepted and read as text/plain.
 */
import { Schema, type Node as PMNode } from 'prosemirror-model';

export interface MentionAttrs {
  /** Account id, or `anon|<email>` for an anonymous reviewer. */
  userId: string;
  email: string;
  /** Display name: 'First Last', or the e-mail for an anonymous reviewer. */
  name: string;
  /** The text the mention covers in its block ('@First Last'). */
  text: string;
}

/** The text a mention of `name` covers. */
export function mentionText(name: string): string {
  return `@${name}`;
}

export const commentSchema = new Schema({
  nodes: {
    doc: { content: 'paragraph+' },
    paragraph: {
      content: 'inline*',
      parseDOM: [{ tag: 'p' }],
      toDOM: () => ['p', 0],
    },
    text: { group: 'inline' },
    mention: {
      group: 'inline',
      inline: true,
      atom: true,
      selectable: false,
      attrs: { userId: { default: '' }, email: { default: '' }, name: { default: '' }, text: { default: '' } },
      leafText: (node: PMNode) => String(node.attrs.text),
      parseDOM: [
        {
          tag: 'span[data-mention]',
          getAttrs: (dom: HTMLElement) => ({
            userId: dom.dataset.userId ?? '',
            email: dom.dataset.email ?? '',
            name: dom.dataset.name ?? '',
            text: dom.textContent ?? '',
          }),
        },
      ],
      // A text child, never markup: ProseMirror creates it with document.createTextNode.
      toDOM: (node: PMNode) => [
        'span',
        {
          class: 'comment-editor__mention',
          'data-mention': '',
          'data-user-id': String(node.attrs.userId),
          'data-email': String(node.attrs.email),
          'data-name': String(node.attrs.name),
          contenteditable: 'false',
        },
        String(node.attrs.text),
      ],
    },
  },
  marks: {},
});

/** Attributes of a mention node (typed view of `node.attrs`). */
export function mentionAttrsOf(node: PMNode): MentionAttrs {
  const { userId, email, name, text } = node.attrs as Record<string, unknown>;
  return { userId: String(userId ?? ''), email: String(email ?? ''), name: String(name ?? ''), text: String(text ?? '') };
}
