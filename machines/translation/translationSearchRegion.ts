/** Region `tools`, its search and apply part: stepping through hits, replace all, save to all, values on the wire, the duplicate-navigate cool-down; and the find-and-replace handlers of `open`. */
import { and, assign, enqueueActions, not, raise } from 'xstate';
import { TRANSLATION_VIEW } from '../../domain/translation.ts';
import { sendToSystem } from '../notify.ts';
import { SEARCH_SCOPES } from '../../domain/translationSearch.ts';
import { NO_DIFF, stepHit } from './translationTools.ts';
import { TRANSLATION_TOAST_KEYS, blockedToast, errorMessageOf, segmentOf, showToast, translationToast } from './translationRules.ts';
import { applyDone, applyErrorText, applyFailed, applyRefusedToast, focusHit, replaceAllValues, replaceOneValues, resetAskedOf, resetBlockedReasonOf, saveToAllValues, searchFresh, startApply, withTools } from './translationToolRules.ts';
import { translationSetup } from './translationSetup.ts';

/** The find-and-replace handlers of `open` (§2 bar, §3 Filter state, §5). */
export const searchHandlers = translationSetup.createStateConfig({
  on: {
    'translation.openSearch': { actions: assign(({ context }) => withTools(context, { viewMode: 'search' })) },
    'translation.openReplace': { actions: assign(({ context }) => withTools(context, { viewMode: 'replace' })) },
    'translation.closeSearch': {
      guard: ({ context }) => context.tools.viewMode === 'search' || context.tools.viewMode === 'replace',
      actions: assign(({ context }) => ({ searchTerm: '', replaceValue: '', ...withTools(context, { viewMode: 'group', found: null, cursor: null, replaceStatus: { overall: 'IDLE', byPath: {} } }) })),
    },
    'translation.setSearchTerm': [
      // §5 clearing the search input also clears the replace value.
      { guard: ({ event }) => typeof event.term !== 'string' },
      { guard: ({ event }) => event.term.trim() === '', actions: assign(({ context, event }) => ({ searchTerm: event.term, replaceValue: '', ...withTools(context, { found: null, cursor: null }) })) },
      { actions: assign(({ context, event }) => searchFresh({ ...context, searchTerm: event.term })) },
    ],
    'translation.setReplaceValue': { guard: ({ event }) => typeof event.value === 'string', actions: assign({ replaceValue: ({ event }) => event.value }) },
    'translation.setSearchScope': { guard: ({ event }) => SEARCH_SCOPES.includes(event.scope), actions: assign(({ context, event }) => searchFresh({ ...context, tools: { ...context.tools, searchScope: event.scope } })) },
    'translation.setSlideScope': { guard: ({ event }) => event.scope === 'current' || event.scope === 'all', actions: assign(({ context, event }) => searchFresh({ ...context, tools: { ...context.tools, slideScope: event.scope } })) },
  },
}).on;

/** The search and apply states of region `tools`. */
export const searchStates = translationSetup.createStateConfig({
  states: {
    idle: {
      on: {
        'translation.nextHit': [
          { guard: 'hasManyHits', target: 'navigating', actions: assign(({ context }) => withTools(context, { pendingStep: 1 })) },
          { actions: assign(({ context }) => focusHit(context, stepHit(context, 1))) },
        ],
        'translation.previousHit': [
          { guard: 'hasManyHits', target: 'navigating', actions: assign(({ context }) => withTools(context, { pendingStep: -1 })) },
          { actions: assign(({ context }) => focusHit(context, stepHit(context, -1))) },
        ],
        'translation.applyValues': [
          { guard: not('hasModel') },
          { guard: ({ event }) => !Array.isArray(event.values) },
          { guard: 'isSaving' },
          { guard: 'isSignedOut', actions: 'openAuthPrompt' },
          { guard: 'hasValuesToApply', target: 'applying', actions: assign(({ context, event }) => (event.type === 'translation.applyValues' ? startApply(context, event) : {})) },
          {
            actions: enqueueActions(({ context, event, enqueue }) => {
              const toast = applyRefusedToast(context, event);
              if (toast) enqueue(sendToSystem('toasts', () => ({ type: 'toast.show', toast })));
            }),
          },
        ],
        // §5 replacing needs both a search term and a replace value.
        'translation.replaceOne': [
          { guard: 'isSignedOut', actions: 'openAuthPrompt' },
          { guard: 'canReplace', actions: raise(({ context }) => ({ type: 'translation.applyValues' as const, values: replaceOneValues(context), origin: 'replace' as const })) },
        ],
        'translation.replaceAll': [
          { guard: 'isSignedOut', actions: 'openAuthPrompt' },
          { guard: 'canReplaceAll', target: 'confirmingReplaceAll' },
        ],
        'translation.saveToAll': [
          { guard: not('canSaveToAll') },
          { guard: 'isSignedOut', actions: 'openAuthPrompt' },
          {
            guard: 'skipsSaveAllConfirm',
            actions: raise(({ context }) => ({ type: 'translation.applyValues' as const, values: context.editing ? saveToAllValues(context, context.editing) : [], origin: 'saveToAll' as const })),
          },
          { target: 'confirmingSaveToAll', actions: assign(({ context }) => withTools(context, { saveAllAsked: context.editing ? { key: context.editing.key, value: context.editing.value } : null })) },
        ],
        'translation.goToDuplicate': {
          guard: ({ context, event }) => context.model?.segmentsByKey.has(event.key) ?? false,
          target: 'coolingDown',
          actions: assign(({ context, event }) => ({ activeNavKey: segmentOf(context, event.key)?.navKey ?? context.activeNavKey, ...withTools(context, { scrollTo: event.key }) })),
        },
        // §2 filter "unimported from previous version": the previous version's validated edits first.
        'translation.setFilter': { guard: and(['hasModel', 'isFilterOffered', 'needsPreviousEdits']), target: 'loadingPreviousEdits', actions: assign({ pendingFilter: ({ event }) => event.filter }) },
        'translation.openDiff': {
          guard: and(['hasModel', ({ event }) => typeof event.previousVersionId === 'string' && typeof event.now === 'string']),
          target: 'loadingPreviousValidation',
          actions: assign(({ context, event }) => withTools(context, { diff: { ...NO_DIFF, status: 'loading', previousVersionId: event.previousVersionId, now: event.now } })),
        },
        // §2 reset translation: to the previous version's target in a diff, else to the original target.
        'translation.askResetTranslation': [
          { guard: { type: 'isUnknownSegment', params: ({ event }) => ({ key: event.key }) } },
          { guard: 'isSignedOut', actions: 'openAuthPrompt' },
          { guard: { type: 'hasNothingToReset', params: ({ event }) => ({ key: event.key }) } },
          { guard: 'isResetBlocked', actions: showToast(({ context }) => blockedToast(resetBlockedReasonOf(context))) },
          {
            // Its section is complete: the reopen-completed-section dialog first.
            guard: { type: 'isResetGroupComplete', params: ({ event }) => ({ key: event.key }) },
            target: 'confirmingSectionReopen',
            actions: assign(({ context, event }) => withTools(context, { resetAsked: resetAskedOf(context, event.type === 'translation.askResetTranslation' ? event.key : '') })),
          },
          { target: 'confirmingReset', actions: assign(({ context, event }) => withTools(context, { resetAsked: resetAskedOf(context, event.type === 'translation.askResetTranslation' ? event.key : '') })) },
        ],
      },
    },
    navigating: {
      after: {
        searchDefer: {
          target: 'idle',
          actions: assign(({ context }) => {
            const settled = { ...context, ...withTools(context, { pendingStep: null }) };
            return { ...settled, ...focusHit(settled, stepHit(context, context.tools.pendingStep ?? 1)) };
          }),
        },
      },
    },
    // §2 replace-all confirmation dialog.
    confirmingReplaceAll: {
      on: {
        'translation.confirmReplaceAll': {
          target: 'idle',
          actions: raise(({ context }) => ({ type: 'translation.applyValues' as const, values: replaceAllValues(context), origin: 'replaceAll' as const })),
        },
        'translation.cancelReplaceAll': { target: 'idle' },
      },
    },
    // §2 save-to-all-duplicates dialog (suppressible: §4 a time stamp is stored).
    confirmingSaveToAll: {
      on: {
        'translation.confirmSaveToAll': [
          { guard: ({ event }) => typeof event.at !== 'string' },
          {
            guard: 'wantsDontAskAgainSaveAll',
            target: 'idle',
            actions: [
              assign({ skipSaveAllConfirm: ({ event }) => event.at }),
              { type: 'storeSkipSaveAllConfirm', params: ({ event }) => ({ at: event.at }) },
              raise(({ context }) => ({ type: 'translation.applyValues' as const, values: context.tools.saveAllAsked ? saveToAllValues(context, context.tools.saveAllAsked) : [], origin: 'saveToAll' as const })),
            ],
          },
          {
            target: 'idle',
            actions: raise(({ context }) => ({ type: 'translation.applyValues' as const, values: context.tools.saveAllAsked ? saveToAllValues(context, context.tools.saveAllAsked) : [], origin: 'saveToAll' as const })),
          },
        ],
        'translation.cancelSaveToAll': { target: 'idle', actions: assign(({ context }) => withTools(context, { saveAllAsked: null })) },
      },
    },
    applying: {
      tags: ['saving'],
      invoke: {
        id: 'applyChanges',
        src: 'saveChanges',
        input: ({ context }) => ({
          validationId: context.validationId ?? '',
          email: context.subject?.email ?? '',
          batches: context.tools.applying?.batches ?? [],
          view: TRANSLATION_VIEW,
          pass: context.subject?.pass ?? null,
        }),
        onDone: {
          target: 'idle',
          actions: [
            // §9 save success 2,000 ms single, 5,000 ms for duplicates.
            enqueueActions(({ context, enqueue }) => {
              const origin = context.tools.applying?.origin;
              if (origin === 'saveToAll' && (context.tools.applying?.keys.length ?? 0) > 1) enqueue(showToast(() => translationToast(TRANSLATION_TOAST_KEYS.savedAll, null, 'success', 'savedAll')));
              else if (origin !== 'replaceAll') enqueue(showToast(() => translationToast(TRANSLATION_TOAST_KEYS.saved, null, 'success', 'saved')));
            }),
            assign(({ context, event }) => applyDone(context, event.output)),
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            showToast(({ context, event }) => translationToast('translationToast.applyError', applyErrorText(context.tools.applying?.origin, (event as { error?: unknown }).error))),
            { type: 'reportError', params: ({ context, event }) => ({ message: `${applyErrorText(context.tools.applying?.origin, event.error)}: ${errorMessageOf(event.error, 'unknown error')}` }) },
            assign(({ context }) => applyFailed(context)),
          ],
        },
      },
    },
    // The duplicate banner's "show" links: a second one within 300 ms is ignored (§9).
    coolingDown: {
      after: { duplicateNavigateIgnore: { target: 'idle' } },
    },
  },
}).states;
