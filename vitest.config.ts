import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify('test'),
    __BUILD_ID__: JSON.stringify('test'),
  },
  test: {
    include: ['domain/**/*.test.ts', 'machines/**/*.test.ts', 'charts/**/*.test.ts', 'adapters/**/*.test.ts', 'tools/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/bench/**/*.test.ts', 'ui/**/*.test.{ts,tsx}'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
