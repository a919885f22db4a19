/**
 * The translate tab's tools, connected (translation-editor §2), gathered for ItemTranslate: the search / replace bar,
 * the header's tool buttons, the per-segment extras, the version diff view, the surveys, and the dialogs and drawers —
 * one file each beside this one. Each reads its own actors with narrow selectors, so that a change in one of them
 * re-renders only that part. The row badges are here.
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { diffStateOf, duplicatesOfKey } from '../../../machines/translation/translationMachine.ts';
import { useSystem } from '../../system.tsx';
import { useFlag } from '../useAccount.ts';

export { TranslateSearchBar, useOpenFind } from './TranslateSearchBar.tsx';
export { TranslateHeaderActions, type TranslateHeaderActionsProps } from './TranslateHeaderActions.tsx';
export { TranslateDiffView } from './TranslateDiffView.tsx';
export { SegmentExtras, useSegmentExtrasKeys } from './TranslateSegmentExtras.tsx';
export { TranslateSurveys } from './TranslateSurveys.tsx';
export { TranslateToolDialogs } from './TranslateToolDialogs.tsx';
export { audioCountOf, audioGroupsOf } from './TranslateAudioDrawer.tsx';

/** The row badges: duplicates, low contrast, disabled by the diff. */
export function useSegmentBadges(): (key: string) => { duplicates: number; lowContrast: boolean; disabledByDiff: boolean } | null {
  const { translation } = useSystem();
  const duplicatesFlag = useFlag('duplicateSegments');
  const tools = useSelector(translation, (s) => s.context.tools.duplicates);
  const lowContrast = useSelector(translation, (s) => s.context.tools.lowContrastKeys);
  const disabled = useSelector(translation, (s) => diffStateOf(s).disabledKeys);
  return useMemo(() => {
    const low = new Set(lowContrast);
    const off = new Set(disabled);
    return (key: string) => {
      const same = duplicatesFlag && tools ? duplicatesOfKey({ tools: { duplicates: tools } } as Parameters<typeof duplicatesOfKey>[0], key).same.length : 0;
      const isLow = low.has(key);
      const isOff = off.has(key);
      return same > 0 || isLow || isOff ? { duplicates: same > 0 ? same + 1 : 0, lowContrast: isLow, disabledByDiff: isOff } : null;
    };
  }, [duplicatesFlag, tools, lowContrast, disabled]);
}
