/**
 * The editor's emoji picker (review-and-content §4 comment editor "emoji open", §9: 387 px, 8 per line): a button
 * and a small built-in set in a grid. It opens above its button when less than EMOJI_PICKER_HEIGHT_PX remain
 * below — then above the whole `keepVisible` element (the editor's text), so the text stays reachable while it is
 * open; arrows, Home/End move, Enter or Space picks, Escape closes and hands focus back (`onEscape`: the editor;
 * else the button); a click outside closes it.
 */
import { useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type RefObject } from 'react';
import { EMOJI_PER_LINE, EMOJI_PICKER_HEIGHT_PX } from '../../../../domain/constants.ts';
import { cx, useDismiss } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';
import { SmileIcon } from './icons.tsx';
import { emojiPickerPlacement, type Placement } from './placement.ts';

/** The built-in set: [emoji, name] (the name is what assistive technology reads). */
export const EMOJI: readonly (readonly [string, string])[] = [
  ['😀', 'grinning face'],
  ['😃', 'smiling face with big eyes'],
  ['😄', 'smiling face with smiling eyes'],
  ['😁', 'beaming face'],
  ['😆', 'laughing face'],
  ['😅', 'smiling face with sweat'],
  ['😂', 'face with tears of joy'],
  ['🙂', 'slightly smiling face'],
  ['😉', 'winking face'],
  ['😊', 'smiling face with blushing cheeks'],
  ['😍', 'smiling face with heart eyes'],
  ['😘', 'face blowing a kiss'],
  ['😎', 'smiling face with sunglasses'],
  ['🤩', 'star-struck'],
  ['🤔', 'thinking face'],
  ['🤨', 'face with raised eyebrow'],
  ['😐', 'neutral face'],
  ['😑', 'expressionless face'],
  ['🙄', 'face with rolling eyes'],
  ['😏', 'smirking face'],
  ['😬', 'grimacing face'],
  ['😮', 'face with open mouth'],
  ['😲', 'astonished face'],
  ['😳', 'flushed face'],
  ['🥺', 'pleading face'],
  ['😢', 'crying face'],
  ['😭', 'loudly crying face'],
  ['😤', 'face with steam from nose'],
  ['😡', 'pouting face'],
  ['🤯', 'exploding head'],
  ['😴', 'sleeping face'],
  ['🤗', 'hugging face'],
  ['👍', 'thumbs up'],
  ['👎', 'thumbs down'],
  ['👏', 'clapping hands'],
  ['🙌', 'raising hands'],
  ['🙏', 'folded hands'],
  ['👌', 'OK hand'],
  ['✌️', 'victory hand'],
  ['🤞', 'crossed fingers'],
  ['👋', 'waving hand'],
  ['💪', 'flexed biceps'],
  ['👀', 'eyes'],
  ['🧠', 'brain'],
  ['❤️', 'red heart'],
  ['💔', 'broken heart'],
  ['🔥', 'fire'],
  ['✨', 'sparkles'],
  ['⭐', 'star'],
  ['🎉', 'party popper'],
  ['🚀', 'rocket'],
  ['💡', 'light bulb'],
  ['📌', 'pushpin'],
  ['📝', 'memo'],
  ['📎', 'paperclip'],
  ['🔗', 'link'],
  ['✅', 'check mark button'],
  ['❌', 'cross mark'],
  ['⚠️', 'warning'],
  ['❓', 'question mark'],
  ['❗', 'exclamation mark'],
  ['💯', 'hundred points'],
  ['⏰', 'alarm clock'],
  ['🎯', 'bullseye'],
];

/** The gap between the panel and what it must not cover, in px. */
const PANEL_GAP_PX = 4;

/** Where the highlight goes for a key in a grid of `count` cells, EMOJI_PER_LINE per row; null for other keys. */
export function emojiGridMove(key: string, index: number, count: number, ctrl = false): number | null {
  const row = Math.floor(index / EMOJI_PER_LINE);
  switch (key) {
    case 'ArrowRight':
      return Math.min(count - 1, index + 1);
    case 'ArrowLeft':
      return Math.max(0, index - 1);
    case 'ArrowDown':
      return index + EMOJI_PER_LINE < count ? index + EMOJI_PER_LINE : index;
    case 'ArrowUp':
      return index - EMOJI_PER_LINE >= 0 ? index - EMOJI_PER_LINE : index;
    case 'Home':
      return ctrl ? 0 : row * EMOJI_PER_LINE;
    case 'End':
      return ctrl ? count - 1 : Math.min(count - 1, row * EMOJI_PER_LINE + EMOJI_PER_LINE - 1);
    default:
      return null;
  }
}

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
  const cellRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const panelId = useId();

  useLayoutEffect(() => {
    if (open) cellRefs.current[active]?.focus();
  }, [open, active]);

  useDismiss(open, [triggerRef, panelRef], (cause) => {
    setOpen(false);
    if (cause !== 'escape') return;
    if (onEscape) onEscape();
    else triggerRef.current?.focus();
  });

  const toggle = () => {
    if (!open) {
      const rect = triggerRef.current?.getBoundingClientRect();
      const where = rect ? emojiPickerPlacement(rect.bottom, window.innerHeight) : 'below';
      setPlacement(where);
      const keep = keepVisible?.current?.getBoundingClientRect();
      setAbove(
        where === 'above' && rect && keep && keep.top < rect.bottom
          ? { bottom: Math.round(rect.bottom - Math.min(keep.top, rect.top)) + PANEL_GAP_PX, maxHeight: Math.max(0, Math.round(Math.min(keep.top, rect.top)) - 2 * PANEL_GAP_PX) }
          : null,
      );
      setActive(0);
    }
    setOpen(!open);
  };

  const pick = (emoji: string) => {
    setOpen(false);
    onPick(emoji);
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = emojiGridMove(event.key, active, EMOJI.length, event.ctrlKey || event.metaKey);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
  };

  const rows: (readonly (readonly [string, string])[])[] = [];
  for (let i = 0; i < EMOJI.length; i += EMOJI_PER_LINE) rows.push(EMOJI.slice(i, i + EMOJI_PER_LINE));
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
          <div role="grid" aria-label={t('comments.editor.emojiPicker')} className="emoji-picker__grid" onKeyDown={onGridKeyDown}>
            {rows.map((row, r) => (
              <div role="row" key={r} className="emoji-picker__row">
                {row.map(([emoji, name], c) => {
                  const index = r * EMOJI_PER_LINE + c;
                  return (
                    <button
                      key={emoji}
                      ref={(element) => {
                        cellRefs.current[index] = element;
                      }}
                      type="button"
                      role="gridcell"
                      className={cx('emoji-picker__emoji', index === active && 'is-active')}
                      tabIndex={index === active ? 0 : -1}
                      aria-label={name}
                      title={name}
                      onClick={() => pick(emoji)}
                      onFocus={() => setActive(index)}
                    >
                      {emoji}
                    </button>
                  );
                })}
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
