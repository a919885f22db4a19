import type { ChartNodeKind, ChartTransitionKind } from './graph.ts';

/** How a chart marks states and transitions: the page and the exported SVG draw with the same colours. */
export interface ChartMarks {
  /** Active state ids (live system or replay cursor). */
  active?: ReadonlySet<string>;
  /** Coverage by the generated paths: state ids and transition ids taken. */
  coverage?: { states: ReadonlySet<string>; transitions: ReadonlySet<string> } | null;
  /** Triggers shown at full strength (event filter); others fade. Null shows all. */
  triggers?: ReadonlySet<string> | null;
  /** States matching a search. */
  found?: ReadonlySet<string>;
  /** The selected transition's id. */
  selected?: string | null;
}

export const COLORS = {
  text: '#1f2328',
  muted: '#57606a',
  stateFill: '#ffffff',
  compoundFill: '#f6f8fa',
  parallelFill: '#f3f0ff',
  stroke: '#8c959f',
  edge: '#57606a',
  labelFill: '#ffffff',
  active: '#0550ae',
  activeFill: '#ddf4ff',
  taken: '#1a7f37',
  takenFill: '#dafbe1',
  missed: '#cf222e',
  missedFill: '#ffebe9',
  found: '#bf8700',
  selected: '#8250df',
  kinds: { event: '#57606a', after: '#9a6700', always: '#0969da', done: '#1a7f37', error: '#cf222e' } satisfies Record<ChartTransitionKind, string>,
};

export const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** SVG presentation attributes (kebab-case names) of a state's box. */
export function stateStyle(id: string, kind: ChartNodeKind, hasChildren: boolean, marks: ChartMarks): Record<string, string> {
  let fill: string = kind === 'parallel' ? COLORS.parallelFill : hasChildren ? COLORS.compoundFill : COLORS.stateFill;
  let stroke: string = COLORS.stroke;
  let width = 1.2;
  const style: Record<string, string> = {};
  if (marks.coverage) {
    const taken = marks.coverage.states.has(id);
    stroke = taken ? COLORS.taken : COLORS.missed;
    if (!hasChildren) fill = taken ? COLORS.takenFill : COLORS.missedFill;
    if (!taken) style['stroke-dasharray'] = '5 3';
  }
  if (marks.found?.has(id)) {
    stroke = COLORS.found;
    width = 3;
  }
  if (marks.active?.has(id)) {
    stroke = COLORS.active;
    width = 3;
    if (!hasChildren) fill = COLORS.activeFill;
  }
  if (kind === 'parallel' && !style['stroke-dasharray']) style['stroke-dasharray'] = '7 4';
  return { fill, stroke, 'stroke-width': String(width), ...style };
}

/** Attributes of a transition's line. */
export function edgeStyle(id: string, kind: ChartTransitionKind, trigger: string, marks: ChartMarks): Record<string, string> {
  let stroke: string = COLORS.kinds[kind];
  let width = 1.3;
  const style: Record<string, string> = { fill: 'none' };
  if (marks.coverage) {
    const taken = marks.coverage.transitions.has(id);
    stroke = taken ? COLORS.taken : COLORS.missed;
    if (!taken) style['stroke-dasharray'] = '5 3';
  }
  if (kind === 'always' && !style['stroke-dasharray']) style['stroke-dasharray'] = '2 3';
  if (marks.selected === id) {
    stroke = COLORS.selected;
    width = 3;
  }
  if (marks.triggers && !marks.triggers.has(trigger)) style.opacity = '0.12';
  return { stroke, 'stroke-width': String(width), ...style };
}

/** kebab-case attributes as React props (camelCase). */
export function reactAttrs(attrs: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(attrs).map(([key, value]) => [key.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase()), value]));
}
