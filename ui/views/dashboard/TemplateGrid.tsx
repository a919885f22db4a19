import { useSelector } from '@xstate/react';
import { useLayoutEffect, useRef, useState } from 'react';
import {
  coverImageUrl,
  TEMPLATE_CARD_HEIGHT_PX,
  TEMPLATE_CARD_WIDTH_PX,
  TEMPLATE_GRID_GAP_PX,
  templateColumns,
  TEMPLATE_GRID_ROWS,
  type TemplateCard,
} from '../../../domain/dashboard.ts';
import { Banner, Button, Skeleton, Spinner } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';

/** The width of an element, followed as it resizes (0 before layout). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * One template card (246 × 360; title clamped to 2 lines, description to 4): a button that imports the template.
 * While any import runs every card is disabled; the one being imported shows loading. A first-row card (on screen at
 * first paint; its image may be the page's largest paint) loads its image at once and first, the others lazily.
 */
function TemplateCardButton({ card, busy, importing, onUse, priority }: { card: TemplateCard; busy: boolean; importing: boolean; onUse: () => void; priority: boolean }) {
  const lessons = card.lesson_count === 1 ? t('authoring.templates.lesson') : t('authoring.templates.lessons', { count: card.lesson_count });
  return (
    <li className="template-card" style={{ width: TEMPLATE_CARD_WIDTH_PX, height: TEMPLATE_CARD_HEIGHT_PX }}>
      <button
        type="button"
        className="template-card__button"
        onClick={onUse}
        aria-disabled={busy || undefined}
        aria-busy={importing || undefined}
      >
        {/* The name is the card's text, led by what a click does. */}
        <span className="k-visually-hidden">{importing ? t('authoring.templates.importing', { title: '' }) : t('authoring.templates.use', { title: '' })}</span>
        <span className="template-card__image">
          {card.card_image ? <img src={coverImageUrl(card.card_image)} alt="" width={246} height={148} loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : undefined} /> : null}
          {importing && (
            <span className="template-card__overlay">
              <Spinner size="md" decorative />
            </span>
          )}
        </span>
        <span className="template-card__body">
          <span className="template-card__topic">{card.topicTitle}</span>
          <span className="template-card__title clamp-lines">{card.title}</span>
          <span className="template-card__description clamp-lines">{card.description}</span>
          <span className="template-card__meta">{lessons}</span>
        </span>
      </button>
    </li>
  );
}

/**
 * The template grid (review-and-content §9): columns = floor((width + 32) / 278) of the grid's own width, 2 rows,
 * curated templates first (the machine orders them). Loading shows placeholders; failure says so and offers to
 * try again; an empty list says so.
 */
export function TemplateGrid({ kind, headingId }: { kind: 'courses' | 'microlearning'; headingId: string }) {
  const { authoringDashboard } = useSystem();
  const { ref, width } = useWidth<HTMLDivElement>();
  const status = useSelector(authoringDashboard, (s) => (s.matches({ templates: 'loaded' }) ? 'loaded' : s.matches({ templates: 'failed' }) ? 'failed' : 'loading'));
  const cards = useSelector(authoringDashboard, (s) => (kind === 'courses' ? s.context.courses : s.context.microlearning));
  const importingId = useSelector(authoringDashboard, (s) => s.context.importingContentId);
  const busy = useSelector(authoringDashboard, (s) => !s.matches({ create: 'idle' }));
  const columns = templateColumns(width);
  const shown = cards.slice(0, columns * TEMPLATE_GRID_ROWS);
  const gridStyle = { gridTemplateColumns: `repeat(${columns}, ${TEMPLATE_CARD_WIDTH_PX}px)`, gap: TEMPLATE_GRID_GAP_PX };

  return (
    <div ref={ref} className="template-grid" data-columns={columns}>
      {status === 'loading' && (
        <>
          <p className="k-visually-hidden" role="status">
            {t('authoring.templates.loading')}
          </p>
          <ul className="template-grid__list" style={gridStyle} aria-hidden="true">
            {Array.from({ length: columns * TEMPLATE_GRID_ROWS }, (_, i) => (
              <li key={i} className="template-card template-card--placeholder surface-panel" style={{ width: TEMPLATE_CARD_WIDTH_PX, height: TEMPLATE_CARD_HEIGHT_PX }}>
                <Skeleton height={148} />
                <Skeleton shape="line" width="70%" />
                <Skeleton shape="line" width="90%" />
              </li>
            ))}
          </ul>
        </>
      )}
      {status === 'failed' && (
        <Banner
          tone="error"
          title={t('authoring.templates.failed')}
          announce
          action={
            <Button size="sm" onClick={() => authoringDashboard.send({ type: 'authoringDashboard.retryTemplates' })}>
              {t('content.retry')}
            </Button>
          }
        />
      )}
      {status === 'loaded' && shown.length === 0 && <p className="template-grid__empty">{t('authoring.templates.empty')}</p>}
      {status === 'loaded' && shown.length > 0 && (
        <ul className="template-grid__list" style={gridStyle} aria-labelledby={headingId}>
          {shown.map((card, index) => (
            <TemplateCardButton
              key={card.id}
              priority={index < columns}
              card={card}
              busy={busy}
              importing={importingId === card.content_id}
              onUse={() => authoringDashboard.send({ type: 'authoringDashboard.importTemplate', contentId: card.content_id })}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
