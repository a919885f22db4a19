import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './tools/precompress.ts';
import { machineHashes } from './tools/machineHashes.ts';
import { routePreload } from './tools/routePreload.ts';

/** The client bundle. The reference service (server/) serves `dist/` on its own port. */
export default defineConfig({
  // precompress: dist/**/*.{js,css,html,…} also as .br and .gz, sent by the service as the browser accepts them.
  // machineHashes: the registry's definition hashes computed at build time, for session-log headers (the client loads
  // machines with their features, so it cannot hash them all itself).
  // routePreload: index.html asks for the landing route's lazy chunks (grid, item view) before the entry has run.
  plugins: [react(), machineHashes(), routePreload(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    emptyOutDir: true,
    rolldownOptions: {
      // The kit's barrel (ui/kit/index.ts) only re-exports: with it side-effect free and lazy barrels on, an import
      // through it reaches just the components named, so a page's chunk carries the kit parts that page draws (not
      // every component some later page uses).
      experimental: { lazyBarrel: true },
      treeshake: { moduleSideEffects: [{ test: /\/ui\/kit\/index\.ts$/, sideEffects: false }, { test: /./, sideEffects: true }] },
      // The framework (React, XState, the router) is one chunk every page loads, not pieces of it spread over whichever
      // small shared chunks each build's graph happens to produce: the first load's chunk count and bytes stay put as
      // routes add lazy boundaries.
      output: {
        codeSplitting: {
          groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|xstate|@xstate[\\/]react|use-sync-external-store|wouter)[\\/]/ }],
        },
      },
    },
  },
  define: {
    __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0'),
    __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? new Date().toISOString()),
  },
  server: { proxy: {} },
});
