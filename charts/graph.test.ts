import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { graphOf, visibleGraph, eventsOf } from './graph.ts';

/** A small machine with every feature a chart draws. */
const machine = setup({
  types: { context: {} as { n: number }, events: {} as { type: 'go' } | { type: 'back' } | { type: 'tick' } | { type: 'retry' } | { type: 'stop' } },
  actors: { load: fromPromise(async () => 1) },
  guards: { isReady: () => true, isLate: () => false },
  actions: { log: () => {}, count: assign({ n: ({ context }) => context.n + 1 }) },
  delays: { patience: 300 },
}).createMachine({
  id: 'demo',
  context: { n: 0 },
  initial: 'idle',
  on: { stop: '.done' },
  states: {
    idle: {
      on: {
        go: [{ guard: 'isReady', target: 'working', actions: 'log' }, { target: 'waiting' }],
        tick: { actions: 'count' },
        retry: { target: 'idle', reenter: true },
      },
    },
    waiting: { after: { patience: 'idle', 1000: { target: 'working', guard: 'isLate' } } },
    working: {
      type: 'parallel',
      states: {
        fetch: {
          initial: 'loading',
          states: {
            loading: { invoke: { id: 'load', src: 'load', onDone: 'loaded', onError: 'failed' } },
            loaded: { always: { target: 'settled' } },
            failed: { entry: 'log' },
            settled: { type: 'final' },
          },
        },
        view: {
          initial: 'list',
          states: { list: { on: { go: 'detail' } }, detail: { on: { back: 'remembered' } }, remembered: { type: 'history', history: 'deep' } },
        },
      },
      onDone: 'idle',
    },
    done: { type: 'final' },
  },
});

describe('definition → graph', () => {
  const graph = graphOf(machine);
  const node = (id: string) => graph.nodes.get(id)!;
  const transition = (id: string) => graph.transitions.find((t) => t.id === id)!;

  it('lists every state with its kind, parent, initial flag and history', () => {
    expect([...graph.nodes.keys()]).toEqual([
      'demo', 'demo.idle', 'demo.waiting', 'demo.working', 'demo.working.fetch', 'demo.working.fetch.loading', 'demo.working.fetch.loaded',
      'demo.working.fetch.failed', 'demo.working.fetch.settled', 'demo.working.view', 'demo.working.view.list', 'demo.working.view.detail',
      'demo.working.view.remembered', 'demo.done',
    ]);
    expect(node('demo.working').kind).toBe('parallel');
    expect(node('demo.working.fetch').kind).toBe('compound');
    expect(node('demo.working.fetch.settled').kind).toBe('final');
    expect(node('demo.working.view.remembered')).toMatchObject({ kind: 'history', history: 'deep' });
    expect(node('demo.idle').initial).toBe(true);
    expect(node('demo.waiting').initial).toBe(false);
    // Regions of a parallel state all start; none is marked initial.
    expect(node('demo.working.fetch').initial).toBe(false);
    expect(node('demo.working.fetch.loading').initial).toBe(true);
    expect(node('demo.working.fetch.failed').entry).toEqual(['log']);
    expect(node('demo.working.fetch.loading').invoke).toEqual([{ id: 'load', src: 'load' }]);
  });

  it('labels every transition with its trigger, guard and actions, numbered like the path generator', () => {
    expect(transition('demo.idle —go#1→')).toMatchObject({ kind: 'event', trigger: 'go', guard: 'isReady', actions: ['log'], targets: ['demo.working'], listed: false });
    expect(transition('demo.idle —go#2→')).toMatchObject({ guard: null, targets: ['demo.waiting'] });
    expect(transition('demo —stop→')).toMatchObject({ targets: ['demo.done'] });
    expect(transition('demo.working —xstate.done.state.demo.working→')).toMatchObject({ kind: 'done', targets: ['demo.idle'] });
    expect(transition('demo.working.view.detail —back→').targets).toEqual(['demo.working.view.remembered']);
  });

  it('draws after edges with their delay name and ms', () => {
    const after = graph.transitions.filter((t) => t.kind === 'after');
    expect(after.map((t) => [t.trigger, t.delay, t.guard])).toEqual([
      ['after 1 s', { name: '1000', ms: 1000 }, 'isLate'],
      ['after patience (300 ms)', { name: 'patience', ms: 300 }, null],
    ]);
  });

  it('draws always edges and invoke done/error edges', () => {
    expect(transition('demo.working.fetch.loaded —(always)→')).toMatchObject({ kind: 'always', trigger: 'always', targets: ['demo.working.fetch.settled'] });
    expect(transition('demo.working.fetch.loading —xstate.done.actor.load→')).toMatchObject({ kind: 'done', trigger: 'done: load', targets: ['demo.working.fetch.loaded'] });
    expect(transition('demo.working.fetch.loading —xstate.error.actor.load→')).toMatchObject({ kind: 'error', trigger: 'error: load', targets: ['demo.working.fetch.failed'] });
  });

  it('lists targetless and self transitions in their state instead of drawing them', () => {
    expect(node('demo.idle').listed.map((t) => t.id)).toEqual(['demo.idle —tick→', 'demo.idle —retry→']);
    expect(transition('demo.idle —tick→')).toMatchObject({ targets: [], actions: ['count'], listed: true });
    expect(visibleGraph(graph).edges.some((e) => e.transition.listed)).toBe(false);
  });

  it('offers each trigger once as a filter', () => {
    expect(eventsOf(graph)).toEqual(['after 1 s', 'after patience (300 ms)', 'always', 'back', 'done: demo.working', 'done: load', 'error: load', 'go', 'retry', 'stop', 'tick']);
  });
});

describe('views of a graph', () => {
  const graph = graphOf(machine);

  it('folds a collapsed state: its inner states go, edges to them end on it, inner edges are counted', () => {
    const view = visibleGraph(graph, { collapsed: new Set(['demo.working.fetch']) });
    expect(view.nodes.map((n) => n.id)).not.toContain('demo.working.fetch.loading');
    expect(view.nodes.map((n) => n.id)).toContain('demo.working.fetch');
    expect(view.children.has('demo.working.fetch')).toBe(false);
    // loading → loaded, loading → failed, loaded → settled all fold inside.
    expect(view.hidden.get('demo.working.fetch')).toBe(3);
    expect(view.edges.every((e) => !e.source.startsWith('demo.working.fetch.') && !e.target.startsWith('demo.working.fetch.'))).toBe(true);
  });

  it('focuses one region: only its states and the edges between them', () => {
    const view = visibleGraph(graph, { focus: 'demo.working.view' });
    expect(view.rootId).toBe('demo.working.view');
    expect(view.nodes.map((n) => n.id)).toEqual(['demo.working.view', 'demo.working.view.list', 'demo.working.view.detail', 'demo.working.view.remembered']);
    expect(view.edges.map((e) => e.id)).toEqual(['demo.working.view.list —go→', 'demo.working.view.detail —back→']);
  });
});
