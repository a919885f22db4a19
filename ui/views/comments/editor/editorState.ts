/**
 * The comment editor's behaviour as ProseMirror state: plugins, key bindings and the paste rule. Nothing here
 * needs a DOM, so the rules (Enter posts, Shift+Enter starts a block, the 1,500-character limit, mentions) are
 * tested on the state alone; CommentEditor.tsx mounts them in an EditorView.
 */
import { baseKeymap, splitBlock } from 'prosemirror-commands';
import { history, redo, undo } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import { Fragment, Slice, type Node as PMNode } from 'prosemirror-model';
import { EditorState, Plugin, PluginKey, Selection, TextSelection, type Command, type Transaction } from 'prosemirror-state';
import type { MentionSuggestion } from '../../../../domain/comments.ts';
import { COMMENT_MAX_CHARS } from '../../../../domain/constants.ts';
import { contentProblem, countCharacters, type RawContent } from '../../../../domain/richText.ts';
import { docFromRaw, plainTextOfDoc, rawFromDoc } from './convert.ts';
import { commentSchema, mentionAttrsOf, mentionText } from './schema.ts';
import type { TextOffsets } from './types.ts';

/** What the editor asks of its host (the component, or a test). */
export interface EditorHooks {
  /** The mention suggestions offered now (they arrive as props after `onMentionQuery`). */
  suggestions(): readonly MentionSuggestion[];
  /** Enter (or the Post button) with content that passes domain `contentProblem`. */
  post(content: RawContent): void;
  /** Enter with content that does not: the message to show. */
  refuse(message: string): void;
  /** Escape with no dropdown open. */
  cancel(): void;
}

// ---------------------------------------------------------------------------------------------------------
// The character limit

/** Characters as the limit counts them (domain countCharacters of the plain text; a mention counts its text). */
export function characterCount(state: EditorState): number {
  return countCharacters(plainTextOfDoc(state.doc));
}

/** Rejects every change that grows the document past COMMENT_MAX_CHARS: typing beyond the limit is ignored. */
export const maxLengthPlugin = new Plugin({
  filterTransaction(tr, state) {
    if (!tr.docChanged) return true;
    const after = countCharacters(plainTextOfDoc(tr.doc));
    // Shrinking is always allowed, so content that arrived over the limit can still be edited down.
    return after <= COMMENT_MAX_CHARS || after <= countCharacters(plainTextOfDoc(state.doc));
  },
});

// ---------------------------------------------------------------------------------------------------------
// Plain-text insertion (paste, drop, emoji)

/** Control characters other than tab and line feed have no business in a comment. */
function isControlCharacter(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return (code < 0x20 && code !== 0x09 && code !== 0x0a) || code === 0x7f;
}

/**
 * A transaction inserting plain text between `from` and `to` (default: the selection), lines becoming blocks,
 * cut to what still fits under the limit; null when nothing fits or there is nothing to insert.
 */
export function insertPlainText(state: EditorState, text: string, from = state.selection.from, to = state.selection.to): Transaction | null {
  const characters = Array.from(text.replace(/\r\n?/g, '\n')).filter((character) => !isControlCharacter(character));
  const replaced = countCharacters(state.doc.textBetween(from, to, '\n'));
  const room = COMMENT_MAX_CHARS - characterCount(state) + replaced;
  const fitting = characters.slice(0, Math.max(0, room)).join('');
  if (!fitting) return null;
  const lines = fitting.split('\n');
  const tr = state.tr;
  if (lines.length === 1) {
    tr.insertText(fitting, from, to);
  } else {
    const paragraphs = lines.map((line) => commentSchema.nodes.paragraph!.create(null, line ? commentSchema.text(line) : null));
    // Open on both sides: the first line joins the text before the caret, the last the text after it.
    tr.replaceRange(from, to, new Slice(Fragment.from(paragraphs), 1, 1));
  }
  return tr.scrollIntoView();
}

/** The first image file on a clipboard, if any (a pasted screenshot). */
export function clipboardImage(data: DataTransfer): File | null {
  for (const file of Array.from(data.files ?? [])) if (file.type.startsWith('image/')) return file;
  for (const item of Array.from(data.items ?? [])) {
    if (item.kind === 'file' && item.type.startsWith('image/')) return item.getAsFile();
  }
  return null;
}

/**
 * The paste handler (`handleDOMEvents.paste`): an image goes to `onPasteImage`; otherwise only text/plain is
 * read, so pasted HTML becomes plain text and foreign markup is never parsed. Always handles the event.
 */
export function handlePasteEvent(
  view: { state: EditorState; dispatch: (tr: Transaction) => void },
  event: ClipboardEvent,
  onPasteImage?: (file: File) => void,
): boolean {
  event.preventDefault();
  const data = event.clipboardData;
  if (!data) return true;
  const image = onPasteImage ? clipboardImage(data) : null;
  if (image && onPasteImage) {
    onPasteImage(image);
    return true;
  }
  const tr = insertPlainText(view.state, data.getData('text/plain'));
  if (tr) view.dispatch(tr.setMeta('uiEvent', 'paste'));
  return true;
}

// ---------------------------------------------------------------------------------------------------------
// Mentions

/** The '@word' being typed: where the '@' is, where the caret is, and the word after the '@'. */
export interface MentionQuery {
  from: number;
  to: number;
  query: string;
}

// '@' at a word start (line start or after whitespace), then the word typed so far. U+FFFC stands for a mention.
const MENTION_QUERY = /(^|\s)@([^\s@\uFFFC]{0,64})$/u;

/** The mention being typed at a collapsed caret, or null. */
export function mentionQueryAt(state: EditorState): MentionQuery | null {
  const { $from, empty } = state.selection;
  if (!empty || !$from.parent.isTextblock) return null;
  const before = $from.parent.textBetween(0, $from.parentOffset, undefined, '\uFFFC');
  const match = MENTION_QUERY.exec(before);
  if (!match) return null;
  const at = match.index + match[1]!.length;
  return { from: $from.start() + at, to: $from.pos, query: match[2]! };
}

interface MentionPluginState {
  query: MentionQuery | null;
  /** The '@' position whose dropdown Escape closed (it stays closed until another '@' is typed). */
  dismissedFrom: number | null;
  index: number;
}

type MentionMeta = { type: 'dismiss' } | { type: 'select'; index: number };

export const mentionKey = new PluginKey<MentionPluginState>('comment-mention');

const NO_MENTION: MentionPluginState = { query: null, dismissedFrom: null, index: 0 };

/** Tracks the mention query, the highlighted suggestion and a dismissal by Escape. */
export const mentionPlugin = new Plugin<MentionPluginState>({
  key: mentionKey,
  state: {
    init: (_config, state) => ({ ...NO_MENTION, query: mentionQueryAt(state) }),
    apply(tr, previous, _old, state) {
      const query = mentionQueryAt(state);
      if (!query) return NO_MENTION;
      const meta = tr.getMeta(mentionKey) as MentionMeta | undefined;
      if (meta?.type === 'dismiss') return { query, dismissedFrom: query.from, index: 0 };
      const dismissedFrom = previous.dismissedFrom === null ? null : tr.mapping.map(previous.dismissedFrom);
      const sameQuery = previous.query !== null && tr.mapping.map(previous.query.from) === query.from && previous.query.query === query.query;
      const index = meta?.type === 'select' ? meta.index : sameQuery ? previous.index : 0;
      return { query, dismissedFrom: dismissedFrom === query.from ? dismissedFrom : null, index };
    },
  },
});

/** The typed query unless Escape dismissed it: what `onMentionQuery` reports (null closes the dropdown). */
export function activeMentionQuery(state: EditorState): MentionQuery | null {
  const mention = mentionKey.getState(state);
  if (!mention?.query || mention.dismissedFrom === mention.query.from) return null;
  return mention.query;
}

/** The open suggestion dropdown (a query, suggestions to show, the highlighted one), or null. */
export function mentionMenu(state: EditorState, suggestionCount: number): { query: MentionQuery; index: number } | null {
  const query = activeMentionQuery(state);
  if (!query || suggestionCount === 0) return null;
  const index = mentionKey.getState(state)?.index ?? 0;
  return { query, index: ((index % suggestionCount) + suggestionCount) % suggestionCount };
}

/** How a suggestion is named in a mention: 'First Last', or the e-mail for an anonymous reviewer. */
export function suggestionName(suggestion: MentionSuggestion): string {
  if (suggestion.userType === 'anonymous') return suggestion.email;
  return `${suggestion.firstName} ${suggestion.lastName}`.trim() || suggestion.email;
}

/** Replaces the typed '@query' with a mention of `suggestion` and a space. */
export function insertMention(suggestion: MentionSuggestion, range: MentionQuery): Command {
  return (state, dispatch) => {
    const name = suggestionName(suggestion);
    const mention = commentSchema.nodes.mention!.create({ userId: suggestion.userId, email: suggestion.email, name, text: mentionText(name) });
    const tr = state.tr.replaceWith(range.from, range.to, [mention, commentSchema.text(' ')]);
    if (dispatch) dispatch(tr.scrollIntoView());
    return true;
  };
}

/** Picks the highlighted suggestion (Enter, Tab) or the one at `index` (a click). */
export function pickMention(hooks: Pick<EditorHooks, 'suggestions'>, index?: number): Command {
  return (state, dispatch, view) => {
    const suggestions = hooks.suggestions();
    const menu = mentionMenu(state, suggestions.length);
    if (!menu) return false;
    const suggestion = suggestions[index ?? menu.index];
    if (!suggestion) return false;
    return insertMention(suggestion, menu.query)(state, dispatch, view);
  };
}

/** Closes the typed mention's dropdown until another '@' is typed (Escape, leaving the editor). */
export const dismissMention: Command = (state, dispatch) => {
  if (!activeMentionQuery(state)) return false;
  if (dispatch) dispatch(state.tr.setMeta(mentionKey, { type: 'dismiss' } satisfies MentionMeta));
  return true;
};

function moveHighlight(hooks: Pick<EditorHooks, 'suggestions'>, delta: number): Command {
  return (state, dispatch) => {
    const count = hooks.suggestions().length;
    const menu = mentionMenu(state, count);
    if (!menu) return false;
    if (dispatch) dispatch(state.tr.setMeta(mentionKey, { type: 'select', index: (menu.index + delta + count) % count } satisfies MentionMeta));
    return true;
  };
}

// ---------------------------------------------------------------------------------------------------------
// Keys

/** Posts the content when domain `contentProblem` allows it, else reports the problem's message. */
export function submitCommand(hooks: Pick<EditorHooks, 'post' | 'refuse'>): Command {
  return (state) => {
    const content = rawFromDoc(state.doc);
    const problem = contentProblem(content);
    if (problem) hooks.refuse(problem.message);
    else hooks.post(content);
    return true;
  };
}

/** The editor's own keys: Enter posts (or picks a suggestion), Ctrl/Cmd+Enter posts, Shift+Enter starts a block, Escape closes or cancels. */
export function commentKeyBindings(hooks: EditorHooks): Record<string, Command> {
  const pick = pickMention(hooks);
  const submit = submitCommand(hooks);
  return {
    Enter: (state, dispatch, view) => pick(state, dispatch, view) || submit(state, dispatch, view),
    'Mod-Enter': submit,
    'Shift-Enter': splitBlock,
    Tab: pick,
    ArrowDown: moveHighlight(hooks, 1),
    ArrowUp: moveHighlight(hooks, -1),
    Escape: (state, dispatch) => {
      if (mentionMenu(state, hooks.suggestions().length)) return dismissMention(state, dispatch);
      hooks.cancel();
      return true;
    },
    'Mod-z': undo,
    'Mod-y': redo,
    'Shift-Mod-z': redo,
  };
}

/**
 * The document position at `offset` in the document's plain text (lines joined by '\n', UTF-16 units, as a textarea
 * counts them), clamped to the document; an offset inside a mention's text lands after the mention.
 */
export function positionAtTextOffset(doc: PMNode, offset: number): number {
  let remaining = Math.max(0, offset);
  let paragraphStart = 0;
  for (let i = 0; i < doc.childCount; i += 1) {
    const paragraph = doc.child(i);
    let position = paragraphStart + 1;
    for (let j = 0; j < paragraph.childCount; j += 1) {
      const node = paragraph.child(j);
      const length = node.isText ? (node.text ?? '').length : mentionAttrsOf(node).text.length;
      if (remaining <= length) {
        if (node.isText) return position + remaining;
        return remaining === 0 ? position : position + node.nodeSize;
      }
      remaining -= length;
      position += node.nodeSize;
    }
    if (remaining === 0 || i === doc.childCount - 1) return position;
    remaining -= 1; // the line break between two blocks
    paragraphStart += paragraph.nodeSize;
  }
  return Selection.atEnd(doc).from;
}

/**
 * A fresh editor state showing `content`, with its own undo history; the caret at the end, or at `selection` (text
 * offsets, e.g. where it was in the stand-in box the editor replaces).
 */
export function createCommentEditorState(content: RawContent | null, hooks: EditorHooks, selection?: TextOffsets): EditorState {
  const doc = docFromRaw(content);
  return EditorState.create({
    doc,
    selection: selection ? TextSelection.create(doc, positionAtTextOffset(doc, selection.anchor), positionAtTextOffset(doc, selection.head)) : Selection.atEnd(doc),
    plugins: [keymap(commentKeyBindings(hooks)), keymap(baseKeymap), history(), mentionPlugin, maxLengthPlugin],
  });
}

/** The content of an editor state, as posted and reported by `onChange`. */
export function contentOf(state: EditorState): RawContent {
  return rawFromDoc(state.doc);
}
