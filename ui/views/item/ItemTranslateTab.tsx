/**
 * The translate tab on first use: its views (ItemTranslate.tsx and ui/views/translation, with the segment table's
 * virtualizer and the translation model's entity decoder) and the translate tab's machines (the system's
 * `loadFeatures.translation`, which records `app.featureLoaded`) load only when the tab opens; the review tab needs
 * neither. Both load at once; the panel's skeleton shows meanwhile, in the panel's place and size.
 */
import type { ComponentProps } from 'react';
import { useLoaded } from '../../lazyRoute.tsx';
import { loadStrings } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
// Straight from its file: the panel's skeleton, without the translate tab's views.
import { TranslationLoading } from '../translation/TranslationLoading.tsx';
import type * as ItemTranslateModule from './ItemTranslate.tsx';

let views: typeof ItemTranslateModule | null = null;
let chunk: Promise<void> | null = null;
/** The translate tab's views and their words, once (a failed load is tried again on the next call). */
function loadTranslateViews(): Promise<void> {
  return (chunk ??= Promise.all([import('./ItemTranslate.tsx'), loadStrings('translateTab')]).then(
    ([module]) => void (views = module),
    (error: unknown) => {
      chunk = null;
      throw error;
    },
  ));
}

/**
 * The translate tab: its skeleton until its views and machines have loaded, then the connected tab. Drawn without
 * suspending (useLoaded): on a cold load of the translate address the item view appears with this tab inside it, and
 * a suspension here would hold the item view's first commit, and its `item.open`, back by up to 300 ms.
 */
export function ItemTranslateTab(props: ComponentProps<typeof ItemTranslateModule.ItemTranslate>) {
  const { loadFeatures } = useSystem();
  // The views load beside the machines, not after them.
  const ready = useLoaded(loadTranslateViews, loadFeatures?.translation);
  if (!ready || !views) return <TranslationLoading />;
  return <views.ItemTranslate {...props} />;
}
