/**
 * The translate tab's tools, connected (translation-editor §2), gathered for ItemTranslate: the search / replace bar,
 * the header's tool buttons, the per-segment extras, the version diff view, the surveys, and the dialogs and drawers —
 * one file each beside this one. Each reads its own actors with narrow selectors, so that a change in one of them
 * re-renders only that part. The row badges are here.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import type { TranslationModel } from '../../../domain/translationModel.ts';
import { diffStateOf, duplicateIndexOf, duplicatesOfKey, hasModelExtras, lowContrastKeysOf } from '../../../machines/translation/translationMachine.ts';
import { useSystem } from '../../system.tsx';
import { useFlag } from '../useAccount.ts';

export { TranslateSearchBar, useOpenFind } from './TranslateSearchBar.tsx';
export { TranslateHeaderActions, type TranslateHeaderActionsProps } from './TranslateHeaderActions.tsx';
export { TranslateDiffView } from './TranslateDiffView.tsx';
export { SegmentExtras, useSegmentExtrasKeys } from './TranslateSegmentExtras.tsx';
export { TranslateSurveys } from './TranslateSurveys.tsx';
export { TranslateToolDialogs } from './TranslateToolDialogs.tsx';
export { audioCountOf, audioGroupsOf } from './TranslateAudioDrawer.tsx';

/**
 * The model whose duplicates and low-contrast paths are worked out, else null: they are worked out once per model
 * (machines/translation/translationTools.ts), here when the page is idle after the table's first rows are on screen,
 * so that opening the tab does not wait for them; their badges appear then. Each in its own idle turn: on a large
 * course each is tens of ms, and a key pressed meanwhile waits for the turn to end.
 */
function useModelExtras(model: TranslationModel | null): TranslationModel | null {
  const [worked, setWorked] = useState<TranslationModel | null>(null);
  const ready = model !== null && (worked === model || hasModelExtras(model));
  useEffect(() => {
    if (!model || ready) return;
    const steps = [() => duplicateIndexOf(model), () => lowContrastKeysOf(model), () => setWorked(model)];
    let cancel = () => {};
    const next = () => {
      steps.shift()?.();
      if (steps.length) cancel = whenIdle(next);
    };
    cancel = whenIdle(next);
    return () => cancel();
  }, [model, ready]);
  return ready ? model : null;
}
/** Runs `work` in the page's next idle turn (at most EXTRAS_IDLE_TIMEOUT_MS later); the function that cancels it. */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: EXTRAS_IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}
/** The longest each step of the badges' work waits for an idle moment. */
const EXTRAS_IDLE_TIMEOUT_MS = 500;

/** The row badges: duplicates, low contrast (once worked out: useModelExtras), disabled by the diff. */
export function useSegmentBadges(): (key: string) => { duplicates: number; lowContrast: boolean; disabledByDiff: boolean } | null {
  const { translation } = useSystem();
  const duplicatesFlag = useFlag('duplicateSegments');
  const model = useModelExtras(useSelector(translation, (s) => s.context.model));
  const disabled = useSelector(translation, (s) => diffStateOf(s).disabledKeys);
  return useMemo(() => {
    const low = model ? lowContrastKeysOf(model) : null;
    const off = new Set(disabled);
    return (key: string) => {
      const same = duplicatesFlag && model ? duplicatesOfKey({ model }, key).same.length : 0;
      const isLow = low?.has(key) ?? false;
      const isOff = off.has(key);
      return same > 0 || isLow || isOff ? { duplicates: same > 0 ? same + 1 : 0, lowContrast: isLow, disabledByDiff: isOff } : null;
    };
  }, [duplicatesFlag, model, disabled]);
}
