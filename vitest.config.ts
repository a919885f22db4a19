import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The server tests that touch the database, run a second time against PostgreSQL (project `server-postgres`:
 * one private PostgreSQL per run, a database per test server; tests/support/postgres.ts). The rest are SQLite-only
 * by nature (pragmas, migrations on a file, the environment of main.ts), read the SQLite file directly to check
 * what was stored (items, sharing, translations, wrongTypes, comment files, exports), or do not touch the database.
 */
const POSTGRES_SERVER_TESTS = [
  'tests/server/content.test.ts',
  'tests/server/contentStacks.test.ts',
  'tests/server/comments.test.ts',
  'tests/server/realtime.test.ts',
  'tests/server/oidc.test.ts',
  'tests/server/realtimeControl.test.ts',
  'tests/server/reviewRequests.test.ts',
  'tests/server/cluster*.test.ts',
  'tests/server/jobs*.test.ts',
];
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
    // One test file per core at a time, across all projects. Vitest's own default for a run is one fewer than the cores,
    // which on a 2-core machine is a single worker: the 190 files ran one after another (the CI's 388 s were the sum of
    // every file's import and test time) while the second core idled once typecheck, lint and build had ended.
    // VITEST_MAX_WORKERS overrides it (e.g. 1 to debug, or more where the cores allow).
    maxWorkers: process.env.VITEST_MAX_WORKERS ? Number(process.env.VITEST_MAX_WORKERS) : Math.max(2, os.availableParallelism()),
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
        // The service (real servers, files, environment) and the benches, in processes that each run file after file
        // with one module graph: every file starts its own servers on its own data folders, and none changes the
        // environment or mocks a module, so the service's modules (fastify, oidc-provider, Kysely, socket.io…) are
        // imported once per process instead of once per file (an A/B on 8 files: a third less CPU, all passing).
        extends: true,
        test: {
          name: 'service',
          include: ['tests/server/**/*.test.ts', 'tests/bench/**/*.test.ts'],
          // The cluster tests need PostgreSQL: they run in the server-postgres project only.
          exclude: ['tests/server/cluster*.test.ts', '**/node_modules/**'],
          pool: 'forks',
          isolate: false,
          // A test that drives a real server through many requests takes ~1.5 s on an idle machine and over 20 s at
          // load 20 on 2 cores: the bound is for a hung test, not a slow one.
          testTimeout: 60_000,
        },
      },
      {
        // Files mocking modules (vi.mock) for the whole file: a fresh process each.
        extends: true,
        test: {
          name: 'fresh-modules',
          include: NEEDS_FRESH_MODULES,
          pool: 'forks',
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server-postgres',
          include: POSTGRES_SERVER_TESTS,
          globalSetup: ['tests/support/postgresGlobalSetup.ts'],
          // Only this project's processes use the run's PostgreSQL (the others inherit its URL, not this mark).
          env: { REVIEW_TEST_ENGINE: 'postgres' },
          pool: 'forks',
          // As in `service`: file after file in one module graph per process (the service's modules imported once
          // per process, not once per file); every file starts and stops its own servers, instances and S3 stand-in.
          isolate: false,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
