/**
 * The feature walkthrough (translation-editor §2 feature walkthrough, §3 Walkthrough step, §4 Next, Previous, finish
 * at the last step, or dismiss early). A non-modal card "Step i of n" next to the element a step highlights (found
 * by its selector, outlined by a fixed-position frame); the card centers when the element is not on the page.
 * The step index lives in the container (the machine); this only draws and measures.
 */
import { useCallback, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type Ref } from 'react';
import type { WalkthroughStep } from '../../../../domain/translationAssist.ts';
import { Button, CloseIcon, cx } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';
import { EMPHASIS_COLOR, useRoughBox } from '../../roughEmphasis.ts';

/** A step as the views show it: the domain step plus its words. */
export interface WalkthroughViewStep extends WalkthroughStep {
  title: string;
  description: string;
}

export interface WalkthroughRect {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface WalkthroughLayout {
  /** The frame drawn around the target; null when there is none. */
  highlight: WalkthroughRect | null;
  /** Where the card's top-left corner goes; null: centered in the viewport. */
  card: { top: number; left: number } | null;
}

const GAP_PX = 12;
const MARGIN_PX = 16;
const OUTLINE_PAD_PX = 4;

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, Math.max(min, max)));

/**
 * Where the highlight and the card go: the card below the target when it fits, else above it, else along the
 * bottom of the viewport (a tall target such as the segment table); kept inside the viewport horizontally.
 * A missing or invisible target centers the card.
 */
export function placeWalkthroughCard(
  target: WalkthroughRect | null,
  viewport: { width: number; height: number },
  card: { width: number; height: number },
): WalkthroughLayout {
  if (!target || (target.width === 0 && target.height === 0)) return { highlight: null, card: null };
  const highlight = {
    top: target.top - OUTLINE_PAD_PX,
    left: target.left - OUTLINE_PAD_PX,
    width: target.width + 2 * OUTLINE_PAD_PX,
    height: target.height + 2 * OUTLINE_PAD_PX,
  };
  const below = highlight.top + highlight.height + GAP_PX;
  const above = highlight.top - GAP_PX - card.height;
  const top =
    below + card.height <= viewport.height - MARGIN_PX
      ? below
      : above >= MARGIN_PX
        ? above
        : clamp(viewport.height - card.height - MARGIN_PX, MARGIN_PX, viewport.height - card.height - MARGIN_PX);
  const left = clamp(target.left, MARGIN_PX, viewport.width - card.width - MARGIN_PX);
  return { highlight, card: { top, left } };
}

export interface WalkthroughCardProps {
  step: WalkthroughViewStep;
  /** 0-based. */
  index: number;
  total: number;
  onNext: () => void;
  onPrevious: () => void;
  onFinish: () => void;
  onDismiss: () => void;
  /** Where the card goes; null centers it. */
  position?: { top: number; left: number } | null;
  ref?: Ref<HTMLDivElement>;
}

/** The card of one step: "Step i of n", title, description, Previous (not on the first), Next or Finish, Skip tour. */
export function WalkthroughCard({ step, index, total, onNext, onPrevious, onFinish, onDismiss, position = null, ref }: WalkthroughCardProps) {
  const last = index >= total - 1;
  const titleId = `assist-walkthrough-${step.id}-title`;
  const bodyId = `assist-walkthrough-${step.id}-body`;
  const style: CSSProperties | undefined = position ? { top: position.top, left: position.left } : undefined;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onDismiss();
    }
  };
  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      tabIndex={-1}
      className={cx('assist-walkthrough', !position && 'assist-walkthrough--centered')}
      style={style}
      onKeyDown={onKeyDown}
    >
      <div className="assist-walkthrough__head">
        <p className="assist-walkthrough__step">{t('translationAssist.walkthrough.step', { index: index + 1, total })}</p>
        <button type="button" className="k-icon-button" aria-label={t('translationAssist.walkthrough.close')} onClick={onDismiss}>
          <CloseIcon size={16} />
        </button>
      </div>
      <h2 id={titleId} className="assist-walkthrough__title">
        {step.title}
      </h2>
      <p id={bodyId} className="assist-walkthrough__body">
        {step.description}
      </p>
      <div className="assist-walkthrough__actions">
        {step.altButton && !last && (
          <Button size="sm" variant="ghost" className="assist-walkthrough__skip" onClick={onDismiss}>
            {t('translationAssist.walkthrough.skip')}
          </Button>
        )}
        <span className="assist-walkthrough__spacer" />
        {index > 0 && (
          <Button size="sm" variant="secondary" onClick={onPrevious}>
            {t('translationAssist.walkthrough.previous')}
          </Button>
        )}
        {last ? (
          <Button size="sm" variant="primary" onClick={onFinish}>
            {t('translationAssist.walkthrough.finish')}
          </Button>
        ) : (
          <Button size="sm" variant="primary" onClick={onNext}>
            {t('translationAssist.walkthrough.next')}
          </Button>
        )}
      </div>
    </div>
  );
}

export interface WalkthroughProps {
  steps: readonly WalkthroughViewStep[];
  /** The current step (0-based); out of range shows nothing. */
  index: number;
  onNext: () => void;
  onPrevious: () => void;
  onFinish: () => void;
  onDismiss: () => void;
}

const DEFAULT_CARD = { width: 320, height: 200 };

/** The tour on the page: the highlight frame over the step's element and the card placed next to it. */
export function Walkthrough({ steps, index, onNext, onPrevious, onFinish, onDismiss }: WalkthroughProps) {
  const step = steps[index];
  const cardRef = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState<WalkthroughLayout>({ highlight: null, card: null });
  const selector = step?.highlightSelector;
  // The step's element is also pointed at with a hand-drawn box (rough-notation, loaded lazily; no animation with
  // reduced motion); the frame then only dims the page.
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [rough, setRough] = useState(false);
  useRoughBox(target, { color: EMPHASIS_COLOR, padding: 6, strokeWidth: 2 }, index, setRough);

  const measure = useCallback(() => {
    const target = selector ? safeQuery(selector) : null;
    setTarget(target);
    const card = cardRef.current;
    setLayout(
      placeWalkthroughCard(
        target ? target.getBoundingClientRect() : null,
        { width: window.innerWidth, height: window.innerHeight },
        card ? { width: card.offsetWidth, height: card.offsetHeight } : DEFAULT_CARD,
      ),
    );
  }, [selector]);

  useLayoutEffect(() => {
    if (!selector) return;
    safeQuery(selector)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    measure();
    // Keyboard users land on the card of each step.
    cardRef.current?.focus({ preventScroll: true });
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [selector, index, measure]);

  if (!step) return null;
  const { highlight } = layout;
  return (
    <>
      {highlight && <div className={rough ? 'assist-walkthrough-highlight is-rough' : 'assist-walkthrough-highlight'} aria-hidden="true" style={{ top: highlight.top, left: highlight.left, width: highlight.width, height: highlight.height }} />}
      <WalkthroughCard
        ref={cardRef}
        step={step}
        index={index}
        total={steps.length}
        onNext={onNext}
        onPrevious={onPrevious}
        onFinish={onFinish}
        onDismiss={onDismiss}
        position={layout.card}
      />
    </>
  );
}

/** The element a selector names; a malformed selector (it is data) finds nothing rather than throwing. */
function safeQuery(selector: string): HTMLElement | null {
  try {
    return document.querySelector<HTMLElement>(selector);
  } catch {
    return null;
  }
}
