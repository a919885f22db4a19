import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The client bundle. The reference service (server/) serves `dist/` on its own port. */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, emptyOutDir: true },
  define: {
    __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0'),
    __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? new Date().toISOString()),
  },
  server: { proxy: {} },
});
