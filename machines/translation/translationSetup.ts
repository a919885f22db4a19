/** The translation actor's setup: its types, actor slots, delays, named actions and guards (the regions' files build on it). */
import { assign, enqueueActions, setup } from 'xstate';
import {
  DUPLICATE_NAVIGATE_IGNORE_MS,
  SEARCH_DEFER_ABOVE,
  TRANSLATION_MESSAGES,
  isUnsupportedStorylineVersion,
  type CommandChange,
  type GetSegmentsResponse,
  type PreviousValidationResponse,
  type ProgressBody,
  type ResetSegmentBody,
  type TranslationStackResponse,
  type ValidationChange,
  type ValidationResponse,
} from '../../domain/translation.ts';
import { SEGMENT_FILTERS } from '../../domain/translationModel.ts';
import { promiseSlot } from '../slots.ts';
import { translationPushOf, type TranslationEvent } from './translationEvents.ts';
import { isUpdatesFilterOfferedOf, updateGroupsOf } from './translationTools.ts';
import { canSaveToAllOf, saveProblemOf, type TranslationContext } from './translationContext.ts';
import { applyServerChanges, blockedReasonOf, editingSegmentOf, groupBlockedReasonOf, isStackAnswer, isValidationAnswer, languageMapFrom, parsedFileOf, segmentOf, showToast, targetLocaleOf, translationToast, type HttpLikeError } from './translationRules.ts';
import { hasSearchTerm, isApplyOrigin, isPreviousValidationAnswer, preparedFor, replaceOneValues, resetBlockedReasonOf, resetTargetOf, searchRefreshed, withTools } from './translationToolRules.ts';

export const translationSetup = setup({
  types: {
    context: {} as TranslationContext,
    events: {} as TranslationEvent,
  },
  actors: {
    fetchStack: promiseSlot<TranslationStackResponse, { itemId: string; pass: string | null }>('fetchStack'),
    fetchValidation: promiseSlot<ValidationResponse, { itemId: string; versionId: string; targetLocale: string; pass: string | null }>('fetchValidation'),
    fetchFile: promiseSlot<unknown, { path: string }>('fetchFile'),
    fetchLanguageMap: promiseSlot<unknown, { displayLocale: string }>('fetchLanguageMap'),
    saveChanges: promiseSlot<{ paths: Record<string, ValidationChange> }, { validationId: string; email: string; batches: CommandChange[][]; view: string; pass: string | null }>('saveChanges'),
    getSegments: promiseSlot<GetSegmentsResponse, { ids: string[]; pass: string | null }>('getSegments'),
    completeGroup: promiseSlot<{ updatedAt: string }, { validationId: string; body: ProgressBody; pass: string | null }>('completeGroup'),
    reopenGroup: promiseSlot<void, { validationId: string; body: ProgressBody; pass: string | null }>('reopenGroup'),
    resetSegment: promiseSlot<void, { validationId: string; body: ResetSegmentBody; pass: string | null }>('resetSegment'),
    /** GET TRANSLATION_TOOL_CALLS.previousValidation (the diff's previous version). */
    fetchPreviousValidation: promiseSlot<PreviousValidationResponse, { itemId: string; previousVersionId: string; targetLocale: string; pass: string | null }>('fetchPreviousValidation'),
  },
  delays: {
    /** §9 navigating over 500 matches defers the handler (a macrotask). */
    searchDefer: 0,
    /** §9 duplicate navigate messages within 300 ms are ignored. */
    duplicateNavigateIgnore: DUPLICATE_NAVIGATE_IGNORE_MS,
  },
  actions: {
    reportError: (_, _params: { message: string }) => {},

    /** Stores SKIP_REOPEN_CONFIRM_STORAGE_KEY (provided at the composition root). */
    storeSkipReopenConfirm: (_, _params: { value: boolean }) => {},
    /** Stores SKIP_SAVE_ALL_CONFIRM_STORAGE_KEY (the time stamp; provided at the composition root). */
    storeSkipSaveAllConfirm: (_, _params: { at: string }) => {},
    /** Stores UPDATES_POPOVER_DISMISSED_STORAGE_KEY (the time stamp; provided at the composition root). */
    storeUpdatesPopoverDismissed: (_, _params: { at: string }) => {},
    rerunSearch: assign(({ context }) => searchRefreshed(context)),
    showPreviousEditsError: showToast(() => translationToast('translationToast.previousEditsError', TRANSLATION_MESSAGES.loadPreviousEdits)),
    markEdited: assign(({ context }) => withTools(context, { hasEdited: true })),
    /** The row clicked while its save was on the wire or read back is opened now, by the rules of any click. */
    openQueuedEdit: enqueueActions<TranslationContext, TranslationEvent, undefined, TranslationEvent, never, never, never, never, never>(({ context, enqueue }) => {
      if (!context.queuedEdit) return;
      enqueue.raise({ type: 'translation.startEdit', key: context.queuedEdit });
      enqueue.assign({ queuedEdit: null });
    }),
    openAuthPrompt: assign({ authPromptOpen: true }),
    applyPush: assign(({ context, event }) => {
      const push = translationPushOf(event, context.validationId);
      if (!push) return {};
      switch (push.name) {
        case 'updateSegments': {
          const ids = push.data.validationSegmentIds.filter((id) => !context.refreshQueue.includes(id));
          return ids.length ? { refreshQueue: [...context.refreshQueue, ...ids] } : {};
        }
        case 'resetSegment':
          return applyServerChanges(context, [[push.data.path, null]]);
        case 'groupComplete':
          return {
            ...applyServerChanges(context, Object.entries(push.data.changes)),
            progress: { ...context.progress, [push.data.path]: push.data.progress },
            profiles: { ...context.profiles, ...push.data.profiles },
          };
        case 'deleteProgress': {
          const progress = { ...context.progress };
          delete progress[push.data.path];
          return { ...applyServerChanges(context, Object.entries(push.data.changes)), progress };
        }
      }
    }),
  },
  guards: {
    hasModel: ({ context }) => context.model !== null,
    isSignedOut: ({ context }) => !context.subject?.userId,
    /** §2 a known filter; the updates filter is offered only when updates exist and the course-updates mode is not active. */
    isFilterOffered: ({ context, event }) =>
      event.type === 'translation.setFilter' && SEGMENT_FILTERS.includes(event.filter) && (event.filter !== 'updatesFromPreviousVersion' || isUpdatesFilterOfferedOf(context)),
    /** The unimported filter, the version has a previous one, and that one's edits are not read yet. */
    needsPreviousEdits: ({ context, event }) =>
      event.type === 'translation.setFilter' &&
      event.filter === 'unimportedFromPreviousVersion' &&
      typeof context.subject?.previousVersionId === 'string' &&
      context.previousEdits?.versionId !== context.subject.previousVersionId,
    isSameVersion: ({ context, event }) => event.type === 'translation.open' && context.subject?.itemId === event.itemId && context.subject.versionId === event.versionId,
    isStackAnswer: (_, params: { output: unknown; itemId: string }) => isStackAnswer(params.output) && targetLocaleOf(params.output, params.itemId) !== null,
    /** A stack the item is not a target of (its source course, or not in it). */
    isStackWithoutTarget: (_, params: { output: unknown }) => isStackAnswer(params.output),
    /** The stack call's 404: the item is in no translation stack. */
    isNotInStack: (_, params: { error: unknown }) => (params.error as HttpLikeError | null)?.status === 404,
    isValidationAnswer: (_, params: { output: unknown }) => isValidationAnswer(params.output),
    isUnknownSegment: ({ context }, params: { key: string }) => !context.model?.segmentsByKey.has(params.key),
    isSegmentBlocked: ({ context }, params: { key: string }) => {
      const segment = segmentOf(context, params.key);
      return !segment || blockedReasonOf(context, segment.navKey, segment.key) !== null;
    },
    isEditing: ({ context }) => context.editing !== null,
    hasConflict: ({ context }) => context.conflict !== null,
    isEditedSegmentBlocked: ({ context }) => {
      const segment = editingSegmentOf(context);
      return !segment || blockedReasonOf(context, segment.navKey, segment.key) !== null;
    },
    isUnsupportedStoryline: ({ context }) =>
      context.model !== null && isUnsupportedStorylineVersion({ product: context.model.product, storylineVersion: context.model.storylineVersion ?? undefined }),
    isEmptyEdit: ({ context }) => saveProblemOf(context) === 'empty',
    isNoOpEdit: ({ context }) => saveProblemOf(context) !== null,
    isNavGroup: ({ context }, params: { navKey: string }) => context.model?.groups.get(params.navKey)?.isNav ?? false,
    isNotNavGroup: ({ context }, params: { navKey: string }) => !context.model?.groups.get(params.navKey)?.isNav,
    isNotCompleteNavGroup: ({ context }, params: { navKey: string }) =>
      !context.model?.groups.get(params.navKey)?.isNav || !Object.prototype.hasOwnProperty.call(context.progress, params.navKey),
    isGroupComplete: ({ context }, params: { navKey: string }) => Object.prototype.hasOwnProperty.call(context.progress, params.navKey),
    isGroupActionBlocked: ({ context }) => groupBlockedReasonOf(context) !== null,
    isSaving: ({ context }) => context.saving !== null,
    skipsReopenConfirm: ({ context }) => context.skipReopenConfirm,
    wantsDontAskAgain: ({ event }) => event.type === 'translation.confirmReopen' && event.dontAskAgain,
    hasRefreshQueued: ({ context }) => context.refreshQueue.length > 0,
    hasNoChange: ({ context }, params: { key: string }) => context.changes[params.key] === undefined,
    isLanguageMap: (_, params: { output: unknown }) => languageMapFrom(params.output) !== null,
    isTranslationFile: (_, params: { output: unknown }) => parsedFileOf(params.output) !== null,
    isPreviousValidationAnswer: (_, params: { output: unknown }) => isPreviousValidationAnswer(params.output),
    isApplying: ({ context }) => context.tools.applying !== null,
    hasValuesToApply: ({ context, event }) => event.type === 'translation.applyValues' && isApplyOrigin(event.origin) && (preparedFor(context, event)?.edits.length ?? 0) > 0,
    hasManyHits: ({ context }) => (context.tools.found?.total ?? 0) > SEARCH_DEFER_ABOVE,
    canReplace: ({ context }) => context.replaceValue !== '' && replaceOneValues(context).length > 0,
    canReplaceAll: ({ context }) => hasSearchTerm(context) && context.replaceValue !== '' && (context.tools.found?.items.some((item) => item.field === 'target') ?? false),
    canSaveToAll: ({ context }) => canSaveToAllOf(context),
    skipsSaveAllConfirm: ({ context }) => context.skipSaveAllConfirm !== null,
    wantsDontAskAgainSaveAll: ({ event }) => event.type === 'translation.confirmSaveToAll' && event.dontAskAgain,
    isCourseUpdatesMode: ({ context }) => context.tools.viewMode === 'courseUpdates',
    hasUpdateGroups: ({ context }) => updateGroupsOf(context).length > 0,
    isOwnConnection: ({ context, event }) => event.type === 'realtime.reconnected' && !!context.subject && event.namespace === `/item/${context.subject.itemId}`,
    hasResyncQueued: ({ context }) => context.tools.resyncQueued && context.validationId !== null,
    hasNothingToReset: ({ context }, params: { key: string }) => resetTargetOf(context, params.key) === null,
    isResetBlocked: ({ context }) => resetBlockedReasonOf(context) !== null,
    isResetGroupComplete: ({ context }, params: { key: string }) => {
      const navKey = segmentOf(context, params.key)?.navKey;
      return navKey !== undefined && Object.prototype.hasOwnProperty.call(context.progress, navKey);
    },
    isResetToValue: ({ context }) => context.tools.resetAsked?.to.kind === 'value',
  },
});
