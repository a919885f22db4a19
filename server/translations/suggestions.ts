/**
 * AI suggestions (smart review, translation-editor §3 AI suggestion entry, §7 POST /translations/suggestions)
 * behind one provider interface:
 * - `memoryProvider` (the default, works offline): rewordings taken from the team's translation memory — fuzzy
 *   neighbours of the segment's plain source (similarity ≥ 0.5) in the same locale pair, other segments of the same
 *   course included; validated translations first at equal similarity; the current target left out; up to three,
 *   confidence = similarity;
 * - `openAiCompatibleProvider`: POST `<endpoint>/chat/completions` asking for a JSON answer, parsed defensively.
 */
import { SUGGESTION_TIMEOUT_MS, type Suggestion, type SuggestionRequest, type SuggestionResult } from '../../domain/translation.ts';
import type { LlmConfig } from '../config.ts';
import { memorySimilarity, normalizeMemoryText, type MemoryEntry, type TranslationMemoryIndex } from './memory.ts';

/** What a provider gets: the request, and the team's memory for its locale pair. */
export interface SuggestionInput {
  request: SuggestionRequest;
  /** Built on first use (a provider that does not need it never pays for it). */
  memory: () => Promise<TranslationMemoryIndex>;
  /** The item the segment belongs to (the segment itself is not its own neighbour). */
  itemId: string;
}

/** A suggestion source. */
export interface SuggestionProvider {
  name: string;
  suggest(input: SuggestionInput): Promise<SuggestionResult>;
}

/** A provider that could not answer (the route answers 502 with the message). */
export class SuggestionProviderError extends Error {
  override name = 'SuggestionProviderError';
}

/** Most suggestions in one answer. */
export const MAX_SUGGESTIONS = 3;
/** Neighbours less similar than this are not suggested. */
export const SUGGESTION_MIN_SIMILARITY = 0.5;
/** The model name of the memory provider (saved with an applied suggestion as suggestionModel). */
export const MEMORY_MODEL = 'translation-memory';

const round = (value: number) => Math.round(value * 1000) / 1000;

/** The default provider: the team's translation memory. */
export const memoryProvider: SuggestionProvider = {
  name: MEMORY_MODEL,
  suggest: async ({ request, memory, itemId }) => {
    const self = (entry: MemoryEntry) => entry.itemId === itemId && entry.key === request.translationItem.path;
    const neighbours = (await memory())
      .search(request.extractedSourceText, SUGGESTION_MIN_SIMILARITY, (entry) => !self(entry))
      .flatMap(({ similarity, entries }) => entries.map((entry) => ({ entry, similarity })))
      // Validated translations first at equal similarity, then the same course, then by text (stable answers).
      .sort(
        (a, b) =>
          b.similarity - a.similarity ||
          Number(b.entry.validated) - Number(a.entry.validated) ||
          Number(b.entry.itemId === itemId) - Number(a.entry.itemId === itemId) ||
          a.entry.translation.localeCompare(b.entry.translation),
      );
    const current = normalizeMemoryText(request.extractedTranslatedText);
    const seen = new Set<string>([current]);
    const suggestions: Suggestion[] = [];
    for (const { entry, similarity } of neighbours) {
      const key = normalizeMemoryText(entry.translation);
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      suggestions.push({ target: entry.translation, context: `${entry.validated ? 'Validated in' : 'From'} ${entry.courseTitle}`, confidence: round(similarity) });
      if (suggestions.length === MAX_SUGGESTIONS) break;
    }
    const best = neighbours[0];
    if (!best) {
      return { model: MEMORY_MODEL, originalContext: 'No similar segment in your team’s translation memory: nothing to compare the current translation with.', originalRating: 1, suggestions };
    }
    const rating = round(memorySimilarity(best.entry.translation, request.extractedTranslatedText));
    const where = `${best.entry.validated ? 'the validated translation in' : 'the translation in'} ${best.entry.courseTitle}`;
    const originalContext =
      rating === 1
        ? `The current translation matches ${where} (source ${Math.round(best.similarity * 100)}% similar).`
        : `The closest source in your team’s translation memory (${Math.round(best.similarity * 100)}% similar) has ${where}; the current translation is ${Math.round(rating * 100)}% similar to it.`;
    return { model: MEMORY_MODEL, originalContext, originalRating: rating, suggestions };
  },
};

// ---------------------------------------------------------------------------------------------------------
// OpenAI-compatible chat completions

/** Below the client's 120 s time-out, so the client hears the service's answer rather than its own time-out. */
const LLM_TIMEOUT_MS = SUGGESTION_TIMEOUT_MS - 10_000;

const SYSTEM_PROMPT = [
  'You review translations of e-learning course text.',
  'Answer with one JSON object only, no prose: {"originalContext": string, "originalRating": number 0..1, "suggestions": [{"target": string, "context": string, "confidence": number 0..1}]}.',
  'originalContext comments on the current translation; originalRating rates it; suggestions are up to 3 better translations.',
  'Keep %variables% and markup exactly as in the current translation.',
].join(' ');

/** The JSON object inside a model's message (a ```json fence or text around it tolerated), or null. */
function jsonObjectIn(content: string): unknown {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(content.slice(start, end + 1));
  } catch {
    return null;
  }
}

const unit = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : null);

/** The model's answer as a SuggestionResult, or null when it does not have the shape. Untrusted input. */
export function parseModelAnswer(raw: unknown, model: string): SuggestionResult | null {
  if (!raw || typeof raw !== 'object') return null;
  const answer = raw as Record<string, unknown>;
  if (!Array.isArray(answer.suggestions)) return null;
  const suggestions: Suggestion[] = [];
  for (const item of answer.suggestions as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const { target, context, confidence } = item as Record<string, unknown>;
    if (typeof target !== 'string' || target.trim() === '') continue;
    suggestions.push({ target, context: typeof context === 'string' ? context : '', confidence: unit(confidence) ?? 0 });
    if (suggestions.length === MAX_SUGGESTIONS) break;
  }
  return {
    model,
    originalContext: typeof answer.originalContext === 'string' ? answer.originalContext : '',
    originalRating: unit(answer.originalRating) ?? 0,
    suggestions,
  };
}

/** A provider over an OpenAI-compatible `/chat/completions` endpoint. */
export function openAiCompatibleProvider(config: LlmConfig, fetchImpl: typeof fetch = fetch): SuggestionProvider {
  return {
    name: config.model,
    suggest: async ({ request }) => {
      const user = JSON.stringify({
        sourceLocale: request.sourceLocale,
        targetLocale: request.targetLocale,
        textType: request.translationItem.textType,
        source: request.translationItem.source,
        currentTranslation: request.translationItem.target,
        plainSource: request.extractedSourceText,
        plainTranslation: request.extractedTranslatedText,
      });
      let response: Response;
      try {
        response = await fetchImpl(`${config.endpoint}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` },
          body: JSON.stringify({
            model: config.model,
            temperature: 0.2,
            response_format: { type: 'json_object' },
            messages: [
              { role: 'system', content: SYSTEM_PROMPT },
              { role: 'user', content: user },
            ],
          }),
          signal: AbortSignal.timeout(LLM_TIMEOUT_MS),
        });
      } catch (error) {
        throw new SuggestionProviderError(`The suggestion service could not be reached: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!response.ok) throw new SuggestionProviderError(`The suggestion service answered ${response.status}.`);
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new SuggestionProviderError('The suggestion service answered something that is not JSON.');
      }
      const choices = (body as { choices?: unknown } | null)?.choices;
      const content = Array.isArray(choices) ? (choices[0] as { message?: { content?: unknown } } | undefined)?.message?.content : undefined;
      const model = typeof (body as { model?: unknown }).model === 'string' ? (body as { model: string }).model : config.model;
      const result = typeof content === 'string' ? parseModelAnswer(jsonObjectIn(content), model) : null;
      if (!result) throw new SuggestionProviderError('The suggestion service answered without suggestions in the expected shape.');
      return result;
    },
  };
}
