/**
 * Segment text ⇄ editor document (translation-editor §3 text types). Pure: no DOM.
 * - text: one paragraph of text;
 * - html: one paragraph of text runs, `tag` atoms (domain htmlPieces) and `entity` atoms; serializing joins the
 *   raw pieces back, escaping only what would otherwise read as markup, so untouched html is byte-identical;
 * - playerJson: one paragraph per block, each span's text under a `span` mark holding its style; serializing
 *   rebuilds spans from runs of text with equal marks (text typed inside a span took its mark, so it keeps its style).
 */
import type { Fragment, Mark, Node as PMNode } from 'prosemirror-model';
import type { PlayerJsonBlock, PlayerJsonSpan, PlayerJsonText, SegmentText, SpanStyle, TextType } from '../../../../domain/translation.ts';
import { decodeEntities, htmlPieces, isPlayerJsonText, plainText } from '../../../../domain/translationEdits.ts';
import { segmentSchema } from './schema.ts';

/** The character an atom (tag chip, entity) stands for in {@link ruleText}: one position, never part of a word. */
export const ATOM_CHARACTER = '\uFFFC';

// A character reference as html reads it: named, decimal or hexadecimal.
const ENTITY = /&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/gi;

const nodes = segmentSchema.nodes;
const spanMark = segmentSchema.marks.span!;

function paragraph(content: PMNode[], attrs: Record<string, unknown> | null = null): PMNode {
  return nodes.paragraph!.create(attrs, content);
}

function textNodes(text: string, marks: readonly Mark[] = []): PMNode[] {
  return text ? [segmentSchema.text(text, marks)] : [];
}

/** Html text run → text nodes and entity atoms. */
function htmlTextNodes(text: string): PMNode[] {
  const out: PMNode[] = [];
  let last = 0;
  for (const match of text.matchAll(ENTITY)) {
    out.push(...textNodes(text.slice(last, match.index)));
    out.push(nodes.entity!.create({ raw: match[0], text: decodeEntities(match[0]) }));
    last = match.index + match[0].length;
  }
  out.push(...textNodes(text.slice(last)));
  return out;
}

function playerJsonDoc(value: PlayerJsonText): PMNode {
  const blocks = value.blocks.map((block, blockIndex) =>
    paragraph(
      block.spans.flatMap((span, spanIndex) => textNodes(span.text, [spanMark.create({ style: JSON.stringify(span.style ?? {}), blockIndex, spanIndex })])),
      { blockStyle: block.style ? JSON.stringify(block.style) : null, firstSpanStyle: block.spans[0] ? JSON.stringify(block.spans[0].style ?? {}) : null },
    ),
  );
  return nodes.doc!.create(null, blocks.length ? blocks : [paragraph([])]);
}

/** The editor document showing a segment text of the given type. */
export function docFromSegmentText(value: SegmentText, textType: TextType): PMNode {
  if (textType === 'playerJson') {
    const blocks: PlayerJsonText = isPlayerJsonText(value) ? value : { blocks: [{ spans: [{ text: typeof value === 'string' ? value : '', style: {} }] }] };
    return playerJsonDoc(blocks);
  }
  const text = typeof value === 'string' ? value : plainText(value, 'playerJson');
  if (textType === 'text') return nodes.doc!.create(null, [paragraph(textNodes(text))]);
  const content = htmlPieces(text).flatMap((piece) =>
    piece.kind === 'tag' ? [nodes.tag!.create({ raw: piece.raw, name: piece.name, closing: piece.closing, selfClosing: piece.selfClosing })] : htmlTextNodes(piece.text),
  );
  return nodes.doc!.create(null, [paragraph(content)]);
}

/** Typed text as html: only what would read as markup is escaped ('<' opening a tag, '&' opening a reference). */
export function escapeHtmlText(text: string): string {
  return text.replace(/<(?=[a-z/!?])|&(?=#\d+;|#x[0-9a-f]+;|[a-z][a-z0-9]*;)/gi, (character) => (character === '<' ? '&lt;' : '&amp;'));
}

function parseStyle(json: unknown): SpanStyle {
  if (typeof json !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as SpanStyle) : {};
  } catch {
    return {};
  }
}

function blockFromParagraph(block: PMNode): PlayerJsonBlock {
  const spans: PlayerJsonSpan[] = [];
  let lastMark: Mark | null = null;
  block.forEach((child) => {
    if (!child.isText || !child.text) return;
    const mark = spanMark.isInSet(child.marks) ?? null;
    const previous = spans[spans.length - 1];
    // Unmarked text (typed into an emptied block) extends the span before it.
    if (previous && (mark === null || (lastMark !== null && mark.eq(lastMark)))) {
      previous.text += child.text;
    } else {
      spans.push({ text: child.text, style: parseStyle(mark ? mark.attrs.style : block.attrs.firstSpanStyle) });
      lastMark = mark;
    }
  });
  if (spans.length === 0 && typeof block.attrs.firstSpanStyle === 'string') spans.push({ text: '', style: parseStyle(block.attrs.firstSpanStyle) });
  const out: PlayerJsonBlock = { spans };
  if (typeof block.attrs.blockStyle === 'string') out.style = parseStyle(block.attrs.blockStyle);
  return out;
}

/** The segment text a document holds, in the shape of its type (what `onChange` reports). */
export function segmentTextFromDoc(doc: PMNode, textType: TextType): SegmentText {
  if (textType === 'playerJson') {
    const blocks: PlayerJsonBlock[] = [];
    doc.forEach((block) => blocks.push(blockFromParagraph(block)));
    const only = blocks[0];
    // A document for "no blocks" is one bare empty paragraph.
    if (blocks.length === 1 && only && only.spans.length === 0 && only.style === undefined) return { blocks: [] };
    return { blocks };
  }
  const lines: string[] = [];
  doc.forEach((block) => {
    let line = '';
    block.forEach((child) => {
      if (child.isText) line += textType === 'html' ? escapeHtmlText(child.text ?? '') : (child.text ?? '');
      else line += String(child.attrs.raw ?? '');
    });
    lines.push(line);
  });
  return lines.join('\n');
}

/**
 * The document's text as the rules read it: blocks joined by "\n", each atom as {@link ATOM_CHARACTER}, so an
 * offset within a block is a position offset within its paragraph.
 */
export function ruleText(doc: PMNode): string {
  const lines: string[] = [];
  doc.forEach((block) => lines.push(blockRuleText(block)));
  return lines.join('\n');
}

/** One paragraph's text as {@link ruleText} reads it. */
export function blockRuleText(block: PMNode): string {
  return block.textBetween(0, block.content.size, undefined, ATOM_CHARACTER);
}

/** The raw markup of the document's tag chips, in order. */
export function tagsOf(doc: PMNode): string[] {
  const tags: string[] = [];
  doc.descendants((node) => {
    if (node.type === nodes.tag) tags.push(String(node.attrs.raw));
    return !node.isInline;
  });
  return tags;
}

/** Text for the clipboard: what the user sees (tags dropped, references decoded), blocks on their own lines. */
export function visibleText(doc: PMNode | Fragment): string {
  const lines: string[] = [];
  doc.forEach((block) => {
    let line = '';
    block.forEach((child) => {
      if (child.isText) line += child.text ?? '';
      else if (child.type === nodes.entity) line += String(child.attrs.text ?? '');
    });
    lines.push(line);
  });
  return lines.join('\n');
}
