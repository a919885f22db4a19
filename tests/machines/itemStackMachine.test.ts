import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { TranslationStackResponse } from '../../domain/translation.ts';
import { itemStackMachine, stackOf } from '../../machines/items/itemStackMachine.ts';
import { controlled, settle } from './contentFixtures.ts';

const STACK: TranslationStackResponse = {
  stackId: 'st1',
  title: 'Onboarding course',
  sourceLocale: 'en',
  entries: [
    { itemId: 'i-en', title: 'Onboarding course (English)', locale: 'en', role: 'source', progress: null },
    { itemId: 'i-fr', title: 'Onboarding course (French)', locale: 'fr', role: 'target', progress: { complete: 1, total: 6 } },
  ],
};
const httpError = (status: number, message: string) => Object.assign(new Error(message), { name: 'HttpError', status });

function start() {
  const fetches = controlled<{ itemId: string; pass: string | null }>();
  const reported: string[] = [];
  const actor = createActor(
    itemStackMachine.provide({ actors: { fetchItemStack: fetches.logic as never }, actions: { reportError: (_, params) => void reported.push(params.message) } }),
  ).start();
  return { actor, fetches: fetches.calls, reported };
}

describe('item stack machine (review-and-content §2 stack title, §3 showItemStacksSidebar; translation-editor §2 stack sidebar)', () => {
  it('reads the stack of the open member: its title and members, for that item only', async () => {
    const t = start();
    expect(t.actor.getSnapshot().value).toBe('closed');
    t.actor.send({ type: 'itemStack.open', itemId: 'i-en', pass: 'pw' });
    expect(t.fetches[0]!.input).toEqual({ itemId: 'i-en', pass: 'pw' });
    t.fetches[0]!.resolve(STACK);
    await settle();
    expect(t.actor.getSnapshot().matches({ open: 'loaded' })).toBe(true);
    expect(stackOf(t.actor.getSnapshot().context, 'i-en')?.title).toBe('Onboarding course');
    expect(stackOf(t.actor.getSnapshot().context, 'i-other')).toBeNull();
    // The same item and password again: nothing is read again.
    t.actor.send({ type: 'itemStack.open', itemId: 'i-en', pass: 'pw' });
    expect(t.fetches).toHaveLength(1);
  });

  it('keeps the sidebar while another member of the same stack is read, and drops it for an item of another stack', async () => {
    const t = start();
    t.actor.send({ type: 'itemStack.open', itemId: 'i-en', pass: null });
    t.fetches[0]!.resolve(STACK);
    await settle();
    t.actor.send({ type: 'itemStack.open', itemId: 'i-fr', pass: null });
    expect(t.actor.getSnapshot().matches({ open: 'loading' })).toBe(true);
    expect(stackOf(t.actor.getSnapshot().context, 'i-fr')?.stackId).toBe('st1');
    expect(t.fetches[1]!.input.itemId).toBe('i-fr');
    t.actor.send({ type: 'itemStack.open', itemId: 'i-elsewhere', pass: null });
    expect(stackOf(t.actor.getSnapshot().context, 'i-elsewhere')).toBeNull();
  });

  it('an item in no stack (404) or an unreadable answer shows no sidebar; another failure offers Try again', async () => {
    const t = start();
    t.actor.send({ type: 'itemStack.open', itemId: 'i-x', pass: null });
    t.fetches[0]!.reject(httpError(404, 'This item is not part of a translation stack.'));
    await settle();
    expect(t.actor.getSnapshot().matches({ open: 'none' })).toBe(true);
    expect(t.reported).toEqual([]);

    t.actor.send({ type: 'itemStack.open', itemId: 'i-y', pass: null });
    t.fetches[1]!.resolve({ stackId: 'st1', entries: 'not a list' });
    await settle();
    expect(t.actor.getSnapshot().matches({ open: 'none' })).toBe(true);

    t.actor.send({ type: 'itemStack.open', itemId: 'i-en', pass: null });
    t.fetches[2]!.reject(httpError(500, 'Database down'));
    await settle();
    expect(t.actor.getSnapshot().matches({ open: 'failed' })).toBe(true);
    expect(t.reported).toHaveLength(2);
    t.actor.send({ type: 'itemStack.retry' });
    t.fetches[3]!.resolve(STACK);
    await settle();
    expect(stackOf(t.actor.getSnapshot().context, 'i-en')?.entries).toHaveLength(2);

    t.actor.send({ type: 'itemStack.close' });
    expect(t.actor.getSnapshot().value).toBe('closed');
    expect(stackOf(t.actor.getSnapshot().context, 'i-en')).toBeNull();
  });
});
