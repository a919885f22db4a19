import path from 'node:path';
import { runInNewContext } from 'node:vm';
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { routePreloadScript, type RoutePreload } from './routePreload.ts';

const ROOT = '/project';

function chunk(fileName: string, imports: string[], options: { isEntry?: boolean; facade?: string } = {}): Rollup.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    imports,
    isEntry: options.isEntry ?? false,
    facadeModuleId: options.facade ? path.join(ROOT, options.facade) : null,
  } as unknown as Rollup.OutputChunk;
}

/** An entry with a shared library, a lazy grid chunk that shares it and has its own dependency, a lazy item chunk. */
const bundle: Rollup.OutputBundle = Object.fromEntries(
  [
    chunk('assets/index-1.js', ['assets/kit-1.js'], { isEntry: true, facade: 'ui/main.tsx' }),
    chunk('assets/kit-1.js', []),
    chunk('assets/GridScreen-1.js', ['assets/kit-1.js', 'assets/virtual-1.js'], { facade: 'ui/views/grid/GridScreen.tsx' }),
    chunk('assets/virtual-1.js', []),
    chunk('assets/ItemScreen-1.js', ['assets/kit-1.js'], { facade: 'ui/views/item/ItemScreen.tsx' }),
  ].map((c) => [c.fileName, c]),
);

const routes: RoutePreload[] = [
  { pattern: /^\/review\/?$/, modules: ['ui/views/grid/GridScreen.tsx'] },
  { pattern: /^\/review\/content\/[^/]+\/review$/, modules: ['ui/views/item/ItemScreen.tsx'] },
];

/** Runs the script as the page would at `pathname`; the modulepreload links it added to the head. */
function linksAt(pathname: string): { rel: string; href: string; crossOrigin: string | null }[] {
  const script = routePreloadScript(bundle, ROOT, '/', routes);
  expect(script).not.toBeNull();
  const head: { rel: string; href: string; crossOrigin: string | null }[] = [];
  const document = {
    createElement: () => ({ rel: '', href: '', crossOrigin: null }),
    head: { appendChild: (link: (typeof head)[number]) => head.push(link) },
  };
  runInNewContext(script!, { location: { pathname }, document });
  return head;
}

describe('route preload (index.html asks for the landing route chunks before the entry runs)', () => {
  it('preloads the grid chunk and its own dependencies on /review, not what the entry already loads', () => {
    expect(linksAt('/review')).toEqual([
      { rel: 'modulepreload', href: '/assets/GridScreen-1.js', crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/virtual-1.js', crossOrigin: '' },
    ]);
  });

  it('preloads the item view chunk on an item page, and nothing on a page without a lazy route', () => {
    expect(linksAt('/review/content/abc/review').map((link) => link.href)).toEqual(['/assets/ItemScreen-1.js']);
    expect(linksAt('/')).toEqual([]);
  });

  it('fails the build when a route module is no longer a chunk of its own', () => {
    expect(() => routePreloadScript(bundle, ROOT, '/', [{ pattern: /^\/x$/, modules: ['ui/views/Gone.tsx'] }])).toThrow(/no chunk for ui\/views\/Gone.tsx/);
  });
});
