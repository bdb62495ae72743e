import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The gateway serves dist/ at `/` (or PUBLIC_BASE_PATH) and writes a <base href> into
// index.html, so every asset URL is relative to it. Each screen is its own chunk (routes.tsx).
export default defineConfig({
  base: './',
  plugins: [react()],
  resolve: {
    alias: {
      '@contracts/internal': fileURLToPath(
        new URL('../contracts/src/generated/internal.ts', import.meta.url),
      ),
    },
  },
  build: { outDir: 'dist', assetsDir: 'assets', sourcemap: false, target: 'es2022' },
  server: { proxy: { '/api': 'http://127.0.0.1:8000' } },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
  },
});
