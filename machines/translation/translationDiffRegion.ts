/** Course updates and the version diff: the handlers of `open` for the course-updates mode and the diff view, and the diff, previous-edits and reset states of region `tools`. */
import { assign, raise } from 'xstate';
import { TRANSLATION_MESSAGES } from '../../domain/translation.ts';
import { type SegmentFilter } from '../../domain/translationModel.ts';
import { NO_DIFF, updateGroupsOf } from './translationTools.ts';
import { progressBodyOf, rollbackProgress, showToast, startReopen, translationToast, reportFailed } from './translationRules.ts';
import { diffFailed, diffLoaded, withTools } from './translationToolRules.ts';
import { translationSetup } from './translationSetup.ts';

/** The course-updates and diff handlers of `open` (§2, §4). */
export const updatesHandlers = translationSetup.createStateConfig({
  on: {
    'translation.openCourseUpdates': {
      guard: 'hasUpdateGroups',
      actions: assign(({ context }) => ({
        activeNavKey: updateGroupsOf(context)[0]?.navKey ?? context.activeNavKey,
        searchTerm: '',
        replaceValue: '',
        ...withTools(context, { viewMode: 'courseUpdates', found: null, cursor: null, scrollTo: null }),
        filter: context.filter === 'updatesFromPreviousVersion' ? ('all' as SegmentFilter) : context.filter,
      })),
    },
    'translation.closeCourseUpdates': { guard: 'isCourseUpdatesMode', actions: assign(({ context }) => withTools(context, { viewMode: 'group' })) },
    'translation.dismissUpdatesPopover': {
      guard: ({ event }) => typeof event.at === 'string',
      actions: [assign({ updatesPopoverDismissedAt: ({ event }) => event.at }), { type: 'storeUpdatesPopoverDismissed', params: ({ event }) => ({ at: event.at }) }],
    },
    // The diff view closes (while loading, the loading state's own handler also leaves it).
    'translation.closeDiff': { actions: assign(({ context }) => withTools(context, { diff: NO_DIFF })) },
    'translation.setDiffPath': { actions: assign(({ context, event }) => withTools(context, { diff: { ...context.tools.diff, currentDiffPath: event.key } })) },
  },
}).on;

/** The diff, previous-edits and reset states of region `tools` (§2 diff view, §3 Version diff, §8). */
export const diffStates = translationSetup.createStateConfig({
  states: {
    // The version diff (§2 diff view, §3 Version diff, §8 previous-file / previous-edits errors).
    loadingPreviousValidation: {
      on: { 'translation.closeDiff': { target: 'idle', actions: assign(({ context }) => withTools(context, { diff: NO_DIFF })) } },
      invoke: {
        id: 'fetchPreviousValidation',
        src: 'fetchPreviousValidation',
        input: ({ context }) => ({ itemId: context.subject?.itemId ?? '', previousVersionId: context.tools.diff.previousVersionId ?? '', targetLocale: context.targetLocale ?? '', pass: context.subject?.pass ?? null }),
        onDone: [
          {
            guard: { type: 'isPreviousValidationAnswer', params: ({ event }) => ({ output: event.output }) },
            target: 'loadingPreviousFile',
            actions: assign(({ context, event }) => withTools(context, { diff: { ...context.tools.diff, previousValidation: event.output } })),
          },
          { target: 'idle', actions: assign(({ context }) => diffFailed(context, TRANSLATION_MESSAGES.loadPreviousEdits)) },
        ],
        onError: {
          target: 'idle',
          actions: [
            assign(({ context }) => diffFailed(context, TRANSLATION_MESSAGES.loadPreviousEdits)),
            reportFailed(TRANSLATION_MESSAGES.loadPreviousEdits),
          ],
        },
      },
    },
    loadingPreviousFile: {
      on: { 'translation.closeDiff': { target: 'idle', actions: assign(({ context }) => withTools(context, { diff: NO_DIFF })) } },
      invoke: {
        id: 'fetchPreviousFile',
        src: 'fetchFile',
        input: ({ context }) => ({ path: context.tools.diff.previousValidation?.translationFilePath ?? '' }),
        onDone: [
          {
            guard: { type: 'isTranslationFile', params: ({ event }) => ({ output: event.output }) },
            target: 'idle',
            actions: assign(({ context, event }) => diffLoaded(context, event.output)),
          },
          { target: 'idle', actions: assign(({ context }) => diffFailed(context, TRANSLATION_MESSAGES.loadPreviousFile)) },
        ],
        onError: {
          target: 'idle',
          actions: [
            assign(({ context }) => diffFailed(context, TRANSLATION_MESSAGES.loadPreviousFile)),
            reportFailed(TRANSLATION_MESSAGES.loadPreviousFile),
          ],
        },
      },
    },
    // The previous version's validated edits for the unimported filter (translation-editor §3 Version diff:
    // the same rule as the diff's UnimportedChange); then the filter chosen meanwhile is set (another filter
    // chosen meanwhile, at the open state, clears it). A failure keeps the filter and says the §8 words. The
    // invoke shares the diff's id: one region, never both at once.
    loadingPreviousEdits: {
      invoke: {
        id: 'fetchPreviousValidation',
        src: 'fetchPreviousValidation',
        input: ({ context }) => ({ itemId: context.subject?.itemId ?? '', previousVersionId: context.subject?.previousVersionId ?? '', targetLocale: context.targetLocale ?? '', pass: context.subject?.pass ?? null }),
        onDone: [
          {
            guard: { type: 'isPreviousValidationAnswer', params: ({ event }) => ({ output: event.output }) },
            target: 'idle',
            actions: [
              assign(({ context, event }) => ({
                previousEdits: { versionId: context.subject?.previousVersionId ?? '', paths: event.output.paths },
                filter: context.pendingFilter ?? context.filter,
                pendingFilter: null,
              })),
              'rerunSearch',
            ],
          },
          { target: 'idle', actions: ['showPreviousEditsError', assign({ pendingFilter: null })] },
        ],
        onError: {
          target: 'idle',
          actions: [
            'showPreviousEditsError',
            assign({ pendingFilter: null }),
            reportFailed(TRANSLATION_MESSAGES.loadPreviousEdits),
          ],
        },
      },
    },
    confirmingSectionReopen: {
      on: {
        'translation.confirmReopenSection': { target: 'reopeningSection', actions: assign(({ context }) => startReopen(context, context.tools.resetAsked?.navKey ?? '')) },
        'translation.cancelReopenSection': { target: 'idle', actions: assign(({ context }) => withTools(context, { resetAsked: null })) },
      },
    },
    reopeningSection: {
      tags: ['busy'],
      invoke: {
        id: 'reopenSection',
        src: 'reopenGroup',
        input: ({ context }) => ({ validationId: context.validationId ?? '', body: progressBodyOf(context, context.progressCall?.navKey ?? ''), pass: context.subject?.pass ?? null }),
        onDone: { target: 'confirmingReset', actions: assign({ progressCall: null }) },
        onError: {
          target: 'idle',
          actions: [
            assign(({ context }) => ({ ...rollbackProgress(context), ...withTools(context, { resetAsked: null }) })),
            showToast(() => translationToast('translationToast.reopenError', TRANSLATION_MESSAGES.reopen)),
            reportFailed(TRANSLATION_MESSAGES.reopen),
          ],
        },
      },
    },
    confirmingReset: {
      on: {
        'translation.confirmResetTranslation': [
          {
            // The previous version's target: saved like any value (origin diffReset).
            guard: 'isResetToValue',
            target: 'idle',
            actions: [
              raise(({ context }) => ({
                type: 'translation.applyValues' as const,
                values: context.tools.resetAsked?.to.kind === 'value' ? [{ key: context.tools.resetAsked.key, value: context.tools.resetAsked.to.value }] : [],
                origin: 'diffReset' as const,
              })),
              assign(({ context }) => withTools(context, { resetAsked: null })),
            ],
          },
          {
            // Back to the original target: the PUT segment reset (region progress).
            target: 'idle',
            actions: [raise(({ context }) => ({ type: 'translation.resetSegment' as const, key: context.tools.resetAsked?.key ?? '' })), assign(({ context }) => withTools(context, { resetAsked: null }))],
          },
        ],
        'translation.cancelResetTranslation': { target: 'idle', actions: assign(({ context }) => withTools(context, { resetAsked: null })) },
      },
    },
  },
}).states;
