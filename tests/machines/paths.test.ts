/**
 * Generated shortest-path tests for every machine in the registry, with no per-machine code: each path is driven on a
 * fresh actor (inert adapters; adapter outcomes and delays arrive as events) and must reach the same state after every
 * step as the generator predicted. The gate: every state is reached, and every transition (`always` ones included) is
 * taken unless the machine's entry lists it as unreachable with its reason. The search's budget is counted in steps,
 * not time, so the result is the same on any machine.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { registry } from '../../machines/index.ts';
import { coverageLine, coverageProblems, drivePath, searchPaths } from '../../tools/pathGen.ts';

const lines: string[] = [];

for (const entry of registry) {
  describe(`${entry.name} machine: generated shortest paths`, () => {
    const { paths, coverage } = searchPaths(entry, { budgetMs: Number.POSITIVE_INFINITY });
    lines.push(coverageLine(entry.name, coverage));

    it('reaches every state of the definition', () => {
      expect(coverage.states.missing).toEqual([]);
      expect(paths.length).toBeGreaterThan(0);
    });

    it('takes every transition, always ones included, but those listed unreachable (each with its reason, none taken)', () => {
      expect(coverageProblems(entry, coverage)).toEqual([]);
    });

    for (const path of paths) {
      it(path.description, () => {
        const run = drivePath(entry, path);
        expect(run.values).toEqual(path.stepValues);
        expect(run.final.value).toEqual(path.target);
      });
    }
  });
}

afterAll(() => {
  console.log(`Path coverage\n${lines.map((l) => `  ${l}`).join('\n')}`);
});
