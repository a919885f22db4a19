import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { notificationSettingsMachine, type NotificationPreference } from '../../machines/session/notificationSettingsMachine.ts';

const stored: NotificationPreference = { frequency: 'hourly', type: 'ReviewCommentNotification', scheduleTime: '09:00', timeZone: 'UTC' };

/** Fake actors: answers are queued per call; every call's input is kept. */
function start(answers: { fetch?: Array<() => Promise<unknown>>; save?: Array<(body: NotificationPreference) => Promise<unknown>> }) {
  const fetchInputs: unknown[] = [];
  const saveInputs: NotificationPreference[] = [];
  const fetchQueue = [...(answers.fetch ?? [])];
  const saveQueue = [...(answers.save ?? [])];
  const machine = notificationSettingsMachine.provide({
    actors: {
      fetchPreference: fromPromise<unknown, { type: string }>(async ({ input }) => {
        fetchInputs.push(input);
        const next = fetchQueue.shift();
        if (!next) throw new Error('unexpected fetch');
        return next();
      }),
      savePreference: fromPromise<unknown, NotificationPreference>(async ({ input }) => {
        saveInputs.push(input);
        const next = saveQueue.shift();
        if (!next) throw new Error('unexpected save');
        return next(input);
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, fetchInputs, saveInputs };
}

const fail = (message: string) => async () => Promise.reject(Object.assign(new Error(message), { status: 400 }));

describe('notification settings machine', () => {
  it('reads the review-comment preference on open and edits from it', async () => {
    const { actor, fetchInputs } = start({ fetch: [async () => stored] });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'notificationSettings.open', timeZone: 'Europe/Berlin' });
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, (s) => s.matches('editing'));
    expect(fetchInputs).toEqual([{ type: 'ReviewCommentNotification' }]);
    expect(actor.getSnapshot().context.draft).toBe('hourly');
    expect(actor.getSnapshot().context.stored).toEqual(stored);
  });

  it('saves exactly frequency, type, scheduleTime 09:00 and the time zone it was opened with, then closes', async () => {
    const { actor, saveInputs } = start({ fetch: [async () => stored], save: [async (body) => body] });
    actor.send({ type: 'notificationSettings.open', timeZone: 'America/New_York' });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'notificationSettings.select', frequency: 'daily' });
    actor.send({ type: 'notificationSettings.save' });
    expect(actor.getSnapshot().value).toBe('saving');
    await waitFor(actor, (s) => s.matches('closed'));
    expect(saveInputs).toEqual([{ frequency: 'daily', type: 'ReviewCommentNotification', scheduleTime: '09:00', timeZone: 'America/New_York' }]);
    expect(Object.keys(saveInputs[0]!).sort()).toEqual(['frequency', 'scheduleTime', 'timeZone', 'type']);
    expect(actor.getSnapshot().context.stored?.frequency).toBe('daily');
  });

  it('shows a failed read with a retry that reads again', async () => {
    const { actor, fetchInputs } = start({ fetch: [fail('Service unavailable'), async () => stored] });
    actor.send({ type: 'notificationSettings.open', timeZone: 'UTC' });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.errorMessage).toBe('Service unavailable');
    actor.send({ type: 'notificationSettings.retry' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(fetchInputs).toHaveLength(2);
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
  });

  it('treats an unreadable answer as a failed read', async () => {
    const { actor } = start({ fetch: [async () => ({ frequency: 'weekly', type: 'ReviewCommentNotification', scheduleTime: '09:00', timeZone: 'UTC' })] });
    actor.send({ type: 'notificationSettings.open', timeZone: 'UTC' });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.errorMessage).toMatch(/unreadable/);
    expect(actor.getSnapshot().context.draft).toBeNull();
  });

  it('keeps the pick after a failed save and retries the same body', async () => {
    const { actor, saveInputs } = start({ fetch: [async () => stored], save: [fail('frequency must be instant, hourly or daily'), async (body) => body] });
    actor.send({ type: 'notificationSettings.open', timeZone: 'Asia/Tokyo' });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'notificationSettings.select', frequency: 'instant' });
    actor.send({ type: 'notificationSettings.save' });
    await waitFor(actor, (s) => s.matches('saveFailed'));
    expect(actor.getSnapshot().context.errorMessage).toBe('frequency must be instant, hourly or daily');
    expect(actor.getSnapshot().context.draft).toBe('instant');
    actor.send({ type: 'notificationSettings.retry' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(saveInputs).toHaveLength(2);
    expect(saveInputs[1]).toEqual(saveInputs[0]);
  });

  it('a new pick after a failed save goes back to editing; closing discards the pick', async () => {
    const { actor } = start({ fetch: [async () => stored, async () => stored], save: [fail('nope')] });
    actor.send({ type: 'notificationSettings.open', timeZone: 'UTC' });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'notificationSettings.save' });
    await waitFor(actor, (s) => s.matches('saveFailed'));
    actor.send({ type: 'notificationSettings.select', frequency: 'daily' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
    actor.send({ type: 'notificationSettings.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    // Opening again reads the stored value afresh.
    actor.send({ type: 'notificationSettings.open', timeZone: 'UTC' });
    expect(actor.getSnapshot().context.draft).toBeNull();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.draft).toBe('hourly');
  });

  it('ignores close while saving, so the answer is not lost', async () => {
    let resolve: (value: unknown) => void = () => {};
    const { actor } = start({ fetch: [async () => stored], save: [() => new Promise((r) => (resolve = r))] });
    actor.send({ type: 'notificationSettings.open', timeZone: 'UTC' });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'notificationSettings.save' });
    actor.send({ type: 'notificationSettings.close' });
    expect(actor.getSnapshot().value).toBe('saving');
    resolve(stored);
    await waitFor(actor, (s) => s.matches('closed'));
  });
});

describe('notification settings after sign-out', () => {
  it('a reset closes the dialog from any state and forgets the last values', async () => {
    const actor = createActor(notificationSettingsMachine.provide({ actors: { fetchPreference: fromPromise<unknown, { type: string }>(async () => stored) } })).start();
    actor.send({ type: 'notificationSettings.open', timeZone: 'Europe/Paris' });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'notificationSettings.reset' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context).toMatchObject({ stored: null, draft: null, errorMessage: null });
  });
});
