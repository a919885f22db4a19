import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { NotificationLevel } from '../../domain/comments.ts';
import { itemNotificationsMachine, shownLevelOf } from '../../machines/items/itemNotificationsMachine.ts';
import { controlled, refusal, settle } from './contentFixtures.ts';

const answer = (level: NotificationLevel) => ({ subscription: { itemId: 'item-1', level, userId: 'u-sam' } });

function start() {
  const find = controlled<{ itemId: string }>();
  const upsert = controlled<{ itemId: string; level: NotificationLevel }>();
  const errors: string[] = [];
  const actor = createActor(
    itemNotificationsMachine.provide({
      actors: { findSubscription: find.logic as never, upsertSubscription: upsert.logic as never },
      actions: { reportError: (_, params) => void errors.push(params.message) },
    }),
  ).start();
  const state = () => actor.getSnapshot().value;
  return { actor, find, upsert, errors, state };
}

describe('per-item notification level (§3, §7, §9)', () => {
  it('reads the caller’s level for the item when the popover opens', async () => {
    const { actor, find, state } = start();
    expect(state()).toBe('closed');
    actor.send({ type: 'itemNotifications.open', itemId: 'item-1' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(find.calls.map((c) => c.input)).toEqual([{ itemId: 'item-1' }]);
    find.calls[0]!.resolve(answer('mine'));
    await settle();
    expect(state()).toBe('ready');
    expect(actor.getSnapshot().context.level).toBe('mine');
  });

  it('saves a chosen level, showing it as chosen while it is on the wire', async () => {
    const { actor, find, upsert, state } = start();
    actor.send({ type: 'itemNotifications.open', itemId: 'item-1' });
    find.calls[0]!.resolve(answer('mine'));
    await settle();
    actor.send({ type: 'itemNotifications.select', level: 'mine' });
    expect(upsert.calls).toHaveLength(0);
    actor.send({ type: 'itemNotifications.select', level: 'mute' });
    expect(state()).toBe('saving');
    expect(shownLevelOf(actor.getSnapshot().context)).toBe('mute');
    expect(upsert.calls.map((c) => c.input)).toEqual([{ itemId: 'item-1', level: 'mute' }]);
    upsert.calls[0]!.resolve(answer('mute'));
    await settle();
    expect(state()).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ level: 'mute', pending: null });
  });

  it('keeps the stored level when a save fails, and retries the chosen one', async () => {
    const { actor, find, upsert, errors, state } = start();
    actor.send({ type: 'itemNotifications.open', itemId: 'item-1' });
    find.calls[0]!.resolve(answer('mine'));
    await settle();
    actor.send({ type: 'itemNotifications.select', level: 'all' });
    upsert.calls[0]!.reject(refusal('serverError', 'item.subscriptionUpsert timed out after 30000 ms.'));
    await settle();
    expect(state()).toBe('saveError');
    expect(actor.getSnapshot().context).toMatchObject({ level: 'mine', pending: 'all', errorMessage: 'item.subscriptionUpsert timed out after 30000 ms.' });
    expect(errors).toHaveLength(1);
    actor.send({ type: 'itemNotifications.retry' });
    expect(upsert.calls.map((c) => c.input.level)).toEqual(['all', 'all']);
    upsert.calls[1]!.resolve(answer('all'));
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ level: 'all', pending: null, errorMessage: null });
  });

  it('shows a failed or unreadable read with a retry that reads again', async () => {
    const { actor, find, state } = start();
    actor.send({ type: 'itemNotifications.open', itemId: 'item-1' });
    find.calls[0]!.reject(refusal('accessDenied', 'Private item.'));
    await settle();
    expect(state()).toBe('loadError');
    expect(actor.getSnapshot().context.errorMessage).toBe('Private item.');
    actor.send({ type: 'itemNotifications.retry' });
    find.calls[1]!.resolve({ subscription: { level: 'loud' } });
    await settle();
    expect(state()).toBe('loadError');
    actor.send({ type: 'itemNotifications.retry' });
    find.calls[2]!.resolve(answer('all'));
    await settle();
    expect(state()).toBe('ready');
    expect(actor.getSnapshot().context.level).toBe('all');
  });

  it('forgets everything when closed', async () => {
    const { actor, find, state } = start();
    actor.send({ type: 'itemNotifications.open', itemId: 'item-1' });
    find.calls[0]!.resolve(answer('all'));
    await settle();
    actor.send({ type: 'itemNotifications.close' });
    expect(state()).toBe('closed');
    expect(actor.getSnapshot().context).toEqual({ itemId: null, level: null, pending: null, errorMessage: null });
  });
});
