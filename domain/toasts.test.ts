import { describe, expect, it } from 'vitest';
import { contentToast, isContentToastId, isToastId, isUploadToastId, newVersionToast, TOAST_IDS, toastDurationMs, toastFor, TOASTS, uploadToast } from './toasts.ts';

describe('toast durations (foundation §9: "Toast default 5 s; edit toast and survey toasts 10 s")', () => {
  it.each([
    ['default', 5_000],
    ['edit', 10_000],
    ['survey', 10_000],
    ['content', 10_000],
    ['upload', 10_000],
  ] as const)('%s → %i ms', (kind, ms) => {
    expect(toastDurationMs(kind)).toBe(ms);
  });
});

describe('toast ids (foundation §8)', () => {
  it.each([
    ['reach check-enabled error', 'reachCheckEnabledError', 'error', null, false],
    ['check-user-has-reach-access error (message included)', 'checkUserHasReachAccessError', 'error', null, true],
    ['request-reach error', 'requestReachError', 'error', null, false],
    ['request-activation error', 'requestActivationError', 'error', null, false],
    ['request-sent confirmation', 'requestSent', 'success', null, false],
    ['missing e-mail error', 'missingEmailError', 'error', null, false],
    ['update-user-role error ("There was an error. Please try again later.")', 'updateUserRoleError', 'error', 'There was an error. Please try again later.', false],
  ] as const)('%s → %s', (_case, id, severity, text, includesMessage) => {
    expect(TOASTS[id]).toEqual({ id, severity, kind: 'default', text, includesMessage });
  });

  it('lists exactly the seven ids of §8', () => {
    expect(TOAST_IDS).toHaveLength(7);
    expect(Object.keys(TOASTS).sort()).toEqual([...TOAST_IDS].sort());
  });

  it.each([
    ['requestSent', true],
    ['toast.unknown', false],
    [7, false],
  ])('isToastId(%j) → %s', (value, expected) => {
    expect(isToastId(value)).toBe(expected);
  });

  it.each([
    ['checkUserHasReachAccessError', 'User lacks a seat', { severity: 'error', durationMs: 5_000, text: null, message: 'User lacks a seat' }],
    ['requestReachError', 'ignored: this toast does not include a message', { severity: 'error', durationMs: 5_000, text: null, message: null }],
    ['updateUserRoleError', null, { severity: 'error', durationMs: 5_000, text: 'There was an error. Please try again later.', message: null }],
    ['requestSent', null, { severity: 'success', durationMs: 5_000, text: null, message: null }],
  ] as const)('toastFor(%s, %j)', (id, message, expected) => {
    expect(toastFor(id, message)).toEqual({ id, ...expected });
  });
});

describe('content toasts (review-and-content §3 toast data, §9 "10000 ms for moved, trashed, restored")', () => {
  it.each(['moved', 'trashed', 'restored'] as const)('%s is a 10 s success toast carrying its data', (id) => {
    const toast = contentToast(id, { itemsCount: 2, foldersCount: 1, destinationFolderName: 'Sales' });
    expect(toast).toEqual({ id, severity: 'success', kind: 'content', text: null, message: null, data: { itemsCount: 2, foldersCount: 1, destinationFolderName: 'Sales' } });
    expect(toastDurationMs(toast.kind)).toBe(10_000);
  });

  it.each([
    ['moved', true],
    ['requestSent', false],
    [null, false],
  ])('isContentToastId(%j) → %s', (value, expected) => {
    expect(isContentToastId(value)).toBe(expected);
  });
});

describe('upload toasts (review-and-content §3 upload toast data, §4, §9 "10000 ms for complete, failed")', () => {
  it('upload complete and upload failed carry the file name and their 10 s duration', () => {
    expect(uploadToast('uploadComplete', 'intro.zip')).toEqual({ id: 'uploadComplete', severity: 'success', kind: 'upload', text: null, message: null, data: { fileName: 'intro.zip', duration: 10_000 } });
    expect(uploadToast('uploadFailed', 'intro.zip')).toMatchObject({ severity: 'error', kind: 'upload', data: { fileName: 'intro.zip', duration: 10_000 } });
    expect(isUploadToastId('uploadFailed')).toBe(true);
    expect(isUploadToastId('moved')).toBe(false);
  });

  it('the new-version toast names the item and the version now shown', () => {
    expect(newVersionToast('Intro course', 3)).toEqual({ id: 'newVersion', severity: 'info', kind: 'default', text: null, message: null, data: { itemTitle: 'Intro course', version: 3 } });
  });
});
