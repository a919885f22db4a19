/**
 * The bottom navigation bar (translation-editor §2): previous and next slide or lesson, the position, Mark complete
 * or Reopen (busy while the call runs). Below 400 px wide it is compact: icons only, each with its label as
 * aria-label. In course-updates mode previous / next step through the "Update N" groups and a Close updates
 * button leaves the mode; with its five controls, the previous / next buttons show their icons only below
 * STEPS_COMPACT_BELOW_PX, so that Close updates stays whole.
 */
import { useRef, type Ref } from 'react';
import type { TranslationProduct } from '../../../domain/translation.ts';
import { Button, CheckIcon, ChevronLeftIcon, ChevronRightIcon, CloseIcon, cx, RestoreIcon } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { MARK_COMPLETE_KEYS } from './keyboard/keys.ts';
import { navUnitOf } from './labels.ts';
import { useCompact } from './useCompact.ts';

export interface BottomBarProps {
  product: TranslationProduct;
  /** 1-based place of the current nav group, or null when there is none. */
  position: { index: number; total: number } | null;
  canPrevious: boolean;
  canNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** The current nav group is complete: Reopen instead of Mark complete. */
  complete: boolean;
  /** Mark complete / Reopen may be used (a current group, the latest version). */
  canChangeProgress: boolean;
  /** The progress call runs. */
  busy: boolean;
  onMarkComplete: () => void;
  onReopen: () => void;
  /**
   * §2 course-updates mode: previous / next read "Previous update" / "Next update" (the caller's canPrevious, onNext…
   * step through update groups), the position "Update 2 of 5", and Close updates is offered.
   */
  courseUpdates?: boolean;
  /** §2 "close updates" (shown in course-updates mode). */
  onCloseUpdates?: () => void;
}

/** Course-updates mode: below this width the previous / next buttons show their icons only. */
export const STEPS_COMPACT_BELOW_PX = 760;

/** The bar, measuring its own width. */
export function BottomBar(props: BottomBarProps) {
  const ref = useRef<HTMLElement>(null);
  const compact = useCompact(ref);
  const narrow = useCompact(ref, STEPS_COMPACT_BELOW_PX);
  return <BottomBarView {...props} compact={compact} compactSteps={props.courseUpdates === true && narrow} barRef={ref} />;
}

export interface BottomBarViewProps extends BottomBarProps {
  compact: boolean;
  /** Previous / next as icons only (their labels as aria-label); implied by compact. */
  compactSteps?: boolean;
  barRef?: Ref<HTMLElement>;
}

/** The bar drawn from its props (compact given). */
export function BottomBarView({
  product,
  position,
  canPrevious,
  canNext,
  onPrevious,
  onNext,
  complete,
  canChangeProgress,
  busy,
  onMarkComplete,
  onReopen,
  courseUpdates = false,
  onCloseUpdates,
  compact,
  compactSteps = false,
  barRef,
}: BottomBarViewProps) {
  const iconSteps = compact || compactSteps;
  const unit = navUnitOf(product);
  const previous = courseUpdates ? t('translation.updates.bar.previous') : t(`translation.bar.previous.${unit}`);
  const next = courseUpdates ? t('translation.updates.bar.next') : t(`translation.bar.next.${unit}`);
  const closeUpdates = t('translation.updates.bar.close');
  const progressLabel = complete ? t('translation.bar.reopen') : t('translation.bar.markComplete');
  return (
    <nav ref={barRef} className={cx('translation-bar', compact && 'is-compact', iconSteps && 'has-icon-steps')} aria-label={t('translation.bar.label')}>
      <Button
        size="sm"
        variant="ghost"
        className="translation-bar__step"
        disabled={!canPrevious}
        onClick={onPrevious}
        iconStart={<ChevronLeftIcon size={16} />}
        aria-label={iconSteps ? previous : undefined}
        title={iconSteps ? previous : undefined}
      >
        {iconSteps ? null : previous}
      </Button>
      {position && (
        <span className="translation-bar__position" aria-live="polite">
          {courseUpdates
            ? t('translation.updates.bar.position', { index: position.index, total: position.total })
            : t(`translation.bar.position.${unit}`, { index: position.index, total: position.total })}
        </span>
      )}
      <Button
        size="sm"
        variant={complete ? 'secondary' : 'primary'}
        className="translation-bar__progress"
        data-walkthrough="complete"
        disabled={!canChangeProgress}
        loading={busy}
        onClick={complete ? onReopen : onMarkComplete}
        iconStart={complete ? <RestoreIcon size={16} /> : <CheckIcon size={16} />}
        aria-label={compact ? progressLabel : undefined}
        // The keyboard's one shortcut for Mark complete (keyboard/keys.ts).
        aria-keyshortcuts={complete ? undefined : MARK_COMPLETE_KEYS}
        title={complete ? undefined : `${progressLabel} (${MARK_COMPLETE_KEYS})`}
      >
        {compact ? null : progressLabel}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className="translation-bar__step"
        disabled={!canNext}
        onClick={onNext}
        iconEnd={<ChevronRightIcon size={16} />}
        aria-label={iconSteps ? next : undefined}
        title={iconSteps ? next : undefined}
      >
        {iconSteps ? null : next}
      </Button>
      {courseUpdates && onCloseUpdates && (
        <Button
          size="sm"
          variant="secondary"
          className="translation-bar__close-updates"
          onClick={onCloseUpdates}
          iconStart={<CloseIcon size={16} />}
          aria-label={compact ? closeUpdates : undefined}
        >
          {compact ? null : closeUpdates}
        </Button>
      )}
    </nav>
  );
}
