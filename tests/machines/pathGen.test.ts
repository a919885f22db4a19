/**
 * The path generator on a machine outside the registry (tests/fixtures/machines/doorMachine.ts: invoke, spawn, after,
 * always, parallel and history states, guards on numbers and on payloads), from its definition and its sibling cases.
 */
import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import { registryEntry } from '../../machines/index.ts';
import { doorMachine } from '../fixtures/machines/doorMachine.ts';
import { cases, input } from '../fixtures/machines/doorMachine.paths.ts';
import { coverageProblems, drivePath, searchPaths, transitionIds, type PathEntry } from '../../tools/pathGen.ts';

const entry: PathEntry = { name: 'door', machine: doorMachine, cases, input };

describe('path generation from a definition alone', () => {
  const { paths, coverage } = searchPaths(entry);

  it('reaches every state and takes every transition: always, after, invoke done/error, the history target', () => {
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    const ids = [...transitionIds(doorMachine).values()];
    expect(ids).toContain('door.power.on.checking —(always)#1→');
    expect(ids).toContain('door.power.on.checking —(always)#2→');
    expect(coverage.transitions.total).toBe(new Set(ids).size);
    // Transient and history: "checking" is left in the same step it is entered; "remembered" is a target, not a state.
    expect(coverage.states.total).toBe(12);
  });

  it('sees every guard false at least once (the wrong code, fewer than three attempts)', () => {
    expect(coverage.guards).toMatchObject({ seenFalse: 2, total: 2, neverFalse: [] });
  });

  it('keeps numbers: the third wrong code locks the door out', () => {
    const lockedOut = paths.find((p) => JSON.stringify(p.target).includes('lockedOut'))!;
    expect(lockedOut.events.filter((e) => e.type === 'enter')).toHaveLength(3);
  });

  it('drives every path to the states it predicted', () => {
    for (const path of paths) {
      const run = drivePath(entry, path);
      expect(run.values).toEqual(path.stepValues);
    }
  });

  it('stops at its step budget and says so, with what it did not reach', () => {
    const small = searchPaths(entry, { maxSteps: 20 });
    expect(small.coverage.stoppedBy).toBe('steps');
    expect(small.coverage.transitions.missing.length).toBeGreaterThan(0);
  });

  it('does not count a transition listed as unreachable as missing', () => {
    const listed = searchPaths({ ...entry, cases: {}, unreachable: { 'door.power.on.locked —enter#1→': 'needs the right code' } }, { maxSteps: 5_000 });
    expect(listed.coverage.transitions.unreachable).toEqual(['door.power.on.locked —enter#1→']);
    expect(listed.coverage.transitions.missing).not.toContain('door.power.on.locked —enter#1→');
  });

  it('the gate: passes a full coverage, fails on a transition not taken unless listed, and on a stale or bad list', () => {
    expect(coverageProblems(entry, coverage)).toEqual([]);
    // Without the right code the door never unlocks: the gate names what is missing.
    const wrongCodeOnly = { ...entry, cases: { enter: [{ code: '0000' }] } };
    const missed = searchPaths(wrongCodeOnly);
    expect(coverageProblems(wrongCodeOnly, missed.coverage)).toContain('door: transition door.power.on.locked —enter#1→ is never taken and not listed as unreachable');
    // Listed with its reason, the same transition passes.
    const listed = { ...wrongCodeOnly, unreachable: { 'door.power.on.locked —enter#1→': 'Only the wrong code is ever typed here.' } };
    const problems = coverageProblems(listed, searchPaths(listed).coverage);
    expect(problems.filter((p) => p.includes('locked —enter#1→'))).toEqual([]);
    // A listed transition the search takes is stale; a listed id that is no transition, or has no reason, is wrong.
    const stale = { ...entry, unreachable: { 'door.power.on.locked —enter#1→': 'Only the wrong code is ever typed here.', 'door.nowhere —fly→': 'No such thing.', 'door.light.dark —lightToggle→': '' } };
    expect(coverageProblems(stale, searchPaths(stale).coverage)).toEqual([
      'door: door.power.on.locked —enter#1→ is listed as unreachable but was taken: take it off the list',
      'door: door.nowhere —fly→ is listed as unreachable but is no transition of the machine',
      'door: door.light.dark —lightToggle→ is listed as unreachable but was taken: take it off the list',
      'door: door.light.dark —lightToggle→ is listed as unreachable without a sentence saying why',
    ]);
  });
});

describe('path generation on contexts that are large or grow', () => {
  // One member of a large record changes: a key by the record's size alone would take the two snapshots for one.
  const notes = setup({
    types: { context: {} as { doc: { text: string; mode: 'read' | 'edit' }; log: string[] }, events: {} as { type: 'edit' } | { type: 'save' } | { type: 'note' } },
  }).createMachine({
    id: 'notes',
    context: { doc: { text: 'word '.repeat(200), mode: 'read' }, log: [] },
    initial: 'open',
    states: {
      open: {
        on: {
          edit: { actions: assign({ doc: ({ context }) => ({ ...context.doc, mode: 'edit' as const }) }) },
          save: { guard: ({ context }) => context.doc.mode === 'edit', target: 'saved' },
          // A queue that grows: the third note fills it.
          note: [{ guard: ({ context }) => context.log.length >= 2, target: 'full' }, { actions: assign({ log: ({ context }) => [...context.log, 'n'] }) }],
        },
      },
      saved: {},
      full: {},
    },
  });
  const entry: PathEntry = { name: 'notes', machine: notes, cases: {} };

  it('tells a large record apart by any member and follows a growing list', () => {
    const { coverage } = searchPaths(entry);
    expect(coverage.transitions.missing).toEqual([]);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.stoppedBy).toBeUndefined();
  });

  it('starts from every input: the delaySave attachment is uploaded after its PUT', () => {
    const attachment = registryEntry('commentAttachment')!;
    const { paths } = searchPaths(attachment);
    const delayed = paths.filter((p) => p.inputIndex === 1);
    expect(delayed.some((p) => JSON.stringify(p.target) === '"uploaded"' && p.events.at(-1)?.type === 'file.putDone')).toBe(true);
    for (const path of delayed) expect(drivePath(attachment, path).final.value).toEqual(path.target);
  });

  it('gives the same paths every time (no clock decides)', () => {
    const item = registryEntry('item')!;
    expect(JSON.stringify(searchPaths(item).paths)).toBe(JSON.stringify(searchPaths(item).paths));
  });
});
