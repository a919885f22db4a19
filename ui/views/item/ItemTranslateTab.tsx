/**
 * The translate tab on first use: its views (ItemTranslate.tsx and ui/views/translation, with the segment table's
 * virtualizer and the translation model's entity decoder) and the translate tab's machines (the system's
 * `loadFeatures.translation`, which records `app.featureLoaded`) load only when the tab opens; the review tab needs
 * neither. Both load at once; the panel's skeleton shows meanwhile, in the panel's place and size.
 */
import { Suspense, lazy, type ComponentProps } from 'react';
import { FeatureGate } from '../../lazyRoute.tsx';
import { loadStrings } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
// Straight from its file: the panel's skeleton, without the translate tab's views.
import { TranslationLoading } from '../translation/TranslationLoading.tsx';
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

/** The translate tab: its skeleton until its views and machines have loaded, then the connected tab. */
export function ItemTranslateTab(props: ComponentProps<typeof ItemTranslateModule.ItemTranslate>) {
  const { loadFeatures } = useSystem();
  // The views load beside the machines, not after them.
  void loadTranslateViews().catch(() => undefined);
  return (
    <Suspense fallback={<TranslationLoading />}>
      <FeatureGate load={loadFeatures?.translation}>
        <ItemTranslate {...props} />
      </FeatureGate>
    </Suspense>
  );
}
