/**
 * The model-based UI test driver: a machine's generated paths (tools/pathGen.ts) run in the real app through a
 * hand-written flow map. The map says, for every state a path reaches, what the page must show, and, for every event
 * a path sends, what the user does (or what real condition makes the app send it). A state or an event the map does
 * not name fails the generation loudly, so a machine that grows forces its map to grow.
 */
import type { Browser, Page } from '@playwright/test';
import type { EventObject, StateValue } from 'xstate';
import { drivePath, eventTypes, generatePaths, type MachinePath, type PathEntry } from '../../../tools/pathGen.ts';

/** What a step of a path runs with: the signed-in page and whatever the flow's setup prepared. */
export interface Fixtures {
  page: Page;
  browser: Browser;
  baseURL: string;
}

/** How the page must look in one state (a leaf state path such as `open.dialog.editing`), waiting until it does. */
export type StateCheck<C> = (ctx: C) => Promise<void>;

/**
 * What the user does to send `event` (or what real condition makes the app send it); `path` and `index` let an action
 * pick what the rest of the path needs (the file dropped decides whether the app later refuses it).
 */
export type EventAction<C> = (ctx: C, event: EventObject, path: ModelPath, index: number) => Promise<void | typeof FLEETING>;

/**
 * Returned by an action whose resulting state the app leaves by itself at once with nothing the test can hold (a
 * file refused by the browser's own inspection): that one step's page check is not taken (the next step's is).
 */
export const FLEETING = 'fleeting' as const;

export interface FlowMap<C> {
  /** The flow's name (the tests' titles start with it). */
  name: string;
  /** The registry entry the paths come from (possibly with its payload cases narrowed to this flow). */
  entry: PathEntry;
  /**
   * Event types the machine takes but this flow never sends, each with the reason (another flow's, sign-out, a
   * malformed answer the real server never gives). Paths sending one are not run; the list is explicit, never silent.
   */
  outside?: Record<string, string>;
  /**
   * Runs of consecutive event types the user cannot cause in the UI although the machine takes them (a control the
   * view disables or does not draw at that point), each with the reason. Paths holding one are not run; a run that no
   * generated path holds fails the generation (the list stays true).
   */
  impossible?: { sequence: EventPattern[]; atStart?: boolean; why: string }[];
  /** Every leaf state path the flow's paths reach → what the page shows there. */
  states: Record<string, StateCheck<C>>;
  /** Every event type the flow's paths send → what the user does. */
  events: Record<string, EventAction<C>>;
  /** Brings the page to where the machine's initial state is (signed in, on the right screen). */
  setup: (fixtures: Fixtures, path: ModelPath) => Promise<C>;
}

/** An event type, or an event type with payload fields that must be equal (`{ type, output: null }`). */
export type EventPattern = string | ({ type: string } & Record<string, unknown>);

function matches(pattern: EventPattern, event: EventObject | undefined): boolean {
  if (!event) return false;
  if (typeof pattern === 'string') return event.type === pattern;
  return Object.entries(pattern).every(([key, value]) => JSON.stringify((event as unknown as Record<string, unknown>)[key]) === JSON.stringify(value));
}

const patternName = (pattern: EventPattern) => (typeof pattern === 'string' ? pattern : JSON.stringify(pattern));

/**
 * The entry with some payload cases left out: answers the real service never gives (the client turns them into
 * errors) or dialogs of another flow. `drop` names, per event type, why its cases matching `where` are left out; a
 * rule that leaves out nothing throws (the map stays true to the registry).
 */
export function withoutCases(entry: PathEntry, drop: Record<string, { where: (payload: Record<string, unknown>) => boolean; why: string }>): PathEntry {
  const cases = { ...entry.cases };
  for (const [type, rule] of Object.entries(drop)) {
    const before = cases[type] ?? [];
    const kept = before.filter((payload) => !rule.where(payload as Record<string, unknown>));
    if (kept.length === before.length) throw new Error(`withoutCases: no case of ${type} in ${entry.name} matches (${rule.why})`);
    cases[type] = kept;
  }
  return { ...entry, cases };
}

/** One generated path to run: its title, its events and the state value after each. */
export interface ModelPath {
  title: string;
  initial: StateValue;
  events: EventObject[];
  stepValues: StateValue[];
}

/** The leaf state paths of a state value: `closed`, or `open.dialog.editing` and `open.link.idle` for a parallel one. */
export function leafPaths(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  return Object.entries(value).flatMap(([key, inner]) => (inner === undefined ? [`${prefix}${key}`] : leafPaths(inner as StateValue, `${prefix}${key}.`)));
}

const short = (type: string) => type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace(/^xstate\.after\.([^.]+)\..*$/, 'after:$1').replace(/^[a-zA-Z]+\./, '');

function titleOf(name: string, events: EventObject[]): string {
  return `${name}: ${events.length === 0 ? '(initial)' : events.map((e) => short(e.type)).join(' → ')}`;
}

/**
 * The paths of a flow: the shortest path to every state and every transition of its entry, less those that send an
 * event outside the flow, less those that are a prefix of another (its steps are checked on the way). Throws, listing
 * them, when a reached state has no page check or a sent event has no user action, or when the map names states or
 * events the machine does not have.
 */
export function flowPaths<C>(map: FlowMap<C>): ModelPath[] {
  const generated = generatePaths(map.entry);
  const outside = map.outside ?? {};
  const known = new Set(eventTypes(map.entry.machine));
  const strangers = Object.keys(outside).filter((type) => !known.has(type));
  if (strangers.length) throw new Error(`Model map "${map.name}": ${map.entry.name} takes no ${strangers.join(', ')} (remove it from outside)`);
  const impossible = map.impossible ?? [];
  const holds = (p: MachinePath, rule: { sequence: EventPattern[]; atStart?: boolean }) =>
    p.events.some((_, i) => (!rule.atStart || i === 0) && rule.sequence.every((pattern, k) => matches(pattern, p.events[i + k])));
  const unused = impossible.filter((rule) => !generated.some((p) => holds(p, rule)));
  if (unused.length) throw new Error(`Model map "${map.name}": no generated path holds ${unused.map((r) => r.sequence.map(patternName).join(' → ')).join('; ')} (remove it from impossible)`);
  const inFlow = generated.filter((p) => p.events.every((e) => !(e.type in outside)) && !impossible.some((rule) => holds(p, rule)));
  const keyOf = (p: MachinePath) => JSON.stringify([p.inputIndex, p.events]);
  const keys = inFlow.map(keyOf);
  const maximal = inFlow.filter((p, i) => {
    const key = keys[i]!.slice(0, -2);
    return !keys.some((other, j) => j !== i && other !== keys[i] && other.startsWith(key) && (p.events.length === 0 || other.startsWith(`${key},`)));
  });
  // Identical paths (a state and a transition reached by the same events) run once.
  const unique = maximal.filter((p, i) => maximal.findIndex((q) => keyOf(q) === keyOf(p)) === i);
  const initial = drivePath(map.entry, { description: '', inputIndex: 0, events: [], target: '', stepValues: [] }).final.value;

  const missingStates = new Set<string>();
  const missingEvents = new Set<string>();
  const reachedStates = new Set<string>();
  for (const p of unique) {
    for (const value of [initial, ...p.stepValues]) {
      for (const leaf of leafPaths(value)) {
        reachedStates.add(leaf);
        if (!(leaf in map.states)) missingStates.add(leaf);
      }
    }
    for (const e of p.events) if (!(e.type in map.events)) missingEvents.add(e.type);
  }
  const problems: string[] = [];
  if (missingStates.size) problems.push(`states with no page check: ${[...missingStates].join(', ')}`);
  if (missingEvents.size) problems.push(`events with no user action: ${[...missingEvents].join(', ')}`);
  const stale = Object.keys(map.states).filter((s) => !reachedStates.has(s));
  if (stale.length) problems.push(`page checks for states no path of the flow reaches: ${stale.join(', ')}`);
  const sent = new Set(unique.flatMap((p) => p.events.map((e) => e.type)));
  const staleEvents = Object.keys(map.events).filter((e) => !sent.has(e));
  if (staleEvents.length) problems.push(`user actions for events no path of the flow sends: ${staleEvents.join(', ')}`);
  if (problems.length) throw new Error(`Model map "${map.name}" does not match its machine (${map.entry.name}):\n- ${problems.join('\n- ')}`);
  return unique.map((p) => ({ title: titleOf(map.name, p.events), initial, events: p.events, stepValues: p.stepValues }));
}

/** Checks every leaf of a state value on the page. */
async function checkState<C>(map: FlowMap<C>, ctx: C, value: StateValue): Promise<void> {
  for (const leaf of leafPaths(value)) await map.states[leaf]!(ctx);
}

/** Runs one path in the real app: set-up, the initial state's check, then per event the user's action and the state's check. */
export async function runPath<C>(map: FlowMap<C>, path: ModelPath, fixtures: Fixtures, afterStep?: (ctx: C, step: number) => Promise<void>): Promise<void> {
  const ctx = await map.setup(fixtures, path);
  await checkState(map, ctx, path.initial);
  for (const [index, event] of path.events.entries()) {
    const outcome = await map.events[event.type]!(ctx, event, path, index);
    if (outcome !== FLEETING) await checkState(map, ctx, path.stepValues[index]!);
    if (afterStep) await afterStep(ctx, index);
  }
}
