/** Regions `progress` (mark complete, reopen with its confirmation, segment reset) and `refresh` (pushed segment ids read through get-segments; the validation re-read after a reconnect). */
import { and, assign } from 'xstate';
import { TRANSLATION_MESSAGES, TRANSLATION_VIEW } from '../../domain/translation.ts';
import { serializeSegmentText } from '../../domain/translationEdits.ts';
import { applySegments, blockedReasonOf, blockedToast, errorMessageOf, groupBlockedReasonOf, groupChanges, progressBodyOf, rollbackProgress, segmentOf, showToast, startReopen, translationToast, reportFailed } from './translationRules.ts';
import { diffRefreshed, validationRefreshed, withTools } from './translationToolRules.ts';
import { translationSetup } from './translationSetup.ts';

export const progressRegion = translationSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: {
        'translation.markComplete': [
          { guard: { type: 'isNotNavGroup', params: ({ event }) => ({ navKey: event.navKey }) } },
          { guard: 'isSignedOut', actions: 'openAuthPrompt' },
          { guard: { type: 'isGroupComplete', params: ({ event }) => ({ navKey: event.navKey }) } },
          {
            guard: 'isGroupActionBlocked',
            actions: showToast(({ context }) => blockedToast(groupBlockedReasonOf(context))),
          },
          {
            target: 'markingComplete',
            actions: assign(({ context, event }) => {
              const navKey = event.type === 'translation.markComplete' ? event.navKey : '';
              const { next, previous } = groupChanges(context, navKey, ['pending'], 'accepted');
              return {
                progressCall: { navKey, previous: context.progress[navKey] ?? null, previousChanges: previous },
                progress: { ...context.progress, [navKey]: { userId: context.subject?.userId ?? '', updatedAt: '', isCourseUpdate: context.tools.viewMode === 'courseUpdates' } },
                changes: next,
              };
            }),
          },
        ],
        'translation.reopen': [
          { guard: { type: 'isNotCompleteNavGroup', params: ({ event }) => ({ navKey: event.navKey }) } },
          { guard: 'isSignedOut', actions: 'openAuthPrompt' },
          {
            guard: 'isGroupActionBlocked',
            actions: showToast(({ context }) => blockedToast(groupBlockedReasonOf(context))),
          },
          { guard: 'skipsReopenConfirm', target: 'reopening', actions: assign(({ context, event }) => startReopen(context, event.type === 'translation.reopen' ? event.navKey : '')) },
          { target: 'confirmingReopen', actions: assign({ reopenAsked: ({ event }) => (event.type === 'translation.reopen' ? event.navKey : null) }) },
        ],
        'translation.resetSegment': [
          { guard: { type: 'hasNoChange', params: ({ event }) => ({ key: event.key }) } },
          { guard: 'isSignedOut', actions: 'openAuthPrompt' },
          {
            guard: { type: 'isSegmentBlocked', params: ({ event }) => ({ key: event.key }) },
            actions: showToast(({ context, event }) => blockedToast(blockedReasonOf(context, segmentOf(context, event.type === 'translation.resetSegment' ? event.key : '')?.navKey ?? '', event.type === 'translation.resetSegment' ? event.key : undefined))),
          },
          {
            target: 'resetting',
            actions: assign(({ context, event }) => {
              const key = event.type === 'translation.resetSegment' ? event.key : '';
              const changes = { ...context.changes };
              delete changes[key];
              return { resetting: { key, previous: context.changes[key] ?? null }, changes };
            }),
          },
        ],
      },
    },
    markingComplete: {
      tags: ['busy'],
      invoke: {
        id: 'completeGroup',
        src: 'completeGroup',
        input: ({ context }) => ({ validationId: context.validationId ?? '', body: progressBodyOf(context, context.progressCall?.navKey ?? ''), pass: context.subject?.pass ?? null }),
        onDone: {
          target: 'idle',
          actions: assign(({ context, event }) => {
            const call = context.progressCall;
            const updatedAt = typeof event.output?.updatedAt === 'string' ? event.output.updatedAt : '';
            if (!call) return { progressCall: null };
            const entry = context.progress[call.navKey];
            const changes = { ...context.changes };
            for (const key of Object.keys(call.previousChanges)) {
              const change = changes[key];
              if (change && change.status === 'accepted' && change.lastAcceptedDate === call.previousChanges[key]?.lastAcceptedDate) changes[key] = { ...change, lastAcceptedDate: updatedAt };
            }
            return { progressCall: null, changes, progress: entry ? { ...context.progress, [call.navKey]: { ...entry, updatedAt: entry.updatedAt || updatedAt } } : context.progress };
          }),
        },
        onError: {
          target: 'idle',
          actions: [
            assign(({ context }) => rollbackProgress(context)),
            showToast(() => translationToast('translationToast.markCompleteError', TRANSLATION_MESSAGES.markComplete)),
            reportFailed(TRANSLATION_MESSAGES.markComplete),
          ],
        },
      },
    },
    // §4: a confirmation precedes reopening unless the user opted out (remembered).
    confirmingReopen: {
      on: {
        'translation.confirmReopen': [
          {
            guard: 'wantsDontAskAgain',
            target: 'reopening',
            actions: [
              assign(({ context }) => ({ ...startReopen(context, context.reopenAsked ?? ''), skipReopenConfirm: true })),
              { type: 'storeSkipReopenConfirm', params: { value: true } },
            ],
          },
          { target: 'reopening', actions: assign(({ context }) => startReopen(context, context.reopenAsked ?? '')) },
        ],
        'translation.cancelReopen': { target: 'idle', actions: assign({ reopenAsked: null }) },
      },
    },
    reopening: {
      tags: ['busy'],
      invoke: {
        id: 'reopenGroup',
        src: 'reopenGroup',
        input: ({ context }) => ({ validationId: context.validationId ?? '', body: progressBodyOf(context, context.progressCall?.navKey ?? ''), pass: context.subject?.pass ?? null }),
        onDone: { target: 'idle', actions: assign({ progressCall: null }) },
        onError: {
          target: 'idle',
          actions: [
            assign(({ context }) => rollbackProgress(context)),
            showToast(() => translationToast('translationToast.reopenError', TRANSLATION_MESSAGES.reopen)),
            reportFailed(TRANSLATION_MESSAGES.reopen),
          ],
        },
      },
    },
    resetting: {
      tags: ['busy'],
      invoke: {
        id: 'resetSegment',
        src: 'resetSegment',
        input: ({ context }) => {
          const segment = context.resetting ? segmentOf(context, context.resetting.key) : undefined;
          return {
            validationId: context.validationId ?? '',
            body: {
              path: context.resetting?.key ?? '',
              command: 0 as const,
              data: { newValue: segment ? serializeSegmentText(segment.originalTarget) : '' },
              isCourseUpdate: context.tools.viewMode === 'courseUpdates',
              view: TRANSLATION_VIEW,
              email: context.subject?.email ?? '',
            },
            pass: context.subject?.pass ?? null,
          };
        },
        onDone: { target: 'idle', actions: [assign(({ context }) => ({ ...diffRefreshed(context), resetting: null })), 'markEdited', 'rerunSearch'] },
        onError: {
          target: 'idle',
          actions: [
            assign(({ context }) => {
              const reset = context.resetting;
              return reset?.previous ? { resetting: null, changes: { ...context.changes, [reset.key]: reset.previous } } : { resetting: null };
            }),
            showToast(() => translationToast('translationToast.resetError', TRANSLATION_MESSAGES.reset)),
            reportFailed(TRANSLATION_MESSAGES.reset),
          ],
        },
      },
    },
  },
});

// Pushed segment ids are read through get-segments, one request at a time; ids pushed meanwhile wait.
export const refreshRegion = translationSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      always: [
        { guard: and(['hasResyncQueued', 'hasModel']), target: 'resyncing' },
        { guard: and(['hasRefreshQueued', 'hasModel']), target: 'refreshing' },
      ],
    },
    // After a reconnect: the validation again (changes and progress missed while offline), the editor untouched.
    resyncing: {
      entry: assign(({ context }) => withTools(context, { resyncQueued: false })),
      invoke: {
        id: 'refetchValidation',
        src: 'fetchValidation',
        input: ({ context }) => ({ itemId: context.subject?.itemId ?? '', versionId: context.subject?.versionId ?? '', targetLocale: context.targetLocale ?? '', pass: context.subject?.pass ?? null }),
        onDone: { target: 'idle', actions: assign(({ context, event }) => validationRefreshed(context, event.output)) },
        onError: {
          target: 'idle',
          actions: { type: 'reportError', params: ({ event }) => ({ message: `Translations: reading the validation after a reconnect failed: ${errorMessageOf(event.error, 'unknown error')}` }) },
        },
      },
    },
    refreshing: {
      entry: assign(({ context }) => ({ refreshing: context.refreshQueue, refreshQueue: [] })),
      invoke: {
        id: 'refreshSegments',
        src: 'getSegments',
        input: ({ context }) => ({ ids: context.refreshing, pass: context.subject?.pass ?? null }),
        onDone: { target: 'idle', actions: [assign(({ context, event }) => ({ ...applySegments(context, event.output), refreshing: [] })), 'rerunSearch'] },
        onError: {
          target: 'idle',
          actions: [
            assign({ refreshing: [] }),
            { type: 'reportError', params: ({ event }) => ({ message: `Translations: refreshing segments failed: ${errorMessageOf(event.error, 'unknown error')}` }) },
          ],
        },
      },
    },
  },
});
