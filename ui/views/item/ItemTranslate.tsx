/**
 * The translate tab, connected (translation-editor §2): reads the `translation` actor (opened by the composition
 * root for a ready version on this tab) and feeds the presentational views of ui/views/translation. Selectors are
 * narrow so that a keystroke in the segment editor (which changes only `editing.value`) re-renders no more than
 * the editor's own row.
 */
// The translate tab's own style sheets, loaded with its chunk.
import '../../styles/translationEditor.css';
import '../../styles/translationTools.css';
import '../../styles/translationVersions.css';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { isNavGroupLocked, localeDisplayName, type SegmentText } from '../../../domain/translation.ts';
import { SEGMENT_FILTERS, adjacentNavKey, progressSummary, type SegmentFilter, type TableRow, type UiGroup } from '../../../domain/translationModel.ts';
import {
  canSaveOf,
  diffStateOf,
  editNoteOf,
  hitsOf,
  isSavingOf,
  isUpdatesFilterOfferedOf,
  isUpdatesPopoverShownOf,
  loadStatusOf,
  notTranslationTargetOf,
  rowsOf,
  scrollTargetOf,
  segmentValueOf,
  stackEntriesOf,
  tabStopKeyOf,
  updateRowsOf,
  viewModeOf,
} from '../../../machines/translation/translationMachine.ts';
import { CourseUpdatesHeader, handleCourseUpdatesKey } from '../translation/versions/index.ts';
import {
  SegmentExtras,
  TranslateDiffView,
  TranslateHeaderActions,
  TranslateSearchBar,
  TranslateSurveys,
  TranslateToolDialogs,
  audioCountOf,
  useOpenFind,
  useSegmentBadges,
  useSegmentExtrasKeys,
} from './TranslateTools.tsx';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import {
  BottomBar,
  EditConflictDialog,
  ProgressFlyout,
  ReopenConfirmDialog,
  SegmentTable,
  StackSidebar,
  TranslationAuthDialog,
  TranslationErrorBanner,
  TranslationHeader,
  handleEscapeKey,
  TranslationPanel,
  stackSidebarEntries,
  textDirection,
  type ProgressGroup,
} from '../translation/index.ts';
import { LazySegmentEditor, type SegmentEditRefusal } from '../translation/editor/index.ts';
import { deserializeSegmentText, plainText } from '../../../domain/translationEdits.ts';
// The translate tab's keyboard (shortcut sheet, Alt+Shift+C).
import { ShortcutSheet } from '../translation/keyboard/ShortcutSheet.tsx';
import { tabKeyAction } from '../translation/keyboard/keys.ts';

export interface ItemTranslateProps {
  itemId: string;
  /** The review page with the latest version (the previous-version lock banner's link). */
  latestHref: string;
  signInHref: string;
  createAccountHref: string;
  /** The active nav group's slide, for the player (null when the group names none). */
  onSlide?: (slideId: string) => void;
  /** The item's versions, oldest first (compare versions). */
  versions?: readonly { id: string; number: number }[];
}

const NO_VERSIONS: readonly { id: string; number: number }[] = [];
const UPDATE_GROUP_PREFIX = 'update:';

/** The translate tab's panel: loading / error / the editor with its header, stack sidebar, table and bottom bar. */
export function ItemTranslate({ itemId, latestHref, signInHref, createAccountHref, onSlide, versions = NO_VERSIONS }: ItemTranslateProps) {
  const { translation, walkthrough, timeZone, now } = useSystem();
  const send = translation.send;
  const status = useSelector(translation, (s) => loadStatusOf(s));
  const loadFailed = useSelector(translation, (s) => s.matches({ open: { load: 'loadFailed' } }));
  const error = useSelector(translation, (s) => s.context.error);
  const model = useSelector(translation, (s) => s.context.model);
  const changes = useSelector(translation, (s) => s.context.changes);
  const progress = useSelector(translation, (s) => s.context.progress);
  const profiles = useSelector(translation, (s) => s.context.profiles);
  const filter = useSelector(translation, (s) => s.context.filter);
  const activeNavKey = useSelector(translation, (s) => s.context.activeNavKey);
  const stack = useSelector(translation, (s) => s.context.stack);
  // The current language's status follows Mark complete and Reopen (the stack call's progress is read once).
  const stackEntries = useSelector(translation, (s) => stackEntriesOf(s.context));
  const languageMap = useSelector(translation, (s) => s.context.languageMap);
  const subject = useSelector(translation, (s) => s.context.subject);
  const editingKey = useSelector(translation, (s) => s.context.editing?.key ?? null);
  const canSave = useSelector(translation, (s) => canSaveOf(s.context));
  const editNote = useSelector(translation, (s) => editNoteOf(s.context));
  const saving = useSelector(translation, (s) => isSavingOf(s));
  const conflict = useSelector(translation, (s) => s.context.conflict);
  const reopenAsked = useSelector(translation, (s) => s.context.reopenAsked);
  const authPromptOpen = useSelector(translation, (s) => s.context.authPromptOpen);
  const progressBusy = useSelector(translation, (s) => s.context.progressCall !== null);
  const viewMode = useSelector(translation, (s) => viewModeOf(s.context));
  const groupRows = useSelector(translation, (s) => rowsOf(s.context));
  const updateRows = useSelector(translation, (s) => (viewModeOf(s.context) === 'courseUpdates' ? updateRowsOf(s.context) : null));
  const tools = useSelector(translation, (s) => s.context.tools.found);
  const cursor = useSelector(translation, (s) => s.context.tools.cursor);
  const scrollTarget = useSelector(translation, (s) => scrollTargetOf(s.context));
  const updatesOffered = useSelector(translation, (s) => isUpdatesFilterOfferedOf(s.context));
  const diffOpen = useSelector(translation, (s) => diffStateOf(s).status !== 'idle');
  // The keyboard: the table's tab stop, the kept drafts, the shortcut sheet.
  const tabStopKey = useSelector(translation, (s) => tabStopKeyOf(s.context));
  const drafts = useSelector(translation, (s) => s.context.drafts);
  const shortcutsOpen = useSelector(translation, (s) => s.context.shortcutsOpen);
  // The course-updates popover as TranslateTools shows it (after the tour): Escape from the page dismisses it.
  const updatesPopoverShown = useSelector(translation, (s) => isUpdatesPopoverShownOf(s.context));
  const touring = useSelector(walkthrough, (s) => s.matches('showing'));
  const updatesPopoverOpen = updatesPopoverShown && !touring;
  // Not a translation target (a source course, an item in no stack): the review tab instead (translation-editor §2),
  // the address replaced, with sourceCourse=true for a stack's source course.
  const notTarget = useSelector(translation, (s) => notTranslationTargetOf(s), (a, b) => a?.sourceCourse === b?.sourceCourse);
  const [, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => {
    if (!notTarget) return;
    const query = new URLSearchParams(search);
    if (notTarget.sourceCourse) query.set('sourceCourse', 'true');
    const rest = query.toString();
    navigate(`/review/content/${encodeURIComponent(itemId)}/review${rest ? `?${rest}` : ''}`, { replace: true });
  }, [notTarget, itemId, search, navigate]);
  const [editorEnabled, setEditorEnabled] = useState(true);
  const openFind = useOpenFind();
  const segmentBadges = useSegmentBadges();
  const needsExtras = useSegmentExtrasKeys();
  const renderSegmentExtras = useCallback((key: string) => (needsExtras(key) ? <SegmentExtras segmentKey={key} /> : null), [needsExtras]);
  // Course updates mode (§2): "Update N" groups stand in for the groups; their header rows are keyed apart.
  const rows: readonly TableRow[] = useMemo(
    () =>
      updateRows
        ? updateRows.map((row): TableRow =>
            row.kind === 'updateGroup'
              ? { kind: 'group', key: `${UPDATE_GROUP_PREFIX}${row.navKey}`, depth: 0, collapsed: false, isNav: true, complete: row.complete, segmentCount: row.segmentCount }
              : { kind: 'segment', key: row.key, depth: 1 },
          )
        : groupRows,
    [updateRows, groupRows],
  );
  const updateTitles = useMemo(() => new Map(updateRows?.flatMap((row) => (row.kind === 'updateGroup' ? [[row.navKey, row.title] as const] : [])) ?? []), [updateRows]);
  const hitsOfKey = useCallback((key: string) => {
    void tools;
    void cursor;
    const hits = hitsOf(translation.getSnapshot().context, key);
    return hits.length > 0 ? hits : null;
  }, [translation, tools, cursor]);
  const filters = useMemo(() => SEGMENT_FILTERS.filter((f) => f !== 'updatesFromPreviousVersion' || updatesOffered), [updatesOffered]);

  const targetLocale = model?.targetLocale ?? '';
  const { dir, lang } = textDirection(targetLocale);
  const source = textDirection(model?.sourceLocale ?? 'en');
  const isLatest = subject?.isLatestVersion ?? true;

  const groupOf = useCallback(
    (key: string): UiGroup | undefined => {
      if (!key.startsWith(UPDATE_GROUP_PREFIX)) return model?.groups.get(key);
      const navKey = key.slice(UPDATE_GROUP_PREFIX.length);
      const group = model?.groups.get(navKey);
      return group ? { ...group, key, title: updateTitles.get(navKey) ?? group.title } : undefined;
    },
    [model, updateTitles],
  );
  const segmentOf = useCallback((key: string) => model?.segmentsByKey.get(key), [model]);
  const changeOf = useCallback((key: string) => changes[key], [changes]);
  const nameOf = useCallback((userId: string) => {
    const profile = profiles[userId];
    return profile ? `${profile.firstName} ${profile.lastName}`.trim() : null;
  }, [profiles]);
  const locked = useCallback((key: string) => {
    const segment = model?.segmentsByKey.get(key);
    return segment ? isNavGroupLocked(segment.navKey, progress, isLatest) : false;
  }, [model, progress, isLatest]);
  const isEditing = useCallback((key: string) => key === editingKey, [editingKey]);
  const completeNavKeys = useMemo(() => new Set(Object.keys(progress)), [progress]);
  const onToggleGroup = useCallback((key: string) => send({ type: 'translation.toggleGroup', key }), [send]);
  const onStartEdit = useCallback((key: string) => send({ type: 'translation.startEdit', key }), [send]);
  const onClearFilter = useCallback(() => send({ type: 'translation.clearFilter' }), [send]);
  const onChange = useCallback((value: SegmentText) => {
    if (editingKey) send({ type: 'translation.edit', key: editingKey, value });
  }, [send, editingKey]);
  const onRefuse = useCallback((reason: SegmentEditRefusal) => send({ type: 'translation.refused', reason }), [send]);
  const onSave = useCallback(() => send({ type: 'translation.save' }), [send]);
  const onCancel = useCallback(() => send({ type: 'translation.cancelEdit' }), [send]);
  const onEscape = useCallback(() => send({ type: 'translation.leaveEdit' }), [send]);
  const onSaveAndNext = useCallback(() => send({ type: 'translation.saveAndNext' }), [send]);
  const onMove = useCallback((direction: 1 | -1) => send({ type: 'translation.moveEdit', direction }), [send]);
  const onFocusRow = useCallback((key: string) => send({ type: 'translation.focusRow', key }), [send]);
  const onFocusMove = useCallback((move: 'previous' | 'next' | 'first' | 'last', count: number) => send({ type: 'translation.focusMove', move, count }), [send]);
  const hasDraft = useCallback((key: string) => Object.prototype.hasOwnProperty.call(drafts, key), [drafts]);
  const onPrevious = useCallback(() => send({ type: 'translation.previousGroup' }), [send]);
  const onNext = useCallback(() => send({ type: 'translation.nextGroup' }), [send]);

  const renderEditor = useCallback(
    (key: string) => {
      const segment = model?.segmentsByKey.get(key);
      if (!segment || !model) return null;
      return (
        <LazySegmentEditor
          key={key}
          textType={segment.textType}
          value={translation.getSnapshot().context.editing?.value ?? segmentValueOf({ changes }, segment)}
          product={model.product}
          timedText={segment.meta.timedText === true}
          dir={dir}
          lang={lang}
          label={t('translation.editor.label', { source: segment.sourceText.slice(0, 80) })}
          onChange={onChange}
          onRefuse={onRefuse}
          onSave={onSave}
          onCancel={onCancel}
          onEscape={onEscape}
          onSaveAndNext={onSaveAndNext}
          onMove={onMove}
          canSave={canSave}
          saving={saving}
          note={editNote === 'sameAsOriginal' ? t('translationEditor.sameAsOriginal') : null}
          autoFocus
        />
      );
    },
    // `changes` is read when the editor mounts; the editor keeps its own document afterwards.
    [model, translation, changes, dir, lang, onChange, onRefuse, onSave, onCancel, onEscape, onSaveAndNext, onMove, canSave, saving, editNote],
  );

  // The player follows the active group: its first segment that names a slide.
  useEffect(() => {
    if (!model || !activeNavKey || !onSlide) return;
    const group = model.groups.get(activeNavKey);
    const keys = group ? collectSegmentKeys(model.groups, activeNavKey) : [];
    const slideId = keys.map((key) => model.segmentsByKey.get(key)?.livePreviewData?.slideId).find((id) => !!id);
    if (slideId) onSlide(slideId);
  }, [model, activeNavKey, onSlide]);

  // The flyout's groups, one per nav group (thousands on a large course): worked out when the model or the progress
  // changes, not on every render of the tab (a keystroke's Save state re-renders it).
  const progressGroups: ProgressGroup[] = useMemo(
    () =>
      model?.navKeys.map((navKey) => {
        const detail = progress[navKey];
        return {
          navKey,
          title: model.groups.get(navKey)?.title ?? navKey,
          complete: !!detail,
          completedBy: detail ? nameOf(detail.userId) : null,
          completedAt: detail?.updatedAt ?? null,
        };
      }) ?? [],
    [model, progress, nameOf],
  );

  const ready = model !== null && status !== 'INIT' && status !== 'LOADING';
  useEffect(() => {
    // The bench's end mark: the model's rows are in the document (after 'translation:file', set by the composition root).
    if (ready && model) performance.mark('translation:interactive', { detail: { segments: model.segments.length } });
  }, [ready, model]);

  if (status === 'INIT' || status === 'LOADING' || !model) {
    return <TranslationPanel status={loadFailed ? 'error' : 'loading'} errorMessage={error} onPrevious={onPrevious} onNext={onNext} />;
  }

  const summary = progressSummary(model, progress);
  const updateNavKeys = [...updateTitles.keys()];
  const updateNavIndex = activeNavKey ? updateNavKeys.indexOf(activeNavKey) : -1;
  const navKeys = viewMode === 'courseUpdates' ? updateNavKeys : model.navKeys;
  const navIndex = activeNavKey ? navKeys.indexOf(activeNavKey) : -1;
  const activeComplete = activeNavKey !== null && Object.prototype.hasOwnProperty.call(progress, activeNavKey);
  const conflictSegment = conflict ? model.segmentsByKey.get(conflict.key) : undefined;
  const theirText = conflict?.theirs && conflictSegment
    ? plainText(deserializeSegmentText(conflict.theirs.replacement.newValue, conflictSegment.textType) ?? conflict.theirs.replacement.newValue, conflictSegment.textType)
    : conflictSegment?.originalTargetText ?? '';

  return (
    <TranslationPanel
      status="ready"
      onPrevious={onPrevious}
      onNext={onNext}
      header={
        <TranslationHeader
          sourceLocaleName={localeDisplayName(languageMap, model.sourceLocale)}
          targetLocaleName={localeDisplayName(languageMap, model.targetLocale)}
          product={model.product}
          progress={summary}
          filter={filter}
          onFilterChange={(next: SegmentFilter) => send({ type: 'translation.setFilter', filter: next })}
          editorEnabled={editorEnabled}
          onEditorEnabledChange={setEditorEnabled}
          lockedVersion={isLatest ? null : (subject?.versionNumber ?? null)}
          latestHref={latestHref}
          filters={filters}
          actions={
            <TranslateHeaderActions versions={versions} canEdit={isLatest && (subject?.canTranslate ?? false)} audioCount={audioCountOf(model)} />
          }
          flyout={
            <ProgressFlyout
              product={model.product}
              summary={summary}
              groups={progressGroups}
              activeNavKey={activeNavKey}
              onGoTo={(navKey) => send({ type: 'translation.goToGroup', navKey })}
              timeZone={timeZone}
            />
          }
        />
      }
      onFind={openFind}
      onKey={(event) =>
        handleTabKey(event, {
          onShortcuts: () => send({ type: 'translation.openShortcuts' }),
          onMarkComplete: () => {
            if (isLatest && activeNavKey !== null && !activeComplete) send({ type: 'translation.markComplete', navKey: activeNavKey });
          },
        }) ||
        // Escape dismisses the course-updates popover first (it sits above everything; it does not take focus, so
        // the key comes from the page), then closes the version diff (above the table), then the course-updates mode.
        (updatesPopoverOpen && handleEscapeKey(event, () => send({ type: 'translation.dismissUpdatesPopover', at: new Date(now()).toISOString() }))) ||
        (diffOpen && handleEscapeKey(event, () => send({ type: 'translation.closeDiff' }))) ||
        (viewMode === 'courseUpdates' && handleCourseUpdatesKey(event, () => send({ type: 'translation.closeCourseUpdates' })))
      }
      toolbar={
        <>
          {viewMode === 'courseUpdates' && (
            <CourseUpdatesHeader
              groupTitle={activeNavKey ? (updateTitles.get(activeNavKey) ?? null) : null}
              position={updateNavIndex >= 0 ? { index: updateNavIndex + 1, total: updateNavKeys.length } : null}
              progress={{ complete: updateNavKeys.filter((key) => Object.prototype.hasOwnProperty.call(progress, key)).length, total: updateNavKeys.length }}
              onClose={() => send({ type: 'translation.closeCourseUpdates' })}
            />
          )}
          <TranslateSearchBar />
        </>
      }
      banner={
        <>
          {error && !loadFailed && <TranslationErrorBanner message={error} onDismiss={() => send({ type: 'translation.dismissError' })} />}
          <TranslateDiffView versions={versions} />
          <div className="translate-surveys">
            <TranslateSurveys />
          </div>
        </>
      }
      sidebar={stack ? <StackSidebar entries={stackSidebarEntries(stackEntries, { currentItemId: itemId, languageMap })} /> : null}
      table={
        <SegmentTable
          rows={rows}
          groupOf={groupOf}
          segmentOf={segmentOf}
          changeOf={changeOf}
          isEditing={isEditing}
          renderEditor={renderEditor}
          nameOf={nameOf}
          onToggleGroup={onToggleGroup}
          onStartEdit={onStartEdit}
          activeNavKey={activeNavKey}
          scrollToKey={scrollTarget ?? (viewMode === 'courseUpdates' && activeNavKey ? `${UPDATE_GROUP_PREFIX}${activeNavKey}` : activeNavKey)}
          hitsOf={hitsOfKey}
          segmentBadges={segmentBadges}
          renderSegmentExtras={renderSegmentExtras}
          dir={dir}
          lang={lang}
          sourceDir={source.dir}
          sourceLang={source.lang}
          locked={locked}
          completeNavKeys={completeNavKeys}
          editorEnabled={editorEnabled && isLatest}
          filtered={filter !== 'all'}
          onClearFilter={onClearFilter}
          tabStopKey={tabStopKey}
          onFocusRow={onFocusRow}
          onFocusMove={onFocusMove}
          hasDraft={hasDraft}
        />
      }
      bottomBar={
        <BottomBar
          product={model.product}
          position={navIndex >= 0 ? { index: navIndex + 1, total: navKeys.length } : null}
          canPrevious={viewMode === 'courseUpdates' ? navIndex > 0 : activeNavKey !== null && adjacentNavKey(model, activeNavKey, -1) !== null}
          canNext={viewMode === 'courseUpdates' ? navIndex >= 0 && navIndex < navKeys.length - 1 : activeNavKey !== null && adjacentNavKey(model, activeNavKey, 1) !== null}
          onPrevious={onPrevious}
          onNext={onNext}
          complete={activeComplete}
          canChangeProgress={isLatest && activeNavKey !== null}
          busy={progressBusy}
          onMarkComplete={() => activeNavKey && send({ type: 'translation.markComplete', navKey: activeNavKey })}
          onReopen={() => activeNavKey && send({ type: 'translation.reopen', navKey: activeNavKey })}
          courseUpdates={viewMode === 'courseUpdates'}
          onCloseUpdates={() => send({ type: 'translation.closeCourseUpdates' })}
        />
      }
      dialogs={
        <>
          <ReopenConfirmDialog
            open={reopenAsked !== null}
            product={model.product}
            groupTitle={reopenAsked ? (model.groups.get(reopenAsked)?.title ?? '') : ''}
            busy={progressBusy}
            onConfirm={(dontAskAgain) => send({ type: 'translation.confirmReopen', dontAskAgain })}
            onCancel={() => send({ type: 'translation.cancelReopen' })}
          />
          <EditConflictDialog
            open={conflict !== null}
            theirText={theirText}
            theirName={conflict?.theirs ? nameOf(conflict.theirs.proposedBy) : null}
            lang={lang}
            dir={dir}
            onKeepMine={() => send({ type: 'translation.resolveConflict', keep: 'mine' })}
            onUseTheirs={() => send({ type: 'translation.resolveConflict', keep: 'theirs' })}
          />
          <TranslationAuthDialog
            open={authPromptOpen}
            onClose={() => send({ type: 'translation.closeAuthPrompt' })}
            signInHref={signInHref}
            createAccountHref={createAccountHref}
          />
          <TranslateToolDialogs />
          <ShortcutSheet open={shortcutsOpen} onClose={() => send({ type: 'translation.closeShortcuts' })} />
        </>
      }
    />
  );
}

/** The tab's own shortcuts (`?`: the sheet; Alt+Shift+C: Mark complete); true when the key was one. */
function handleTabKey(event: Parameters<typeof tabKeyAction>[0] & { preventDefault: () => void }, actions: { onShortcuts: () => void; onMarkComplete: () => void }): boolean {
  const action = tabKeyAction(event);
  if (!action) return false;
  event.preventDefault();
  if (action === 'shortcuts') actions.onShortcuts();
  else actions.onMarkComplete();
  return true;
}

/** Every segment key inside a group, depth-first. */
function collectSegmentKeys(groups: ReadonlyMap<string, { childKeys: string[]; segmentKeys: string[] }>, key: string): string[] {
  const group = groups.get(key);
  if (!group) return [];
  return [...group.segmentKeys, ...group.childKeys.flatMap((child) => collectSegmentKeys(groups, child))];
}
