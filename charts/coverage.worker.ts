/**
 * The path generator (tools/pathGen.ts) in a Web Worker, for the /charts coverage overlay: a big machine's search takes
 * seconds. Asked `{ name }`, it answers `{ name, states, transitions, shortest, summary }` or `{ name, error }`.
 */
type CpuUsage = { user: number; system: number };

// pathGen measures its CPU budget with process.cpuUsage (node); in a browser worker, elapsed time stands in for it.
const g = globalThis as unknown as { process?: { cpuUsage?: (prev?: CpuUsage) => CpuUsage } };
if (!g.process?.cpuUsage) {
  g.process = {
    ...(g.process ?? {}),
    cpuUsage: (prev?: CpuUsage) => {
      const micros = performance.now() * 1000;
      return { user: prev ? micros - prev.user - prev.system : micros, system: 0 };
    },
  };
}

export interface CoverageRequest {
  name: string;
}

export interface CoverageAnswer {
  name: string;
  error?: string;
  states?: string[];
  transitions?: string[];
  /** Shortest event sequence (event types in order) that takes each transition, by transition id. */
  shortest?: Record<string, string[]>;
  summary?: string;
}

self.onmessage = async (message: MessageEvent<CoverageRequest>) => {
  const { name } = message.data;
  try {
    const [{ registry }, { searchPaths, coverageOf, transitionIds, coverageLine }] = await Promise.all([import('../machines/index.ts'), import('../tools/pathGen.ts')]);
    const entry = registry.find((e) => e.name === name);
    if (!entry) throw new Error(`No machine named ${name}`);
    const { paths, coverage } = searchPaths(entry, { budgetMs: 10_000 });
    const ids = [...new Set(transitionIds(entry.machine).values())];
    const allStates = new Set<string>();
    const walk = (node: typeof entry.machine.root) => {
      if (node !== entry.machine.root && node.type !== 'history') allStates.add(node.id);
      for (const child of Object.values(node.states)) walk(child as typeof node);
    };
    walk(entry.machine.root);
    // Paths come in breadth-first order: the first that takes a transition is a shortest one.
    const shortest: Record<string, string[]> = {};
    for (const path of paths) {
      const one = coverageOf(entry, [path]);
      const notTaken = new Set([...one.transitions.missing, ...one.transitions.unreachable]);
      for (const id of ids) if (!notTaken.has(id) && !(id in shortest)) shortest[id] = path.events.map((e) => e.type);
    }
    // The root is active whenever the machine runs: taken by every path.
    allStates.add(entry.machine.root.id);
    const missingStates = new Set(coverage.states.missing);
    const answer: CoverageAnswer = {
      name,
      states: [...allStates].filter((s) => !missingStates.has(s)),
      transitions: Object.keys(shortest),
      shortest,
      summary: coverageLine(name, coverage),
    };
    self.postMessage(answer);
  } catch (error) {
    self.postMessage({ name, error: error instanceof Error ? error.message : String(error) } satisfies CoverageAnswer);
  }
};
