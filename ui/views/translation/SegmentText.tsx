/**
 * A segment's text drawn safely as text (translation-editor §3 text types): html as its text (entities decoded) with
 * each tag a small chip (never parsed into the page), playerJson blocks as lines of their spans, plain text as is.
 * Search hits (§9: the current hit light blue, the others paler) are marked inside the text runs; their offsets are
 * in the segment's *plain* text (tags stripped, entities decoded, playerJson blocks joined by "\n" — domain
 * plainText), so each run is placed at its plain offset and gets the part of the matches that falls inside it.
 */
import { memo, type ReactNode } from 'react';
import type { SegmentText as SegmentTextValue, TextType } from '../../../domain/translation.ts';
import { decodeEntities, htmlPieces } from '../../../domain/translationEdits.ts';
import { highlightPieces, type TextMatch } from '../../../domain/translationSearch.ts';
import { t } from '../../strings.ts';

/** The search matches of one text (plain-text offsets) and which of them is the current one (index into matches). */
export interface SegmentTextHits {
  matches: readonly TextMatch[];
  currentMatch: number | null;
}

export interface SegmentTextProps {
  text: SegmentTextValue;
  textType: TextType;
  /** Search hits to mark; null or absent: none. */
  hits?: SegmentTextHits | null;
}

/** The text, html tags as chips, search hits marked. */
export const SegmentText = memo(function SegmentText({ text, textType, hits }: SegmentTextProps) {
  const marks = hits && hits.matches.length > 0 ? hits : null;
  if (typeof text !== 'string') {
    let offset = 0;
    return (
      <>
        {text.blocks.map((block, blockIndex) => {
          const blockText = block.spans.map((span) => span.text).join('');
          const start = offset;
          // Blocks are joined by one "\n" in the plain text.
          offset += blockText.length + 1;
          return (
            <span key={blockIndex} className="translation-text__block">
              {marks ? highlightedRun(blockText, start, marks) : blockText}
            </span>
          );
        })}
      </>
    );
  }
  if (textType !== 'html') return <>{marks ? highlightedRun(text, 0, marks) : text}</>;
  let offset = 0;
  return (
    <>
      {htmlPieces(text).map((piece, i) => {
        if (piece.kind === 'tag') {
          return (
            <span key={i} className="translation-tag" title={piece.raw} aria-label={t('translation.segment.tag', { name: piece.name })}>
              {piece.closing ? `/${piece.name}` : piece.name}
            </span>
          );
        }
        const decoded = decodeEntities(piece.text);
        const start = offset;
        offset += decoded.length;
        return <span key={i}>{marks ? highlightedRun(decoded, start, marks) : decoded}</span>;
      })}
    </>
  );
});

/**
 * A run of plain text that starts at plain offset `start`, with the parts of `hits` inside it marked. A match that
 * crosses a tag or a block boundary is marked on both sides (each part keeps whether it is the current hit).
 */
export function highlightedRun(run: string, start: number, hits: SegmentTextHits): ReactNode {
  const end = start + run.length;
  const local: TextMatch[] = [];
  let localCurrent: number | null = null;
  hits.matches.forEach((match, index) => {
    if (match.end <= start || match.start >= end) return;
    if (index === hits.currentMatch) localCurrent = local.length;
    local.push({ start: Math.max(match.start, start) - start, end: Math.min(match.end, end) - start });
  });
  if (local.length === 0) return run;
  return highlightPieces(run, local, localCurrent).map((piece, i) =>
    piece.hit === null ? (
      piece.text
    ) : (
      <mark key={i} className={piece.hit === 'current' ? 'translation-hit translation-hit--current' : 'translation-hit'}>
        {piece.text}
      </mark>
    ),
  );
}
