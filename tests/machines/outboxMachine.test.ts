import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { OutboxEntry } from '../../domain/notifications.ts';
import { outboxMachine } from '../../machines/session/outboxMachine.ts';
import { controlled, settle } from './contentFixtures.ts';

const entry = (id: string, over: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id,
  recipientId: 'u-sam',
  recipientEmail: 'sam@example.com',
  itemId: 'item-1',
  itemTitle: 'Intro course',
  commentId: 'c1',
  kind: 'mention',
  level: 'mine',
  frequency: 'daily',
  actor: 'Alex Admin',
  excerpt: 'Have a look, @Sam',
  link: 'http://localhost/review/content/item-1/review',
  createdAt: '2026-11-21T10:00:00.000Z',
  deliveredAt: null,
  deliverAt: '2026-11-22T08:00:00.000Z',
  ...over,
});
const httpError = (status: number, message: string) => Object.assign(new Error(message), { name: 'HttpError', status });

function start() {
  const fetch = controlled<{ itemId: string | null }>();
  const actor = createActor(outboxMachine.provide({ actors: { fetchOutbox: fetch.logic as never } })).start();
  return { actor, fetch };
}

describe('sandbox outbox (issue 6)', () => {
  it('reads the outbox when the page opens, for one item when filtered, and drops malformed entries', async () => {
    const { actor, fetch } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'outbox.open', itemId: '  item-1 ' });
    expect(fetch.calls.map((c) => c.input)).toEqual([{ itemId: 'item-1' }]);
    fetch.calls[0]!.resolve({ entries: [entry('o1'), { ...entry('o2'), kind: 'shout' }, entry('o3', { frequency: 'instant' })] });
    await settle();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.entries.map((e) => e.id)).toEqual(['o1', 'o3']);
    actor.send({ type: 'outbox.open', itemId: '' });
    expect(fetch.calls[1]!.input).toEqual({ itemId: null });
  });

  it('keeps when each entry was delivered; an entry without it reads as not delivered, a malformed one is dropped', async () => {
    const { actor, fetch } = start();
    actor.send({ type: 'outbox.open', itemId: null });
    const { deliveredAt: _none, ...older } = entry('o3');
    fetch.calls[0]!.resolve({ entries: [entry('o1', { deliveredAt: '2026-11-22T08:00:05.000Z' }), { ...entry('o2'), deliveredAt: 5 }, older] });
    await settle();
    expect(actor.getSnapshot().context.entries.map((e) => [e.id, e.deliveredAt])).toEqual([
      ['o1', '2026-11-22T08:00:05.000Z'],
      ['o3', null],
    ]);
  });

  it('keeps the table while refreshing, then shows the new entries', async () => {
    const { actor, fetch } = start();
    actor.send({ type: 'outbox.open', itemId: null });
    fetch.calls[0]!.resolve({ entries: [entry('o1')] });
    await settle();
    actor.send({ type: 'outbox.refresh' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.entries).toHaveLength(1);
    fetch.calls[1]!.resolve({ entries: [entry('o2'), entry('o1')] });
    await settle();
    expect(actor.getSnapshot().context.entries.map((e) => e.id)).toEqual(['o2', 'o1']);
  });

  it('says when only staff may read it, and reads again on refresh', async () => {
    const { actor, fetch } = start();
    actor.send({ type: 'outbox.open', itemId: null });
    fetch.calls[0]!.reject(httpError(403, 'Staff only.'));
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'forbidden', message: 'Staff only.' });
    actor.send({ type: 'outbox.refresh' });
    fetch.calls[1]!.resolve({ entries: [] });
    await settle();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
