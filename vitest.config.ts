import { defineConfig } from 'vitest/config';

/** Files whose module state must start fresh: they mock modules (vi.mock) for the whole file. */
const NEEDS_FRESH_MODULES = ['ui/views/access.test.tsx'];

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify('test'),
    __BUILD_ID__: JSON.stringify('test'),
  },
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        // Pure code (domain, machines, charts, adapters, tools, views): threads sharing one module graph per worker,
        // so xstate, React and the domain are imported once per worker instead of once per file.
        extends: true,
        test: {
          name: 'unit',
          include: ['domain/**/*.test.ts', 'machines/**/*.test.ts', 'charts/**/*.test.ts', 'adapters/**/*.test.ts', 'tools/**/*.test.ts', 'tests/machines/**/*.test.ts', 'ui/**/*.test.{ts,tsx}'],
          exclude: NEEDS_FRESH_MODULES,
          pool: 'threads',
          isolate: false,
        },
      },
      {
        // The service (real servers, files, environment) and the benches, and files mocking modules: a process each.
        extends: true,
        test: {
          name: 'service',
          include: ['tests/server/**/*.test.ts', 'tests/bench/**/*.test.ts', ...NEEDS_FRESH_MODULES],
          pool: 'forks',
          // A test that drives a real server through many requests takes ~1.5 s on an idle machine and over 20 s at
          // load 20 on 2 cores: the bound is for a hung test, not a slow one.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
