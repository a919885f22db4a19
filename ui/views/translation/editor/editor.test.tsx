import type { Node as PMNode } from 'prosemirror-model';
import { TextSelection, type EditorState, type Transaction } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PlayerJsonText, SegmentText, TextType } from '../../../../domain/translation.ts';
import { docFromSegmentText, escapeHtmlText, ruleText, segmentTextFromDoc, visibleText } from './convert.ts';
import { LazySegmentEditor } from './LazySegmentEditor.tsx';
import { refusalText, SEGMENT_EDIT_REFUSALS, type SegmentEditRefusal } from './refusals.ts';
import { createSegmentEditorState, tagChangeRefusal, variablesKey, type SegmentRuleOptions } from './rules.ts';
import { SegmentEditor } from './SegmentEditor.tsx';
import { segmentSchema } from './schema.ts';
import type { SegmentEditorProps } from './types.ts';

// ---------------------------------------------------------------------------------------------------------
// Fixtures and a headless editor: the real plugins, driven the way an EditorView drives them.

const HTML = 'Click <b>here</b> to&nbsp;start &amp; <a href="x.html?a=1&b=2">go %Home%</a><br/>now';

const PLAYER_JSON: PlayerJsonText = {
  blocks: [
    {
      spans: [
        { text: 'Hello ', style: { bold: true, font: 'Arial' } },
        { text: '%Name%', style: { bold: false, font: 'Arial' } },
        { text: '!', style: { bold: false, color: '#ff0000' } },
      ],
      style: { align: 'left' },
    },
    { spans: [{ text: 'Second line', style: { size: 12 } }] },
  ],
};

interface KeyOptions {
  shift?: boolean;
  ctrl?: boolean;
  alt?: boolean;
}

const KEY_CODES: Record<string, number> = { z: 90, y: 89, Z: 90, Y: 89, Enter: 13, Escape: 27, Backspace: 8, Delete: 46 };

function headlessEditor(value: SegmentText, options: Partial<SegmentRuleOptions> & { textType: TextType }, canSave = true) {
  const refused: SegmentEditRefusal[] = [];
  let saved = 0;
  let cancelled = 0;
  const rules: SegmentRuleOptions = { product: 'rise', timedText: false, ...options };
  let state: EditorState = createSegmentEditorState(value, rules, {
    refuse: (reason) => refused.push(reason),
    canSave: () => canSave,
    save: () => {
      saved += 1;
    },
    cancel: () => {
      cancelled += 1;
    },
  });
  // What EditorView does with a transaction: apply it (filters included) and keep the result.
  const view = {
    get state() {
      return state;
    },
    dispatch(tr: Transaction) {
      state = state.apply(tr);
    },
    posAtCoords: () => null,
    // What baseKeymap's join commands ask of the view (no layout here: block edges are offsets).
    endOfTextblock: (dir: string) => {
      const { $head } = state.selection;
      return dir === 'backward' || dir === 'left' ? $head.parentOffset === 0 : $head.parentOffset === $head.parent.content.size;
    },
  };
  const asView = view as unknown as EditorView;
  return {
    get state() {
      return state;
    },
    value: () => segmentTextFromDoc(state.doc, rules.textType),
    /** Typing: one text input per character, as the view's text-input handling dispatches it. */
    type(text: string) {
      for (const character of Array.from(text)) view.dispatch(state.tr.insertText(character));
    },
    /** Puts the caret (or a selection) at document positions. */
    select(from: number, to = from) {
      view.dispatch(state.tr.setSelection(TextSelection.create(state.doc, from, to)));
    },
    /** A keydown offered to each plugin's handleKeyDown in order, as EditorView does. */
    press(key: string, { shift = false, ctrl = false, alt = false }: KeyOptions = {}) {
      let stopped = false;
      const event = {
        key,
        shiftKey: shift,
        ctrlKey: ctrl,
        altKey: alt,
        metaKey: false,
        keyCode: KEY_CODES[key] ?? 0,
        stopPropagation: () => {
          stopped = true;
        },
      } as unknown as KeyboardEvent;
      let handled = false;
      for (const plugin of state.plugins) {
        const handler = plugin.props.handleKeyDown;
        if (handler?.call(plugin, asView, event)) {
          handled = true;
          break;
        }
      }
      return { handled, stopped };
    },
    paste(data: Record<string, string>) {
      const event = { clipboardData: { getData: (type: string) => data[type] ?? '' } } as unknown as ClipboardEvent;
      for (const plugin of state.plugins) {
        const handler = plugin.props.handlePaste;
        if (handler?.call(plugin, asView, event, state.doc.slice(0, 0))) return true;
      }
      return false;
    },
    dispatch(tr: Transaction) {
      view.dispatch(tr);
    },
    refused,
    saved: () => saved,
    cancelled: () => cancelled,
  };
}

/** The document position just after the first occurrence of `text` (in a text node). */
function posAfter(doc: PMNode, text: string): number {
  let found = -1;
  doc.descendants((node, pos) => {
    if (found >= 0) return false;
    if (node.isText && node.text!.includes(text)) found = pos + node.text!.indexOf(text) + text.length;
    return true;
  });
  if (found < 0) throw new Error(`no "${text}" in the document`);
  return found;
}

function posOfFirst(doc: PMNode, typeName: string): number {
  let found = -1;
  doc.descendants((node, pos) => {
    if (found < 0 && node.type.name === typeName) found = pos;
    return found < 0;
  });
  return found;
}

// ---------------------------------------------------------------------------------------------------------

describe('segment text ⇄ editor document round-trips', () => {
  it('text round-trips, line breaks it arrived with included', () => {
    for (const text of ['Welcome, %User.Name%!', '', 'two\nlines', '  spaced  ']) {
      expect(segmentTextFromDoc(docFromSegmentText(text, 'text'), 'text')).toBe(text);
    }
  });

  it('html comes back byte-identical: tags as chips, references as atoms, stray markup characters untouched', () => {
    const samples = [HTML, '<p class="x">A &#39;quote&#39; &#x1F600;</p>', 'Tom & Jerry > 3 <i>a</i>', '', '<br>', 'fish &chips; <span style="color: red">red</span>'];
    for (const html of samples) expect(segmentTextFromDoc(docFromSegmentText(html, 'html'), 'html')).toBe(html);
    const doc = docFromSegmentText(HTML, 'html');
    const names: string[] = [];
    doc.descendants((node) => {
      if (node.type.name === 'tag') names.push(`${node.attrs.closing ? '/' : ''}${node.attrs.name}`);
      return true;
    });
    expect(names).toEqual(['b', '/b', 'a', '/a', 'br']);
    expect(visibleText(doc)).toBe('Click here to\u00a0start & go %Home%now');
  });

  it('playerJson round-trips blocks, span styles and block styles', () => {
    const doc = docFromSegmentText(PLAYER_JSON, 'playerJson');
    expect(doc.childCount).toBe(2);
    expect(segmentTextFromDoc(doc, 'playerJson')).toEqual(PLAYER_JSON);
    expect(segmentTextFromDoc(docFromSegmentText({ blocks: [] }, 'playerJson'), 'playerJson')).toEqual({ blocks: [] });
    const emptied: PlayerJsonText = { blocks: [{ spans: [{ text: '', style: { size: 9 } }] }] };
    expect(segmentTextFromDoc(docFromSegmentText(emptied, 'playerJson'), 'playerJson')).toEqual(emptied);
  });

  it('typed markup characters in html are escaped only where they would read as markup', () => {
    expect(escapeHtmlText('a <b> & c &amp; 3 > 2')).toBe('a &lt;b> & c &amp;amp; 3 > 2');
    const editor = headlessEditor('<b>x</b>', { textType: 'html' });
    editor.type(' <i>');
    expect(editor.value()).toBe('<b>x</b> &lt;i>');
    expect(segmentTextFromDoc(docFromSegmentText(editor.value(), 'html'), 'html')).toBe(editor.value());
  });
});

describe('§5 variables between percent signs cannot be deleted', () => {
  it('deleting a character of a variable is refused once, with variableDeleted, and the text stays', () => {
    const editor = headlessEditor('Hi %Name%, bye', { textType: 'text' });
    const end = posAfter(editor.state.doc, '%Name%');
    editor.dispatch(editor.state.tr.delete(end - 1, end));
    expect(editor.refused).toEqual(['variableDeleted']);
    expect(editor.value()).toBe('Hi %Name%, bye');
  });

  it('typing inside a variable counts as deleting it', () => {
    const editor = headlessEditor('Hi %Name%', { textType: 'text' });
    editor.select(posAfter(editor.state.doc, '%Na'));
    editor.type('x');
    expect(editor.refused).toEqual(['variableDeleted']);
    expect(editor.value()).toBe('Hi %Name%');
  });

  it('a selection spanning a variable cannot be deleted, while the text around it can be edited', () => {
    const editor = headlessEditor('Hi %Name%, bye', { textType: 'text' });
    editor.dispatch(editor.state.tr.delete(1, posAfter(editor.state.doc, '%Name')));
    expect(editor.refused).toEqual(['variableDeleted']);
    editor.dispatch(editor.state.tr.delete(1, 3));
    editor.select(1);
    editor.type('Hello');
    expect(editor.value()).toBe('Hello %Name%, bye');
    expect(editor.refused).toEqual(['variableDeleted']);
  });

  it('in playerJson the variable is protected too, and it is highlighted', () => {
    const editor = headlessEditor(PLAYER_JSON, { textType: 'playerJson', product: 'storyline' });
    const end = posAfter(editor.state.doc, '%Name%');
    editor.dispatch(editor.state.tr.delete(end - 6, end));
    expect(editor.refused).toEqual(['variableDeleted']);
    const highlights = variablesKey.getState(editor.state)!.find();
    expect(highlights.map((d) => editor.state.doc.textBetween(d.from, d.to))).toEqual(['%Name%']);
  });
});

describe('§5 newline not allowed', () => {
  it('Enter and Shift-Enter are refused with enterNewline and add nothing', () => {
    const editor = headlessEditor('One line', { textType: 'text' });
    expect(editor.press('Enter').handled).toBe(true);
    expect(editor.press('Enter', { shift: true }).handled).toBe(true);
    expect(editor.refused).toEqual(['enterNewline', 'enterNewline']);
    expect(editor.state.doc.childCount).toBe(1);
    expect(editor.value()).toBe('One line');
  });

  it('a change that splits the paragraph or inserts a line break is refused', () => {
    const editor = headlessEditor('<b>One</b> line', { textType: 'html' });
    editor.dispatch(editor.state.tr.split(3));
    editor.dispatch(editor.state.tr.insertText('\n', 3));
    expect(editor.refused).toEqual(['enterNewline', 'enterNewline']);
    expect(editor.value()).toBe('<b>One</b> line');
  });
});

describe('§5 Rise timed-text cannot take enter', () => {
  it('Enter in timed text is refused with timedTextEnter', () => {
    const editor = headlessEditor('00:01 Welcome', { textType: 'text', product: 'rise', timedText: true });
    editor.press('Enter');
    editor.dispatch(editor.state.tr.split(3));
    expect(editor.refused).toEqual(['timedTextEnter', 'timedTextEnter']);
    expect(editor.value()).toBe('00:01 Welcome');
  });
});

describe('§5 tag nodes cannot be deleted', () => {
  it('Backspace right after a chip is refused with tagDeleted; the chip stays', () => {
    const editor = headlessEditor('<b>bold</b> text', { textType: 'html' });
    editor.select(posAfter(editor.state.doc, 'bold') + 1);
    expect(editor.press('Backspace').handled).toBe(true);
    expect(editor.refused).toEqual(['tagDeleted']);
    expect(editor.value()).toBe('<b>bold</b> text');
  });

  it('Delete right before a chip and deleting a selection over chips are refused', () => {
    const editor = headlessEditor('<b>bold</b> text', { textType: 'html' });
    editor.select(posAfter(editor.state.doc, 'bold'));
    editor.press('Delete');
    editor.dispatch(editor.state.tr.delete(1, editor.state.doc.content.size - 1));
    expect(editor.refused).toEqual(['tagDeleted', 'tagDeleted']);
    expect(editor.value()).toBe('<b>bold</b> text');
  });

  it('a duplicated chip is refused with tagStyles and a moved one with invalidCursor', () => {
    const editor = headlessEditor('<b>bold</b> text', { textType: 'html' });
    const at = posOfFirst(editor.state.doc, 'tag');
    const chip = editor.state.doc.nodeAt(at)!;
    editor.dispatch(editor.state.tr.insert(editor.state.doc.content.size - 1, chip));
    editor.dispatch(editor.state.tr.delete(at, at + 1).insert(editor.state.doc.content.size - 2, chip));
    expect(editor.refused).toEqual(['tagStyles', 'invalidCursor']);
    expect(tagChangeRefusal(['<b>', '</b>'], ['<b>', '</b>'])).toBeNull();
  });

  it('text between chips is edited freely; references can be deleted like characters', () => {
    const editor = headlessEditor('<b>bold</b>&amp;', { textType: 'html' });
    editor.select(posAfter(editor.state.doc, 'bold'));
    editor.type('er');
    editor.select(editor.state.doc.content.size - 1);
    editor.press('Backspace');
    expect(editor.refused).toEqual([]);
    expect(editor.value()).toBe('<b>bolder</b>');
  });
});

describe('§5 pasted html reduces to plain text', () => {
  it('html on the clipboard is inserted as its text; tags never reach the document', () => {
    const editor = headlessEditor('<b>A</b>', { textType: 'html' });
    expect(editor.paste({ 'text/html': '<p>Hi <img src=x onerror=alert(1)><b>there</b></p>&amp; you' })).toBe(true);
    expect(editor.value()).toBe('<b>A</b>Hi there& you');
  });

  it('text/plain is preferred, and its line breaks and tabs become spaces', () => {
    const editor = headlessEditor('', { textType: 'text' });
    editor.paste({ 'text/plain': 'one\r\ntwo\tthree\nfour', 'text/html': '<p>ignored</p>' });
    expect(editor.value()).toBe('one two three four');
    expect(editor.refused).toEqual([]);
  });

  it('a paste over a variable is refused like any deletion of it', () => {
    const editor = headlessEditor('%Name%', { textType: 'text' });
    editor.select(1, editor.state.doc.content.size - 1);
    editor.paste({ 'text/plain': 'Bob' });
    expect(editor.refused).toEqual(['variableDeleted']);
    expect(editor.value()).toBe('%Name%');
  });
});

describe('§5 Storyline backspace, delete and enter are restricted', () => {
  const storyline = { textType: 'playerJson' as const, product: 'storyline' as const };

  it('Backspace at the start of a block and Delete at the end of one are refused with deleteError', () => {
    const editor = headlessEditor(PLAYER_JSON, storyline);
    const secondStart = editor.state.doc.child(0).nodeSize + 1;
    editor.select(secondStart);
    expect(editor.press('Backspace').handled).toBe(true);
    editor.select(secondStart - 2);
    expect(editor.press('Delete').handled).toBe(true);
    expect(editor.refused).toEqual(['deleteError', 'deleteError']);
    expect(editor.value()).toEqual(PLAYER_JSON);
  });

  it('Enter is refused with enterNewline; a change removing a block with storylineTransaction', () => {
    const editor = headlessEditor(PLAYER_JSON, storyline);
    editor.press('Enter');
    editor.dispatch(editor.state.tr.delete(posAfter(editor.state.doc, '!'), posAfter(editor.state.doc, 'Second')));
    expect(editor.refused).toEqual(['enterNewline', 'storylineTransaction']);
    expect(editor.value()).toEqual(PLAYER_JSON);
  });

  it('inside a block, characters are deleted as usual (left to the browser, allowed by the rules)', () => {
    const editor = headlessEditor(PLAYER_JSON, storyline);
    editor.select(posAfter(editor.state.doc, 'Second'));
    expect(editor.press('Backspace').handled).toBe(false);
    const at = posAfter(editor.state.doc, 'Second');
    editor.dispatch(editor.state.tr.delete(at - 1, at));
    expect(editor.refused).toEqual([]);
    expect((editor.value() as PlayerJsonText).blocks[1]!.spans[0]!.text).toBe('Secon line');
  });

  it('outside Storyline, Backspace at a block start joins the blocks', () => {
    const editor = headlessEditor(PLAYER_JSON, { textType: 'playerJson', product: 'rise' });
    editor.select(editor.state.doc.child(0).nodeSize + 1);
    expect(editor.press('Backspace').handled).toBe(true);
    expect(editor.refused).toEqual([]);
    const value = editor.value() as PlayerJsonText;
    expect(value.blocks).toHaveLength(1);
    expect(value.blocks[0]!.spans.map((span) => span.text)).toEqual(['Hello ', '%Name%', '!', 'Second line']);
    expect(value.blocks[0]!.spans[3]!.style).toEqual({ size: 12 });
  });
});

describe('styled playerJson spans keep their styles through edits', () => {
  it('text typed inside or at the end of a span takes that span’s style; the other spans are untouched', () => {
    const editor = headlessEditor(PLAYER_JSON, { textType: 'playerJson', product: 'storyline' });
    editor.select(posAfter(editor.state.doc, 'Hel'));
    editor.type('-');
    editor.select(posAfter(editor.state.doc, 'Hel-lo '));
    editor.type('there ');
    editor.select(posAfter(editor.state.doc, 'Second line'));
    editor.type('!!');
    const value = editor.value() as PlayerJsonText;
    expect(value.blocks[0]!.spans).toEqual([
      { text: 'Hel-lo there ', style: { bold: true, font: 'Arial' } },
      { text: '%Name%', style: { bold: false, font: 'Arial' } },
      { text: '!', style: { bold: false, color: '#ff0000' } },
    ]);
    expect(value.blocks[0]!.style).toEqual({ align: 'left' });
    expect(value.blocks[1]!.spans).toEqual([{ text: 'Second line!!', style: { size: 12 } }]);
  });

  it('a span emptied and retyped keeps the style it had', () => {
    const editor = headlessEditor({ blocks: [{ spans: [{ text: 'Old', style: { italic: true } }] }] }, { textType: 'playerJson', product: 'storyline' });
    editor.dispatch(editor.state.tr.delete(1, 4));
    editor.select(1);
    editor.type('New');
    expect(editor.value()).toEqual({ blocks: [{ spans: [{ text: 'New', style: { italic: true } }] }] });
  });
});

describe('undo and redo stay inside the editor', () => {
  it('Mod-z undoes, Mod-y and Shift-Mod-z redo, and the key events do not propagate', () => {
    const editor = headlessEditor('Hi', { textType: 'text' });
    editor.type(' there');
    expect(editor.press('z', { ctrl: true })).toEqual({ handled: true, stopped: true });
    expect(editor.value()).toBe('Hi');
    expect(editor.press('y', { ctrl: true })).toEqual({ handled: true, stopped: true });
    expect(editor.value()).toBe('Hi there');
    editor.press('z', { ctrl: true });
    expect(editor.press('Z', { ctrl: true, shift: true })).toEqual({ handled: true, stopped: true });
    expect(editor.value()).toBe('Hi there');
  });

  it('with nothing to undo the keys are still kept from the page', () => {
    const editor = headlessEditor('Hi', { textType: 'text' });
    expect(editor.press('z', { ctrl: true })).toEqual({ handled: true, stopped: true });
    expect(editor.value()).toBe('Hi');
  });

  it('undo is not refused by the rules even when it removes a variable the user added', () => {
    const editor = headlessEditor('Hi', { textType: 'text' });
    editor.paste({ 'text/plain': ' %Name%' });
    editor.press('z', { ctrl: true });
    expect(editor.refused).toEqual([]);
    expect(editor.value()).toBe('Hi');
  });
});

describe('Save and Cancel keys', () => {
  it('Mod-Enter saves only when there is an unsaved value; Escape cancels', () => {
    const can = headlessEditor('Hi', { textType: 'text' }, true);
    can.press('Enter', { ctrl: true });
    can.press('Escape');
    expect([can.saved(), can.cancelled(), can.refused.length]).toEqual([1, 1, 0]);
    const cannot = headlessEditor('Hi', { textType: 'text' }, false);
    expect(cannot.press('Enter', { ctrl: true }).handled).toBe(true);
    expect(cannot.saved()).toBe(0);
  });
});

describe('the component', () => {
  const props = (over: Partial<SegmentEditorProps> = {}): SegmentEditorProps => ({
    textType: 'text',
    value: 'Bonjour %Name%',
    product: 'storyline',
    timedText: false,
    dir: 'ltr',
    lang: 'fr',
    label: 'French translation',
    onChange: () => {},
    onRefuse: () => {},
    onSave: () => {},
    onCancel: () => {},
    canSave: false,
    ...over,
  });
  const saveButton = (html: string) => [...html.matchAll(/<button\b[^>]*>.*?<\/button>/g)].map((m) => m[0]).find((b) => b.includes('>Save<'))!;

  it('§5 Save is disabled when no unsaved value', () => {
    expect(saveButton(renderToString(<SegmentEditor {...props()} />))).toMatch(/disabled=""/);
    expect(saveButton(renderToString(<SegmentEditor {...props({ canSave: true })} />))).not.toMatch(/disabled=""/);
    expect(renderToString(<SegmentEditor {...props({ canSave: true })} />)).toContain('>Cancel<');
  });

  it('while ProseMirror loads, the text shows right to left for an rtl locale', () => {
    const html = renderToString(<LazySegmentEditor {...props({ dir: 'rtl', lang: 'ar', value: 'مرحبا' })} />);
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('lang="ar"');
    expect(html).toContain('مرحبا');
  });
});

describe('§8 segment-editor toasts', () => {
  it('every refusal has its own words', () => {
    const texts = SEGMENT_EDIT_REFUSALS.map(refusalText);
    expect(new Set(texts).size).toBe(SEGMENT_EDIT_REFUSALS.length);
    expect(refusalText('tagDeleted')).toBe("Tags can't be deleted. They keep the formatting of the translated text.");
  });

  it('the rule text reads atoms as one character each, so highlights line up', () => {
    const doc = docFromSegmentText('<b>%A%</b>', 'html');
    expect(ruleText(doc)).toBe('\uFFFC%A%\uFFFC');
    expect(segmentSchema.nodes.tag).toBeDefined();
  });
});
