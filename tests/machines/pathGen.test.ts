/**
 * The path generator on a machine outside the registry (tests/fixtures/machines/doorMachine.ts: invoke, spawn, after,
 * always, parallel and history states, guards on numbers and on payloads), from its definition and its sibling cases.
 */
import { describe, expect, it } from 'vitest';
import { doorMachine } from '../fixtures/machines/doorMachine.ts';
import { cases, input } from '../fixtures/machines/doorMachine.paths.ts';
import { drivePath, searchPaths, transitionIds, type PathEntry } from '../../tools/pathGen.ts';

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
});
