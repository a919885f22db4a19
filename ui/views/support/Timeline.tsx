import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { entryLabel, entryRoute } from './replayIndex.ts';
import type { ViewerDivergence, ViewerEntry } from './replayTypes.ts';

const ROW_HEIGHT = 30;
const PAGE_ENTRIES = 20;

/** Milliseconds since the log started, as `+12.345 s`. */
export function formatTime(ms: number): string {
  return `+${(ms / 1000).toFixed(3)} s`;
}

export interface TimelineProps {
  entries: readonly ViewerEntry[];
  cursor: number;
  divergences: ReadonlyMap<number, ViewerDivergence[]>;
  onSeek: (index: number) => void;
  onTogglePlay: () => void;
  onActorJump: (direction: 1 | -1) => void;
  onTogglePayload: () => void;
}

/**
 * The entries as a listbox (the cursor is the selected option), virtualised: only the rows in view are in the DOM,
 * so a 20,000-entry log scrolls as fast as a short one. The keyboard moves the cursor (see support.replay.controls.keys).
 */
export function Timeline({ entries, cursor, divergences, onSeek, onTogglePlay, onActorJump, onTogglePayload }: TimelineProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: entries.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  useEffect(() => {
    virtualizer.scrollToIndex(cursor, { align: 'auto' });
  }, [cursor, virtualizer]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowDown: cursor + 1, ArrowUp: cursor - 1, PageDown: cursor + PAGE_ENTRIES, PageUp: cursor - PAGE_ENTRIES, Home: 0, End: entries.length - 1 };
    const to = moves[event.key];
    if (to !== undefined) onSeek(to);
    else if (event.key === ' ') onTogglePlay();
    else if (event.key === 'n' || event.key === 'N') onActorJump(1);
    else if (event.key === 'p' || event.key === 'P') onActorJump(-1);
    else if (event.key === 'Enter') onTogglePayload();
    else return;
    event.preventDefault();
  };

  return (
    <div
      ref={scroller}
      className="replay-timeline"
      role="listbox"
      tabIndex={0}
      aria-label={t('support.replay.timeline.label')}
      aria-activedescendant={`replay-entry-${cursor}`}
      onKeyDown={onKeyDown}
    >
      <div role="presentation" className="replay-timeline__space" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const entry = entries[row.index]!;
          const diverged = divergences.has(row.index);
          return (
            <div
              key={row.key}
              id={`replay-entry-${row.index}`}
              role="option"
              aria-selected={row.index === cursor}
              aria-setsize={entries.length}
              aria-posinset={row.index + 1}
              className={cx('replay-row', `replay-row--${entry.k}`, row.index === cursor && 'replay-row--cursor', diverged && 'replay-row--diverged')}
              style={{ transform: `translateY(${row.start}px)`, height: ROW_HEIGHT }}
              onClick={() => onSeek(row.index)}
            >
              <span className="replay-row__index">{row.index}</span>
              <span className="replay-row__time">{formatTime(entry.t)}</span>
              <span className="replay-row__route">{entryRoute(entry)}</span>
              <span className="replay-row__label">{entryLabel(entry)}</span>
              {diverged && <span className="replay-row__marker">⚠ {t('support.replay.timeline.divergence')}</span>}
            </div>
          );
        })}
      </div>
    </div>
  );
}
