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
  'tests/server/cluster*.test.ts',
];

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify('test'),
    __BUILD_ID__: JSON.stringify('test'),
  },
  test: {
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'default',
          include: ['domain/**/*.test.ts', 'machines/**/*.test.ts', 'charts/**/*.test.ts', 'adapters/**/*.test.ts', 'tools/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/bench/**/*.test.ts', 'ui/**/*.test.{ts,tsx}'],
          // The cluster tests need PostgreSQL: they run in the server-postgres project only.
          exclude: ['tests/server/cluster*.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server-postgres',
          include: POSTGRES_SERVER_TESTS,
          globalSetup: ['tests/support/postgresGlobalSetup.ts'],
        },
      },
    ],
  },
});
