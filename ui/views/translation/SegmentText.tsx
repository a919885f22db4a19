/**
 * A segment's text drawn safely as text (translation-editor §3 text types): html as its text (entities decoded) with
 * each tag a small chip (never parsed into the page), playerJson blocks as lines of their spans, plain text as is.
 */
import { memo } from 'react';
import type { SegmentText as SegmentTextValue, TextType } from '../../../domain/translation.ts';
import { decodeEntities, htmlPieces } from '../../../domain/translationEdits.ts';
import { t } from '../../strings.ts';

export interface SegmentTextProps {
  text: SegmentTextValue;
  textType: TextType;
}

/** The text, html tags as chips. */
export const SegmentText = memo(function SegmentText({ text, textType }: SegmentTextProps) {
  if (typeof text !== 'string') {
    return (
      <>
        {text.blocks.map((block, blockIndex) => (
          <span key={blockIndex} className="translation-text__block">
            {block.spans.map((span) => span.text).join('')}
          </span>
        ))}
      </>
    );
  }
  if (textType !== 'html') return <>{text}</>;
  return (
    <>
      {htmlPieces(text).map((piece, i) =>
        piece.kind === 'text' ? (
          <span key={i}>{decodeEntities(piece.text)}</span>
        ) : (
          <span key={i} className="translation-tag" title={piece.raw} aria-label={t('translation.segment.tag', { name: piece.name })}>
            {piece.closing ? `/${piece.name}` : piece.name}
          </span>
        ),
      )}
    </>
  );
});
