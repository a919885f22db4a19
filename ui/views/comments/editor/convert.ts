/**
 * Editor document ⇄ raw rich-text content (domain/richText.ts). One paragraph per block; a mention node becomes
 * an entity range over its text plus an entity-map entry (one entity per mention, keys 0, 1, … in order).
 */
import type { Node as PMNode } from 'prosemirror-model';
import { segmentsOf, type EntityRange, type MentionEntity, type RawBlock, type RawContent } from '../../../../domain/richText.ts';
import { commentSchema, mentionAttrsOf } from './schema.ts';

/** The editor document for a raw content (null → one empty paragraph). Malformed ranges are kept as text. */
export function docFromRaw(content: RawContent | null): PMNode {
  const blocks = content?.blocks.length ? content.blocks : [{ key: 'b0', text: '', type: 'unstyled' as const, entityRanges: [] }];
  const entities = Object.values(content?.entityMap ?? {});
  const paragraphs = blocks.map((block) => {
    const inline: PMNode[] = [];
    for (const segment of segmentsOf(content ?? { blocks: [], entityMap: {} }, block)) {
      // A block is one line: a stray line break inside it would not survive the round trip.
      const text = segment.text.replace(/[\r\n]/g, ' ');
      if (!text) continue;
      if (segment.kind === 'text') {
        inline.push(commentSchema.text(text));
      } else {
        const entity = entities.find((e) => e.data.userId === segment.userId && e.data.email === segment.email);
        const name = entity?.data.name ?? segment.email;
        inline.push(commentSchema.nodes.mention!.create({ userId: segment.userId, email: segment.email, name, text }));
      }
    }
    return commentSchema.nodes.paragraph!.create(null, inline);
  });
  return commentSchema.nodes.doc!.create(null, paragraphs);
}

/** The raw content of an editor document. */
export function rawFromDoc(doc: PMNode): RawContent {
  const blocks: RawBlock[] = [];
  const entityMap: Record<string, MentionEntity> = {};
  let nextKey = 0;
  doc.forEach((paragraph, _offset, index) => {
    let text = '';
    const entityRanges: EntityRange[] = [];
    paragraph.forEach((node) => {
      if (node.isText) {
        text += node.text ?? '';
      } else if (node.type.name === 'mention') {
        const { userId, email, name, text: covered } = mentionAttrsOf(node);
        if (!covered) return;
        const key = nextKey++;
        entityRanges.push({ offset: text.length, length: covered.length, key });
        entityMap[String(key)] = { type: 'mention', mutability: 'IMMUTABLE', data: { userId, email, name } };
        text += covered;
      }
    });
    blocks.push({ key: `b${index}`, text, type: 'unstyled', entityRanges });
  });
  return { blocks, entityMap };
}

/** The plain text of a document as domain `plainTextOf` reads its raw content: lines joined by newlines. */
export function plainTextOfDoc(doc: PMNode): string {
  return doc.textBetween(0, doc.content.size, '\n');
}
