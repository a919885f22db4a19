/**
 * What a page's first load carries, by module: reads the build (dist/), starts from index.html's entry script and
 * modulepreloads, follows each chunk's static imports, and attributes every chunk's minified bytes to the source
 * modules its source map names (npm packages grouped by package). Gzip figures are each chunk's gzip size shared out
 * in proportion to the minified bytes. `npx tsx tools/bundleReport.ts [entry chunk substring…] [--top N]`: with no
 * argument, the first load of / (index.html); with names (e.g. GridScreen), that load plus those lazy chunks. Then the
 * style sheets that page loads: index.html's own and those Vite's loader links before running each lazy chunk (read
 * from the chunks' `__vite__mapDeps` lists), each raw and gzip -9.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { TraceMap, decodedMappings } from '@jridgewell/trace-mapping';

const DIST = path.resolve(import.meta.dirname, '../dist');
const ASSETS = path.join(DIST, 'assets');

/** The chunks a chunk imports statically (loaded before it runs). */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  // Minified ESM: import{…}from"./x.js"; import"./x.js"; export{…}from"./x.js"
  for (const match of code.matchAll(/(?:import|export)\s*(?:[\w${},*\s]+?from\s*)?["']\.\/([^"']+\.js)["']/g)) found.add(match[1]!);
  return [...found];
}

/** Every chunk loaded before the page runs, from the named starting chunks. */
export function closure(starts: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const name = queue.shift()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const file = path.join(ASSETS, name);
    if (!existsSync(file)) continue;
    queue.push(...staticImports(readFileSync(file, 'utf8')));
  }
  return [...seen];
}

/** The chunks index.html loads: its module script and its modulepreloads. */
export function initialChunks(): string[] {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const names = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  return closure(names);
}

/** The style sheets index.html links (the first load's CSS). */
export function initialStyles(): string[] {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  return [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="\/assets\/([^"]+\.css)"/g)].map((m) => m[1]!);
}

/**
 * The style sheets each lazily imported chunk brings: Vite's loader links them (and waits for them) before the chunk
 * runs. Read from every chunk's dependency table (`__vite__mapDeps`) and the dynamic imports that index it.
 */
export function stylesByChunk(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const name of readdirSync(ASSETS).filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(path.join(ASSETS, name), 'utf8');
    const table = /__vite__mapDeps=\([^)]*m\.f\|\|\(m\.f=(\[[^\]]*\])/.exec(code);
    if (!table) continue;
    const deps = JSON.parse(table[1]!) as string[];
    for (const match of code.matchAll(/import\([`"']\.\/([^`"']+\.js)[`"']\)[^;]{0,200}?__vite__mapDeps\(\[([\d,]*)\]\)/g)) {
      const styles = out.get(match[1]!) ?? new Set<string>();
      for (const index of match[2]!.split(',').filter(Boolean)) {
        const dep = deps[Number(index)];
        if (dep?.endsWith('.css')) styles.add(path.basename(dep));
      }
      out.set(match[1]!, styles);
    }
  }
  return out;
}

/** The style sheets a page loads: index.html's, then those of the lazy chunks it loads; raw and gzip -9 bytes. */
export function styles(lazyChunks: readonly string[]): { name: string; raw: number; gzip: number }[] {
  const byChunk = stylesByChunk();
  const names = new Set(initialStyles());
  for (const chunk of lazyChunks) for (const sheet of byChunk.get(chunk) ?? []) names.add(sheet);
  return [...names].map((name) => {
    const bytes = readFileSync(path.join(ASSETS, name));
    return { name, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
}

function moduleName(source: string): string {
  const normalized = source.replace(/\\/g, '/');
  const nm = normalized.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = normalized.slice(nm + 'node_modules/'.length).split('/');
    return `npm:${rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  return normalized.replace(/^(\.\.\/)+/, '');
}

/** Minified bytes per source module of one chunk (bytes with no mapping go to "(unmapped)"). */
function bytesBySource(chunk: string): Map<string, number> {
  const code = readFileSync(path.join(ASSETS, chunk), 'utf8');
  const out = new Map<string, number>();
  const add = (name: string, n: number) => out.set(name, (out.get(name) ?? 0) + n);
  const mapFile = path.join(ASSETS, `${chunk}.map`);
  if (!existsSync(mapFile)) {
    add('(no source map)', Buffer.byteLength(code));
    return out;
  }
  const map = new TraceMap(readFileSync(mapFile, 'utf8'));
  const lines = code.split('\n');
  const decoded = decodedMappings(map);
  lines.forEach((line, index) => {
    const segments = decoded[index] ?? [];
    let mapped = 0;
    segments.forEach((segment, i) => {
      const end = segments[i + 1]?.[0] ?? line.length;
      const length = Math.max(0, end - segment[0]);
      mapped += length;
      add(segment.length >= 4 ? moduleName(map.resolvedSources[segment[1]!] ?? '?') : '(unmapped)', length);
    });
    add('(unmapped)', Math.max(0, line.length + 1 - mapped));
  });
  return out;
}

export interface ModuleShare {
  module: string;
  minified: number;
  gzip: number;
}

/** Module shares over a set of chunks, largest first, and each chunk's gzip size. */
export function report(chunks: readonly string[]): { modules: ModuleShare[]; chunks: { name: string; gzip: number; minified: number }[] } {
  const modules = new Map<string, ModuleShare>();
  const chunkSizes: { name: string; gzip: number; minified: number }[] = [];
  for (const chunk of chunks) {
    const file = path.join(ASSETS, chunk);
    if (!existsSync(file)) continue;
    const bytes = readFileSync(file);
    const gzip = gzipSync(bytes, { level: 9 }).length;
    chunkSizes.push({ name: chunk, gzip, minified: bytes.length });
    for (const [module, minified] of bytesBySource(chunk)) {
      const share = modules.get(module) ?? { module, minified: 0, gzip: 0 };
      share.minified += minified;
      share.gzip += (gzip * minified) / bytes.length;
      modules.set(module, share);
    }
  }
  return { modules: [...modules.values()].sort((a, b) => b.minified - a.minified), chunks: chunkSizes.sort((a, b) => b.gzip - a.gzip) };
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const topAt = args.indexOf('--top');
  const top = topAt >= 0 ? Number(args[topAt + 1]) : 40;
  const lazy = args.filter((arg, i) => !arg.startsWith('--') && (topAt < 0 || i !== topAt + 1));
  const all = readdirSync(ASSETS).filter((f) => f.endsWith('.js'));
  const lazyChunks = lazy.flatMap((want) => all.filter((f) => f.startsWith(`${want}-`)));
  const starts = [...initialChunks(), ...lazyChunks];
  const chunks = closure(starts);
  const { modules, chunks: sizes } = report(chunks);
  const total = sizes.reduce((sum, c) => sum + c.gzip, 0);
  console.log(`first load${lazy.length ? ` + ${lazy.join(', ')}` : ' of /'}: ${sizes.length} chunks, ${kb(total)} gzip (each chunk gzip -9)`);
  for (const c of sizes) console.log(`  ${c.name.padEnd(48)} ${kb(c.gzip).padStart(10)} gz ${kb(c.minified).padStart(10)} min`);
  console.log(`largest modules (gzip share):`);
  for (const m of modules.slice(0, top)) console.log(`  ${m.module.padEnd(70)} ${kb(m.gzip).padStart(10)} ${kb(m.minified).padStart(10)} min`);
  const sheets = styles(lazyChunks);
  const sum = (key: 'raw' | 'gzip') => sheets.reduce((total, sheet) => total + sheet[key], 0);
  console.log(`style sheets: ${sheets.length}, ${kb(sum('raw'))} raw, ${kb(sum('gzip'))} gzip (each gzip -9)`);
  for (const sheet of sheets) console.log(`  ${sheet.name.padEnd(48)} ${kb(sheet.gzip).padStart(10)} gz ${kb(sheet.raw).padStart(10)} raw`);
}
