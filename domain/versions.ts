/**
 * Item versions (review-and-content §2 version query, §4 version states, §5 restore-version range, §9 version
 * date format). Pure: the time zone arrives as an argument.
 */
import type { ItemVersion, VersionDisplayState, VersionState } from './items.ts';

const FAILED_STATES: ReadonlySet<VersionState> = new Set(['uploadFailed', 'transcodeFailed', 'invalidVideoFile', 'unpackFailed']);

/** §4: uploadFailed, transcodeFailed, invalidVideoFile and unpackFailed count as failed. */
export function isFailedVersionState(state: VersionState): boolean {
  return FAILED_STATES.has(state);
}

/** §4: what a view shows for a state (`uploaded` is shown as processing). */
export function displayVersionState(state: VersionState): VersionDisplayState {
  return state === 'uploaded' ? 'processing' : state;
}

/** §4 the message of a failed item: transcode failed, upload failed or process failed. */
export type FailureKind = 'transcodeFailed' | 'uploadFailed' | 'processFailed';

/**
 * The failure message for a failed state, null for the others. An invalid video file failed in the video
 * pipeline, so it reads as a transcode failure; a story package that could not be unpacked is a process failure.
 */
export function failureKind(state: VersionState): FailureKind | null {
  switch (state) {
    case 'uploadFailed':
      return 'uploadFailed';
    case 'transcodeFailed':
    case 'invalidVideoFile':
      return 'transcodeFailed';
    case 'unpackFailed':
      return 'processFailed';
    default:
      return null;
  }
}

/** The version numbered `n` (the `version` query); null, or a number no version has, gives the latest. Null when there are none. */
export function versionByNumber(versions: readonly ItemVersion[], n: number | null): ItemVersion | null {
  const latest = versions.at(-1) ?? null;
  if (n === null) return latest;
  return versions.find((version) => version.number === n) ?? latest;
}

/** §5 restore version: only an existing version before the latest (1 … latest − 1); anything else is ignored. */
export function canRestoreVersion(versions: readonly ItemVersion[], n: number): boolean {
  const latest = versions.at(-1);
  if (!latest || !Number.isInteger(n) || n < 1 || n >= latest.number) return false;
  // Only a processed version can come back (the service refuses any other: "Only a ready version can be restored").
  return versions.some((version) => version.number === n && version.state === 'ready');
}

/**
 * §9 version publish date, 'MM/DD/YYYY at h:mm A' (e.g. '11/21/2026 at 3:05 PM'), in `timeZone` (an IANA name;
 * the runtime's own zone when omitted). '' for an unreadable date.
 */
export function formatVersionDate(iso: string, timeZone?: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const parts = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit', hour12: true, ...(timeZone ? { timeZone } : {}) }).formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')} at ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
}

/** The `version` query of the item route: a positive whole number ('2' → 2), else null (latest). */
export function parseVersionQuery(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}
