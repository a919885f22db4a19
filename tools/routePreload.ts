import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** A route whose code is loaded lazily: the paths it matches and the modules it imports on the way to its page. */
export interface RoutePreload {
  /** Matched against `location.pathname`. */
  pattern: RegExp;
  /** Project-relative modules the route imports dynamically (each becomes a chunk). */
  modules: readonly string[];
}

/**
 * The lazy routes of ui/routes.tsx a first load most often lands on: the grid with the content, grid and item dialogs
 * features' machines, the feature clients every feature is built with (createSystem's `loadFeatures`) and the grid's
 * words; the item view with the content, item and translation features' machines (ui/app/createSystem.ts
 * `loadFeatures`) and their words. The uploads panel is not among them: it loads once there is an upload to show
 * (ui/main.tsx).
 */
const CONTENT = ['ui/app/wiring/contentFeature.ts', 'ui/strings/content.ts', 'ui/app/wiring/featureClients.ts'];
/** The item view's machines and words (ui/strings.ts `loadStrings`), with the review tab's words (ItemScreen's route). */
const ITEM = ['ui/app/wiring/itemFeature.ts', 'ui/strings/item.ts', 'ui/strings/reviewTab.ts'];
export const ROUTE_PRELOADS: readonly RoutePreload[] = [
  { pattern: /^\/review(?:\/folder(?:\/[^/]+)?)?\/?$/, modules: ['ui/views/grid/GridScreen.tsx', 'ui/app/wiring/gridFeature.ts', 'ui/app/wiring/itemDialogsFeature.ts', ...CONTENT] },
  { pattern: /^\/review\/content\/[^/]+\/(?:review|feedback)\/?$/, modules: ['ui/views/item/ItemScreen.tsx', ...CONTENT, ...ITEM] },
  // The translate tab's views, machines and words load with the tab (ui/views/item/ItemTranslateTab.tsx).
  { pattern: /^\/review\/content\/[^/]+\/translate\/?$/, modules: ['ui/views/item/ItemScreen.tsx', ...CONTENT, ...ITEM, 'ui/views/item/ItemTranslate.tsx', 'ui/app/wiring/translationFeature.ts', 'ui/strings/translateTab.ts'] },
];

function isChunk(output: Rollup.OutputChunk | Rollup.OutputAsset | undefined): output is Rollup.OutputChunk {
  return output?.type === 'chunk';
}

/** The style sheets Vite attached to a chunk (its modules' CSS, which Vite's loader puts in a `<link>` before running it). */
function cssOf(chunk: Rollup.OutputChunk | Rollup.OutputAsset | undefined): string[] {
  return isChunk(chunk) ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
}

/** A chunk and every chunk it imports statically, transitively (file names). */
function closure(bundle: Rollup.OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  const chunk = bundle[fileName];
  if (isChunk(chunk)) for (const imported of chunk.imports) closure(bundle, imported, into);
  return into;
}

/**
 * The script that asks for a route's chunks as the page starts, before the entry has run and React has rendered the
 * route: `<link rel="modulepreload">` for each chunk of the route that the entry does not already load, and
 * `<link rel="preload" as="style">` for those chunks' style sheets (fetched now, applied when Vite's loader links them
 * before running the chunk; same CORS mode as that link, so the preloaded response serves it). Without it the chunk and
 * its CSS requests wait for the entry to download, run and render (one more round trip on the critical path). It goes
 * before the stylesheets: after one it would wait for it.
 */
export function routePreloadScript(bundle: Rollup.OutputBundle, root: string, base: string, routes: readonly RoutePreload[] = ROUTE_PRELOADS): string | null {
  const chunks = Object.values(bundle).filter(isChunk);
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) return null;
  const loaded = closure(bundle, entry.fileName);
  const loadedCss = new Set([...loaded].flatMap((file) => cssOf(bundle[file])));
  const table: [string, string[], string[]][] = [];
  for (const route of routes) {
    const files = new Set<string>();
    const styles = new Set<string>();
    for (const module of route.modules) {
      const id = path.resolve(root, module);
      const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
      if (!chunk) throw new Error(`route preload: no chunk for ${module} (is it still imported dynamically?)`);
      for (const file of closure(bundle, chunk.fileName)) {
        if (loaded.has(file)) continue;
        files.add(`${base}${file}`);
        for (const css of cssOf(bundle[file])) if (!loadedCss.has(css)) styles.add(`${base}${css}`);
      }
    }
    table.push([route.pattern.source, [...files], [...styles]]);
  }
  return (
    `(function(){var p=location.pathname,r=${JSON.stringify(table)};` +
    `function a(f,rel,as){var l=document.createElement('link');l.rel=rel;if(as)l.as=as;l.crossOrigin='';l.href=f;document.head.appendChild(l);}` +
    `r.forEach(function(e){if(new RegExp(e[0]).test(p)){e[1].forEach(function(f){a(f,'modulepreload');});` +
    `e[2].forEach(function(f){a(f,'preload','style');});}});})();`
  );
}

/** The app's root: the repository, where vite.config.ts and index.html are. */
const APP_ROOT = path.resolve(import.meta.dirname, '..');

/** Where index.html takes the script: after the charset and before the stylesheets. */
export const ROUTE_PRELOAD_MARKER = '<!-- route preload -->';

/** The vite plugin: puts the route preload script in the built index.html, at its marker. */
export function routePreload(routes: readonly RoutePreload[] = ROUTE_PRELOADS): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'review:route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        if (!html.includes(ROUTE_PRELOAD_MARKER)) {
          // Another page built with the app's config (a bench's) has no routes to preload; the app's must keep its marker.
          if (path.resolve(root) !== APP_ROOT) return html;
          throw new Error(`route preload: index.html has no ${ROUTE_PRELOAD_MARKER}`);
        }
        const script = routePreloadScript(ctx.bundle, root, base, routes);
        return html.replace(ROUTE_PRELOAD_MARKER, script ? `<script>${script}</script>` : '');
      },
    },
  };
}
