import { useSelector } from '@xstate/react';
import { useEffect, useId, type KeyboardEvent } from 'react';
import { WHATS_NEW_SLIDES } from '../../../machines/dashboard/whatsNewMachine.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../../kit/index.ts';
import { t, type StringKey } from '../../strings.ts';
import { useSystem } from '../../system.tsx';

const SLIDES = [1, 2, 3] as const;

/**
 * The what's-new carousel (review-and-content §9): 3 slides. Left and right arrows (and Home, End) move between
 * slides when it has focus; it pauses on hover and focus and has a pause button; under prefers-reduced-motion it
 * never plays on its own and slides change without animation.
 */
export function WhatsNewCarousel() {
  const { whatsNew } = useSystem();
  const headingId = useId();
  const index = useSelector(whatsNew, (s) => s.context.index);
  const playing = useSelector(whatsNew, (s) => s.matches('playing'));
  const reducedMotion = useSelector(whatsNew, (s) => s.context.reducedMotion);

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const tell = () => whatsNew.send({ type: 'whatsNew.motionPreference', reduced: query.matches });
    tell();
    query.addEventListener('change', tell);
    return () => query.removeEventListener('change', tell);
  }, [whatsNew]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight') whatsNew.send({ type: 'whatsNew.next' });
    else if (event.key === 'ArrowLeft') whatsNew.send({ type: 'whatsNew.previous' });
    else if (event.key === 'Home') whatsNew.send({ type: 'whatsNew.goTo', index: 0 });
    else if (event.key === 'End') whatsNew.send({ type: 'whatsNew.goTo', index: WHATS_NEW_SLIDES - 1 });
    else return;
    event.preventDefault();
  };

  return (
    <section
      className={reducedMotion ? 'whats-new surface-panel whats-new--still' : 'whats-new surface-panel'}
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      onKeyDown={onKeyDown}
      onMouseEnter={() => whatsNew.send({ type: 'whatsNew.pause' })}
      onMouseLeave={() => whatsNew.send({ type: 'whatsNew.play' })}
    >
      <div className="whats-new__header">
        <h2 id={headingId} className="dashboard-section__title">
          {t('authoring.whatsNew.heading')}
        </h2>
        <div className="whats-new__controls">
          {!reducedMotion && (
            <button type="button" className="whats-new__control" onClick={() => whatsNew.send({ type: playing ? 'whatsNew.pause' : 'whatsNew.play' })}>
              {playing ? t('authoring.whatsNew.pause') : t('authoring.whatsNew.play')}
            </button>
          )}
          <button type="button" className="whats-new__arrow" aria-label={t('authoring.whatsNew.previous')} onClick={() => whatsNew.send({ type: 'whatsNew.previous' })}>
            <ChevronLeftIcon size={18} />
          </button>
          <button type="button" className="whats-new__arrow" aria-label={t('authoring.whatsNew.next')} onClick={() => whatsNew.send({ type: 'whatsNew.next' })}>
            <ChevronRightIcon size={18} />
          </button>
        </div>
      </div>
      <div className="whats-new__viewport" aria-live={playing ? 'off' : 'polite'}>
        {SLIDES.map((n, i) => (
          <div
            key={n}
            className="whats-new__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('authoring.whatsNew.slide', { n, total: WHATS_NEW_SLIDES })}
            hidden={i !== index}
          >
            <h3 className="whats-new__title">{t(`authoring.whatsNew.${n}.title` as StringKey)}</h3>
            <p className="whats-new__body">{t(`authoring.whatsNew.${n}.body` as StringKey)}</p>
          </div>
        ))}
      </div>
      <div className="whats-new__dots">
        {SLIDES.map((n, i) => (
          <button
            key={n}
            type="button"
            className="whats-new__dot"
            aria-label={t('authoring.whatsNew.goTo', { n })}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => whatsNew.send({ type: 'whatsNew.goTo', index: i })}
          />
        ))}
      </div>
    </section>
  );
}
