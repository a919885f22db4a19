import { Skeleton, Spinner } from '../../kit/index.ts';
import { t } from '../../strings.ts';

/**
 * The loading state: a spinner saying "Loading translations…" over skeleton rows; also what the item view shows while
 * the translate tab's code loads (ui/views/item/ItemTranslateTab.tsx), so its words are the item view's (strings/item.ts).
 */
export function TranslationLoading() {
  return (
    <section className="translation-panel translation-panel--loading" aria-label={t('translation.panel.label')} aria-busy="true">
      <Spinner label={t('translation.panel.loading')} showLabel />
      <div className="translation-panel__skeleton" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="translation-panel__skeleton-row">
            <Skeleton shape="line" height={14} width="90%" />
            <Skeleton shape="line" height={14} width="75%" />
          </div>
        ))}
      </div>
    </section>
  );
}
