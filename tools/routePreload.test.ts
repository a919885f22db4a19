import path from 'node:path';
import { runInNewContext } from 'node:vm';
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { routePreload, routePreloadScript, type RoutePreload } from './routePreload.ts';

const ROOT = '/project';

function chunk(fileName: string, imports: string[], options: { isEntry?: boolean; facade?: string; css?: string[] } = {}): Rollup.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    imports,
    isEntry: options.isEntry ?? false,
    facadeModuleId: options.facade ? path.join(ROOT, options.facade) : null,
    viteMetadata: { importedCss: new Set(options.css ?? []), importedAssets: new Set() },
  } as unknown as Rollup.OutputChunk;
}

/**
 * An entry with a shared library and its style sheet, a lazy grid chunk that shares it and has its own dependency (with
 * a sheet shared with the item view) and its own sheet, a lazy item chunk.
 */
const bundle: Rollup.OutputBundle = Object.fromEntries(
  [
    chunk('assets/index-1.js', ['assets/kit-1.js'], { isEntry: true, facade: 'ui/main.tsx', css: ['assets/index-1.css'] }),
    chunk('assets/kit-1.js', [], { css: ['assets/kit-1.css'] }),
    chunk('assets/GridScreen-1.js', ['assets/kit-1.js', 'assets/virtual-1.js'], { facade: 'ui/views/grid/GridScreen.tsx', css: ['assets/GridScreen-1.css'] }),
    chunk('assets/virtual-1.js', [], { css: ['assets/shared-1.css'] }),
    chunk('assets/ItemScreen-1.js', ['assets/kit-1.js'], { facade: 'ui/views/item/ItemScreen.tsx' }),
  ].map((c) => [c.fileName, c]),
);

const routes: RoutePreload[] = [
  { pattern: /^\/review\/?$/, modules: ['ui/views/grid/GridScreen.tsx'] },
  { pattern: /^\/review\/content\/[^/]+\/review$/, modules: ['ui/views/item/ItemScreen.tsx'] },
];

/** Runs the script as the page would at `pathname`; the preload links it added to the head. */
function linksAt(pathname: string): { rel: string; as?: string; href: string; crossOrigin: string | null }[] {
  const script = routePreloadScript(bundle, ROOT, '/', routes);
  expect(script).not.toBeNull();
  const head: { rel: string; as?: string; href: string; crossOrigin: string | null }[] = [];
  const document = {
    createElement: () => ({ rel: '', href: '', crossOrigin: null }),
    head: { appendChild: (link: (typeof head)[number]) => head.push(link) },
  };
  runInNewContext(script!, { location: { pathname }, document });
  return head;
}

describe('route preload (index.html asks for the landing route chunks before the entry runs)', () => {
  it('preloads the grid chunk, its own dependencies and their style sheets on /review, not what the entry already loads', () => {
    expect(linksAt('/review')).toEqual([
      { rel: 'modulepreload', href: '/assets/GridScreen-1.js', crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/virtual-1.js', crossOrigin: '' },
      // In the CORS mode of the stylesheet link Vite's loader adds before running the chunk, so the preload serves it.
      { rel: 'preload', as: 'style', href: '/assets/GridScreen-1.css', crossOrigin: '' },
      { rel: 'preload', as: 'style', href: '/assets/shared-1.css', crossOrigin: '' },
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

describe('routePreload plugin: the marker in index.html', () => {
  /** The plugin's index.html transform after vite resolved a build rooted at `root`. */
  function transformAt(root: string) {
    const plugin = routePreload([]);
    (plugin.configResolved as (config: { root: string; base: string }) => void)({ root, base: '/' });
    const handler = (plugin.transformIndexHtml as { handler: (html: string, ctx: { bundle: Rollup.OutputBundle }) => string }).handler;
    return (html: string) => handler(html, { bundle });
  }
  const appRoot = path.resolve(import.meta.dirname, '..');

  it('the app’s index.html must keep its marker: the build fails without it', () => {
    expect(() => transformAt(appRoot)('<html><head></head></html>')).toThrow(/has no <!-- route preload -->/);
    expect(transformAt(appRoot)('<html><head><!-- route preload --></head></html>')).not.toContain('route preload');
  });

  it('another page built with the app’s config (a bench’s) is left as it is', () => {
    const html = '<html><head><title>bench</title></head></html>';
    expect(transformAt(path.join(appRoot, 'tmp-bench-page'))(html)).toBe(html);
  });
});
