import { describe, expect, it } from 'vitest';
import { VERSION_STATES, type ItemVersion, type VersionState } from './items.ts';
import { canRestoreVersion, displayVersionState, failureKind, formatVersionDate, isFailedVersionState, parseVersionQuery, versionByNumber } from './versions.ts';

const version = (number: number, state: VersionState = 'ready'): ItemVersion => ({
  id: `v${number}`,
  number,
  createdAt: `2026-11-2${number}T15:05:00.000Z`,
  package: { key: `review/uploads/k${number}/course.zip`, md5_checksum: null },
  thumbnail: null,
  thumbnailUrl: null,
  progress: 1,
  state,
  userId: 'u1',
  hidden: false,
  contentPrefix: null,
  playerFile: null,
  mediaUrl: null,
  posterUrl: null,
  fileName: 'course.zip',
  size: 1,
  meta: null,
});

describe('version states (§4)', () => {
  it.each<[VersionState, boolean, string, ReturnType<typeof failureKind>]>([
    ['uploading', false, 'uploading', null],
    ['ready', false, 'ready', null],
    ['uploaded', false, 'processing', null],
    ['uploadFailed', true, 'uploadFailed', 'uploadFailed'],
    ['transcodeFailed', true, 'transcodeFailed', 'transcodeFailed'],
    ['invalidVideoFile', true, 'invalidVideoFile', 'transcodeFailed'],
    ['unpackFailed', true, 'unpackFailed', 'processFailed'],
  ])('%s: failed %s, shown as %s, message %s', (state, failed, shown, kind) => {
    expect(isFailedVersionState(state)).toBe(failed);
    expect(displayVersionState(state)).toBe(shown);
    expect(failureKind(state)).toBe(kind);
  });

  it('covers every stored state', () => {
    expect(VERSION_STATES.filter(isFailedVersionState)).toEqual(['uploadFailed', 'transcodeFailed', 'invalidVideoFile', 'unpackFailed']);
  });
});

describe('versionByNumber (the version query)', () => {
  const versions = [version(1), version(2), version(3)];
  it.each([
    [1, 'v1'],
    [2, 'v2'],
    [null, 'v3'],
    [0, 'v3'],
    [4, 'v3'],
    [-1, 'v3'],
  ])('version %s → %s', (n, id) => expect(versionByNumber(versions, n)?.id).toBe(id));

  it('is null without versions', () => expect(versionByNumber([], 1)).toBeNull());
});

describe('canRestoreVersion (§5: 1 … latest − 1; out of range ignored)', () => {
  const versions = [version(1), version(2), version(3)];
  it.each([
    [1, true],
    [2, true],
    [3, false],
    [0, false],
    [4, false],
    [1.5, false],
    [Number.NaN, false],
  ])('version %s: %s', (n, ok) => expect(canRestoreVersion(versions, n)).toBe(ok));

  it('offers only a version that was processed: not one whose upload or processing failed, nor one still uploading', () => {
    for (const state of ['uploadFailed', 'unpackFailed', 'uploading', 'uploaded'] as const) {
      expect(canRestoreVersion([{ ...version(1), state }, version(2)], 1), state).toBe(false);
    }
  });

  it('offers nothing for a single version or none', () => {
    expect(canRestoreVersion([version(1)], 1)).toBe(false);
    expect(canRestoreVersion([], 1)).toBe(false);
  });
});

describe('formatVersionDate (§9 MM/DD/YYYY at time)', () => {
  it.each([
    ['2026-11-21T15:05:00.000Z', 'UTC', '11/21/2026 at 3:05 PM'],
    ['2026-11-21T00:30:00.000Z', 'UTC', '11/21/2026 at 12:30 AM'],
    ['2026-11-21T12:00:00.000Z', 'UTC', '11/21/2026 at 12:00 PM'],
    ['2026-01-02T03:04:00.000Z', 'America/New_York', '01/01/2026 at 10:04 PM'],
    ['2026-07-09T22:45:00.000Z', 'Asia/Tokyo', '07/10/2026 at 7:45 AM'],
  ])('%s in %s → %s', (iso, zone, text) => expect(formatVersionDate(iso, zone)).toBe(text));

  it('is empty for an unreadable date', () => expect(formatVersionDate('yesterday', 'UTC')).toBe(''));
});

describe('parseVersionQuery', () => {
  it.each([
    ['2', 2],
    ['12', 12],
    [' 3 ', 3],
    ['0', null],
    ['-1', null],
    ['1.5', null],
    ['two', null],
    ['', null],
    ['99999999999999999999', null],
    [null, null],
  ])('%j → %s', (value, n) => expect(parseVersionQuery(value)).toBe(n));
});
