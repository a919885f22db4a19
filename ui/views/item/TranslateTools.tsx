/**
 * The tools' parts of the translate tab, connected (translation-editor §2): the search / replace bar, the header's
 * tool buttons (find, course updates, compare versions, memory report, audio, help), the per-segment extras
 * (duplicates and save to all, smart review, diff marks, reset), the surveys, and the dialogs and drawers. Each reads
 * its own actors with narrow selectors, so that a change in one of them re-renders only that part.
 */
import { useSelector } from '@xstate/react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { EMPTY_SMART_REVIEW_RESPONSE, TRANSLATION_WALKTHROUGH_STEPS } from '../../../domain/translationAssist.ts';
import { localeDisplayName, type SmartReviewSurveyResponse } from '../../../domain/translation.ts';
import { plainText } from '../../../domain/translationEdits.ts';
import type { TranslationModel } from '../../../domain/translationModel.ts';
import { diffDisplayText } from '../../../domain/translationDiff.ts';
import {
  canResetTranslationOf,
  canSaveToAllOf,
  diffStateOf,
  duplicatesOfKey,
  hasEditedOf,
  isReplaceAllAskedOf,
  isUpdatesPopoverShownOf,
  isUpdatingOf,
  resetDialogOf,
  saveAllAskedOf,
  searchStateOf,
  segmentValueOf,
  updatedCountOf,
  viewModeOf,
} from '../../../machines/translation/translationMachine.ts';
import { reportViewOf } from '../../../machines/translation/memoryReportMachine.ts';
import { suggestionOf, suggestionRequestFor } from '../../../machines/translation/suggestionsMachine.ts';
import { isSurveyVisible, surveyStatusOf } from '../../../machines/translation/surveysMachine.ts';
import { currentStepOf } from '../../../machines/translation/walkthroughMachine.ts';
import { Button } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { useAccount, useFlag } from '../useAccount.ts';
import { textDirection } from '../translation/index.ts';
import {
  AudioButton,
  AudioDrawer,
  DuplicateBanner,
  DuplicateReviewDialog,
  FindButtons,
  ReplaceAllDialog,
  SaveToAllButton,
  SaveToAllDialog,
  SearchReplaceBar,
  type AudioGroup,
  type SearchBarMode,
} from '../translation/tools/index.ts';
import {
  CourseUpdatesButton,
  DiffSegmentMark,
  MemoryReportButton,
  MemoryReportDialog,
  ReopenSectionDialog,
  ResetTranslationDialog,
  SegmentResetButton,
  TranslationDiffDialog,
  VersionDiffView,
  diffEntries,
} from '../translation/versions/index.ts';
import {
  FeedbackSurvey,
  HelpMenu,
  SegmentReviewFalseDoor,
  SmartReviewButton,
  SmartReviewSurvey,
  SuggestionPanel,
  Walkthrough,
  walkthroughViewSteps,
} from '../translation/assist/index.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** A segment's texts (line breaks kept) and group title, for lists (duplicates, audio, diff). */
function describeSegment(model: TranslationModel, changes: Parameters<typeof segmentValueOf>[0]['changes'], key: string) {
  const segment = model.segmentsByKey.get(key);
  if (!segment) return null;
  return {
    source: diffDisplayText(segment.source, segment.textType),
    target: diffDisplayText(segmentValueOf({ changes }, segment), segment.textType),
    groupTitle: model.groups.get(segment.navKey)?.title ?? '',
  };
}

/** §2 the search / replace bar (shown in search and replace modes). */
export function TranslateSearchBar() {
  const { translation } = useSystem();
  const search = useSelector(translation, (s) => searchStateOf(s.context), sameSearch);
  const product = useSelector(translation, (s) => s.context.model?.product ?? 'storyline');
  const replaced = useSelector(translation, (s) => Object.values(s.context.tools.replaceStatus.byPath).filter((status) => status === 'SUCCESS').length);
  if (!search.isOpen) return null;
  const send = translation.send;
  return (
    <div data-walkthrough="search">
      <SearchReplaceBar
        mode={search.mode === 'replace' ? 'replace' : 'search'}
        product={product}
        term={search.term}
        replaceValue={search.replaceValue}
        scope={search.scope}
        slideScope={search.slideScope}
        counts={{ current: search.current > 0 ? search.current : null, total: search.total, truncated: search.truncated }}
        canReplace={search.canReplaceAll}
        status={search.replaceStatus}
        replacedCount={replaced}
        autoFocus
        onTermChange={(term) => send({ type: 'translation.setSearchTerm', term })}
        onReplaceValueChange={(value) => send({ type: 'translation.setReplaceValue', value })}
        onScopeChange={(scope) => send({ type: 'translation.setSearchScope', scope })}
        onSlideScopeChange={(scope) => send({ type: 'translation.setSlideScope', scope })}
        onNext={() => send({ type: 'translation.nextHit' })}
        onPrevious={() => send({ type: 'translation.previousHit' })}
        onReplace={() => send({ type: 'translation.replaceOne' })}
        onReplaceAll={() => send({ type: 'translation.replaceAll' })}
        onModeChange={(mode: SearchBarMode) => send({ type: mode === 'replace' ? 'translation.openReplace' : 'translation.openSearch' })}
        onClose={() => send({ type: 'translation.closeSearch' })}
      />
    </div>
  );
}

function sameSearch(a: ReturnType<typeof searchStateOf>, b: ReturnType<typeof searchStateOf>): boolean {
  return (Object.keys(a) as (keyof typeof a)[]).every((key) => a[key] === b[key]);
}

/** Opens the bar (the panel's Ctrl/Cmd+F). */
export function useOpenFind(): (mode: SearchBarMode) => void {
  const { translation } = useSystem();
  return (mode) => translation.send({ type: mode === 'replace' ? 'translation.openReplace' : 'translation.openSearch' });
}

export interface TranslateHeaderActionsProps {
  /** The item's versions, oldest first (compare versions). */
  versions: readonly { id: string; number: number }[];
  canEdit: boolean;
  onOpenAudio: () => void;
  audioCount: number;
  audioOpen: boolean;
  onOpenMemoryReport: () => void;
  onOpenFeedback: () => void;
}

/** The header's tools: find, course updates, compare versions, memory report, audio, help. */
export function TranslateHeaderActions({ versions, canEdit, onOpenAudio, audioCount, audioOpen, onOpenMemoryReport, onOpenFeedback }: TranslateHeaderActionsProps) {
  const { translation, walkthrough, now, links } = useSystem();
  const { summary } = useAccount();
  const localizationNext = useFlag('localizationNext');
  const send = translation.send;
  const mode = useSelector(translation, (s) => viewModeOf(s.context));
  const showUpdates = useSelector(translation, (s) => s.context.showCourseUpdates);
  const updateCount = useSelector(translation, (s) => updatedCountOf(s.context.updates));
  // The first visit's two hints come one after the other: the course-updates popover waits while the tour shows.
  const touring = useSelector(walkthrough, (s) => s.matches('showing'));
  const popoverOpen = useSelector(translation, (s) => isUpdatesPopoverShownOf(s.context)) && !touring;
  const version = useSelector(translation, (s) => s.context.subject?.versionNumber ?? 1);
  const currentVersionId = useSelector(translation, (s) => s.context.subject?.versionId ?? null);
  const diffStatus = useSelector(translation, (s) => diffStateOf(s).status);
  const previous = versions.filter((v) => v.id !== currentVersionId && v.number < version);
  return (
    <>
      <span data-walkthrough={mode === 'search' || mode === 'replace' ? undefined : 'search'}>
        <FindButtons active={mode === 'search' || mode === 'replace' ? mode : null} canReplace={canEdit} onFind={(next) => send({ type: next === 'replace' ? 'translation.openReplace' : 'translation.openSearch' })} />
      </span>
      <CourseUpdatesButton
        show={showUpdates}
        count={updateCount}
        version={version}
        active={mode === 'courseUpdates'}
        popoverOpen={popoverOpen}
        onOpen={() => send({ type: mode === 'courseUpdates' ? 'translation.closeCourseUpdates' : 'translation.openCourseUpdates' })}
        onDismiss={() => send({ type: 'translation.dismissUpdatesPopover', at: iso(now()) })}
      />
      {localizationNext && previous.length > 0 && (
        <Button
          size="sm"
          aria-pressed={diffStatus !== 'idle'}
          onClick={() =>
            diffStatus !== 'idle'
              ? send({ type: 'translation.closeDiff' })
              : send({ type: 'translation.openDiff', previousVersionId: previous[previous.length - 1]!.id, now: iso(now()) })
          }
        >
          {t('translation.diff.title')}
        </Button>
      )}
      <MemoryReportButton enabled={localizationNext} onClick={onOpenMemoryReport} />
      <AudioButton count={audioCount} open={audioOpen} onClick={onOpenAudio} />
      <HelpMenu
        onStartTour={() => walkthrough.send({ type: 'walkthrough.start', steps: [...TRANSLATION_WALKTHROUGH_STEPS] })}
        onFeedback={onOpenFeedback}
        helpCenterHref={links.support}
        userResearchHref={links.community}
        subscriptionActive={summary?.status === 'active'}
      />
    </>
  );
}

/** §2 the version diff view (above the table while a diff is open). */
export function TranslateDiffView({ versions }: { versions: readonly { id: string; number: number }[] }) {
  const { translation, now } = useSystem();
  const send = translation.send;
  const diff = useSelector(translation, (s) => diffStateOf(s));
  const model = useSelector(translation, (s) => s.context.model);
  const changes = useSelector(translation, (s) => s.context.changes);
  const version = useSelector(translation, (s) => s.context.subject?.versionNumber ?? 1);
  const entries = useMemo(() => (diff.result && model ? diffEntries(diff.result, (key) => describeSegment(model, changes, key) ?? undefined) : []), [diff.result, model, changes]);
  // The view opens in the panel's tools region, which scrolls: it is scrolled to, so that it shows (not only its edge).
  const slotRef = useRef<HTMLDivElement>(null);
  const open = diff.status !== 'idle' && model !== null;
  useLayoutEffect(() => {
    const slot = slotRef.current;
    const region = slot?.parentElement?.closest<HTMLElement>('.translation-panel__tools');
    if (!open || !slot || !region) return;
    region.scrollTop += slot.getBoundingClientRect().top - region.getBoundingClientRect().top;
  }, [open]);
  if (!open) return null;
  const currentIndex = diff.currentDiffPath ? entries.findIndex((entry) => entry.key === diff.currentDiffPath) : -1;
  const { dir, lang } = textDirection(model.targetLocale);
  const source = textDirection(model.sourceLocale);
  return (
    <>
      <div ref={slotRef} className="translation-diff-slot">
        <VersionDiffView
          status={diff.status === 'loading' ? 'loading' : diff.status === 'error' ? 'error' : 'ready'}
          errorText={diff.error}
          onRetry={() => diff.previousVersionId && send({ type: 'translation.openDiff', previousVersionId: diff.previousVersionId, now: iso(now()) })}
          diff={diff.result}
          currentVersion={version}
          previousVersion={diff.previousVersionNumber}
          previousIsOld={diff.previousIsOld}
          versions={versions.filter((v) => v.number < version)}
          selected={diff.previousVersionId}
          onSelect={(previousVersionId) => send({ type: 'translation.openDiff', previousVersionId, now: iso(now()) })}
          describe={(key) => describeSegment(model, changes, key) ?? undefined}
          onGoTo={(key) => send({ type: 'translation.goToDuplicate', key })}
          onResetTranslation={(key) => send({ type: 'translation.askResetTranslation', key })}
          onShowDetails={(key) => send({ type: 'translation.setDiffPath', key })}
          onClose={() => send({ type: 'translation.closeDiff' })}
          sourceLang={source.lang}
          sourceDir={source.dir}
          targetLang={lang}
          targetDir={dir}
        />
      </div>
      <TranslationDiffDialog
        entry={currentIndex >= 0 ? entries[currentIndex]! : null}
        index={Math.max(0, currentIndex) + 1}
        total={entries.length}
        previousVersion={diff.previousVersionNumber ?? 1}
        onPrev={() => currentIndex > 0 && send({ type: 'translation.setDiffPath', key: entries[currentIndex - 1]!.key })}
        onNext={() => currentIndex < entries.length - 1 && send({ type: 'translation.setDiffPath', key: entries[currentIndex + 1]!.key })}
        onClose={() => send({ type: 'translation.setDiffPath', key: null })}
        onGoTo={(key) => {
          send({ type: 'translation.setDiffPath', key: null });
          send({ type: 'translation.goToDuplicate', key });
        }}
        onResetTranslation={(key) => send({ type: 'translation.askResetTranslation', key })}
      />
    </>
  );
}

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
  const { translation, suggestions, surveys } = useSystem();
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
  const [reviewing, setReviewing] = useState(false);

  const mark = diff.result
    ? diff.disabledKeys.includes(segmentKey)
      ? 'disabled'
      : diff.result.newPaths.includes(segmentKey)
        ? 'new'
        : diff.result.differentSources.some((d) => d.key === segmentKey) || diff.result.differentTargets.some((d) => d.key === segmentKey)
          ? 'changed'
          : null
    : null;

  const requestSuggestions = () => {
    const context = translation.getSnapshot().context;
    const subject = suggestions.getSnapshot().context.subject;
    const segment = context.model?.segmentsByKey.get(segmentKey);
    if (!subject || !segment) return;
    const current = context.editing?.key === segmentKey ? context.editing.value : segmentValueOf(context, segment);
    suggestions.send({ type: 'suggestions.request', key: segmentKey, request: suggestionRequestFor(subject, segment, current), duplicateKeys: duplicatesOfKey(context, segmentKey).same });
  };

  return (
    <div className="translate-segment-extras">
      {mark && <DiffSegmentMark kind={mark} version={diff.previousVersionNumber ?? 1} />}
      {editing && duplicates.same.length > 0 && (
        <>
          <DuplicateBanner enabled={duplicatesFlag} count={duplicates.same.length} onShowDuplicates={() => setReviewing(true)} />
          <SaveToAllButton enabled={duplicatesFlag} count={duplicates.same.length} hasNewValue={canSaveToAll} busy={updating} onClick={() => send({ type: 'translation.saveToAll' })} />
          <DuplicateReviewEntries open={reviewing} segmentKey={segmentKey} onClose={() => setReviewing(false)} />
        </>
      )}
      {(editing || entry) && llmFlag && suggestionsOpen && (
        <div className="translate-segment-extras__assist">
          {editing && (
            <SmartReviewButton state={entry?.state} onRequest={requestSuggestions} onToggle={() => suggestions.send({ type: 'suggestions.toggle', key: segmentKey })} />
          )}
          {editing && (
            <SegmentReviewFalseDoor
              onOpened={() => surveys.send({ type: 'surveys.interest', interest: 'segmentReviewOpened' })}
              onInterested={() => surveys.send({ type: 'surveys.interest', interest: 'segmentReviewNotifyMe' })}
            />
          )}
        </div>
      )}
      {entry && (
        <SuggestionPanel
          entry={entry}
          applyDisabled={updating}
          onApply={(suggestion) => suggestions.send({ type: 'suggestions.apply', key: segmentKey, suggestion })}
          onRetry={requestSuggestions}
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

function DuplicateReviewEntries({ open, segmentKey, onClose }: { open: boolean; segmentKey: string; onClose: () => void }) {
  const { translation } = useSystem();
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
      onGoTo={(key) => {
        onClose();
        translation.send({ type: 'translation.goToDuplicate', key });
      }}
      onClose={onClose}
    />
  );
}

/** §2 the smart-review survey and the feedback survey (once the user has edited). */
export function TranslateSurveys({ feedbackOpen, onCloseFeedback }: { feedbackOpen: boolean; onCloseFeedback: () => void }) {
  const { translation, surveys, suggestions } = useSystem();
  // The smart-review survey asks about AI help once the user has tried smart review in this session.
  const triedSmartReview = useSelector(suggestions, (s) => Object.keys(s.context.entries).length > 0);
  const smartFlag = useFlag('smartReviewSurvey') && triedSmartReview;
  const hasEdited = useSelector(translation, (s) => hasEditedOf(s.context));
  const smartVisible = useSelector(surveys, (s) => isSurveyVisible(s, 'smart-review-survey', { hasEdited, flagOn: smartFlag }));
  const smartStatus = useSelector(surveys, (s) => surveyStatusOf(s, 'smart-review-survey'));
  const feedbackVisible = useSelector(surveys, (s) => isSurveyVisible(s, 'translation-progress', { hasEdited, flagOn: true }));
  const feedbackStatus = useSelector(surveys, (s) => surveyStatusOf(s, 'translation-progress'));
  const [response, setResponse] = useState<SmartReviewSurveyResponse>(EMPTY_SMART_REVIEW_RESPONSE);
  const [positive, setPositive] = useState<boolean | null>(null);
  const [text, setText] = useState('');
  // The thanks shows right after this session's answer; a survey submitted earlier (read at sign-in) stays hidden.
  const smartJustSubmitted = useSelector(surveys, (s) => s.context.statuses['smart-review-survey'] === 'submitted');
  const showSmart = smartVisible || smartJustSubmitted;
  const showFeedback = feedbackOpen || feedbackVisible;
  return (
    <>
      {showSmart && (
        <SmartReviewSurvey
          response={response}
          status={smartStatus}
          onChange={(next) => {
            setResponse(next);
            if (smartStatus === 'idle') surveys.send({ type: 'surveys.start', slug: 'smart-review-survey' });
          }}
          onSubmit={() => surveys.send({ type: 'surveys.submit', slug: 'smart-review-survey', positive: null, feedback: response.otherText, response })}
          onDismiss={() => surveys.send({ type: 'surveys.dismiss', slug: 'smart-review-survey' })}
        />
      )}
      {showFeedback && (
        <FeedbackSurvey
          positive={positive}
          text={text}
          status={feedbackStatus}
          onPositiveChange={(value) => {
            setPositive(value);
            if (feedbackStatus === 'idle') surveys.send({ type: 'surveys.start', slug: 'translation-progress' });
          }}
          onTextChange={setText}
          onSubmit={() => surveys.send({ type: 'surveys.submit', slug: 'translation-progress', positive, feedback: text })}
          onDismiss={() => {
            onCloseFeedback();
            surveys.send({ type: 'surveys.dismiss', slug: 'translation-progress' });
          }}
        />
      )}
    </>
  );
}

/** The tab's dialogs and drawers of the tools. */
export function TranslateToolDialogs({ audioOpen, onCloseAudio, memoryOpen, onCloseMemory }: { audioOpen: boolean; onCloseAudio: () => void; memoryOpen: boolean; onCloseMemory: () => void }) {
  const { translation, memoryReport, walkthrough, now, timeZone } = useSystem();
  const send = translation.send;
  const model = useSelector(translation, (s) => s.context.model);
  const changes = useSelector(translation, (s) => s.context.changes);
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
  const report = useSelector(memoryReport, (s) => reportViewOf(s));
  const languageMap = useSelector(translation, (s) => s.context.languageMap);
  const step = useSelector(walkthrough, (s) => currentStepOf(s), (a, b) => a?.step === b?.step && a?.index === b?.index);
  // The machine's own steps and index (the one list it was started with), with their words.
  const tourSteps = useSelector(walkthrough, (s) => s.context.steps);
  const tourViewSteps = useMemo(() => walkthroughViewSteps(tourSteps), [tourSteps]);
  const audioGroups = useMemo(() => (model ? audioGroupsOf(model, changes) : []), [model, changes]);
  if (!model) return null;
  const { dir, lang } = textDirection(model.targetLocale);
  const source = textDirection(model.sourceLocale);
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
      <AudioDrawer
        open={audioOpen}
        groups={audioGroups}
        dir={dir}
        lang={lang}
        onGoTo={(key) => {
          onCloseAudio();
          send({ type: 'translation.goToDuplicate', key });
        }}
        onClose={onCloseAudio}
      />
      <MemoryReportDialog
        open={memoryOpen}
        onClose={onCloseMemory}
        report={report.report}
        fetching={report.fetching}
        errorText={report.errorText}
        canRequest={report.canRequest}
        requesting={report.requesting}
        openItemPath={report.openItem?.path ?? null}
        languageName={(tag) => localeDisplayName(languageMap, tag)}
        timeZone={timeZone}
        sourceLang={source.lang}
        targetLang={lang}
        targetDir={dir}
        onRequest={() => memoryReport.send({ type: 'memoryReport.request' })}
        onRefresh={() => memoryReport.send({ type: 'memoryReport.refresh' })}
        onOpenItem={(path) => memoryReport.send({ type: 'memoryReport.openSegment', path })}
        onCloseItem={() => memoryReport.send({ type: 'memoryReport.closeSegment' })}
        onGoTo={(path) => {
          onCloseMemory();
          send({ type: 'translation.goToDuplicate', key: path });
        }}
      />
      {step && (
        <Walkthrough
          steps={tourViewSteps}
          index={step.index}
          onNext={() => walkthrough.send({ type: 'walkthrough.next' })}
          onPrevious={() => walkthrough.send({ type: 'walkthrough.previous' })}
          onFinish={() => walkthrough.send({ type: 'walkthrough.finish', at: iso(now()) })}
          onDismiss={() => walkthrough.send({ type: 'walkthrough.dismiss', at: iso(now()) })}
        />
      )}
    </>
  );
}

/** §2 audio groups: the segments whose meta type is script, captions or transcript, by type. */
export function audioGroupsOf(model: TranslationModel, changes: Parameters<typeof segmentValueOf>[0]['changes']): AudioGroup[] {
  const byType = { script: [] as AudioGroup['segments'][number][], captions: [] as AudioGroup['segments'][number][], transcript: [] as AudioGroup['segments'][number][] };
  for (const segment of model.segments) {
    const type = segment.meta.type;
    if (type !== 'script' && type !== 'captions' && type !== 'transcript') continue;
    const info = describeSegment(model, changes, segment.key)!;
    byType[type].push({ key: segment.key, ...info });
  }
  return (['script', 'captions', 'transcript'] as const).map((type) => ({ type, segments: byType[type] }));
}

/** The number of audio segments (the header's button). */
export function audioCountOf(model: TranslationModel | null): number {
  if (!model) return 0;
  let count = 0;
  for (const segment of model.segments) if (segment.meta.type === 'script' || segment.meta.type === 'captions' || segment.meta.type === 'transcript') count++;
  return count;
}

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
