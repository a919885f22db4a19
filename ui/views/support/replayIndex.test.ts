import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { registry, type RegistryEntry } from '../../../machines/index.ts';
import { acceptsValue, activeStateIds, resolveActorMachines } from './actorMachines.ts';
import { buildIndex, divergencesByEntry, entryLabel, formatValue, nextEventOf, previousEventOf, statesAt } from './replayIndex.ts';
import type { ActorState, ViewerDivergence, ViewerEntry } from './replayTypes.ts';

const event = (t: number, target: string, type: string): ViewerEntry => ({ k: 'event', t, target, source: null, origin: 'external', event: { type } });
const snapshot = (t: number, actor: string, value: unknown, ctx: Record<string, string> = {}, gone?: string[]): ViewerEntry => ({
  k: 'snapshot',
  t,
  actor,
  value,
  ctx,
  status: 'active',
  ...(gone ? { gone } : {}),
});

/** A long log: three actors changing in turn, a checkpoint in the middle. */
function longLog(count: number): ViewerEntry[] {
  const entries: ViewerEntry[] = [];
  for (let i = 0; entries.length < count; i++) {
    const actor = `app/a${i % 3}`;
    entries.push(event(i, actor, `step.${i}`));
    entries.push(snapshot(i, actor, { region: `s${i}` }, { [`k${i % 5}`]: `h${i}` }, i % 7 === 0 && i > 0 ? [`k${(i + 1) % 5}`] : undefined));
    if (i === 4_000) entries.push({ k: 'checkpoint', t: i, states: { 'app/a0': { value: 'fromCheckpoint', ctx: { c: '1' }, status: 'active' } } });
  }
  return entries.slice(0, count);
}

/** The states after `cursor`, applying every entry from the start (what the index must equal). */
function naiveStates(entries: ViewerEntry[], cursor: number): Map<string, ActorState> {
  const states = new Map<string, ActorState>();
  for (const entry of entries.slice(0, cursor + 1)) {
    if (entry.k === 'snapshot') {
      const ctx = { ...states.get(entry.actor)?.ctx, ...entry.ctx };
      for (const key of entry.gone ?? []) delete ctx[key];
      states.set(entry.actor, { value: entry.value, ctx, status: entry.status });
    } else if (entry.k === 'checkpoint') for (const [actor, state] of Object.entries(entry.states)) states.set(actor, state);
  }
  return states;
}

describe('timeline index and seek', () => {
  const entries = longLog(20_000);
  const index = buildIndex(entries, 256);

  it('keeps a mark every 256 entries and lists every actor once, sorted', () => {
    expect(index.marks).toHaveLength(Math.ceil(20_000 / 256));
    expect(index.actors).toEqual(['app/a0', 'app/a1', 'app/a2']);
  });

  it('gives, at any cursor, the same states as applying every entry from the start (context deltas, gone keys, checkpoints)', () => {
    // An odd spacing too, so that marks fall on snapshots as well as on events.
    const odd = buildIndex(entries, 97);
    for (const cursor of [0, 1, 96, 97, 98, 255, 256, 257, 511, 8_000, 8_003, 8_010, 12_345, 19_999]) {
      const expected = Object.fromEntries(naiveStates(entries, cursor));
      expect(Object.fromEntries(statesAt(entries, index, cursor))).toEqual(expected);
      expect(Object.fromEntries(statesAt(entries, odd, cursor))).toEqual(expected);
    }
  });

  it('reads the checkpoint’s state for an actor until its next snapshot', () => {
    const at = entries.findIndex((e) => e.k === 'checkpoint');
    expect(statesAt(entries, index, at).get('app/a0')!.value).toBe('fromCheckpoint');
    expect(statesAt(entries, index, at - 1).get('app/a0')!.value).not.toBe('fromCheckpoint');
  });

  it('is empty before the first entry and clamps past the last', () => {
    expect(statesAt(entries, index, -1).size).toBe(0);
    expect(statesAt(entries, index, 99_999)).toEqual(statesAt(entries, index, 19_999));
  });

  it('never mutates the index while seeking back and forth', () => {
    const before = JSON.stringify(index.marks.map((mark) => Object.fromEntries(mark)));
    statesAt(entries, index, 19_999);
    statesAt(entries, index, 300);
    expect(JSON.stringify(index.marks.map((mark) => Object.fromEntries(mark)))).toBe(before);
  });

  it('finds the next and previous event of one actor', () => {
    expect(nextEventOf(entries, 0, 'app/a1')).toBe(2);
    expect(nextEventOf(entries, 2, 'app/a1')).toBe(8);
    expect(previousEventOf(entries, 8, 'app/a1')).toBe(2);
    expect(previousEventOf(entries, 2, 'app/a1')).toBeNull();
    expect(nextEventOf(entries, 19_999, 'app/a1')).toBeNull();
  });
});

describe('timeline text', () => {
  it('writes state values as paths, parallel regions in parentheses', () => {
    expect(formatValue('idle')).toBe('idle');
    expect(formatValue({ loggedIn: { account: 'ready' } })).toBe('loggedIn.account.ready');
    expect(formatValue({ changes: 'idle', list: 'ready' })).toBe('(changes.idle, list.ready)');
  });

  it('labels events by type, snapshots by state, checkpoints by actor count', () => {
    expect(entryLabel(event(0, 'app', 'folder.create'))).toBe('folder.create');
    expect(entryLabel(snapshot(0, 'app/grid', { page: 'ready' }))).toBe('→ page.ready');
    expect(entryLabel({ k: 'checkpoint', t: 0, states: { a: { value: 'x', ctx: {}, status: 'active' } } })).toBe('checkpoint (1 actors)');
  });

  it('puts divergences on the entry they start at (the start on the first entry)', () => {
    const d = (index: number): ViewerDivergence => ({ index, eventType: 'x', actor: 'app/a', expected: null, actual: null, keys: [], until: null, steps: 1 });
    const byEntry = divergencesByEntry([d(-1), d(5), d(5)]);
    expect(byEntry.get(0)).toHaveLength(1);
    expect(byEntry.get(5)).toHaveLength(2);
  });
});

describe('which machine an actor runs', () => {
  const byName = (name: string) => registry.find((entry) => entry.name === name)!;

  it('finds systemId children, invoked children by invoke id and spawned children by the value their parent’s machines accept', () => {
    const paths = ['app', 'app/session', 'app/session/userSocket', 'app/itemSocket', 'app/toasts/toast-3', 'app/comments/composer-new', 'app/comments/composer-new/editor', 'app/grid/fetchItems'];
    const values = new Map<string, unknown>([
      ['app/toasts/toast-3', 'running'],
      ['app/comments/composer-new', 'idle'],
      ['app/comments/composer-new/editor', { draft: 'empty', focus: 'blurred', popup: 'closed' }],
    ]);
    const resolved = resolveActorMachines(paths, values, registry);
    const names = Object.fromEntries(paths.map((path) => [path, resolved.get(path)?.name ?? null]));
    expect(names).toEqual({
      app: 'app',
      'app/session': 'session',
      'app/session/userSocket': 'socket',
      'app/itemSocket': 'socket',
      'app/toasts/toast-3': 'toastTimer',
      'app/comments/composer-new': 'commentPosting',
      'app/comments/composer-new/editor': 'commentEditor',
      'app/grid/fetchItems': null,
    });
  });

  it('marks the active state nodes of a value, parallel regions included', () => {
    const active = activeStateIds(byName('folders').machine, { changes: 'idle', list: 'ready' });
    expect([...active].sort()).toEqual(['folders', 'folders.changes', 'folders.changes.idle', 'folders.list', 'folders.list.ready']);
  });

  it('accepts only values made of the machine’s own states', () => {
    const machine = createMachine({ id: 'm', initial: 'a', states: { a: { initial: 'x', states: { x: {} } }, b: {} } });
    expect(acceptsValue(machine.root, 'a')).toBe(true);
    expect(acceptsValue(machine.root, { a: 'x' })).toBe(true);
    expect(acceptsValue(machine.root, { a: 'y' })).toBe(false);
    expect(acceptsValue(machine.root, 'c')).toBe(false);
  });

  it('says null for an actor whose parent is unknown and whose name is in no registry entry', () => {
    const tiny: RegistryEntry[] = [{ name: 'root', machine: createMachine({ id: 'root' }), description: '', cases: {} }];
    expect(resolveActorMachines(['root', 'root/child'], new Map(), tiny, 'root').get('root/child')).toBeNull();
  });
});
