/**
 * Sharing one item (review-and-content §2 share dialog, §3 Share person, §4 share mode, §5 share save and
 * unsaved changes, §6 share roles, §7 permissions and share-settings calls, §8 share errors, §9 list heights
 * and the copy confirmation).
 *
 * An item is **public** (anyone with the link; `allowAnonComments` lets anonymous reviewers comment; an optional
 * password) or **private** (only the people who see it through its folder, its owner, review-request reviewers
 * and the explicit people listed by e-mail). Explicit people stay stored while the item is public, so switching
 * back to private keeps them.
 *
 * HTTP under the review API base (/api), bearer required, errors the API's usual `{ error, message }` JSON:
 * - `GET /items/{itemId}/permissions` → 200 {@link PermissionsResponse}; 404 unknown or not visible.
 * - `PUT /items/{itemId}/share-settings/private` body {@link PrivateShareBody} → 200 {@link PrivateShareResponse}:
 *   the item becomes private and its explicit list becomes the valid e-mails; `invalidEmails` lists the entries
 *   that are not e-mail addresses or belong to no account (nothing of them is stored). 400 malformed body (more
 *   than SHARE_MAX_EXPLICIT_PEOPLE entries, an entry over 254 characters); 403 without editItemMetadata/ownership;
 *   404 unknown or not visible.
 * - `PUT /items/{itemId}/share-settings/public` body {@link PublicShareBody} → 200 `{ settings }`: the item becomes
 *   public. `password` a string sets it (1–128 characters, 400 otherwise), null removes it, absent keeps the one set.
 *   403/404 as above.
 * Every change pushes `item.updateHashed` to the people who see the item (the grid) and `share.updated` on the
 * item's namespace.
 */
import { isEmailAddress } from './auth.ts';
import type { FolderAction } from './folderRoles.ts';

/** §3 Share person reasons. */
export type ShareReason = 'explicit' | 'owner' | 'request-review' | 'team-folder-group' | 'team-folder-owner' | 'team-folder-user';
export const SHARE_REASONS: readonly ShareReason[] = ['explicit', 'owner', 'request-review', 'team-folder-group', 'team-folder-owner', 'team-folder-user'];

/** §3 Share person roles: Viewer 0, Editor 1, Owner 2. */
export const SHARE_ROLES = { viewer: 0, editor: 1, owner: 2 } as const;
export type ShareRole = (typeof SHARE_ROLES)[keyof typeof SHARE_ROLES];
export const SHARE_ROLE_NAMES: Readonly<Record<ShareRole, 'Viewer' | 'Editor' | 'Owner'>> = { 0: 'Viewer', 1: 'Editor', 2: 'Owner' };

/** One person of GET /items/{itemId}/permissions (§7: userId, profile {firstName, lastName, email, links.micro}, reasons, role). */
export interface PermissionPerson {
  userId: string;
  profile: { firstName: string; lastName: string; email: string; links: { micro: string | null } };
  reasons: ShareReason[];
  role: ShareRole;
}

/** The item's share settings as the dialog starts from them. */
export interface ShareSettings {
  isPrivate: boolean;
  allowAnonComments: boolean;
  hasPassword: boolean;
}

export interface PermissionsResponse {
  people: PermissionPerson[];
  settings: ShareSettings;
}

export interface PrivateShareBody {
  explicitPermissions: { email: string }[];
}
export interface PrivateShareResponse {
  invalidEmails: string[];
  settings: ShareSettings;
  people: PermissionPerson[];
}

export interface PublicShareBody {
  allowAnonComments: boolean;
  /** A string sets the password, null removes it, absent keeps it. */
  password?: string | null;
}
export interface PublicShareResponse {
  settings: ShareSettings;
}

/** §3 Share person, as the dialog lists it. */
export interface SharePerson {
  id: string;
  name: string;
  email: string;
  avatars: { micro: string | null };
  reasons: ShareReason[];
  role: ShareRole;
}

/** The dialog's person from the wire's (name = first + last, else the e-mail). */
export function sharePersonOf(person: PermissionPerson): SharePerson {
  const name = `${person.profile.firstName} ${person.profile.lastName}`.trim() || person.profile.email;
  return { id: person.userId, name, email: person.profile.email, avatars: { micro: person.profile.links.micro }, reasons: [...person.reasons], role: person.role };
}

/** §6: only people whose sole reason is explicit can be removed. */
export function isRemovablePerson(person: Pick<SharePerson, 'reasons'>): boolean {
  return person.reasons.length === 1 && person.reasons[0] === 'explicit';
}

/** §6: change visibility and share need edit-metadata or ownership. */
export function canChangeSharing(item: { isOwner: boolean; actions: readonly FolderAction[] }): boolean {
  return item.isOwner || item.actions.includes('editItemMetadata');
}

/** §2 review link: /review/content/{itemId}/review, absolute on `origin`. */
export function reviewLinkFor(origin: string, itemId: string): string {
  return `${origin.replace(/\/+$/, '')}/review/content/${encodeURIComponent(itemId)}/review`;
}

/**
 * Pasted or typed text → the e-mails in it (split on commas, semicolons, whitespace and angle brackets), lower-cased,
 * without duplicates (also against `existing`), and the entries that are not e-mail addresses.
 */
export function parseEmailList(text: string, existing: readonly string[] = []): { emails: string[]; invalid: string[]; duplicates: string[] } {
  const seen = new Set(existing.map((e) => e.toLowerCase()));
  const emails: string[] = [];
  const invalid: string[] = [];
  const duplicates: string[] = [];
  for (const raw of text.split(/[\s,;<>]+/)) {
    const entry = raw.trim().replace(/^["'(]+|["')]+$/g, '');
    if (!entry) continue;
    const lower = entry.toLowerCase();
    if (!isEmailAddress(lower) || lower.length > 254) {
      invalid.push(entry);
      continue;
    }
    if (seen.has(lower)) {
      duplicates.push(lower);
      continue;
    }
    seen.add(lower);
    emails.push(lower);
  }
  return { emails, invalid, duplicates };
}

/** The problem with an item password typed in the share dialog, or null (1–128 characters, not only spaces). */
export function itemPasswordProblem(password: string, maxChars: number): string | null {
  if (!password.trim()) return 'Enter a password, or turn the password off.';
  if (password.length > maxChars) return `Use at most ${maxChars} characters.`;
  return null;
}

/** The share dialog's draft: what would be saved. */
export interface ShareDraft {
  mode: 'public' | 'private';
  allowAnonComments: boolean;
  /** Public: whether a password is wanted. */
  passwordEnabled: boolean;
  /** A new password typed; '' keeps the one set (when `passwordEnabled` and the item has one). */
  password: string;
  /** Private: the explicit people's e-mails. */
  explicitEmails: string[];
}

/** The draft that matches saved settings and people. */
export function draftFrom(settings: ShareSettings, people: readonly SharePerson[]): ShareDraft {
  return {
    mode: settings.isPrivate ? 'private' : 'public',
    allowAnonComments: settings.allowAnonComments,
    passwordEnabled: settings.hasPassword,
    password: '',
    explicitEmails: people.filter((p) => p.reasons.includes('explicit')).map((p) => p.email.toLowerCase()),
  };
}

/** §5 unsaved changes: whether the draft differs from what is saved. */
export function hasUnsavedShareChanges(saved: ShareDraft, draft: ShareDraft): boolean {
  if (saved.mode !== draft.mode) return true;
  if (draft.mode === 'public') {
    return saved.allowAnonComments !== draft.allowAnonComments || saved.passwordEnabled !== draft.passwordEnabled || draft.password !== '';
  }
  const a = [...saved.explicitEmails].sort();
  const b = [...draft.explicitEmails].sort();
  return a.length !== b.length || a.some((e, i) => e !== b[i]);
}

/** The request a draft saves as. */
export function shareRequestOf(draft: ShareDraft): { mode: 'private'; body: PrivateShareBody } | { mode: 'public'; body: PublicShareBody } {
  if (draft.mode === 'private') return { mode: 'private', body: { explicitPermissions: draft.explicitEmails.map((email) => ({ email })) } };
  const body: PublicShareBody = { allowAnonComments: draft.allowAnonComments };
  if (!draft.passwordEnabled) body.password = null;
  else if (draft.password !== '') body.password = draft.password;
  return { mode: 'public', body };
}

/** Paths of the share calls (under the API base). */
export const SHARE_CALLS = {
  permissions: (itemId: string) => ({ method: 'GET', path: `/items/${encodeURIComponent(itemId)}/permissions`, expect: 200 }) as const,
  private: (itemId: string) => ({ method: 'PUT', path: `/items/${encodeURIComponent(itemId)}/share-settings/private`, expect: 200 }) as const,
  public: (itemId: string) => ({ method: 'PUT', path: `/items/${encodeURIComponent(itemId)}/share-settings/public`, expect: 200 }) as const,
};
