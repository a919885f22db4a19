/**
 * `npm run charts -- --out dir [machine…]`: one standalone SVG per registry machine (or the named ones), for reviews.
 * The same conversion, layout and drawing as the /charts page (charts/).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { registry } from '../machines/index.ts';
import { layoutMachine } from '../charts/layout.ts';
import { chartSvg } from '../charts/svg.ts';

async function main(argv: string[]): Promise<number> {
  const outAt = argv.indexOf('--out');
  const out = outAt >= 0 ? argv[outAt + 1] : undefined;
  if (!out) {
    console.error('usage: npm run charts -- --out <dir> [machine…]');
    return 2;
  }
  const names = argv.filter((arg, i) => i !== outAt && i !== outAt + 1);
  const unknown = names.filter((name) => !registry.some((entry) => entry.name === name));
  if (unknown.length) {
    console.error(`unknown machine(s): ${unknown.join(', ')}; the registry has ${registry.map((e) => e.name).join(', ')}`);
    return 2;
  }
  mkdirSync(out, { recursive: true });
  for (const entry of registry) {
    if (names.length && !names.includes(entry.name)) continue;
    const started = performance.now();
    const layout = await layoutMachine(entry.machine);
    const file = path.join(out, `${entry.name}.svg`);
    writeFileSync(file, chartSvg(layout, `${entry.name}: ${entry.description}`));
    console.log(`${file}: ${layout.nodes.length} states, ${layout.edges.length} transitions drawn, ${Math.round(performance.now() - started)} ms`);
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
