/**
 * The translate tab on first use: its views (ItemTranslate.tsx and ui/views/translation, with the segment table's
 * virtualizer and the translation model's entity decoder) and the translate tab's machines (the system's
 * `loadTranslationFeature`, which records `app.translationLoaded`) load only when the tab opens; the review tab needs
 * neither. Both load at once; the panel's skeleton shows meanwhile, in the panel's place and size.
 */
import { Suspense, lazy, type ComponentProps } from 'react';
import { FeatureGate } from '../../lazyRoute.tsx';
import { Skeleton, Spinner } from '../../kit/index.ts';
import { loadStrings, t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import type * as ItemTranslateModule from './ItemTranslate.tsx';

let chunk: Promise<typeof ItemTranslateModule> | null = null;
/** The translate tab's views and their words, once (a failed load is tried again on the next call). */
function loadTranslateViews() {
  return (chunk ??= Promise.all([import('./ItemTranslate.tsx'), loadStrings('translateTab')]).then(
    ([module]) => module,
    (error: unknown) => {
      chunk = null;
      throw error;
    },
  ));
}

const ItemTranslate = lazy(() => loadTranslateViews().then((module) => ({ default: module.ItemTranslate })));

/** What shows while the translate tab's code loads: the loading panel's spinner and rows. */
export function TranslateTabSkeleton() {
  return (
    <section className="translation-panel translation-panel--loading" aria-label={t('item.translate.label')} aria-busy="true">
      <Spinner label={t('item.translate.loading')} showLabel />
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

/** The translate tab: its skeleton until its views and machines have loaded, then the connected tab. */
export function ItemTranslateTab(props: ComponentProps<typeof ItemTranslateModule.ItemTranslate>) {
  const { loadTranslationFeature } = useSystem();
  // The views load beside the machines, not after them.
  void loadTranslateViews().catch(() => undefined);
  return (
    <Suspense fallback={<TranslateTabSkeleton />}>
      <FeatureGate load={loadTranslationFeature}>
        <ItemTranslate {...props} />
      </FeatureGate>
    </Suspense>
  );
}
