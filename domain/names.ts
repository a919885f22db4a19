/**
 * Folder and item names, and the grid's search text (review-and-content §5, §9). The server runs the same
 * checks, so every function accepts any value and never throws.
 */
import { NAME_MAX_LENGTH, SEARCH_MAX_LENGTH } from './constants.ts';
import { normalizeUserText, textCharacterMessage, textCharacterProblem } from './userText.ts';

/** §5 "max 255 characters (message max_name_error)". */
export const MAX_NAME_ERROR_KEY = 'max_name_error';
/** The spec names no message for a duplicate; this key is ours, for the string catalogue. */
export const DUPLICATE_NAME_ERROR_KEY = 'duplicate_name_error';
/** Ours too: a name holding a character a name may not hold (domain/userText.ts). */
export const INVALID_NAME_CHARACTERS_ERROR_KEY = 'invalid_name_characters_error';

/**
 * Why a name is refused. A name with a character names may not hold (control, bidirectional override, lone
 * surrogate) is `invalidRequest`, a reason the content protocol already has: the text cannot be a name at all.
 */
export type NameRefusal = 'empty' | 'tooLong' | 'duplicate' | 'invalidRequest';

/**
 * A checked name: the trimmed NFC name, or why it is refused and the message key to show (none for empty: confirm
 * is just disabled); `message` is the sentence the service answers for invalid characters, naming the character.
 */
export type NameCheck = { ok: true; name: string } | { ok: false; reason: NameRefusal; messageKey: string | null; message?: string };

export interface NameCheckOptions {
  /** The name before the rename; a name that differs from it is checked for duplicates. */
  currentName?: string | null;
  /**
   * Names already taken where the duplicate check applies (sibling folders, items of the folder); omit it
   * when the check does not apply. It may include the current name: one entry equal to it is the thing
   * being renamed and is skipped.
   */
  existingNames?: readonly string[];
}

/**
 * §5 folder name (item rename and duplicate use the same check; item and stack titles too): trimmed and NFC
 * (domain/userText.ts); empty disables confirm; no control characters, bidirectional overrides or lone
 * surrogates (`invalidRequest`); at most 255 characters (UTF-16 units, as the input's maxlength counts) with
 * max_name_error; a duplicate, compared case-insensitively, is refused when the check applies and the name differs
 * from the current one. Markup is not refused: a name is text, and shown as text.
 */
export function checkName(raw: unknown, options: NameCheckOptions = {}): NameCheck {
  const name = typeof raw === 'string' ? normalizeUserText(raw.trim()) : '';
  if (name === '') return { ok: false, reason: 'empty', messageKey: null };
  const bad = textCharacterProblem(name, 'line');
  if (bad) return { ok: false, reason: 'invalidRequest', messageKey: INVALID_NAME_CHARACTERS_ERROR_KEY, message: textCharacterMessage('Names', bad) };
  if (name.length > NAME_MAX_LENGTH) return { ok: false, reason: 'tooLong', messageKey: MAX_NAME_ERROR_KEY };
  const current = typeof options.currentName === 'string' ? normalizeUserText(options.currentName.trim()) : null;
  if (options.existingNames && name !== current) {
    const wanted = name.toLowerCase();
    let skippedSelf = false;
    for (const existing of options.existingNames) {
      if (typeof existing !== 'string') continue;
      const other = normalizeUserText(existing.trim());
      if (!skippedSelf && current !== null && other === current) {
        skippedSelf = true;
        continue;
      }
      if (other.toLowerCase() === wanted) return { ok: false, reason: 'duplicate', messageKey: DUPLICATE_NAME_ERROR_KEY };
    }
  }
  return { ok: true, name };
}

/** §5 "A new shared folder needs a non-empty name": the same check; an empty name refuses the dialog. */
export function checkNewSharedFolderName(raw: unknown, existingNames?: readonly string[]): NameCheck {
  return checkName(raw, existingNames ? { existingNames } : {});
}

/** The dialog's confirm button is enabled only for an acceptable name. */
export function canConfirmName(check: NameCheck): boolean {
  return check.ok;
}

/**
 * §5 "default duplicate name is a 'copy of {title}' text". Cut to 255 characters (never inside a surrogate
 * pair) so the default itself is always an acceptable name.
 */
export function duplicateName(title: unknown): string {
  const base = typeof title === 'string' ? title.trim() : '';
  const text = `copy of ${base}`;
  if (text.length <= NAME_MAX_LENGTH) return text;
  let cut = NAME_MAX_LENGTH;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return text.slice(0, cut).trimEnd();
}

/** §5 "Search input max 255 characters": the value the search box keeps while typing. */
export function limitSearchInput(raw: unknown): string {
  return typeof raw === 'string' ? raw.slice(0, SEARCH_MAX_LENGTH) : '';
}

/** The grid filter for a search text: trimmed, at most 255; null (no filter) when blank, which also clears it (§5). */
export function searchFilter(raw: unknown): string | null {
  const text = limitSearchInput(raw).trim();
  return text === '' ? null : text;
}

/** §5 "Name search is a case-insensitive contains"; no filter matches everything. */
export function nameMatchesSearch(name: unknown, filter: string | null): boolean {
  if (filter === null || filter.trim() === '') return true;
  if (typeof name !== 'string') return false;
  return name.toLowerCase().includes(filter.trim().toLowerCase());
}
