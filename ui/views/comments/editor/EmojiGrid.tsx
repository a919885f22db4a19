/**
 * The emoji picker's grid (review-and-content §9: 8 per line): the built-in set, one roving tab stop, arrows and
 * Home/End to move, a click, Enter or Space to pick. Its own module, loaded when the picker first opens.
 */
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { EMOJI_PER_LINE } from '../../../../domain/constants.ts';
import { cx } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';

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

/** The grid of the open picker: the highlighted cell takes the focus (when it opens, and as the highlight moves). */
export function EmojiGrid({ active, onActiveChange, onPick }: { active: number; onActiveChange(index: number): void; onPick(emoji: string): void }) {
  const cellRefs = useRef<Array<HTMLButtonElement | null>>([]);
  useLayoutEffect(() => {
    cellRefs.current[active]?.focus();
  }, [active]);
  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = emojiGridMove(event.key, active, EMOJI.length, event.ctrlKey || event.metaKey);
    if (next === null) return;
    event.preventDefault();
    onActiveChange(next);
  };
  const rows: (readonly (readonly [string, string])[])[] = [];
  for (let i = 0; i < EMOJI.length; i += EMOJI_PER_LINE) rows.push(EMOJI.slice(i, i + EMOJI_PER_LINE));
  return (
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
                onClick={() => onPick(emoji)}
                onFocus={() => onActiveChange(index)}
              >
                {emoji}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
