import { describe, expect, it } from 'vitest';
import { graphOf } from '../../charts/graph.ts';
import { definitionHashes, registry } from '../../machines/index.ts';
import { transitionIds } from '../../tools/pathGen.ts';

describe('charts of the registry', () => {
  it.each(registry.map((entry) => [entry.name, entry] as const))('%s: the chart names its transitions as the path generator does', (_name, entry) => {
    const graph = graphOf(entry.machine);
    expect(new Set(graph.transitions.map((t) => t.id))).toEqual(new Set(transitionIds(entry.machine).values()));
  });

  it('definition hashes stay a pure function of the definitions', () => {
    expect(definitionHashes()).toEqual(definitionHashes());
    const translation = registry.find((e) => e.name === 'translation')!;
    const provided = translation.machine.provide({});
    expect(graphOf(provided)).toEqual(graphOf(translation.machine));
  });

  it('the translation machine draws its after delays with their ms', () => {
    const after = graphOf(registry.find((e) => e.name === 'translation')!.machine).transitions.filter((t) => t.kind === 'after');
    expect(after.map((t) => t.trigger).sort()).toEqual(['after duplicateNavigateIgnore (300 ms)', 'after searchDefer (0 ms)'].sort());
  });
});
