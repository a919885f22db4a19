/**
 * LMS export of a video item (review-and-content §2 LMS export dialog, §3 Scorm export input, §5 completion percent,
 * §6 export to LMS, §9 SCORM targets): the targets, the percent's rule, the title's rule and the socket request the
 * dialog sends. Shared by the client and the service; every function accepts any value and never throws.
 */
import { NAME_MAX_LENGTH } from './constants.ts';
import { normalizeUserText, textCharacterMessage, textCharacterProblem } from './userText.ts';

/** §9 SCORM targets: SCORM 1.2, SCORM 2004 second, third and fourth edition, AICC, xAPI (Tin Can). */
export const LMS_TARGETS = ['scorm12', 'scorm2004_2nd', 'scorm2004_3rd', 'scorm2004_4th', 'aicc', 'xapi'] as const;
export type LmsTarget = (typeof LMS_TARGETS)[number];

/** §9 "defaults 1.2 and second edition": the target first offered, and the SCORM 2004 edition first offered. */
export const DEFAULT_LMS_TARGET: LmsTarget = 'scorm12';
export const DEFAULT_SCORM_2004_TARGET: LmsTarget = 'scorm2004_2nd';

/** How each target is named in the dialog and in the package's file name. */
export const LMS_TARGET_LABELS: Readonly<Record<LmsTarget, string>> = {
  scorm12: 'SCORM 1.2',
  scorm2004_2nd: 'SCORM 2004 (2nd edition)',
  scorm2004_3rd: 'SCORM 2004 (3rd edition)',
  scorm2004_4th: 'SCORM 2004 (4th edition)',
  aicc: 'AICC',
  xapi: 'xAPI (Tin Can)',
};

export function isLmsTarget(value: unknown): value is LmsTarget {
  return typeof value === 'string' && (LMS_TARGETS as readonly string[]).includes(value);
}

/** §5, §9: the completion percent, 0 to 100, default 80. */
export const LMS_COMPLETE_PERCENT_DEFAULT = 80;
export const LMS_COMPLETE_PERCENT_MIN = 0;
export const LMS_COMPLETE_PERCENT_MAX = 100;

/** §5 "clamped 0 to 100": a whole percent; anything that is not a finite number is the default. */
export function clampCompletePercent(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return LMS_COMPLETE_PERCENT_DEFAULT;
  return Math.min(LMS_COMPLETE_PERCENT_MAX, Math.max(LMS_COMPLETE_PERCENT_MIN, Math.round(number)));
}

/** The package title: trimmed NFC text of one line, 1 to 255 characters; the words to show otherwise. */
export type LmsTitleCheck = { ok: true; title: string } | { ok: false; message: string };

export function checkLmsTitle(raw: unknown): LmsTitleCheck {
  const title = typeof raw === 'string' ? normalizeUserText(raw.trim()) : '';
  if (title === '') return { ok: false, message: 'The package needs a title.' };
  const bad = textCharacterProblem(title, 'line');
  if (bad) return { ok: false, message: textCharacterMessage('Titles', bad) };
  if (title.length > NAME_MAX_LENGTH) return { ok: false, message: `The title is longer than ${NAME_MAX_LENGTH} characters.` };
  return { ok: true, title };
}

/** §3 Scorm export input: completePercent, key (the package key of the video version exported), target, title. */
export interface ScormExportInput {
  completePercent: number;
  key: string;
  target: LmsTarget;
  title: string;
}

/**
 * The socket request on /user/<aid>: `lms.export` with the item and the §3 input. The service checks who asks (§6:
 * folder exportToLms or ownership, a video item, `key` one of its ready versions), builds the package, answers
 * `{ version }` (the exported version's 1-based number), then pushes `item.packageReadyForDownload`
 * `{ itemId, version, url }` (domain/items.ts) to the one who asked, with a signed, expiring link to the zip.
 * Refusals: invalidRequest (bad input, not a video, version not ready; the message says which), notFound, forbidden.
 */
export interface LmsExportRequests {
  'lms.export': { payload: { itemId: string } & ScormExportInput; data: { version: number } };
}

export const LMS_EXPORT_REQUEST = 'lms.export';

/** The package's file name: the title with the target, characters file systems refuse replaced. */
export function lmsPackageFileName(title: string, target: LmsTarget): string {
  // eslint-disable-next-line no-control-regex
  const safe = title.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim() || 'video';
  return `${safe} (${LMS_TARGET_LABELS[target]}).zip`;
}
