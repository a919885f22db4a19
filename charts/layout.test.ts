import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { graphOf } from './graph.ts';
import { layoutGraph, layoutKey, layoutMachine, prepare } from './layout.ts';
import { chartSvg } from './svg.ts';

const machine = setup({ guards: { ok: () => true } }).createMachine({
  id: 'lamp',
  initial: 'off',
  states: {
    off: { on: { toggle: { target: 'on', guard: 'ok' } } },
    on: {
      initial: 'dim',
      on: { toggle: 'off' },
      states: { dim: { on: { brighter: 'bright' } }, bright: { on: { dimmer: 'dim' } } },
    },
  },
});

const inside = (outer: { x: number; y: number; width: number; height: number }, inner: { x: number; y: number; width: number; height: number }) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;

describe('layout', () => {
  it('places children inside their compound state and routes every edge between its ends', async () => {
    const layout = await layoutGraph(graphOf(machine));
    const byId = new Map(layout.nodes.map((n) => [n.id, n]));
    expect(inside(byId.get('lamp.on')!, byId.get('lamp.on.dim')!)).toBe(true);
    expect(inside(byId.get('lamp.on')!, byId.get('lamp.on.bright')!)).toBe(true);
    expect(layout.edges).toHaveLength(4);
    for (const edge of layout.edges) {
      const near = (p: { x: number; y: number }, id: string) => {
        const n = byId.get(id)!;
        return p.x >= n.x - 1 && p.x <= n.x + n.width + 1 && p.y >= n.y - 1 && p.y <= n.y + n.height + 1;
      };
      expect(near(edge.points[0]!, edge.source), `${edge.id} starts on ${edge.source}`).toBe(true);
      expect(near(edge.points.at(-1)!, edge.target), `${edge.id} ends on ${edge.target}`).toBe(true);
    }
    const label = layout.edges.find((e) => e.id === 'lamp.off —toggle→')!.label;
    expect(label.lines).toEqual(['toggle', '[ok]']);
  });

  it('is a pure function of the graph and the view', async () => {
    const a = await layoutGraph(graphOf(machine), { collapsed: new Set(['lamp.on']) });
    const b = await layoutGraph(graphOf(machine), { collapsed: new Set(['lamp.on']) });
    expect(a).toEqual(b);
    expect(a.nodes.map((n) => n.id)).toEqual(['lamp', 'lamp.off', 'lamp.on']);
    expect(a.nodes.find((n) => n.id === 'lamp.on')).toMatchObject({ collapsed: true, hiddenCount: 2 });
  });

  it('is cached by definition hash and view: the same definition gives the same promise, collapsing another', () => {
    const copy = machine.provide({});
    expect(prepare(copy).hash).toBe(prepare(machine).hash);
    expect(layoutMachine(copy)).toBe(layoutMachine(machine));
    expect(layoutMachine(machine, { collapsed: new Set(['lamp.on']) })).not.toBe(layoutMachine(machine));
    expect(layoutKey('h', { collapsed: new Set(['b', 'a']) })).toBe(layoutKey('h', { collapsed: new Set(['a', 'b']) }));
  });

  it('writes a standalone SVG naming every state', async () => {
    const svg = chartSvg(await layoutMachine(machine), 'lamp <demo>');
    expect(svg).toMatch(/^<\?xml[^>]*>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    for (const name of ['lamp', 'off', 'on', 'dim', 'bright']) expect(svg).toContain(`>${name}</text>`);
    expect(svg).toContain('lamp &lt;demo&gt;');
  });
});
