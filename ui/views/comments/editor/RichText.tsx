/**
 * A comment's rich text, read-only (review-and-content §3 Comment `content`): one line per block, mentions as
 * chips. Everything is a React text node: no dangerouslySetInnerHTML, no innerHTML, no HTML parser, so whatever a
 * comment, reply or mention name holds ('<script>', '<img onerror=…>') shows as the characters it is.
 */
import type { MentionEntity, RawBlock, RawContent } from '../../../../domain/richText.ts';
import { segmentsOf } from '../../../../domain/richText.ts';
import { cx } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';

export interface RichTextProps {
  content: RawContent;
  className?: string;
}

/** The parts of `content` that can be drawn, whatever arrived over the wire (bad blocks and entities dropped). */
function drawable(content: unknown): RawContent {
  const raw = (typeof content === 'object' && content !== null ? content : {}) as Partial<RawContent>;
  const blocks: RawBlock[] = (Array.isArray(raw.blocks) ? raw.blocks : [])
    .filter((block): block is RawBlock => typeof block === 'object' && block !== null && typeof block.text === 'string')
    .map((block) => ({ ...block, entityRanges: Array.isArray(block.entityRanges) ? block.entityRanges : [] }));
  const entityMap: Record<string, MentionEntity> = {};
  if (typeof raw.entityMap === 'object' && raw.entityMap !== null) {
    for (const [key, entity] of Object.entries(raw.entityMap)) {
      const data = (entity as Partial<MentionEntity> | null)?.data;
      if (entity?.type === 'mention' && typeof data === 'object' && data !== null) {
        entityMap[key] = { ...entity, data: { userId: String(data.userId ?? ''), email: String(data.email ?? ''), name: String(data.name ?? '') } };
      }
    }
  }
  return { blocks, entityMap };
}

/** Renders raw rich-text content as lines of text with mention chips. */
export function RichText({ content, className }: RichTextProps) {
  const safe = drawable(content);
  return (
    <div className={cx('rich-text', className)}>
      {safe.blocks.map((block, index) => {
        const segments = segmentsOf(safe, block);
        return (
          <p key={index} className="rich-text__line">
            {segments.length === 0 ? <br /> : null}
            {segments.map((segment, i) =>
              segment.kind === 'text' ? (
                segment.text
              ) : (
                <span key={i} className="rich-text__mention" title={segment.email ? t('comments.mention.title', { email: segment.email }) : undefined}>
                  {segment.text}
                </span>
              ),
            )}
          </p>
        );
      })}
    </div>
  );
}
