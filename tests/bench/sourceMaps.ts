/**
 * Source mapping of the client's built code for the profiles (translateProfile.ts, translateSlowKeys.ts): a call frame
 * of a dist/ asset → its original source file and function name, from the asset's .map file in dist/.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A call frame as V8's profiler and Chromium's trace give it (line and column 0-based). */
export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

const maps = new Map<string, TraceMap | null>();
/** The source map of a dist asset URL, read from dist/ (null for other URLs). */
function mapOf(url: string): TraceMap | null {
  if (!maps.has(url)) {
    const match = /\/(assets\/[^?#]+\.js)$/.exec(url);
    let map: TraceMap | null = null;
    try {
      if (match) map = new TraceMap(readFileSync(path.join(ROOT, 'dist', `${match[1]}.map`), 'utf8'));
    } catch {
      map = null;
    }
    maps.set(url, map);
  }
  return maps.get(url)!;
}

/** A call frame with its original source and name (as it came where the asset has no map). */
export function located(frame: CallFrame): { source: string; name: string; url: string } {
  const map = mapOf(frame.url);
  if (!map || frame.lineNumber < 0) return { source: frame.url, name: frame.functionName, url: frame.url };
  const original = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  return { source: original.source ?? frame.url, name: original.name ?? frame.functionName, url: frame.url };
}

/** `name path` of a located frame, the path shortened (node_modules → ~/, leading ../ dropped). */
export function frameLabel(where: { source: string; name: string }): string {
  return `${where.name || '(anonymous)'} ${where.source.replace(/^.*node_modules\//, '~/').replace(/^(\.\.\/)+/, '')}`;
}
