/** Region `load`: stack → validation (item password) → the file → the model; then translationFetched / submitting / changesPending / saveFailed, or loadFailed. */
import { assign, enqueueActions, not } from 'xstate';
import { TRANSLATION_MESSAGES, TRANSLATION_VIEW, type TranslationStackResponse } from '../../domain/translation.ts';
import { serializeSegmentText } from '../../domain/translationEdits.ts';
import { type FetchStatus } from './translationContext.ts';
import { TRANSLATION_TOAST_KEYS, applySegments, blockedReasonOf, blockedToast, editingSegmentOf, errorMessageOf, isRecord, parsedFileOf, problemsMessageOf, segmentOf, showToast, startSave, targetLocaleOf, translationToast, validationErrorOf } from './translationRules.ts';
import { diffRefreshed } from './translationToolRules.ts';
import { draftsAfterFailedSave, draftsWithout, keyboardReadyHandlers, openEditing } from './translationKeyboard.ts';
import { translationSetup } from './translationSetup.ts';

/**
 * Opening a segment's editor: refused with words when the segment is blocked, asked to sign in when signed out. Also
 * while a save is on the wire or being read back (save-and-next moved the editor on): another row opens at once; the
 * row being saved, whose stored value is not back yet, is queued and opens when it is.
 */
const startEditOn = translationSetup.createStateConfig({
  on: {
    'translation.startEdit': [
      { guard: { type: 'isUnknownSegment', params: ({ event }) => ({ key: event.key }) } },
      { guard: 'isSignedOut', actions: 'openAuthPrompt' },
      {
        guard: { type: 'isSegmentBlocked', params: ({ event }) => ({ key: event.key }) },
        actions: showToast(({ context, event }) => blockedToast(blockedReasonOf(context, segmentOf(context, event.type === 'translation.startEdit' ? event.key : '')?.navKey ?? '', event.type === 'translation.startEdit' ? event.key : undefined))),
      },
      {
        actions: assign(({ context, event }) => {
          const key = event.type === 'translation.startEdit' ? event.key : '';
          if (context.saving?.key === key) return { queuedEdit: key, focusedKey: key };
          const editing = openEditing(context, key);
          return editing ? { editing, focusedKey: editing.key, conflict: null, queuedEdit: null } : {};
        }),
      },
    ],
  },
}).on;

/** Any row clicked while the saved segment is read back waits for it (a short read); the latest click wins. */
const queueEditOn = translationSetup.createStateConfig({
  on: { 'translation.startEdit': { actions: assign(({ event }) => ({ queuedEdit: event.key, focusedKey: event.key })) } },
}).on;

export const loadRegion = translationSetup.createStateConfig({
  initial: 'fetchingStack',
  states: {
    fetchingStack: {
      invoke: {
        id: 'fetchStack',
        src: 'fetchStack',
        input: ({ context }) => ({ itemId: context.subject?.itemId ?? '', pass: context.subject?.pass ?? null }),
        onDone: [
          {
            guard: { type: 'isStackAnswer', params: ({ context, event }) => ({ output: event.output, itemId: context.subject?.itemId ?? '' }) },
            target: 'fetchingValidation',
            actions: assign(({ context, event }) => ({ stack: event.output, targetLocale: targetLocaleOf(event.output, context.subject?.itemId ?? '') })),
          },
          {
            guard: { type: 'isStackWithoutTarget', params: ({ event }) => ({ output: event.output }) },
            target: 'notTranslationTarget',
            actions: assign({ stack: ({ event }) => event.output as TranslationStackResponse }),
          },
          {
            target: 'loadFailed',
            actions: [
              assign({ error: TRANSLATION_MESSAGES.loadFile }),
              { type: 'reportError', params: { message: 'Translations: the item is not a target of a translation stack.' } },
            ],
          },
        ],
        onError: [
          { guard: { type: 'isNotInStack', params: ({ event }) => ({ error: event.error }) }, target: 'notTranslationTarget' },
          {
            target: 'loadFailed',
            actions: [
              assign({ error: ({ event }) => validationErrorOf(event.error) }),
              { type: 'reportError', params: ({ event }) => ({ message: `Translations: reading the stack failed: ${errorMessageOf(event.error, 'unknown error')}` }) },
            ],
          },
        ],
      },
    },
    // The item is not a translation target (a stack's source course, or in no stack): nothing to translate
    // here; the view goes to the review tab (notTranslationTargetOf).
    notTranslationTarget: {},
    fetchingValidation: {
      invoke: {
        id: 'fetchValidation',
        src: 'fetchValidation',
        input: ({ context }) => ({ itemId: context.subject?.itemId ?? '', versionId: context.subject?.versionId ?? '', targetLocale: context.targetLocale ?? '', pass: context.subject?.pass ?? null }),
        onDone: [
          {
            guard: { type: 'isValidationAnswer', params: ({ event }) => ({ output: event.output }) },
            target: 'fetchingFile',
            actions: assign(({ event }) => ({
              validationId: event.output.validationId,
              translationFilePath: event.output.translationFilePath,
              changes: event.output.paths,
              progress: event.output.progressDetails,
              profiles: event.output.profiles,
              updates: isRecord(event.output.updates) ? event.output.updates : {},
              showCourseUpdates: event.output.showCourseUpdates === true,
            })),
          },
          { target: 'loadFailed', actions: assign({ error: TRANSLATION_MESSAGES.loadPreviousEdits }) },
        ],
        onError: {
          target: 'loadFailed',
          actions: [
            assign({ error: ({ event }) => validationErrorOf(event.error) }),
            { type: 'reportError', params: ({ event }) => ({ message: `Translations: reading the validation failed: ${errorMessageOf(event.error, 'unknown error')}` }) },
          ],
        },
      },
    },
    fetchingFile: {
      entry: assign({ fetchStatus: 'FETCHING' as FetchStatus }),
      invoke: {
        id: 'fetchFile',
        src: 'fetchFile',
        input: ({ context }) => ({ path: context.translationFilePath ?? '' }),
        onDone: [
          {
            guard: { type: 'isTranslationFile', params: ({ event }) => ({ output: event.output }) },
            target: 'ready',
            actions: [
              // Duplicates and low-contrast paths are not worked out here: they follow from the model when first read
              // (translationTools.ts duplicateIndexOf, lowContrastKeysOf).
              assign(({ event }) => {
                const parsed = parsedFileOf(event.output);
                return parsed ? { model: parsed.model, problems: parsed.problems, fetchStatus: 'FETCHED' as FetchStatus, activeNavKey: parsed.model.navKeys[0] ?? null, error: null } : {};
              }),
              // §8 "reported with counts": what building the model noticed.
              enqueueActions(({ enqueue, event }) => {
                const message = problemsMessageOf(parsedFileOf(event.output)?.problems ?? null);
                if (message) enqueue({ type: 'reportError', params: { message } });
              }),
            ],
          },
          {
            target: 'loadFailed',
            actions: [assign({ fetchStatus: 'ERROR' as FetchStatus, error: TRANSLATION_MESSAGES.loadFile }), { type: 'reportError', params: { message: TRANSLATION_MESSAGES.loadFile } }],
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: [
            assign({ fetchStatus: 'ERROR' as FetchStatus, error: TRANSLATION_MESSAGES.loadFile }),
            { type: 'reportError', params: ({ event }) => ({ message: `Translations: reading the file failed: ${errorMessageOf(event.error, 'unknown error')}` }) },
          ],
        },
      },
    },
    loadFailed: {},
    ready: {
      initial: 'translationFetched',
      on: {
        // From translationFetched and saveFailed (a save on the wire or being read back ignores it): the §5
        // checks, then the optimistic change and the batches.
        'translation.save': [
          { guard: 'isSaving' },
          { guard: 'isApplying' },
          { guard: not('isEditing') },
          { guard: 'hasConflict' },
          { guard: 'isSignedOut', actions: 'openAuthPrompt' },
          { guard: 'isEditedSegmentBlocked', actions: showToast(({ context }) => blockedToast(blockedReasonOf(context, editingSegmentOf(context)?.navKey ?? '', context.editing?.key))) },
          { guard: 'isUnsupportedStoryline', actions: showToast(() => translationToast('translationToast.oldStoryline', TRANSLATION_MESSAGES.oldStoryline)) },
          { guard: 'isEmptyEdit', actions: showToast(() => translationToast(TRANSLATION_TOAST_KEYS.emptyEdit, null, 'error', 'edit')) },
          { guard: 'isNoOpEdit', target: '.translationFetched', actions: assign({ editing: null, error: null }) },
          { target: '.submitting', actions: assign(({ context }) => ({ ...startSave(context), drafts: draftsWithout(context.drafts, context.editing?.key) })) },
        ],
        ...keyboardReadyHandlers,
      },
      states: {
        translationFetched: {
          on: {
            ...startEditOn,
            'translation.cancelEdit': { actions: assign(({ context }) => ({ drafts: draftsWithout(context.drafts, context.editing?.key), editing: null, conflict: null })) },
          },
        },
        submitting: {
          tags: ['saving'],
          on: startEditOn,
          invoke: {
            id: 'saveChanges',
            src: 'saveChanges',
            input: ({ context }) => ({
              validationId: context.validationId ?? '',
              email: context.subject?.email ?? '',
              batches: context.saving?.batches ?? [],
              view: TRANSLATION_VIEW,
              pass: context.subject?.pass ?? null,
            }),
            onDone: {
              target: 'changesPending',
              actions: [
                assign(({ context, event }) => {
                  const paths = isRecord(event.output?.paths) ? event.output.paths : {};
                  const changes = { ...context.changes, ...paths };
                  const saved = context.saving;
                  // The editor closes unless the user typed on while it was on the wire.
                  const typedOn = context.editing && saved && context.editing.key === saved.key && serializeSegmentText(context.editing.value) !== saved.newValue;
                  const editing = typedOn && context.editing && saved ? { ...context.editing, savedFrom: changes[saved.key]?.replacement.newValue ?? saved.newValue } : context.editing?.key === saved?.key ? null : context.editing;
                  return { changes, editing, conflict: editing ? context.conflict : null };
                }),
                showToast(() => translationToast(TRANSLATION_TOAST_KEYS.saved, null, 'success', 'saved')),
                'markEdited',
                'rerunSearch',
                assign(({ context }) => diffRefreshed(context)),
              ],
            },
            onError: {
              target: 'saveFailed',
              actions: [
                assign(({ context, event }) => {
                  const changes = { ...context.changes };
                  const saved = context.saving;
                  if (saved?.previous) changes[saved.key] = saved.previous;
                  else if (saved) delete changes[saved.key];
                  return { changes, drafts: draftsAfterFailedSave(context), saving: null, queuedEdit: null, error: TRANSLATION_MESSAGES.saveChange(errorMessageOf(event.error, 'unknown error')) };
                }),
                { type: 'reportError', params: ({ event }) => ({ message: TRANSLATION_MESSAGES.saveChange(errorMessageOf(event.error, 'unknown error')) }) },
              ],
            },
          },
        },
        // §4 CHANGES_PENDING: the saved segment is read back (server truth) before editing goes on.
        changesPending: {
          on: queueEditOn,
          invoke: {
            id: 'getSavedSegments',
            src: 'getSegments',
            input: ({ context }) => {
              const segment = context.saving ? segmentOf(context, context.saving.key) : undefined;
              return { ids: segment ? [segment.validationSegmentId] : [], pass: context.subject?.pass ?? null };
            },
            onDone: { target: 'translationFetched', actions: [assign(({ context, event }) => ({ ...applySegments(context, event.output), saving: null })), 'rerunSearch', 'openQueuedEdit'] },
            onError: {
              target: 'translationFetched',
              actions: [assign({ saving: null }), 'openQueuedEdit', { type: 'reportError', params: ({ event }) => ({ message: `Translations: reading the saved segment failed: ${errorMessageOf(event.error, 'unknown error')}` }) }],
            },
          },
        },
        // §4 ERROR after a refused save: the editor keeps the user's text; clearing the error returns to TRANSLATION_FETCHED.
        saveFailed: {
          on: {
            'translation.dismissError': { target: 'translationFetched', actions: assign({ error: null }) },
            'translation.cancelEdit': { target: 'translationFetched', actions: assign(({ context }) => ({ drafts: draftsWithout(context.drafts, context.editing?.key), editing: null, conflict: null, error: null })) },
          },
        },
      },
    },
  },
});
