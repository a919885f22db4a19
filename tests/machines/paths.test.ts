/**
 * Generated shortest-path tests for every machine in the registry, with no per-machine code:
 * each path is driven on a fresh actor (inert adapters; adapter outcomes and delays arrive as events)
 * and must reach the same state after every step as the generator predicted.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { registry } from '../../machines/index.ts';
import { coverageLine, coverageOf, drivePath, generatePaths } from '../../tools/pathGen.ts';

const lines: string[] = [];

for (const entry of registry) {
  describe(`${entry.name} machine: generated shortest paths`, () => {
    const paths = generatePaths(entry);

    it('reaches every state of the definition', () => {
      const coverage = coverageOf(entry, paths);
      lines.push(coverageLine(entry.name, coverage));
      expect(coverage.states.missing).toEqual([]);
      expect(paths.length).toBeGreaterThan(0);
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
