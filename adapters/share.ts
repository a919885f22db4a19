/**
 * The share client (domain/sharing.ts; review-and-content §7 permissions and share-settings calls): the three HTTP
 * calls of the share dialog over the review API client (bearer; 401 → refresh → retry once, adapters/http.ts).
 * Answers are checked before they reach a machine: an unreadable one rejects like a failed call.
 */
import {
  SHARE_CALLS,
  SHARE_REASONS,
  type PermissionPerson,
  type PermissionsResponse,
  type PrivateShareBody,
  type PrivateShareResponse,
  type PublicShareBody,
  type PublicShareResponse,
  type ShareSettings,
} from '../domain/sharing.ts';
import { HttpError, type HttpClient } from './http.ts';

export interface ShareClient {
  /** GET /items/{itemId}/permissions → the people who see the item and its share settings. Rejects with an HttpError (404). */
  permissions(itemId: string): Promise<PermissionsResponse>;
  /** PUT /items/{itemId}/share-settings/private → the invalid e-mails, the settings and the people. Rejects with an HttpError (400, 403, 404). */
  savePrivate(itemId: string, body: PrivateShareBody): Promise<PrivateShareResponse>;
  /** PUT /items/{itemId}/share-settings/public → the settings. Rejects with an HttpError (400, 403, 404). */
  savePublic(itemId: string, body: PublicShareBody): Promise<PublicShareResponse>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** True for share settings as the service sends them. */
export function isShareSettings(value: unknown): value is ShareSettings {
  return isRecord(value) && typeof value.isPrivate === 'boolean' && typeof value.allowAnonComments === 'boolean' && typeof value.hasPassword === 'boolean';
}

/** True for one person of the permissions answer (known reasons, role 0–2). */
export function isPermissionPerson(value: unknown): value is PermissionPerson {
  if (!isRecord(value) || typeof value.userId !== 'string' || !isRecord(value.profile)) return false;
  const { profile } = value;
  const micro = isRecord(profile.links) ? profile.links.micro : undefined;
  return (
    typeof profile.firstName === 'string' &&
    typeof profile.lastName === 'string' &&
    typeof profile.email === 'string' &&
    (micro === null || typeof micro === 'string') &&
    Array.isArray(value.reasons) &&
    value.reasons.every((r) => (SHARE_REASONS as readonly unknown[]).includes(r)) &&
    (value.role === 0 || value.role === 1 || value.role === 2)
  );
}

const isPeople = (value: unknown): value is PermissionPerson[] => Array.isArray(value) && value.every(isPermissionPerson);

/** Creates the share client over the review API's HttpClient. */
export function createShareClient(options: { http: HttpClient }): ShareClient {
  const invalid = (path: string, what: string) => new HttpError(200, 'InvalidResponse', `The ${what} answer is unreadable.`, path);
  const json = { Accept: 'application/json' };
  return {
    async permissions(itemId) {
      const call = SHARE_CALLS.permissions(itemId);
      const answer = await options.http.request<unknown>(call.path, { method: call.method, headers: json });
      if (!isRecord(answer) || !isPeople(answer.people) || !isShareSettings(answer.settings)) throw invalid(call.path, 'permissions');
      return { people: answer.people, settings: answer.settings };
    },
    async savePrivate(itemId, body) {
      const call = SHARE_CALLS.private(itemId);
      const answer = await options.http.request<unknown>(call.path, { method: call.method, headers: json, body });
      if (
        !isRecord(answer) ||
        !Array.isArray(answer.invalidEmails) ||
        !answer.invalidEmails.every((e) => typeof e === 'string') ||
        !isShareSettings(answer.settings) ||
        !isPeople(answer.people)
      ) {
        throw invalid(call.path, 'private share');
      }
      return { invalidEmails: answer.invalidEmails as string[], settings: answer.settings, people: answer.people };
    },
    async savePublic(itemId, body) {
      const call = SHARE_CALLS.public(itemId);
      const answer = await options.http.request<unknown>(call.path, { method: call.method, headers: json, body });
      if (!isRecord(answer) || !isShareSettings(answer.settings)) throw invalid(call.path, 'public share');
      return { settings: answer.settings };
    },
  };
}
