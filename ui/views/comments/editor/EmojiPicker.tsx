/**
 * The editor's emoji picker (review-and-content §4 comment editor "emoji open", §9: 387 px, 8 per line): a button
 * and a small built-in set in a grid. It opens above its button when less than EMOJI_PICKER_HEIGHT_PX remain
 * below — then above the whole `keepVisible` element (the editor's text), so the text stays reachable while it is
 * open; arrows, Home/End move, Enter or Space picks, Escape closes and hands focus back (`onEscape`: the editor;
 * else the button); a click outside closes it.
 */
import { lazy, Suspense, useId, useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { EMOJI_PER_LINE, EMOJI_PICKER_HEIGHT_PX } from '../../../../domain/constants.ts';
import { cx, Spinner, useDismiss } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';
import { SmileIcon } from './icons.tsx';
import { emojiPickerPlacement, type Placement } from './placement.ts';

// The grid and its set load when the picker first opens (the button is all a comment box draws at once).
const EmojiGrid = lazy(() => import('./EmojiGrid.tsx').then((m) => ({ default: m.EmojiGrid })));

/** The gap between the panel and what it must not cover, in px. */
const PANEL_GAP_PX = 4;

export interface EmojiPickerProps {
  /** An emoji was picked (the picker closes itself). */
  onPick(emoji: string): void;
  disabled?: boolean;
  className?: string;
  /** An element the panel must not cover when it opens above (the editor's text field). */
  keepVisible?: RefObject<HTMLElement | null>;
  /** Escape closed the panel: where focus goes (the editor); the button when omitted. */
  onEscape?(): void;
  /** Whether the picker is open, when its owner keeps that (the composer's editor actor); else the picker keeps it. */
  open?: boolean;
  /** The button was pressed (`open` is the picker's wish), or the picker closed itself (Escape, outside click, pick). */
  onOpenChange?(open: boolean): void;
}

/** The emoji button and its picker. */
export function EmojiPicker({ onPick, disabled = false, className, keepVisible, onEscape, open: shownOpen, onOpenChange }: EmojiPickerProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = shownOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (shownOpen === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  const [active, setActive] = useState(0);
  const [placement, setPlacement] = useState<Placement>('below');
  // Opened above: how far the panel's bottom sits above the button's bottom (clear of keepVisible), and its room.
  const [above, setAbove] = useState<{ bottom: number; maxHeight: number } | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useDismiss(open, [triggerRef, panelRef], (cause) => {
    setOpen(false);
    if (cause !== 'escape') return;
    if (onEscape) onEscape();
    else triggerRef.current?.focus();
  });

  // Where the panel opens, measured whenever it opens: from the button, or already open when this picker mounts (the
  // comment box's stand-in hands an open picker over to the editor that replaces it).
  useLayoutEffect(() => {
    if (!open) return;
    const rect = triggerRef.current?.getBoundingClientRect();
    const where = rect ? emojiPickerPlacement(rect.bottom, window.innerHeight) : 'below';
    setPlacement(where);
    const keep = keepVisible?.current?.getBoundingClientRect();
    setAbove(
      where === 'above' && rect && keep && keep.top < rect.bottom
        ? { bottom: Math.round(rect.bottom - Math.min(keep.top, rect.top)) + PANEL_GAP_PX, maxHeight: Math.max(0, Math.round(Math.min(keep.top, rect.top)) - 2 * PANEL_GAP_PX) }
        : null,
    );
  }, [open, keepVisible]);

  const toggle = () => {
    if (!open) setActive(0);
    setOpen(!open);
  };

  const pick = (emoji: string) => {
    setOpen(false);
    onPick(emoji);
  };

  const style = { '--emoji-picker-height': `${EMOJI_PICKER_HEIGHT_PX}px`, '--emoji-per-line': EMOJI_PER_LINE } as CSSProperties;

  return (
    <div className={cx('emoji-picker', className)} style={style}>
      <button
        ref={triggerRef}
        type="button"
        className="k-icon-button emoji-picker__trigger"
        aria-label={t('comments.editor.emoji')}
        title={t('comments.editor.emoji')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={toggle}
      >
        <SmileIcon />
      </button>
      {open && (
        <div ref={panelRef} id={panelId} role="dialog" aria-label={t('comments.editor.emojiPicker')} className={cx('emoji-picker__panel', `is-${placement}`)}
          style={above ? { bottom: above.bottom, maxHeight: above.maxHeight } : undefined}
        >
          <Suspense fallback={<Spinner size="sm" label={t('comments.editor.emojiPicker')} />}>
            <EmojiGrid active={active} onActiveChange={setActive} onPick={pick} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
