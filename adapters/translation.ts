/**
 * The translation client (domain/translation.ts; translation-editor §7): the validation calls over the review API's
 * HttpClient (GET validation, POST commands, PUT / DELETE progress, POST get-segments, PUT segment reset, GET stack)
 * and the CDN reads (the translation file and the language map) over an HttpClient on the `cdn` service.
 *
 * The item password travels in TRANSLATION_ITEM_PASSWORD_HEADER on every review-API call when the item was opened
 * with one. Answers are checked for the fields the machine reads; an unreadable one rejects with
 * `HttpError { status: 200, error: 'InvalidResponse' }`. The translation file and the language map are returned as
 * decoded JSON (`unknown`): parsing them is the domain's job (parseTranslationFile, parseLanguageMap).
 */
import {
  SUGGESTION_TIMEOUT_MS,
  SURVEY_IDS,
  TRANSLATION_CALLS,
  TRANSLATION_ITEM_PASSWORD_HEADER,
  TRANSLATION_TOOL_CALLS,
  type CommandChange,
  type CommandsBody,
  type CommandsResponse,
  type ExperienceBody,
  type ExperienceStatusResponse,
  type SnapshotBody,
  type SuggestionRequest,
  type GetSegmentsResponse,
  type ProgressBody,
  type ResetSegmentBody,
  type SegmentState,
  type TranslationStackResponse,
  type ValidationChange,
  type ValidationResponse,
} from '../domain/translation.ts';
import type { SuggestionFailure } from '../domain/translationAssist.ts';
import { createTranslationFileReader, type TranslationFileReader } from './translationFiles.ts';
import { HttpError, type HttpClient } from './http.ts';

/**
 * A failed suggestion call, told apart the way the §8 words need it (suggestionErrorMessage): an HTTP status with the
 * body the service sent, the 120 s time-out, or anything else. Network failures (no status) count as a request
 * failure with status 0 and no body ("API request failed").
 */
export class SuggestionRequestError extends Error {
  override name = 'SuggestionRequestError';
  constructor(readonly failure: SuggestionFailure) {
    super(failure.kind === 'http' ? `Suggestion request failed with status ${failure.status}.` : failure.kind === 'timeout' ? 'Suggestion request timed out.' : 'Suggestion request failed.');
  }
}

/** The item password the item was opened with (null: none). */
export type ItemPass = string | null;

export interface TranslationClient {
  /** GET the translation stack the item belongs to (the sidebar; the target locale of the item). */
  stack(input: { itemId: string; pass: ItemPass }): Promise<TranslationStackResponse>;
  /** GET the validation of one version in one target locale. */
  validation(input: { itemId: string; versionId: string; targetLocale: string; pass: ItemPass }): Promise<ValidationResponse>;
  /**
   * GET the translation file from the CDN (decoded JSON, unchecked); the file prefetched at this path if there is one
   * (read again if the prefetch failed).
   */
  file(path: string): Promise<unknown>;
  /**
   * Starts reading a file the editor is about to ask for (`file` then takes it over); one at a time: another path, or
   * null, aborts the one in flight and drops its answer.
   */
  prefetchFile(path: string | null): void;
  /** The file being prefetched at `path` once decoded, without taking it over (TranslationFileReader.prefetchedFile). */
  prefetchedFile(path: string): Promise<unknown> | null;
  /** The path of the file being prefetched, or null. */
  prefetching(): string | null;
  /** GET the language map for a display locale from the CDN (decoded JSON, unchecked). */
  languageMap(displayLocale: string): Promise<unknown>;
  /** POST one batch of commands. */
  commands(input: { validationId: string; body: CommandsBody; pass: ItemPass }): Promise<CommandsResponse>;
  /** Sends the batches in order (one POST each) and merges the answers' paths; the first refusal stops it. */
  saveChanges(input: { validationId: string; email: string; batches: readonly CommandChange[][]; view: string; pass: ItemPass }): Promise<{ paths: Record<string, ValidationChange> }>;
  /** PUT progress: the nav group is complete (204). */
  completeGroup(input: { validationId: string; body: ProgressBody; pass: ItemPass }): Promise<void>;
  /** DELETE progress: the nav group is reopened (204). */
  reopenGroup(input: { validationId: string; body: ProgressBody; pass: ItemPass }): Promise<void>;
  /** POST get-segments: the segments' changes as stored now. */
  getSegments(input: { ids: readonly string[]; pass: ItemPass }): Promise<GetSegmentsResponse>;
  /** PUT segment reset (204): the segment's change is removed. */
  resetSegment(input: { validationId: string; body: ResetSegmentBody; pass: ItemPass }): Promise<void>;
  // ---- the tools
  /**
   * POST suggestions (§7): no caching, a 120 s time-out; the decoded answer unchecked (parseSuggestionResponse is the
   * machine's). Rejects with SuggestionRequestError; an abort through `signal` (the actor stopped) rejects as is.
   */
  suggestions(body: SuggestionRequest, signal?: AbortSignal): Promise<unknown>;
  /** GET the validation's translation-memory reports (decoded, unchecked: parseMemoryReports is the machine's). */
  memoryReport(validationId: string, pass?: ItemPass): Promise<unknown>;
  /** POST: request a new report (202 { report }); the decoded answer, unchecked. */
  requestMemoryReport(validationId: string, pass?: ItemPass): Promise<unknown>;
  /** POST a survey answer (204). */
  experience(body: ExperienceBody): Promise<void>;
  /** GET which surveys the signed-in user has submitted. */
  experienceStatus(): Promise<ExperienceStatusResponse>;
  /** POST a slide snapshot; the answer is the stored snapshot's address (text). */
  snapshot(body: SnapshotBody): Promise<string>;
  /** GET the previous version's validation for the diff (decoded, unchecked: the diff helpers check it). */
  previousValidation(input: { itemId: string; previousVersionId: string; targetLocale: string; pass: ItemPass }): Promise<unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** True for a §3 validation change as the service sends it. */
export function isValidationChange(value: unknown): value is ValidationChange {
  if (!isRecord(value) || !isRecord(value.replacement)) return false;
  return (
    typeof value.validationSegmentId === 'string' &&
    (value.status === 'pending' || value.status === 'accepted' || value.status === 'approved') &&
    typeof value.replacement.newValue === 'string' &&
    typeof value.proposedBy === 'string' &&
    typeof value.proposedAt === 'string' &&
    isStringOrNull(value.lastAcceptedDate) &&
    isStringOrNull(value.lastAcceptedBy)
  );
}

const isRecordOf = <T>(value: unknown, check: (entry: unknown) => entry is T): value is Record<string, T> => isRecord(value) && Object.values(value).every(check);
const isProgressDetail = (value: unknown): value is ValidationResponse['progressDetails'][string] =>
  isRecord(value) && typeof value.userId === 'string' && typeof value.updatedAt === 'string' && typeof value.isCourseUpdate === 'boolean';
const isProfile = (value: unknown): value is ValidationResponse['profiles'][string] => isRecord(value) && typeof value.firstName === 'string' && typeof value.lastName === 'string';
const isUpdateType = (value: unknown): value is ValidationResponse['updates'][string] => value === 'added' || value === 'changed' || value === 'removed';

/** True for a GET validation answer (§7). */
export function isValidationResponse(value: unknown): value is ValidationResponse {
  return (
    isRecord(value) &&
    typeof value.validationId === 'string' &&
    typeof value.translationFilePath === 'string' &&
    isRecordOf(value.paths, isValidationChange) &&
    isRecordOf(value.progressDetails, isProgressDetail) &&
    isRecordOf(value.updates, isUpdateType) &&
    isRecordOf(value.profiles, isProfile) &&
    typeof value.showCourseUpdates === 'boolean'
  );
}

const isStackEntry = (value: unknown): value is TranslationStackResponse['entries'][number] =>
  isRecord(value) &&
  typeof value.itemId === 'string' &&
  typeof value.title === 'string' &&
  typeof value.locale === 'string' &&
  (value.role === 'source' || value.role === 'target') &&
  (value.progress === null || (isRecord(value.progress) && typeof value.progress.complete === 'number' && typeof value.progress.total === 'number'));

/** True for a GET stack answer. */
export function isStackResponse(value: unknown): value is TranslationStackResponse {
  return isRecord(value) && typeof value.stackId === 'string' && typeof value.sourceLocale === 'string' && Array.isArray(value.entries) && value.entries.every(isStackEntry);
}

const isSegmentState = (value: unknown): value is SegmentState =>
  isRecord(value) && typeof value.validationSegmentId === 'string' && typeof value.path === 'string' && (value.change === null || isValidationChange(value.change));

const SURVEY_IDS_SET: ReadonlySet<string> = new Set(SURVEY_IDS);


/**
 * How long a stack answer serves further reads of the same item: the item view's stack sidebar and the translate tab
 * both read the stack as the translate address opens, a moment apart; one call serves both.
 */
export const STACK_SHARE_MS = 5_000;

/**
 * Creates the translation client: `http` on the review API, `cdn` on the cdn service (no token needed).
 * `suggestionTimeoutMs` is SUGGESTION_TIMEOUT_MS unless a test says otherwise; `now` (ms, monotonic) dates the shared
 * stack answers.
 */
export function createTranslationClient(options: { http: HttpClient; cdn: HttpClient; files?: TranslationFileReader; suggestionTimeoutMs?: number; now?: () => number }): TranslationClient {
  const invalid = (path: string, what: string) => new HttpError(200, 'InvalidResponse', `The ${what} answer is unreadable.`, path);
  // The file is read as text, then decoded (the app's reader, which may already be prefetching it, or one of its own).
  const files = options.files ?? createTranslationFileReader({ cdn: options.cdn });
  const headersOf = (pass: ItemPass): Record<string, string> => ({ Accept: 'application/json', ...(pass ? { [TRANSLATION_ITEM_PASSWORD_HEADER]: pass } : {}) });
  const send = <T>(call: { method: string; path: string }, pass: ItemPass, body?: object) =>
    options.http.request<T>(call.path, { method: call.method as 'GET' | 'POST' | 'PUT' | 'DELETE', headers: headersOf(pass), ...(body ? { body: body as Record<string, unknown> } : {}) });
  // A read started ahead as the app loaded (TranslationFileReader.prefetchCall, no item password), else the call; a
  // failed early read is made again.
  const read = (call: { method: 'GET'; path: string }, pass: ItemPass): Promise<unknown> => {
    const early = pass === null ? files.takeCall(call.path) : null;
    return early ? early.catch(() => send<unknown>(call, pass)) : send<unknown>(call, pass);
  };
  const cdnPath = (path: string) => (path.startsWith('/') ? path : `/${path}`);

  const now = options.now ?? (() => performance.now());
  // The stack read on the wire or answered last, per item and password: a read while it is on the wire, or within
  // STACK_SHARE_MS of its answer, gets the same answer (a failed read is not shared afterwards).
  let sharedStack: { key: string; answer: Promise<TranslationStackResponse>; answeredAt: number | null } | null = null;
  const readStack = async (itemId: string, pass: ItemPass) => {
    const call = TRANSLATION_CALLS.stack(itemId);
    const answer = await read(call, pass);
    if (!isStackResponse(answer)) throw invalid(call.path, 'translation stack');
    return answer;
  };

  const client: TranslationClient = {
    stack({ itemId, pass }) {
      const key = JSON.stringify([itemId, pass]);
      if (sharedStack?.key === key && (sharedStack.answeredAt === null || now() - sharedStack.answeredAt < STACK_SHARE_MS)) return sharedStack.answer;
      const shared = { key, answer: readStack(itemId, pass), answeredAt: null as number | null };
      sharedStack = shared;
      shared.answer.then(
        () => (shared.answeredAt = now()),
        () => {
          if (sharedStack === shared) sharedStack = null;
        },
      );
      return shared.answer;
    },
    async validation({ itemId, versionId, targetLocale, pass }) {
      const call = TRANSLATION_CALLS.validation(itemId, versionId, targetLocale);
      const answer = await read(call, pass);
      if (!isValidationResponse(answer)) throw invalid(call.path, 'validation');
      return answer;
    },
    file: (path) => files.file(path),
    prefetchFile: (path) => files.prefetchFile(path),
    prefetchedFile: (path) => files.prefetchedFile(path),
    prefetching: () => files.prefetching(),
    languageMap: (displayLocale) => options.cdn.request<unknown>(cdnPath(TRANSLATION_CALLS.languageMap(displayLocale)), { headers: { Accept: 'application/json' }, parseResponse: JSON.parse }),
    async commands({ validationId, body, pass }) {
      const call = TRANSLATION_CALLS.commands(validationId);
      const answer = await send<unknown>(call, pass, body);
      if (!isRecord(answer) || answer.success !== true || !isRecordOf(answer.paths, isValidationChange)) throw invalid(call.path, 'commands');
      return { success: true, paths: answer.paths };
    },
    async saveChanges({ validationId, email, batches, view, pass }) {
      let paths: Record<string, ValidationChange> = {};
      // §5 batches go one after another: a later batch never overtakes an earlier one.
      for (const changes of batches) {
        const answer = await client.commands({ validationId, body: { email, changes, view }, pass });
        paths = { ...paths, ...answer.paths };
      }
      return { paths };
    },
    async completeGroup({ validationId, body, pass }) {
      await send<unknown>(TRANSLATION_CALLS.completeGroup(validationId), pass, body);
    },
    async reopenGroup({ validationId, body, pass }) {
      await send<unknown>(TRANSLATION_CALLS.reopenGroup(validationId), pass, body);
    },
    async getSegments({ ids, pass }) {
      const call = TRANSLATION_CALLS.getSegments;
      const answer = await send<unknown>(call, pass, { validationSegmentIds: [...ids] });
      if (!isRecord(answer) || !Array.isArray(answer.data) || !answer.data.every(isSegmentState)) throw invalid(call.path, 'get-segments');
      return { data: answer.data };
    },
    async resetSegment({ validationId, body, pass }) {
      await send<unknown>(TRANSLATION_CALLS.resetSegment(validationId), pass, body);
    },

    async suggestions(body, signal) {
      const call = TRANSLATION_TOOL_CALLS.suggestions;
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), options.suggestionTimeoutMs ?? SUGGESTION_TIMEOUT_MS);
      const signals = signal ? [timeout.signal, signal] : [timeout.signal];
      // The shared client keeps only { error, message } of a refusal: the body the §8 words read is caught here.
      let failedBody: unknown = null;
      try {
        return await options.http.request<unknown>(call.path, {
          method: call.method,
          body: body as unknown as Record<string, unknown>,
          headers: { Accept: 'application/json' },
          cache: 'no-store',
          signal: AbortSignal.any(signals),
          onResponseError: ({ response }) => {
            failedBody = (response as { _data?: unknown })._data ?? null;
          },
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        if (timeout.signal.aborted) throw new SuggestionRequestError({ kind: 'timeout' });
        if (error instanceof HttpError) throw new SuggestionRequestError({ kind: 'http', status: error.status, body: error.status ? failedBody : null });
        throw new SuggestionRequestError({ kind: 'other' });
      } finally {
        clearTimeout(timer);
      }
    },
    memoryReport: (validationId, pass = null) => send<unknown>(TRANSLATION_TOOL_CALLS.memoryReport(validationId), pass),
    requestMemoryReport: (validationId, pass = null) => send<unknown>(TRANSLATION_TOOL_CALLS.requestMemoryReport(validationId), pass, {}),
    async experience(body) {
      await send<unknown>(TRANSLATION_TOOL_CALLS.experience, null, body);
    },
    async experienceStatus() {
      const call = TRANSLATION_TOOL_CALLS.experienceStatus;
      const answer = await send<unknown>(call, null);
      if (!isRecord(answer) || !Array.isArray(answer.submitted) || !answer.submitted.every((slug) => typeof slug === 'string')) throw invalid(call.path, 'survey status');
      // Slugs this client does not know are dropped, not refused: the service may know more surveys.
      return { submitted: answer.submitted.filter((slug): slug is ExperienceStatusResponse['submitted'][number] => SURVEY_IDS_SET.has(slug)) };
    },
    async snapshot(body) {
      const call = TRANSLATION_TOOL_CALLS.snapshot;
      const answer = await options.http.request<unknown>(call.path, {
        method: call.method,
        body: body as unknown as Record<string, unknown>,
        headers: { Accept: 'text/plain' },
        parseResponse: (text: string) => text,
      });
      if (typeof answer !== 'string' || answer.trim() === '') throw invalid(call.path, 'snapshot');
      return answer;
    },
    previousValidation: ({ itemId, previousVersionId, targetLocale, pass }) => send<unknown>(TRANSLATION_TOOL_CALLS.previousValidation(itemId, previousVersionId, targetLocale), pass),
  };
  return client;
}
