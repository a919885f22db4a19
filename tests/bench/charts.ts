/**
 * Charts figures: the elkjs layout time of the largest registry machine (goal < 500 ms; the JIT-warm median of a few
 * runs, and the cold first layout in a fresh process) and the size of the charts chunk
 * in dist/ (built with `npx vite build`; the chunk with the /charts page and elkjs, not in the initial bundle).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { graphOf } from '../../charts/graph.ts';
import { layoutGraph } from '../../charts/layout.ts';
import { registry } from '../../machines/index.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const GOAL_MS = 500;
const RUNS = 5;

function stateCount(machine: (typeof registry)[number]['machine']): number {
  let count = 0;
  const walk = (node: typeof machine.root) => {
    count++;
    for (const child of Object.values(node.states)) walk(child as typeof node);
  };
  walk(machine.root);
  return count;
}

/** The static imports (`import … from "./x.js"`, `import "./x.js"`) of a built chunk, by file name. */
function staticImports(assets: string, file: string): string[] {
  const text = readFileSync(path.join(assets, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]!);
}

/** A chunk and everything it imports statically, transitively. */
function closure(assets: string, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file) || !existsSync(path.join(assets, file))) continue;
    seen.add(file);
    stack.push(...staticImports(assets, file));
  }
  return seen;
}

/**
 * The chunk files the charts page loads beyond the initial bundle: ChartsPage-*.js and what it imports statically
 * (StateChart, shared with the replay viewer) and the elkjs layout worker, less what the initial bundle already holds;
 * from dist/assets.
 */
function chartsChunk(): { files: string[]; bytes: number; gzip: number; inInitial: boolean } | null {
  const assets = path.join(ROOT, 'dist/assets');
  if (!existsSync(assets)) return null;
  const pages = readdirSync(assets).filter((f) => /^ChartsPage-.*\.js$/.test(f));
  if (!pages.length) return null;
  const html = readFileSync(path.join(ROOT, 'dist/index.html'), 'utf8');
  const entry = /src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  const initial = entry ? closure(assets, [entry]) : new Set<string>();
  // The layout worker (elkjs) is its own file, started by the page.
  const workers = readdirSync(assets).filter((f) => /^elk\.worker-.*\.js$/.test(f));
  const files = [...closure(assets, [...pages, ...workers])].filter((f) => !initial.has(f));
  const bytes = files.reduce((sum, f) => sum + statSync(path.join(assets, f)).size, 0);
  const gzip = files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(assets, f))).length, 0);
  const inInitial = [...initial].some((f) => readFileSync(path.join(assets, f), 'utf8').includes('org.eclipse.elk'));
  return { files, bytes, gzip, inInitial };
}

export async function benchCharts(): Promise<void> {
  const largest = [...registry].sort((a, b) => stateCount(b.machine) - stateCount(a.machine))[0]!;
  const graph = graphOf(largest.machine);
  // Cold: the first layout in this process, elkjs freshly loaded. Then warm: elkjs's code optimised by the JIT, as on
  // a page after a few charts; the figure against the goal is the warm median.
  const coldStart = performance.now();
  await layoutGraph(graph);
  const cold = performance.now() - coldStart;
  for (const entry of registry) await layoutGraph(graphOf(entry.machine));
  const times: number[] = [];
  let drawn = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const layout = await layoutGraph(graph); // layoutGraph, not the cached layoutMachine: each run lays out afresh
    times.push(performance.now() - started);
    drawn = layout.edges.length;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const transitions = graph.transitions.length;
  console.log(
    `charts layout: ${largest.name} (${stateCount(largest.machine)} states, ${transitions} transitions, ${drawn} drawn) warm median ${median.toFixed(0)} ms over ${RUNS} runs (slowest ${times.at(-1)!.toFixed(0)} ms; cold first layout ${cold.toFixed(0)} ms) — goal < ${GOAL_MS} ms: ${median < GOAL_MS ? 'met' : 'NOT met'}`,
  );
  const chunk = chartsChunk();
  if (!chunk) console.log('charts chunk: no dist/ build (run npx vite build first)');
  else console.log(`charts chunk: ${chunk.files.join(', ')} ${(chunk.bytes / 1024).toFixed(0)} KiB (${(chunk.gzip / 1024).toFixed(0)} KiB gzip); elkjs in the initial bundle: ${chunk.inInitial ? 'YES' : 'no'}`);
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) await benchCharts();
