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
  TRANSLATION_CALLS,
  TRANSLATION_ITEM_PASSWORD_HEADER,
  type CommandChange,
  type CommandsBody,
  type CommandsResponse,
  type GetSegmentsResponse,
  type ProgressBody,
  type ResetSegmentBody,
  type SegmentState,
  type TranslationStackResponse,
  type ValidationChange,
  type ValidationResponse,
} from '../domain/translation.ts';
import { HttpError, type HttpClient } from './http.ts';

/** The item password the item was opened with (null: none). */
export type ItemPass = string | null;

export interface TranslationClient {
  /** GET the translation stack the item belongs to (the sidebar; the target locale of the item). */
  stack(input: { itemId: string; pass: ItemPass }): Promise<TranslationStackResponse>;
  /** GET the validation of one version in one target locale. */
  validation(input: { itemId: string; versionId: string; targetLocale: string; pass: ItemPass }): Promise<ValidationResponse>;
  /** GET the translation file from the CDN (decoded JSON, unchecked). */
  file(path: string): Promise<unknown>;
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

/** Creates the translation client: `http` on the review API, `cdn` on the cdn service (no token needed). */
export function createTranslationClient(options: { http: HttpClient; cdn: HttpClient }): TranslationClient {
  const invalid = (path: string, what: string) => new HttpError(200, 'InvalidResponse', `The ${what} answer is unreadable.`, path);
  const headersOf = (pass: ItemPass): Record<string, string> => ({ Accept: 'application/json', ...(pass ? { [TRANSLATION_ITEM_PASSWORD_HEADER]: pass } : {}) });
  const send = <T>(call: { method: string; path: string }, pass: ItemPass, body?: object) =>
    options.http.request<T>(call.path, { method: call.method as 'GET' | 'POST' | 'PUT' | 'DELETE', headers: headersOf(pass), ...(body ? { body: body as Record<string, unknown> } : {}) });
  const cdnPath = (path: string) => (path.startsWith('/') ? path : `/${path}`);

  const client: TranslationClient = {
    async stack({ itemId, pass }) {
      const call = TRANSLATION_CALLS.stack(itemId);
      const answer = await send<unknown>(call, pass);
      if (!isStackResponse(answer)) throw invalid(call.path, 'translation stack');
      return answer;
    },
    async validation({ itemId, versionId, targetLocale, pass }) {
      const call = TRANSLATION_CALLS.validation(itemId, versionId, targetLocale);
      const answer = await send<unknown>(call, pass);
      if (!isValidationResponse(answer)) throw invalid(call.path, 'validation');
      return answer;
    },
    file: (path) => options.cdn.request<unknown>(cdnPath(path), { headers: { Accept: 'application/json' }, parseResponse: JSON.parse }),
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
  };
  return client;
}
