/**
 * The segment editor's ProseMirror schema (translation-editor §3 Segment text types, §5 text-editor rules):
 * - a document of paragraphs: one for text and html, one per block for playerJson (a block's own style rides on
 *   the paragraph, with the style its first span had so an emptied block keeps one);
 * - `span`, a mark on playerJson text carrying the span's style (JSON) and its original blockIndex / spanIndex,
 *   inclusive so typing at a span's edge extends that span;
 * - `tag`, an inline atom for an html tag (the raw markup kept byte for byte), shown as a chip the user cannot edit;
 * - `entity`, an inline atom for an html character reference (`&nbsp;`, `&#39;`): shown decoded, serialized raw, so
 *   untouched html comes back byte-identical; it may be deleted like a character.
 *
 * `parseDOM` rules exist only because ProseMirror re-reads its own contenteditable after native edits; pasted
 * and dropped content never reaches them (rules.ts reads clipboards as plain text).
 */
import { Schema, type Node as PMNode } from 'prosemirror-model';
import { t } from '../../../strings.ts';

/** What a tag chip shows: ‹b›, ‹/b›, ‹br/›. */
export function tagChipText(name: string, closing: boolean, selfClosing: boolean): string {
  if (closing) return t('translationEditor.tag.close', { name });
  return selfClosing ? t('translationEditor.tag.selfClosing', { name }) : t('translationEditor.tag.open', { name });
}

function stringAttr(node: PMNode, name: string): string {
  const value: unknown = node.attrs[name];
  return typeof value === 'string' ? value : '';
}

export const segmentSchema = new Schema({
  nodes: {
    doc: { content: 'paragraph+' },
    paragraph: {
      content: 'inline*',
      attrs: {
        /** playerJson: JSON of the block's style, or null when the block had none. */
        blockStyle: { default: null },
        /** playerJson: JSON of the block's first span style (the style of text typed into an emptied block). */
        firstSpanStyle: { default: null },
      },
      parseDOM: [{ tag: 'p', getAttrs: (dom: HTMLElement) => ({ blockStyle: dom.dataset.blockStyle ?? null, firstSpanStyle: dom.dataset.firstSpanStyle ?? null }) }],
      toDOM: (node: PMNode) => {
        const attrs: Record<string, string> = { class: 'segment-editor__block' };
        if (typeof node.attrs.blockStyle === 'string') attrs['data-block-style'] = node.attrs.blockStyle;
        if (typeof node.attrs.firstSpanStyle === 'string') attrs['data-first-span-style'] = node.attrs.firstSpanStyle;
        return ['p', attrs, 0];
      },
    },
    text: { group: 'inline' },
    tag: {
      group: 'inline',
      inline: true,
      atom: true,
      selectable: false,
      draggable: false,
      attrs: { raw: { default: '' }, name: { default: '' }, closing: { default: false }, selfClosing: { default: false } },
      parseDOM: [
        {
          tag: 'span[data-tag]',
          getAttrs: (dom: HTMLElement) => ({
            raw: dom.dataset.tag ?? '',
            name: dom.dataset.name ?? '',
            closing: dom.dataset.closing === 'true',
            selfClosing: dom.dataset.selfClosing === 'true',
          }),
        },
      ],
      // The chip's text is a text child (ProseMirror creates it with createTextNode), never markup.
      toDOM: (node: PMNode) => {
        const name = stringAttr(node, 'name');
        const closing = node.attrs.closing === true;
        const selfClosing = node.attrs.selfClosing === true;
        return [
          'span',
          {
            class: 'segment-editor__tag',
            'data-tag': stringAttr(node, 'raw'),
            'data-name': name,
            'data-closing': String(closing),
            'data-self-closing': String(selfClosing),
            contenteditable: 'false',
            title: stringAttr(node, 'raw'),
          },
          tagChipText(name, closing, selfClosing),
        ];
      },
    },
    entity: {
      group: 'inline',
      inline: true,
      atom: true,
      selectable: false,
      attrs: { raw: { default: '' }, text: { default: '' } },
      parseDOM: [{ tag: 'span[data-entity]', getAttrs: (dom: HTMLElement) => ({ raw: dom.dataset.entity ?? '', text: dom.textContent ?? '' }) }],
      toDOM: (node: PMNode) => ['span', { class: 'segment-editor__entity', 'data-entity': stringAttr(node, 'raw'), contenteditable: 'false' }, stringAttr(node, 'text')],
    },
  },
  marks: {
    span: {
      attrs: { style: { default: '{}' }, blockIndex: { default: 0 }, spanIndex: { default: 0 } },
      inclusive: true,
      parseDOM: [
        {
          tag: 'span[data-span-style]',
          getAttrs: (dom: HTMLElement) => ({
            style: dom.dataset.spanStyle ?? '{}',
            blockIndex: Number(dom.dataset.blockIndex ?? 0),
            spanIndex: Number(dom.dataset.spanIndex ?? 0),
          }),
        },
      ],
      toDOM: (mark) => [
        'span',
        {
          class: 'segment-editor__span',
          'data-span-style': String(mark.attrs.style),
          'data-block-index': String(mark.attrs.blockIndex),
          'data-span-index': String(mark.attrs.spanIndex),
        },
        0,
      ],
    },
  },
});
