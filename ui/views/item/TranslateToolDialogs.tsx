/**
 * The translate tab's tool dialogs and drawers, connected: the replace-all and save-to-all confirmations, the reopen
 * section and reset translation dialogs (the `translation` actor), the audio drawer, the memory report dialog and the
 * walkthrough (each from its own actor).
 */
import { useSelector } from '@xstate/react';
import { plainText } from '../../../domain/translationEdits.ts';
import { diffStateOf, isReplaceAllAskedOf, isUpdatingOf, resetDialogOf, saveAllAskedOf, searchStateOf } from '../../../machines/translation/translationMachine.ts';
import { useSystem } from '../../system.tsx';
import { textDirection } from '../translation/index.ts';
import { ReplaceAllDialog, SaveToAllDialog } from '../translation/tools/index.ts';
import { ReopenSectionDialog, ResetTranslationDialog } from '../translation/versions/index.ts';
import { TranslateAudioDrawer } from './TranslateAudioDrawer.tsx';
import { TranslateMemoryReport } from './TranslateMemoryReport.tsx';
import { sameSearch } from './TranslateSearchBar.tsx';
import { TranslateWalkthrough } from './TranslateWalkthrough.tsx';
import { iso } from './translateShared.ts';

/** The tab's tool dialogs and drawers. */
export function TranslateToolDialogs() {
  const { translation, now } = useSystem();
  const send = translation.send;
  const model = useSelector(translation, (s) => s.context.model);
  const search = useSelector(translation, (s) => searchStateOf(s.context), sameSearch);
  const replaceAllAsked = useSelector(translation, (s) => isReplaceAllAskedOf(s));
  const replaceSegments = useSelector(translation, (s) => new Set(s.context.tools.found?.items.filter((item) => item.field === 'target').map((item) => item.key) ?? []).size);
  const replaceOccurrences = useSelector(translation, (s) => s.context.tools.found?.items.filter((item) => item.field === 'target').reduce((sum, item) => sum + item.matches.length, 0) ?? 0);
  const saveAllAsked = useSelector(translation, (s) => saveAllAskedOf(s), (a, b) => a?.key === b?.key && a?.duplicates === b?.duplicates);
  const updating = useSelector(translation, (s) => isUpdatingOf(s));
  const reset = useSelector(translation, (s) => resetDialogOf(s), (a, b) => a?.key === b?.key && a?.dialog === b?.dialog);
  const resetTo = useSelector(translation, (s) => s.context.tools.resetAsked?.to ?? null);
  const previousVersion = useSelector(translation, (s) => diffStateOf(s).previousVersionNumber);
  const progressBusy = useSelector(translation, (s) => s.context.progressCall !== null);
  if (!model) return null;
  const { dir, lang } = textDirection(model.targetLocale);
  const resetSegment = reset ? model.segmentsByKey.get(reset.key) : undefined;
  return (
    <>
      <ReplaceAllDialog
        open={replaceAllAsked}
        term={search.term}
        replaceValue={search.replaceValue}
        occurrences={replaceOccurrences}
        segments={replaceSegments}
        onConfirm={() => send({ type: 'translation.confirmReplaceAll' })}
        onCancel={() => send({ type: 'translation.cancelReplaceAll' })}
      />
      <SaveToAllDialog
        open={saveAllAsked !== null}
        count={saveAllAsked?.duplicates ?? 0}
        busy={updating}
        onConfirm={(dontAskAgain) => send({ type: 'translation.confirmSaveToAll', dontAskAgain, at: iso(now()) })}
        onCancel={() => send({ type: 'translation.cancelSaveToAll' })}
      />
      <ReopenSectionDialog
        open={reset?.dialog === 'reopenSection'}
        product={model.product}
        busy={progressBusy}
        onConfirm={() => send({ type: 'translation.confirmReopenSection' })}
        onCancel={() => send({ type: 'translation.cancelReopenSection' })}
      />
      <ResetTranslationDialog
        open={reset?.dialog === 'resetTranslation'}
        resetTo={resetTo?.kind === 'value' ? 'previousVersion' : 'imported'}
        previousVersion={previousVersion}
        resetText={resetTo?.kind === 'value' && resetSegment ? plainText(resetTo.value, resetSegment.textType) : (resetSegment?.originalTargetText ?? null)}
        lang={lang}
        dir={dir}
        busy={updating}
        onConfirm={() => send({ type: 'translation.confirmResetTranslation' })}
        onCancel={() => send({ type: 'translation.cancelResetTranslation' })}
      />
      <TranslateAudioDrawer />
      <TranslateMemoryReport />
      <TranslateWalkthrough />
    </>
  );
}
