/**
 * The segment editor's §5 text-editor rules as ProseMirror plugins, usable without a DOM (tests build an
 * EditorState and apply transactions or call the plugin's handlers with a fake view):
 * - Storyline (product 'storyline'): Enter refused ('enterNewline'); Backspace at the start of a block and Delete
 *   at the end of one (they would join blocks) refused with 'deleteError'; any other change that adds or removes a
 *   block (deleting a selection across blocks, a paste) refused with 'storylineTransaction';
 * - no newline anywhere: Enter and Shift-Enter refused with 'enterNewline', or 'timedTextEnter' for Rise timed text;
 *   a change adding a block or a line break is refused the same way;
 * - %variables% cannot be deleted: a change after which domain `keepsVariables(before, after)` fails is refused
 *   ('variableDeleted'); typing inside a variable changes its name, so it counts as deleting it;
 * - tag chips cannot be deleted ('tagDeleted'), duplicated ('tagStyles': a pasted or dropped chip would add
 *   formatting) or reordered ('invalidCursor': a chip moved to another place);
 * - pasted and dropped content is read as plain text, newlines and tabs becoming spaces.
 * Each refusal calls `hooks.refuse(reason)` once. Undo and redo (prosemirror-history) stay inside the editor: their
 * keys are handled here and stopped from propagating, so the page's own undo handling never sees them.
 */
import { baseKeymap } from 'prosemirror-commands';
import { history, isHistoryTransaction, redo, undo } from 'prosemirror-history';
import { keydownHandler, keymap } from 'prosemirror-keymap';
import { Fragment, Slice, type Node as PMNode } from 'prosemirror-model';
import { EditorState, Plugin, PluginKey, Selection, type Command, type Transaction } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';
import type { SegmentText, TextType } from '../../../../domain/translation.ts';
import { findVariables, keepsVariables, plainText } from '../../../../domain/translationEdits.ts';
import { blockRuleText, docFromSegmentText, ruleText, tagsOf, visibleText } from './convert.ts';
import type { SegmentEditRefusal } from './refusals.ts';
import { segmentSchema } from './schema.ts';

export type { SegmentEditRefusal } from './refusals.ts';

/** What the rules depend on. */
export interface SegmentRuleOptions {
  textType: TextType;
  product: 'storyline' | 'rise';
  /** Rise timed text (captions with times). */
  timedText: boolean;
}

/** What the editor asks of its host (the component, or a test). */
export interface SegmentEditorHooks {
  refuse(reason: SegmentEditRefusal): void;
  /** Mod-Enter: called only when `canSave()`. */
  save(): void;
  canSave(): boolean;
  /** Escape. */
  cancel(): void;
  /** Mod-Enter when the host saves and moves on (it decides whether there is anything to save); else `save`. */
  saveAndNext?(): void;
  /** Alt-ArrowUp / Alt-ArrowDown: the host moves the editor to the previous / next segment. */
  move?(direction: 1 | -1): void;
}

/** Meta that lets a transaction past the rules (a host replacing the content wholesale). */
export const SKIP_RULES_META = 'segmentEditor.skipRules';

// ---------------------------------------------------------------------------------------------------------
// Pure checks

/** The refusal for a new line: Rise timed text has its own message. */
export function enterRefusal(options: Pick<SegmentRuleOptions, 'timedText'>): SegmentEditRefusal {
  return options.timedText ? 'timedTextEnter' : 'enterNewline';
}

/** A change to the tag chips: one missing → 'tagDeleted'; one more → 'tagStyles'; same chips, other order → 'invalidCursor'. */
export function tagChangeRefusal(before: readonly string[], after: readonly string[]): 'tagDeleted' | 'tagStyles' | 'invalidCursor' | null {
  const counts = new Map<string, number>();
  for (const tag of before) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  for (const tag of after) counts.set(tag, (counts.get(tag) ?? 0) - 1);
  const balances = [...counts.values()];
  if (balances.some((balance) => balance > 0)) return 'tagDeleted';
  if (balances.some((balance) => balance < 0)) return 'tagStyles';
  return before.some((tag, index) => after[index] !== tag) ? 'invalidCursor' : null;
}

function lineBreaks(doc: PMNode): number {
  let count = 0;
  doc.descendants((node) => {
    if (node.isText) count += (node.text ?? '').match(/\r\n|[\r\n\u2028\u2029]/g)?.length ?? 0;
    return true;
  });
  return count;
}

/** Why the §5 rules refuse turning document `before` into `after`, or null when they allow it. */
export function transactionRefusal(before: PMNode, after: PMNode, options: SegmentRuleOptions): SegmentEditRefusal | null {
  if (options.product === 'storyline' && after.childCount !== before.childCount) return 'storylineTransaction';
  // Text that arrived with line breaks keeps them; a change may not add one.
  if (after.childCount > before.childCount || lineBreaks(after) > lineBreaks(before)) return enterRefusal(options);
  const tags = tagChangeRefusal(tagsOf(before), tagsOf(after));
  if (tags) return tags;
  if (!keepsVariables(ruleText(before), ruleText(after))) return 'variableDeleted';
  return null;
}

/** Clipboard text as the editor takes it: text/plain, else the html's plain text; line breaks and tabs → spaces. */
export function pastedText(data: Pick<DataTransfer, 'getData'>): string {
  const text = data.getData('text/plain') || plainText(data.getData('text/html'), 'html');
  return flattenText(text);
}

/** Line breaks and tabs as spaces (§5 newline not allowed). */
export function flattenText(text: string): string {
  return text.replace(/\r\n|[\r\n\t\u2028\u2029]/g, ' ');
}

/** A transaction typing plain text over the selection (or `from`–`to`), taking the marks there; null for no text. */
export function insertPlainText(state: EditorState, text: string, from?: number, to?: number): Transaction | null {
  const flat = flattenText(text);
  if (!flat) return null;
  const tr = from === undefined ? state.tr.insertText(flat) : state.tr.insertText(flat, from, to ?? from);
  return tr.scrollIntoView();
}

/** Html of plain text (every special character escaped): what a pasted html string becomes. */
function textAsHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// ---------------------------------------------------------------------------------------------------------
// Keys

/**
 * Backspace (dir -1) or Delete (dir 1) with a collapsed caret: at a block edge in Storyline → 'deleteError';
 * next to an atom → the atom's deletion, which the filter refuses for a tag; otherwise not handled (the browser
 * deletes the character and the filter guards variables).
 */
export function deleteCommand(dir: -1 | 1, options: SegmentRuleOptions, hooks: Pick<SegmentEditorHooks, 'refuse'>): Command {
  return (state, dispatch) => {
    const { selection } = state;
    if (!selection.empty) return false;
    const $pos = selection.$from;
    const atEdge = dir < 0 ? $pos.parentOffset === 0 : $pos.parentOffset === $pos.parent.content.size;
    if (atEdge) {
      const index = $pos.index(0);
      if (dir < 0 ? index === 0 : index === state.doc.childCount - 1) return true;
      if (options.product === 'storyline') {
        hooks.refuse('deleteError');
        return true;
      }
      return false;
    }
    const node = dir < 0 ? $pos.nodeBefore : $pos.nodeAfter;
    if (!node || node.isText) return false;
    const from = dir < 0 ? $pos.pos - node.nodeSize : $pos.pos;
    if (dispatch) dispatch(state.tr.delete(from, from + node.nodeSize).scrollIntoView());
    return true;
  };
}

function always(command: Command): Command {
  return (state, dispatch, view) => {
    command(state, dispatch, view);
    return true;
  };
}

const historyKeys = keydownHandler({ 'Mod-z': always(undo), 'Mod-y': always(redo), 'Shift-Mod-z': always(redo) });

// ---------------------------------------------------------------------------------------------------------
// Plugins

export const variablesKey = new PluginKey<DecorationSet>('segment-variables');

/** Highlights of the document's %variables%. */
export function variableDecorations(doc: PMNode): DecorationSet {
  const decorations: Decoration[] = [];
  doc.forEach((block, offset) => {
    const start = offset + 1;
    for (const variable of findVariables(blockRuleText(block))) {
      decorations.push(Decoration.inline(start + variable.from, start + variable.to, { class: 'segment-editor__variable' }));
    }
  });
  return DecorationSet.create(doc, decorations);
}

/** %variables% shown highlighted. */
export const variablesPlugin = new Plugin<DecorationSet>({
  key: variablesKey,
  state: {
    init: (_config, state) => variableDecorations(state.doc),
    apply: (tr, previous) => (tr.docChanged ? variableDecorations(tr.doc) : previous),
  },
  props: {
    decorations: (state) => variablesKey.getState(state),
  },
});

/** The rules: the transaction filter, the keys, paste and drop. */
export function segmentRulesPlugin(options: SegmentRuleOptions, hooks: SegmentEditorHooks): Plugin {
  const backspace = deleteCommand(-1, options, hooks);
  const del = deleteCommand(1, options, hooks);
  return new Plugin({
    filterTransaction(tr, state) {
      // Undo and redo only return to states the rules accepted.
      if (!tr.docChanged || isHistoryTransaction(tr) || tr.getMeta(SKIP_RULES_META) === true) return true;
      const reason = transactionRefusal(state.doc, tr.doc, options);
      if (!reason) return true;
      hooks.refuse(reason);
      return false;
    },
    props: {
      handleKeyDown(view, event) {
        if (historyKeys(view, event)) {
          event.stopPropagation();
          return true;
        }
        if (event.key === 'Enter') {
          if (event.ctrlKey || event.metaKey) {
            if (hooks.saveAndNext) hooks.saveAndNext();
            else if (hooks.canSave()) hooks.save();
          } else {
            hooks.refuse(enterRefusal(options));
          }
          return true;
        }
        if (event.key === 'Escape') {
          hooks.cancel();
          return true;
        }
        if (hooks.move && event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
          hooks.move(event.key === 'ArrowUp' ? -1 : 1);
          return true;
        }
        const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
        if (plain && event.key === 'Backspace') return backspace(view.state, view.dispatch, view);
        if (plain && event.key === 'Delete') return del(view.state, view.dispatch, view);
        return false;
      },
      handlePaste(view, event, slice) {
        const text = event.clipboardData ? pastedText(event.clipboardData) : flattenText(visibleText(slice.content));
        const tr = insertPlainText(view.state, text);
        if (tr) view.dispatch(tr.setMeta('uiEvent', 'paste'));
        return true;
      },
      handleDrop(view, event, _slice, moved) {
        // A move inside the editor carries its own slice (the filter judges it); anything else is read as text.
        if (moved) return false;
        const data = event.dataTransfer;
        if (!data) return true;
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? view.state.selection.from;
        const tr = insertPlainText(view.state, pastedText(data), at, at);
        if (tr) view.dispatch(tr.setMeta('uiEvent', 'drop'));
        return true;
      },
      // Defence in depth: should a paste ever get past handlePaste, it is still only text.
      transformPastedHTML: (html) => `<p>${textAsHtml(flattenText(plainText(html, 'html')))}</p>`,
      clipboardTextParser: (text, $context) => {
        const flat = flattenText(text);
        return flat ? new Slice(Fragment.from(segmentSchema.text(flat, $context.marks())), 0, 0) : Slice.empty;
      },
      clipboardTextSerializer: (slice) => visibleText(slice.content),
    },
  });
}

/** Every plugin of the segment editor, in the order their key handling applies. */
export function segmentEditorPlugins(options: SegmentRuleOptions, hooks: SegmentEditorHooks): Plugin[] {
  return [segmentRulesPlugin(options, hooks), variablesPlugin, history(), keymap(baseKeymap)];
}

/** A fresh editor state showing `value` (caret at the end), with its own undo history. */
export function createSegmentEditorState(value: SegmentText, options: SegmentRuleOptions, hooks: SegmentEditorHooks): EditorState {
  const doc = docFromSegmentText(value, options.textType);
  return EditorState.create({ doc, selection: Selection.atEnd(doc), plugins: segmentEditorPlugins(options, hooks) });
}
