import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { TRANSLATION_TOOL_MESSAGES, type PlayerJsonText, type SuggestionRequest, type SuggestionResult } from '../../domain/translation.ts';
import { suggestionOf, suggestionRequestFor, suggestionValue, suggestionsMachine, type SuggestionsSubject } from '../../machines/translation/suggestionsMachine.ts';
import { controlled, recorder, settle, systemActor, systemOf } from './contentFixtures.ts';

const K1 = '["sc1","sl1","t1"]';
const K2 = '["sc1","sl1","t2"]';
const SUBJECT: SuggestionsSubject = { validationId: 'val-1', sourceLocale: 'en', targetLocale: 'fr', pass: 'letmein' };

const request = (key: string, over: Partial<SuggestionRequest['translationItem']> = {}): SuggestionRequest => ({
  translationItem: { path: key, validationSegmentId: `vs-${key}`, textType: 'text', source: 'Hello', target: 'Bonjour', ...over },
  targetLocale: 'fr',
  sourceLocale: 'en',
  extractedSourceText: 'Hello',
  extractedTranslatedText: 'Bonjour',
  validationId: 'val-1',
});
const RESULT: SuggestionResult = {
  model: 'translation-memory',
  originalContext: 'Accurate but formal.',
  originalRating: 0.7,
  suggestions: [{ target: 'Salut', context: 'Informal greeting.', confidence: 0.874 }],
};
const ok = (result: SuggestionResult = RESULT) => ({ success: true, error: null, result });
const requestFailure = (failure: unknown) => Object.assign(new Error('Suggestion request failed.'), { name: 'SuggestionRequestError', failure });

function start() {
  const fetches = controlled<{ request: SuggestionRequest; pass: string | null }>();
  const reported: string[] = [];
  const translation = recorder();
  const machine = suggestionsMachine.provide({
    actors: { fetchSuggestion: fetches.logic as never },
    actions: { reportError: (_, params) => void reported.push(params.message) },
  });
  const root = createActor(systemOf({ suggestions: machine, translation: translation.logic })).start();
  const actor = systemActor(root, 'suggestions') as AnyActorRef;
  actor.send({ type: 'suggestions.open', ...SUBJECT });
  const entry = (key: string) => suggestionOf(actor.getSnapshot(), key);
  const ask = (key: string, duplicateKeys: string[] = [], over: Partial<SuggestionRequest['translationItem']> = {}) =>
    actor.send({ type: 'suggestions.request', key, request: request(key, over), duplicateKeys });
  return { actor, fetches: fetches.calls, reported, translation, entry, ask };
}

describe('suggestions machine (translation-editor §4 suggestion state, §5, §8)', () => {
  it('fetches a segment, several at once, with the open validation and password, and shows the result', async () => {
    const t = start();
    t.ask(K1);
    t.ask(K2);
    expect(t.entry(K1)?.state).toBe('fetching');
    expect(t.fetches).toHaveLength(2);
    expect(t.fetches[0]!.input).toEqual({ request: request(K1), pass: 'letmein' });
    t.fetches[1]!.resolve(ok());
    await settle();
    expect(t.entry(K2)).toEqual({ state: 'fetched', result: RESULT, error: null });
    expect(t.entry(K1)?.state).toBe('fetching');
    t.fetches[0]!.resolve(ok());
    await settle();
    expect(t.entry(K1)?.state).toBe('fetched');
  });

  it('skips a fetch while the segment or a formatting duplicate is fetching, fetched or hidden', async () => {
    const t = start();
    t.ask(K1);
    t.ask(K1);
    t.ask(K2, [K1]);
    expect(t.fetches).toHaveLength(1);
    t.fetches[0]!.resolve(ok());
    await settle();
    t.ask(K1);
    t.actor.send({ type: 'suggestions.toggle', key: K1 });
    expect(t.entry(K1)?.state).toBe('hidden');
    t.ask(K1);
    t.ask(K2, [K1]);
    expect(t.fetches).toHaveLength(1);
    // Not a duplicate: fetched on its own.
    t.ask(K2, []);
    expect(t.fetches).toHaveLength(2);
  });

  it('toggles hidden ↔ fetched, and leaves a fetching or failed entry alone', async () => {
    const t = start();
    t.ask(K1);
    t.actor.send({ type: 'suggestions.toggle', key: K1 });
    expect(t.entry(K1)?.state).toBe('fetching');
    t.fetches[0]!.resolve(ok());
    await settle();
    t.actor.send({ type: 'suggestions.toggle', key: K1 });
    expect(t.entry(K1)?.state).toBe('hidden');
    t.actor.send({ type: 'suggestions.toggle', key: K1 });
    expect(t.entry(K1)?.state).toBe('fetched');
  });

  it.each([
    [{ kind: 'http', status: 401, body: null }, TRANSLATION_TOOL_MESSAGES.suggestion.unauthorized],
    [{ kind: 'http', status: 400, body: { error: 'path is required' } }, TRANSLATION_TOOL_MESSAGES.suggestion.badRequest],
    [{ kind: 'http', status: 503, body: null }, TRANSLATION_TOOL_MESSAGES.suggestion.server],
    [{ kind: 'timeout' }, TRANSLATION_TOOL_MESSAGES.suggestion.timeout],
    [{ kind: 'http', status: 403, body: { error: 'The llmSuggestions flag is off.' } }, 'The llmSuggestions flag is off.'],
    [{ kind: 'http', status: 0, body: null }, TRANSLATION_TOOL_MESSAGES.suggestion.failed],
    [{ kind: 'other' }, TRANSLATION_TOOL_MESSAGES.suggestion.unknown],
  ])('shows the §8 words for a failed fetch (%j)', async (failure, words) => {
    const t = start();
    t.ask(K1);
    t.fetches[0]!.reject(requestFailure(failure));
    await settle();
    expect(t.entry(K1)).toEqual({ state: 'error', result: null, error: words });
    expect(t.reported).toEqual([words]);
  });

  it('calls a thrown error that is no request failure "Unknown error occurred"', async () => {
    const t = start();
    t.ask(K1);
    t.fetches[0]!.reject(new TypeError('cannot read properties of undefined'));
    await settle();
    expect(t.entry(K1)?.error).toBe(TRANSLATION_TOOL_MESSAGES.suggestion.unknown);
  });

  it('needs both success and a result: otherwise "No suggestion returned for {path}"', async () => {
    const t = start();
    t.ask(K1);
    t.ask(K2);
    t.fetches[0]!.resolve({ success: true, result: null });
    t.fetches[1]!.resolve({ success: false, error: 'busy', result: RESULT });
    await settle();
    expect(t.entry(K1)?.error).toBe(`No suggestion returned for ${K1}`);
    expect(t.entry(K2)?.error).toBe(`No suggestion returned for ${K2}`);
  });

  it('caches nothing: a request after an error fetches again; a dismissed error is gone', async () => {
    const t = start();
    t.ask(K1);
    t.fetches[0]!.reject(requestFailure({ kind: 'timeout' }));
    await settle();
    t.ask(K1);
    expect(t.fetches).toHaveLength(2);
    expect(t.entry(K1)?.state).toBe('fetching');
    t.fetches[1]!.reject(requestFailure({ kind: 'timeout' }));
    await settle();
    t.actor.send({ type: 'suggestions.dismissError', key: K1 });
    expect(t.entry(K1)).toBeNull();
  });

  it('applies a suggestion through the translation actor with its model, and hides the panel', async () => {
    const t = start();
    t.ask(K1);
    t.fetches[0]!.resolve(ok());
    await settle();
    t.actor.send({ type: 'suggestions.apply', key: K1, suggestion: RESULT.suggestions[0]! });
    expect(t.translation.events).toEqual([{ type: 'translation.applyValues', values: [{ key: K1, value: 'Salut', suggestionModel: 'translation-memory' }], origin: 'suggestion' }]);
    expect(t.entry(K1)?.state).toBe('hidden');
    // A suggestion it never offered is not applied.
    t.actor.send({ type: 'suggestions.apply', key: K1, suggestion: { target: 'Coucou', context: '', confidence: 1 } });
    expect(t.translation.events).toHaveLength(1);
  });

  it('applies to playerJson text keeping the span styles', async () => {
    const t = start();
    const current: PlayerJsonText = { blocks: [{ spans: [{ text: 'Bon', style: { bold: true } }, { text: 'jour', style: { color: '#333333' } }] }] };
    t.ask(K1, [], { textType: 'playerJson', target: JSON.stringify(current) });
    t.fetches[0]!.resolve(ok());
    await settle();
    t.actor.send({ type: 'suggestions.apply', key: K1, suggestion: RESULT.suggestions[0]! });
    const sent = t.translation.events[0] as unknown as { values: { value: PlayerJsonText }[] };
    expect(sent.values[0]!.value).toEqual({ blocks: [{ spans: [{ text: 'Salut', style: { bold: true } }, { text: '', style: { color: '#333333' } }] }] });
  });

  it('drops answers of a closed or switched validation', async () => {
    const t = start();
    t.ask(K1);
    t.actor.send({ type: 'suggestions.open', ...SUBJECT, validationId: 'val-2' });
    expect(t.entry(K1)).toBeNull();
    t.fetches[0]!.resolve(ok());
    await settle();
    expect(t.entry(K1)).toBeNull();
    t.actor.send({ type: 'suggestions.close' });
    t.ask(K1);
    expect(t.fetches).toHaveLength(1);
    expect(t.actor.getSnapshot().value).toBe('closed');
  });
});

describe('suggestion helpers', () => {
  it('builds the request from the segment and its current value', () => {
    const built = suggestionRequestFor(SUBJECT, { key: K1, validationSegmentId: 'vs1', textType: 'html', source: '<b>Hello</b> &amp; welcome' }, '<b>Bonjour</b>');
    expect(built).toEqual({
      translationItem: { path: K1, validationSegmentId: 'vs1', textType: 'html', source: '<b>Hello</b> &amp; welcome', target: '<b>Bonjour</b>' },
      targetLocale: 'fr',
      sourceLocale: 'en',
      extractedSourceText: 'Hello & welcome',
      extractedTranslatedText: 'Bonjour',
      validationId: 'val-1',
    });
  });

  it('puts plain suggestions into playerJson lines per block when the counts match', () => {
    const current: PlayerJsonText = { blocks: [{ spans: [{ text: 'A', style: {} }] }, { spans: [{ text: 'B', style: { italic: true } }, { text: 'C', style: {} }] }] };
    expect(suggestionValue('Un\nDeux', current, 'playerJson')).toEqual({ blocks: [{ spans: [{ text: 'Un', style: {} }] }, { spans: [{ text: 'Deux', style: { italic: true } }, { text: '', style: {} }] }] });
    expect(suggestionValue('Tout', current, 'playerJson')).toEqual({ blocks: [{ spans: [{ text: 'Tout', style: {} }] }, { spans: [{ text: '', style: { italic: true } }, { text: '', style: {} }] }] });
    expect(suggestionValue('<i>Salut</i>', '<b>Bonjour</b>', 'html')).toBe('<i>Salut</i>');
  });
});

describe('suggestions machine: the segment’s "Suggest improvements" button (§4 toggling flips hidden and fetched)', () => {
  it('requests the first time and after an error, then toggles what was fetched without a new request', async () => {
    const t = start();
    const press = (key: string, duplicateKeys: string[] = []) => t.actor.send({ type: 'suggestions.pressSmartReview', key, request: request(key), duplicateKeys });
    press(K1);
    expect(t.entry(K1)?.state).toBe('fetching');
    // Pressed again while fetching: nothing.
    press(K1);
    expect(t.fetches).toHaveLength(1);
    t.fetches[0]!.reject(requestFailure({ kind: 'timeout' }));
    await settle();
    expect(t.entry(K1)?.state).toBe('error');
    press(K1);
    expect(t.fetches).toHaveLength(2);
    t.fetches[1]!.resolve(ok());
    await settle();
    expect(t.entry(K1)?.state).toBe('fetched');
    press(K1);
    expect(t.entry(K1)?.state).toBe('hidden');
    press(K1);
    expect(t.entry(K1)?.state).toBe('fetched');
    expect(t.fetches).toHaveLength(2);
    // A formatting duplicate of a fetched segment is not fetched (§5).
    press(K2, [K1]);
    expect(t.entry(K2)).toBeNull();
    expect(t.fetches).toHaveLength(2);
  });
});
