import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api.js';
import { hashValue } from '../domain/hash.ts';
import { describeNode } from '../machines/definition.ts';
import type { AnyStateMachine } from 'xstate';
import { graphOfDescription, isWithin, transitionLabel, visibleGraph, type ChartGraph, type ChartNode, type ChartTransition, type ChartView } from './graph.ts';

/** A state placed on the chart (absolute coordinates). */
export interface LaidNode {
  id: string;
  node: ChartNode;
  x: number;
  y: number;
  width: number;
  height: number;
  /** A compound or parallel state drawn folded (its children hidden). */
  collapsed: boolean;
  /** The title, then one line per entry/exit/invoke and per listed transition. */
  lines: string[];
  /** Transitions hidden inside a collapsed state. */
  hiddenCount: number;
}

export interface LaidEdge {
  id: string;
  transition: ChartTransition;
  source: string;
  target: string;
  /** The route, start to end (absolute). */
  points: { x: number; y: number }[];
  label: { x: number; y: number; width: number; height: number; lines: string[] };
}

export interface ChartLayout {
  width: number;
  height: number;
  nodes: LaidNode[];
  edges: LaidEdge[];
}

/** Text metrics without a DOM: the chart's fonts are close to these widths per character (a little generous). */
export const METRICS = { title: 7.6, line: 6.4, label: 6.2, titleHeight: 26, lineHeight: 15, labelLineHeight: 13, pad: 10, maxChars: 56 };

/** A line cut to the chart's widest text (the full text stays in the SVG's <title>). */
export function clip(text: string, max = METRICS.maxChars): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The lines a state shows under its name. */
export function stateLines(node: ChartNode, listed = true): string[] {
  const lines: string[] = [];
  if (node.kind === 'history') lines.push(node.history === 'deep' ? 'history (deep)' : 'history');
  if (node.entry.length) lines.push(`entry / ${node.entry.join(', ')}`);
  if (node.exit.length) lines.push(`exit / ${node.exit.join(', ')}`);
  for (const inv of node.invoke) lines.push(`invoke ${inv.id}${inv.src !== inv.id && inv.src !== 'inline' ? ` (${inv.src})` : ''}`);
  if (!listed && node.listed.length) {
    lines.push(`${node.listed.length} targetless or self transition${node.listed.length === 1 ? '' : 's'}`);
    return lines;
  }
  for (const t of node.listed) {
    const { trigger, guard, actions } = transitionLabel(t);
    lines.push(`${t.targets.length ? '↻ ' : ''}${[trigger, guard, actions].filter(Boolean).join(' ')}`);
  }
  return lines;
}

export function edgeLines(t: ChartTransition): string[] {
  const { trigger, guard, actions } = transitionLabel(t);
  return [trigger, guard, actions].filter((line): line is string => line !== null).map((line) => clip(line, 44));
}

function textWidth(lines: string[], perChar: number): number {
  return Math.max(0, ...lines.map((line) => line.length * perChar));
}

const ROOT_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeNode': '14',
  'elk.spacing.edgeEdge': '10',
  'elk.spacing.edgeLabel': '4',
  'elk.layered.spacing.edgeNodeBetweenLayers': '14',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.layered.edgeLabels.sideSelection': 'SMART_DOWN',
  'elk.padding': '[top=16,left=16,bottom=16,right=16]',
};

/** What lays out an ELK graph: elkjs on this thread (node) or elkjs's API talking to a Web Worker (the browser). */
export interface ElkEngine {
  layout(graph: ElkNode): Promise<ElkNode>;
}

// node (the `npm run charts` CLI, vitest, the bench) keeps elkjs's bundled build on its own thread. The specifier is a
// variable so that the browser build, which always sets a worker engine first (`ui/views/charts/elkEngine.ts`), does
// not carry a second, never-loaded copy of elkjs.
const BUNDLED = 'elkjs/lib/elk.bundled.js';
const bundledEngine = async (): Promise<ElkEngine> => {
  const { default: ELK } = (await import(/* @vite-ignore */ BUNDLED)) as { default: new () => ElkEngine };
  return new ELK();
};

let engineFactory: () => ElkEngine | Promise<ElkEngine> = bundledEngine;
let engine: Promise<ElkEngine> | null = null;
const elk = () => (engine ??= Promise.resolve().then(engineFactory));

/** Chooses what runs elkjs for every later layout (the browser: a Web Worker). Layouts already made stay cached. */
export function setElkEngine(factory: () => ElkEngine | Promise<ElkEngine>): void {
  engineFactory = factory;
  engine = null;
}

/**
 * Lays out what a view of a graph shows with elkjs (layered, hierarchical: compound states contain their children).
 * Pure and async: the same graph and view give the same layout.
 */
export async function layoutGraph(graph: ChartGraph, view: ChartView = {}): Promise<ChartLayout> {
  const visible = visibleGraph(graph, view);
  const lines = new Map<string, string[]>();
  const elkNodes = new Map<string, ElkNode>();
  const build = (node: ChartNode): ElkNode => {
    const own = [clip(node.key), ...stateLines(node, view.listed ?? true).map((line) => clip(line))];
    const hiddenCount = visible.hidden.get(node.id) ?? 0;
    if (hiddenCount) own.push(`+ ${hiddenCount} inner transition${hiddenCount === 1 ? '' : 's'}`);
    lines.set(node.id, own);
    const kids = visible.children.get(node.id) ?? [];
    const headerHeight = METRICS.titleHeight + (own.length - 1) * METRICS.lineHeight;
    const width = Math.ceil(Math.max(own[0]!.length * METRICS.title, textWidth(own.slice(1), METRICS.line)) + 2 * METRICS.pad + 14);
    const elkNode: ElkNode = { id: node.id };
    if (kids.length) {
      elkNode.children = kids.map((id) => build(graph.nodes.get(id)!));
      elkNode.layoutOptions = {
        'elk.padding': `[top=${headerHeight + 14},left=14,bottom=14,right=14]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${width}, ${headerHeight + 40})`,
        ...(node.kind === 'parallel' ? { 'elk.direction': 'RIGHT' } : {}),
      };
    } else {
      elkNode.width = Math.max(width, node.kind === 'history' || node.kind === 'final' ? 60 : 90);
      elkNode.height = headerHeight + (own.length > 1 ? 8 : 4);
    }
    elkNodes.set(node.id, elkNode);
    return elkNode;
  };
  const root = build(graph.nodes.get(visible.rootId)!);
  // A transition between a state and one of its own descendants is not given to elkjs: as a layered edge it pushes the
  // compound state's children far along the layers. It is drawn afterwards down the state's left side.
  const nested = (edge: { source: string; target: string }) => isWithin(graph, edge.target, edge.source) || isWithin(graph, edge.source, edge.target);
  const edges: ElkExtendedEdge[] = visible.edges.filter((edge) => !nested(edge)).map((edge) => {
    const labelLines = edgeLines(edge.transition);
    return {
      id: edge.id,
      sources: [edge.source],
      targets: [edge.target],
      labels: [{ id: `${edge.id}:label`, text: labelLines.join('\n'), width: Math.ceil(textWidth(labelLines, METRICS.label) + 8), height: labelLines.length * METRICS.labelLineHeight + 4 }],
    };
  });
  const top: ElkNode = { id: '__chart', layoutOptions: ROOT_OPTIONS, children: [root], edges };
  const result = await (await elk()).layout(top);

  const offsets = new Map<string, { x: number; y: number }>([['__chart', { x: 0, y: 0 }]]);
  const nodes: LaidNode[] = [];
  const place = (elkNode: ElkNode, parentOffset: { x: number; y: number }) => {
    const x = parentOffset.x + (elkNode.x ?? 0);
    const y = parentOffset.y + (elkNode.y ?? 0);
    offsets.set(elkNode.id, { x, y });
    const node = graph.nodes.get(elkNode.id)!;
    nodes.push({
      id: node.id,
      node,
      x,
      y,
      width: elkNode.width ?? 0,
      height: elkNode.height ?? 0,
      collapsed: node.children.length > 0 && !elkNode.children?.length,
      lines: lines.get(node.id) ?? [node.key],
      hiddenCount: visible.hidden.get(node.id) ?? 0,
    });
    for (const child of elkNode.children ?? []) place(child, { x, y });
  };
  for (const child of result.children ?? []) place(child, { x: 0, y: 0 });

  const byId = new Map(visible.edges.map((edge) => [edge.id, edge]));
  const laidEdges: LaidEdge[] = (result.edges ?? []).map((elkEdge) => {
    const edge = byId.get(elkEdge.id)!;
    const container = (elkEdge as ElkExtendedEdge & { container?: string }).container ?? '__chart';
    const o = offsets.get(container) ?? { x: 0, y: 0 };
    const points: { x: number; y: number }[] = [];
    for (const section of elkEdge.sections ?? []) {
      points.push({ x: o.x + section.startPoint.x, y: o.y + section.startPoint.y });
      for (const bend of section.bendPoints ?? []) points.push({ x: o.x + bend.x, y: o.y + bend.y });
      points.push({ x: o.x + section.endPoint.x, y: o.y + section.endPoint.y });
    }
    const label = elkEdge.labels?.[0];
    return {
      id: edge.id,
      transition: edge.transition,
      source: edge.source,
      target: edge.target,
      points,
      label: {
        x: o.x + (label?.x ?? points[0]?.x ?? 0),
        y: o.y + (label?.y ?? points[0]?.y ?? 0),
        width: label?.width ?? 0,
        height: label?.height ?? 0,
        lines: edgeLines(edge.transition),
      },
    };
  });
  const boxes = new Map(nodes.map((n) => [n.id, n]));
  const lanes = new Map<string, number>();
  for (const edge of visible.edges.filter(nested)) {
    const source = boxes.get(edge.source);
    const target = boxes.get(edge.target);
    if (!source || !target) continue;
    const [outer, inner] = isWithin(graph, edge.target, edge.source) ? [source, target] : [target, source];
    const lane = lanes.get(outer.id) ?? 0;
    lanes.set(outer.id, lane + 1);
    const x = outer.x + 4 + (lane % 3) * 3;
    const y = inner.y + Math.min(inner.height / 2, 14) + (lane % 4) * 3;
    const down = { x, y: outer.y + METRICS.titleHeight - 4 };
    const points = outer === source ? [down, { x, y }, { x: inner.x, y }] : [{ x: inner.x, y }, { x, y }, down];
    const lines = edgeLines(edge.transition);
    const width = Math.ceil(textWidth(lines, METRICS.label) + 8);
    const height = lines.length * METRICS.labelLineHeight + 4;
    laidEdges.push({ id: edge.id, transition: edge.transition, source: edge.source, target: edge.target, points, label: { x: inner.x - width - 4, y: y - height - 2, width, height, lines } });
  }
  return { width: Math.ceil(result.width ?? 0), height: Math.ceil(result.height ?? 0), nodes, edges: laidEdges };
}

/** The key a layout is cached by: the definition's hash and the view (collapsed states, focus, listed transitions). */
export function layoutKey(definitionHash: string, view: ChartView = {}): string {
  return `${definitionHash}|${[...(view.collapsed ?? [])].sort().join(',')}|${view.focus ?? ''}|${view.listed === false ? 'counted' : 'listed'}`;
}

const cache = new Map<string, Promise<ChartLayout>>();
const CACHE_SIZE = 64;

/** A machine's definition, its graph and its hash (the layout cache's key), worked out once per machine object. */
const prepared = new WeakMap<AnyStateMachine, { graph: ChartGraph; hash: string }>();
export function prepare(machine: AnyStateMachine): { graph: ChartGraph; hash: string } {
  let entry = prepared.get(machine);
  if (!entry) {
    const description = describeNode(machine.root);
    entry = { graph: graphOfDescription(description), hash: hashValue(description) };
    prepared.set(machine, entry);
  }
  return entry;
}

/** The layout of a machine's chart for a view, cached by definition hash and view (machines with one definition share it). */
export function layoutMachine(machine: AnyStateMachine, view: ChartView = {}): Promise<ChartLayout> {
  const { graph, hash } = prepare(machine);
  const key = layoutKey(hash, view);
  let layout = cache.get(key);
  if (!layout) {
    layout = layoutGraph(graph, view);
    cache.set(key, layout);
    layout.catch(() => cache.delete(key));
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  return layout;
}
