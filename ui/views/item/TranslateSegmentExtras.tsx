/**
 * The extras under a segment row of the translate tab, connected: its duplicates and save to all, smart review (the
 * `suggestions` actor), the segment review false door (the `surveys` actor), the diff mark and reset.
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { suggestionOf, suggestionRequestFor } from '../../../machines/translation/suggestionsMachine.ts';
import { segmentReviewDoorOf } from '../../../machines/translation/surveysMachine.ts';
import { duplicateReviewKeyOf } from '../../../machines/translation/duplicateReviewMachine.ts';
import { canResetTranslationOf, canSaveToAllOf, diffStateOf, duplicatesOfKey, isUpdatingOf, segmentValueOf } from '../../../machines/translation/translationMachine.ts';
import { useSystem } from '../../system.tsx';
import { useFlag } from '../useAccount.ts';
import { textDirection } from '../translation/index.ts';
import { SegmentReviewFalseDoorView, SmartReviewButton, SuggestionPanel } from '../translation/assist/index.ts';
import { DuplicateBanner, DuplicateReviewDialog, SaveToAllButton } from '../translation/tools/index.ts';
import { DiffSegmentMark, SegmentResetButton } from '../translation/versions/index.ts';
import { describeSegment } from './translateShared.ts';

/** Whether a row needs its extras (the table re-renders rows with extras; the rest stay memoized). */
export function useSegmentExtrasKeys(): (key: string) => boolean {
  const { translation, suggestions } = useSystem();
  const editingKey = useSelector(translation, (s) => s.context.editing?.key ?? null);
  const diff = useSelector(translation, (s) => diffStateOf(s).result);
  const changes = useSelector(translation, (s) => s.context.changes);
  const suggested = useSelector(suggestions, (s) => s.context.entries);
  return useMemo(() => {
    const marked = new Set<string>();
    if (diff) {
      for (const key of diff.newPaths) marked.add(key);
      for (const entry of diff.differentSources) marked.add(entry.key);
      for (const entry of diff.differentTargets) marked.add(entry.key);
    }
    return (key: string) => key === editingKey || marked.has(key) || Object.prototype.hasOwnProperty.call(changes, key) || Object.prototype.hasOwnProperty.call(suggested, key);
  }, [editingKey, diff, changes, suggested]);
}

/** The extras under a segment row: its duplicates and save to all, smart review, diff mark, reset. */
export function SegmentExtras({ segmentKey }: { segmentKey: string }) {
  const { translation, suggestions, surveys, duplicateReview } = useSystem();
  const send = translation.send;
  const duplicatesFlag = useFlag('duplicateSegments');
  const llmFlag = useFlag('llmSuggestions');
  const editing = useSelector(translation, (s) => s.context.editing?.key === segmentKey);
  const duplicates = useSelector(translation, (s) => duplicatesOfKey(s.context, segmentKey), (a, b) => a.same.length === b.same.length && a.similar === b.similar);
  const canSaveToAll = useSelector(translation, (s) => canSaveToAllOf(s.context));
  const updating = useSelector(translation, (s) => isUpdatingOf(s));
  const canReset = useSelector(translation, (s) => canResetTranslationOf(s.context, segmentKey));
  const diff = useSelector(translation, (s) => diffStateOf(s));
  const entry = useSelector(suggestions, (s) => suggestionOf(s, segmentKey));
  const suggestionsOpen = useSelector(suggestions, (s) => s.context.subject !== null);
  const door = useSelector(surveys, segmentReviewDoorOf);

  const mark = diff.result
    ? diff.disabledKeys.includes(segmentKey)
      ? 'disabled'
      : diff.result.newPaths.includes(segmentKey)
        ? 'new'
        : diff.result.differentSources.some((d) => d.key === segmentKey) || diff.result.differentTargets.some((d) => d.key === segmentKey)
          ? 'changed'
          : null
    : null;

  /** The segment's request as it reads now (the editor's value while editing); the machine decides what a press does. */
  const smartReview = (type: 'suggestions.pressSmartReview' | 'suggestions.request') => {
    const context = translation.getSnapshot().context;
    const subject = suggestions.getSnapshot().context.subject;
    const segment = context.model?.segmentsByKey.get(segmentKey);
    if (!subject || !segment) return;
    const current = context.editing?.key === segmentKey ? context.editing.value : segmentValueOf(context, segment);
    suggestions.send({ type, key: segmentKey, request: suggestionRequestFor(subject, segment, current), duplicateKeys: duplicatesOfKey(context, segmentKey).same });
  };

  return (
    <div className="translate-segment-extras">
      {mark && <DiffSegmentMark kind={mark} version={diff.previousVersionNumber ?? 1} />}
      {editing && duplicates.same.length > 0 && (
        <>
          <DuplicateBanner enabled={duplicatesFlag} count={duplicates.same.length} onShowDuplicates={() => duplicateReview.send({ type: 'duplicateReview.open', key: segmentKey })} />
          <SaveToAllButton enabled={duplicatesFlag} count={duplicates.same.length} hasNewValue={canSaveToAll} busy={updating} onClick={() => send({ type: 'translation.saveToAll' })} />
          <DuplicateReviewEntries segmentKey={segmentKey} />
        </>
      )}
      {(editing || entry) && llmFlag && suggestionsOpen && (
        <div className="translate-segment-extras__assist">
          {editing && <SmartReviewButton state={entry?.state} onPress={() => smartReview('suggestions.pressSmartReview')} />}
          {editing && (
            <SegmentReviewFalseDoorView
              open={door !== 'closed'}
              notified={door === 'thanked'}
              onOpen={() => surveys.send({ type: 'surveys.openSegmentReview' })}
              onNotify={() => surveys.send({ type: 'surveys.notifySegmentReview' })}
              onClose={() => surveys.send({ type: 'surveys.closeSegmentReview' })}
            />
          )}
        </div>
      )}
      {entry && (
        <SuggestionPanel
          entry={entry}
          applyDisabled={updating}
          onApply={(suggestion) => suggestions.send({ type: 'suggestions.apply', key: segmentKey, suggestion })}
          onRetry={() => smartReview('suggestions.request')}
          onDismissError={() => suggestions.send({ type: 'suggestions.dismissError', key: segmentKey })}
          onHide={() => suggestions.send({ type: 'suggestions.toggle', key: segmentKey })}
        />
      )}
      {!editing && canReset && (
        <SegmentResetButton
          resetTo={diff.result?.differentTargets.some((d) => d.key === segmentKey && d.reason === 'UnimportedChange') ? 'previousVersion' : 'imported'}
          onReset={() => send({ type: 'translation.askResetTranslation', key: segmentKey })}
        />
      )}
    </div>
  );
}

/** The duplicate review dialog of the segment, while the `duplicateReview` actor has it open. */
function DuplicateReviewEntries({ segmentKey }: { segmentKey: string }) {
  const { translation, duplicateReview } = useSystem();
  const open = useSelector(duplicateReview, (s) => duplicateReviewKeyOf(s) === segmentKey);
  const model = useSelector(translation, (s) => s.context.model);
  const changes = useSelector(translation, (s) => s.context.changes);
  const duplicates = useSelector(translation, (s) => duplicatesOfKey(s.context, segmentKey), (a, b) => a.same.join() === b.same.join() && a.similar === b.similar);
  if (!model || !open) return null;
  const { dir, lang } = textDirection(model.targetLocale);
  const entries = duplicates.same.flatMap((key) => {
    const info = describeSegment(model, changes, key);
    return info ? [{ key, ...info }] : [];
  });
  return (
    <DuplicateReviewDialog
      open
      duplicates={entries}
      differentFormatting={duplicates.similar}
      dir={dir}
      lang={lang}
      onGoTo={(key) => duplicateReview.send({ type: 'duplicateReview.goTo', key })}
      onClose={() => duplicateReview.send({ type: 'duplicateReview.close' })}
    />
  );
}
