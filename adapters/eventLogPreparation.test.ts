import { describe, expect, it } from 'vitest';
import { LogEncoder, withLogSource } from '../domain/logCodec.ts';
import { EncodingPreparation } from './eventLogPreparation.ts';

/** A value shaped like a checkpoint of a translation system: shared segments, Maps, Sets, large lists, secrets, a source. */
function checkpointLike() {
  const segments = Array.from({ length: 3_000 }, (_, i) => ({ key: `s${i}`, source: `Source text number ${i}`, target: { parts: [{ text: `Cible ${i}` }] }, meta: { timedText: i % 7 === 0 } }));
  const model = { product: 'storyline', segments, segmentsByKey: new Map(segments.map((segment) => [segment.key, segment])), groups: new Set(['g1', 'g2']) };
  const file = withLogSource({ version: 2, rows: [1, 2, 3] }, '{"version":2,"rows":[1,2,3]}');
  return {
    value: 'active',
    context: { model, editing: { key: 's1', value: 'x' }, changes: {}, session: { accessToken: 'secret-token' }, when: new Date(0), file },
    children: { translation: { snapshot: { context: { model } } } },
  };
}

/** Steps a preparation to its end; how many steps it took. */
function prepareAll(preparation: EncodingPreparation): number {
  let steps = 1;
  while (!preparation.step()) steps++;
  return steps;
}

describe('a checkpoint encoded ahead in steps', () => {
  it('encodes to exactly what one encoding at once gives, payloads included', () => {
    const value = checkpointLike();
    const atOnce = new LogEncoder().encode(value);
    const encoder = new LogEncoder();
    const steps = prepareAll(new EncodingPreparation(encoder, value));
    expect(steps).toBeGreaterThan(10);
    const ahead = encoder.encode(value);
    expect(ahead.value).toEqual(atOnce.value);
    expect(ahead.refs.map((ref) => ref.id)).toEqual(atOnce.refs.map((ref) => ref.id));
    expect(JSON.stringify(ahead.value)).not.toContain('secret-token');
  });

  it('leaves a value with a cycle to the encoding itself, which marks the cycle where it closes', () => {
    const node: Record<string, unknown> = { name: 'a', list: [{ n: 1 }, { n: 2 }] };
    node.self = { back: node };
    const value = { root: node, other: { n: 3 } };
    const atOnce = new LogEncoder().encode(value);
    const encoder = new LogEncoder();
    prepareAll(new EncodingPreparation(encoder, value));
    expect(encoder.encode(value).value).toEqual(atOnce.value);
  });

  it('is over at once for a value with nothing inside to encode', () => {
    expect(new EncodingPreparation(new LogEncoder(), 'text').step()).toBe(true);
    expect(new EncodingPreparation(new LogEncoder(), new Date(0)).step()).toBe(true);
  });
});
