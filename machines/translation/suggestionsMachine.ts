import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import type { PlayerJsonText, SegmentText, Suggestion, SuggestionRequest, TextType } from '../../domain/translation.ts';
import {
  parseSuggestionResponse,
  shouldFetchSuggestion,
  suggestionErrorMessage,
  toggledSuggestionState,
  type SuggestionEntry,
  type SuggestionFailure,
} from '../../domain/translationAssist.ts';
import { TRANSLATION_TOOL_MESSAGES } from '../../domain/translation.ts';
import { deserializeSegmentText, plainText, serializeSegmentText } from '../../domain/translationEdits.ts';
import { sendToSystem } from '../notify.ts';
import { promiseSlot } from '../slots.ts';

/** What the composition root tells when the translation actor has a validation (the `llmSuggestions` flag on). */
export interface SuggestionsSubject {
  validationId: string;
  sourceLocale: string;
  targetLocale: string;
  /** The item password (redacted in the log). */
  pass: string | null;
}

export interface SuggestionsContext {
  subject: SuggestionsSubject | null;
  /** §3 AI suggestion entry per segment key (no entry: never asked, or its error dismissed). */
  entries: Record<string, SuggestionEntry>;
  /** The request each entry was fetched with (the segment's text type and stored target, for apply). */
  requests: Record<string, SuggestionRequest>;
}

export type SuggestionsEvent =
  | ({ type: 'suggestions.open' } & SuggestionsSubject)
  | { type: 'suggestions.close' }
  /** Smart review for a segment; `duplicateKeys`: its duplicates with formatting (a fetch for any of them counts). */
  | { type: 'suggestions.request'; key: string; request: SuggestionRequest; duplicateKeys: readonly string[] }
  /** §4 flips hidden ↔ fetched. */
  | { type: 'suggestions.toggle'; key: string }
  /**
   * The segment's "Suggest improvements" pressed: fetched suggestions are hidden, hidden ones shown again (§4 the
   * toggle), otherwise they are requested as by `suggestions.request` (first time, or again after an error).
   */
  | { type: 'suggestions.pressSmartReview'; key: string; request: SuggestionRequest; duplicateKeys: readonly string[] }
  | { type: 'suggestions.apply'; key: string; suggestion: Suggestion }
  | { type: 'suggestions.dismissError'; key: string }
  /** A fetch child (`suggestion:<key>`) answered or failed. */
  | { type: `xstate.done.actor.${string}`; output: unknown; actorId?: string }
  | { type: `xstate.error.actor.${string}`; error: unknown; actorId?: string };

/** The id of the child fetching a segment's suggestions. */
export const suggestionActorId = (key: string) => `suggestion:${key}`;
const keyOfActor = (actorId: unknown): string | null => (typeof actorId === 'string' && actorId.startsWith('suggestion:') ? actorId.slice('suggestion:'.length) : null);

const CLOSED: SuggestionsContext = { subject: null, entries: {}, requests: {} };

// ---------------------------------------------------------------------------------------------------------
// Selectors

/** §3 the suggestion entry of a segment, or null (never asked). */
export function suggestionOf(snapshot: Pick<SnapshotFrom<typeof suggestionsMachine>, 'context'>, key: string): SuggestionEntry | null {
  return snapshot.context.entries[key] ?? null;
}

/** True while any segment's suggestions are on the wire. */
export function isFetchingAnyOf(snapshot: Pick<SnapshotFrom<typeof suggestionsMachine>, 'context'>): boolean {
  return Object.values(snapshot.context.entries).some((entry) => entry.state === 'fetching');
}

// ---------------------------------------------------------------------------------------------------------
// Helpers

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * How a fetch failed, from what the adapter rejects with: its SuggestionRequestError carries `failure`; an error with
 * a numeric status is a refusal; anything else is not a request failure ("Unknown error occurred").
 */
export function suggestionFailureOf(error: unknown): SuggestionFailure {
  if (isRecord(error) && isRecord(error.failure)) {
    const failure = error.failure;
    if (failure.kind === 'timeout') return { kind: 'timeout' };
    if (failure.kind === 'http' && typeof failure.status === 'number') return { kind: 'http', status: failure.status, body: failure.body ?? null };
    return { kind: 'other' };
  }
  if (isRecord(error) && typeof error.status === 'number') return { kind: 'http', status: error.status, body: isRecord(error.body) ? error.body : null };
  return { kind: 'other' };
}

/**
 * The value an applied suggestion saves, in the segment's text type. Text and html take the suggestion's target as it
 * is. playerJson: a target that is playerJson itself is taken whole; a plain one goes into the spans of the current
 * text, keeping their styles — line i into the first span of block i when the line and block counts match, else all
 * of it into the first span of the first block — and the other spans are emptied.
 */
export function suggestionValue(target: string, current: SegmentText | null, textType: TextType): SegmentText {
  if (textType !== 'playerJson') return target;
  const whole = target.trimStart().startsWith('{') ? deserializeSegmentText(target, 'playerJson') : null;
  if (whole && typeof whole !== 'string') return whole;
  const blocks = current && typeof current !== 'string' ? current.blocks : [];
  if (blocks.length === 0 || blocks.every((block) => block.spans.length === 0)) return { blocks: [{ spans: [{ text: target, style: {} }] }] };
  const lines = target.split('\n');
  const perBlock = lines.length === blocks.length;
  const firstFilled = blocks.findIndex((block) => block.spans.length > 0);
  const next: PlayerJsonText = {
    blocks: blocks.map((block, b) => ({
      ...block,
      spans: block.spans.map((span, s) => ({ ...span, text: s !== 0 ? '' : perBlock ? (lines[b] ?? '') : b === firstFilled ? target : '' })),
    })),
  };
  return next;
}

/**
 * The request for a segment (the view sends it with `suggestions.request`): the segment, its current value (its saved
 * change, else the imported target: segmentValueOf of the translation actor) and the subject's validation and locales.
 */
export function suggestionRequestFor(
  subject: SuggestionsSubject,
  segment: { key: string; validationSegmentId: string; textType: TextType; source: SegmentText },
  current: SegmentText,
): SuggestionRequest {
  return {
    translationItem: { path: segment.key, validationSegmentId: segment.validationSegmentId, textType: segment.textType, source: serializeSegmentText(segment.source), target: serializeSegmentText(current) },
    targetLocale: subject.targetLocale,
    sourceLocale: subject.sourceLocale,
    extractedSourceText: plainText(segment.source, segment.textType),
    extractedTranslatedText: plainText(current, segment.textType),
    validationId: subject.validationId,
  };
}

/**
 * Smart review: AI suggestions per segment (translation-editor §3 AI suggestion entry, §4 suggestion state, §5
 * suggestion rules, §7 POST suggestions, §8 suggestion errors; systemId `suggestions`; behind the `llmSuggestions`
 * flag — the composition root opens it only then).
 *
 * `closed` until `suggestions.open` with the validation. Each `suggestions.request` is skipped when the segment or
 * one of its formatting duplicates is already fetching, fetched or hidden (shouldFetchSuggestion); else the entry is
 * `fetching` and a child `suggestion:<key>` (the `fetchSuggestion` slot) fetches it, so that several segments fetch
 * at once. Its answer is parsed (success and result both needed; else "No suggestion returned for {key}"), its
 * failure turned into the §8 words. Nothing is cached: a request after an error fetches again. `suggestions.apply`
 * hands the suggestion to the translation actor (`translation.applyValues`, origin 'suggestion', with the model) and
 * hides the panel. The segment's button sends `suggestions.pressSmartReview`: it toggles fetched ↔ hidden, else
 * requests (the view does not decide which).
 */
export const suggestionsMachine = setup({
  types: {
    context: {} as SuggestionsContext,
    events: {} as SuggestionsEvent,
  },
  actors: {
    fetchSuggestion: promiseSlot<unknown, { request: SuggestionRequest; pass: string | null }>('fetchSuggestion'),
  },
  actions: {
    reportError: (_: unknown, _params: { message: string }) => {},
    startFetch: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'suggestions.request' && event.type !== 'suggestions.pressSmartReview') return;
      enqueue.stopChild(suggestionActorId(event.key));
      // The open validation and its locales win over what the view put in (a request built before a switch).
      const subject = context.subject;
      const request = subject ? { ...event.request, validationId: subject.validationId, sourceLocale: subject.sourceLocale, targetLocale: subject.targetLocale } : event.request;
      enqueue.spawnChild('fetchSuggestion', { id: suggestionActorId(event.key), input: { request, pass: subject?.pass ?? null } });
      enqueue.assign({
        entries: { ...context.entries, [event.key]: { state: 'fetching', result: null, error: null } },
        requests: { ...context.requests, [event.key]: event.request },
      });
    }),
    settleFetch: enqueueActions(({ context, event, enqueue }) => {
      const key = keyOfActor((event as { actorId?: unknown }).actorId);
      if (key === null || context.entries[key]?.state !== 'fetching') return;
      enqueue.stopChild(suggestionActorId(key));
      let entry: SuggestionEntry;
      if (event.type.startsWith('xstate.done.actor.')) {
        const result = parseSuggestionResponse((event as { output?: unknown }).output);
        entry = result ? { state: 'fetched', result, error: null } : { state: 'error', result: null, error: TRANSLATION_TOOL_MESSAGES.suggestion.none(key) };
      } else {
        entry = { state: 'error', result: null, error: suggestionErrorMessage(suggestionFailureOf((event as { error?: unknown }).error)) };
      }
      if (entry.error) enqueue({ type: 'reportError', params: { message: entry.error } } as never);
      enqueue.assign({ entries: { ...context.entries, [key]: entry } });
    }),
    toggleEntry: assign(({ context, event }) => {
      if (event.type !== 'suggestions.toggle' && event.type !== 'suggestions.pressSmartReview') return {};
      const entry = context.entries[event.key];
      if (!entry) return {};
      const state = toggledSuggestionState(entry.state);
      return state === entry.state ? {} : { entries: { ...context.entries, [event.key]: { ...entry, state } } };
    }),
    hideEntry: assign(({ context, event }) => {
      if (event.type !== 'suggestions.apply') return {};
      const entry = context.entries[event.key];
      return entry ? { entries: { ...context.entries, [event.key]: { ...entry, state: 'hidden' as const } } } : {};
    }),
    dropEntry: assign(({ context, event }) => {
      if (event.type !== 'suggestions.dismissError') return {};
      const entries = { ...context.entries };
      delete entries[event.key];
      return { entries };
    }),
    applySuggestion: sendToSystem('translation', ({ context, event }: { context: SuggestionsContext; event: SuggestionsEvent }) => {
      if (event.type !== 'suggestions.apply') return { type: 'suggestions.ignored' };
      const request = context.requests[event.key];
      const textType = request?.translationItem.textType ?? 'text';
      const current = request ? deserializeSegmentText(request.translationItem.target, textType) : null;
      return {
        type: 'translation.applyValues',
        values: [{ key: event.key, value: suggestionValue(event.suggestion.target, current, textType), suggestionModel: context.entries[event.key]?.result?.model ?? null }],
        origin: 'suggestion',
      };
    }),
    stopFetches: enqueueActions(({ context, enqueue }) => {
      for (const [key, entry] of Object.entries(context.entries)) if (entry.state === 'fetching') enqueue.stopChild(suggestionActorId(key));
    }),
  },
  guards: {
    shouldFetch: ({ context, event }) =>
      (event.type === 'suggestions.request' || event.type === 'suggestions.pressSmartReview') && shouldFetchSuggestion(context.entries, event.key, event.duplicateKeys),
    /** The segment's suggestions are fetched or hidden: pressing the button toggles them. */
    isToggleable: ({ context, event }) => {
      const state = event.type === 'suggestions.pressSmartReview' ? context.entries[event.key]?.state : undefined;
      return state === 'fetched' || state === 'hidden';
    },
    isSameValidation: ({ context, event }) => event.type === 'suggestions.open' && context.subject?.validationId === event.validationId,
    /** Apply needs a fetched (or hidden) entry with that suggestion among its results. */
    canApply: ({ context, event }) =>
      event.type === 'suggestions.apply' && (context.entries[event.key]?.result?.suggestions.some((s) => s.target === event.suggestion.target) ?? false),
    isError: ({ context, event }) => event.type === 'suggestions.dismissError' && context.entries[event.key]?.state === 'error',
  },
}).createMachine({
  id: 'suggestions',
  context: CLOSED,
  initial: 'closed',
  on: {
    // A fetch answering after a close or another open is dropped (its entry is gone or not fetching).
    'xstate.done.actor.*': { actions: 'settleFetch' },
    'xstate.error.actor.*': { actions: 'settleFetch' },
  },
  states: {
    closed: {
      on: {
        'suggestions.open': { target: 'open', actions: assign(({ event }) => ({ ...CLOSED, subject: { validationId: event.validationId, sourceLocale: event.sourceLocale, targetLocale: event.targetLocale, pass: event.pass } })) },
      },
    },
    open: {
      on: {
        'suggestions.open': [
          // The same validation again (a new password, say): the entries stay.
          { guard: 'isSameValidation', actions: assign(({ event }) => ({ subject: { validationId: event.validationId, sourceLocale: event.sourceLocale, targetLocale: event.targetLocale, pass: event.pass } })) },
          {
            actions: ['stopFetches', assign(({ event }) => ({ ...CLOSED, subject: { validationId: event.validationId, sourceLocale: event.sourceLocale, targetLocale: event.targetLocale, pass: event.pass } }))],
          },
        ],
        'suggestions.close': { target: 'closed', actions: ['stopFetches', assign(() => CLOSED)] },
        'suggestions.request': { guard: 'shouldFetch', actions: 'startFetch' },
        'suggestions.toggle': { actions: 'toggleEntry' },
        'suggestions.pressSmartReview': [
          { guard: 'isToggleable', actions: 'toggleEntry' },
          { guard: 'shouldFetch', actions: 'startFetch' },
        ],
        'suggestions.apply': { guard: 'canApply', actions: ['applySuggestion', 'hideEntry'] },
        'suggestions.dismissError': { guard: 'isError', actions: 'dropEntry' },
      },
    },
  },
});
