/**
 * npm run paths -- <registry name | path/to/file.ts#exportName> [--simple] [--json] [--vitest]
 *
 * Prints a machine's generated paths and its state, transition (always included) and guard coverage. A machine that is
 * not in the registry is named by its module and export; its input, payload cases and unreachable transitions may sit
 * in a sibling file `<file>.paths.ts` exporting `input`, `inputs`, `cases` and `unreachable` (all optional).
 *
 * --json prints one object (tools/README.md has it field by field):
 *   { machine: string,                       the entry's name
 *     kind: 'shortest' | 'simple',
 *     paths: [{ description: string,         "<state value> via <event> → …"
 *               inputIndex: number,          0: `input`, then `inputs` in order
 *               events: [{ type, ...payload }],  sent from the initial state
 *               target: StateValue,          reached by the last event
 *               stepValues: StateValue[] }], the state value after each event
 *     coverage: { states: { covered, total, missing: stateId[] },
 *                 transitions: { covered, total, missing: transitionId[], unreachable: transitionId[] },
 *                 guards: { seenFalse, total, neverFalse: transitionId[] },
 *                 stoppedBy?: 'nodes' | 'steps' | 'time',
 *                 nodes: number } }              snapshots expanded
 * A transition id is `<state id> —<event type>[#n]→` (`#n`: the nth candidate of the event; `(always)` for eventless
 * ones); `missing` leaves out the transitions the entry lists as unreachable, which `unreachable` names.
 * --vitest prints a runnable test file that drives every path.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { registry, registryEntry } from '../machines/index.ts';
import { coverageLine, generatePaths, searchPaths, type PathEntry } from './pathGen.ts';

const args = process.argv.slice(2);
const name = args.find((a) => !a.startsWith('--'));
const simple = args.includes('--simple');
const asJson = args.includes('--json');
const asVitest = args.includes('--vitest');

function usage(code: number): never {
  console.error(`Usage: npm run paths -- <machine | path/to/file.ts#exportName> [--simple] [--json] [--vitest]\nRegistry machines: ${registry.map((e) => e.name).join(', ')}`);
  process.exit(code);
}

function isMachine(value: unknown): value is AnyStateMachine {
  return !!value && typeof value === 'object' && 'root' in value && typeof (value as { transition?: unknown }).transition === 'function';
}

/** The export a module's machine was found under, and its sibling `.paths.ts` file if it has one (for --vitest). */
type ModuleSource = { exportName: string; sibling: string | null };
let moduleSource: ModuleSource | null = null;

/** A machine named by module: `file.ts#export` (default export, or the only machine the module exports, without `#`). */
async function moduleEntry(spec: string): Promise<PathEntry> {
  const [file, exportName] = spec.split('#') as [string, string | undefined];
  const absolute = path.resolve(file);
  if (!existsSync(absolute)) throw new Error(`No such file: ${file}`);
  const mod = (await import(pathToFileURL(absolute).href)) as Record<string, unknown>;
  let machine: unknown;
  let found = exportName;
  if (exportName) machine = mod[exportName];
  else {
    const machines = Object.entries(mod).filter(([, value]) => isMachine(value));
    if (machines.length !== 1) throw new Error(`${file} exports ${machines.length} machines (${machines.map(([k]) => k).join(', ')}): name one with #exportName`);
    [found, machine] = machines[0]!;
  }
  if (!isMachine(machine)) throw new Error(`${spec} is not an XState machine`);
  const sibling = absolute.replace(/\.(m?[jt]s)$/, '.paths.$1');
  const extra = existsSync(sibling) ? ((await import(pathToFileURL(sibling).href)) as Partial<PathEntry>) : {};
  moduleSource = { exportName: found!, sibling: existsSync(sibling) ? sibling : null };
  return { name: exportName ?? path.basename(file), machine, cases: extra.cases ?? {}, input: extra.input, inputs: extra.inputs, unreachable: extra.unreachable };
}

let entry: PathEntry | undefined;
if (!name) usage(2);
try {
  entry = name.includes('/') || /\.[mc]?[jt]s(#|$)/.test(name) ? await moduleEntry(name) : registryEntry(name);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (!entry) usage(1);

const started = process.cpuUsage();
const { paths, coverage } = simple ? { paths: generatePaths(entry, { simple }), coverage: searchPaths(entry).coverage } : searchPaths(entry);
const used = process.cpuUsage(started);
const cpuMs = (used.user + used.system) / 1000;

if (asJson) {
  console.log(JSON.stringify({ machine: entry.name, kind: simple ? 'simple' : 'shortest', paths, coverage }, null, 2));
} else if (asVitest) {
  const source = moduleSource as ModuleSource | null; // set by moduleEntry, which TypeScript does not follow
  const relative = (file: string) => JSON.stringify(path.relative('tests/machines', path.resolve(file)).replace(/\\/g, '/'));
  const load = source
    ? `import { searchPaths, drivePath, type PathEntry } from '../../tools/pathGen.ts';
import * as mod from ${relative(name.split('#')[0]!)};
${source.sibling ? `import * as extra from ${relative(source.sibling)};\n` : ''}
const entry: PathEntry = { name: ${JSON.stringify(entry.name)}, machine: (mod as Record<string, never>)[${JSON.stringify(source.exportName)}], cases: {}${source.sibling ? ', ...extra' : ''} };`
    : `import { registryEntry } from '../../machines/index.ts';
import { drivePath, searchPaths } from '../../tools/pathGen.ts';

const entry = registryEntry(${JSON.stringify(entry.name)})!;`;
  console.log(`// Generated by: npm run paths -- ${name}${simple ? ' --simple' : ''} --vitest
import { describe, expect, it } from 'vitest';
${load}
describe(${JSON.stringify(`${entry.name} shortest paths`)}, () => {
  for (const path of searchPaths(entry, { budgetMs: Number.POSITIVE_INFINITY }).paths) {
    it(path.description, () => {
      const run = drivePath(entry, path);
      expect(run.values).toEqual(path.stepValues);
      expect(run.final.value).toEqual(path.target);
    });
  }
});`);
} else {
  if (entry.description) console.log(`${entry.name}: ${entry.description}`);
  console.log(`${paths.length} ${simple ? 'simple' : 'shortest'} paths\n`);
  paths.forEach((p, i) => {
    console.log(`${String(i + 1).padStart(3)}. ${JSON.stringify(p.target)}${p.inputIndex ? ` (input ${p.inputIndex})` : ''}`);
    for (const event of p.events) {
      const { type, ...payload } = event;
      const shown = Object.keys(payload).length ? ` ${JSON.stringify(payload).slice(0, 100)}` : '';
      console.log(`       ${type}${shown}`);
    }
  });
  console.log(`\n${coverageLine(entry.name, coverage)} — ${coverage.nodes} snapshots, ${(cpuMs / 1000).toFixed(1)} s CPU`);
  if (coverage.states.missing.length) console.log(`  states not reached: ${coverage.states.missing.join(', ')}`);
  if (coverage.transitions.missing.length) console.log(`  transitions not taken: ${coverage.transitions.missing.join(', ')}`);
  for (const id of coverage.transitions.unreachable) console.log(`  unreachable (listed): ${id} — ${entry.unreachable?.[id]}`);
  if (coverage.guards.neverFalse.length) console.log(`  guards never seen false: ${coverage.guards.neverFalse.join(', ')}`);
}
