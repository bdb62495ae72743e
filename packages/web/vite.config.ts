import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin, Rollup } from 'vite';
import { defineConfig } from 'vitest/config';
import { FIRST_LOAD } from './src/app/first-load.ts';

/**
 * sonner writes its stylesheet into a <style> element when it loads, which the gateway's
 * `style-src 'self'` blocks (a CSP error in the console, unstyled toasts). main.tsx imports
 * the same CSS as a file (sonner/dist/styles.css, bundled with ours) and this turns the
 * injection off. The build fails when a new sonner loads its styles some other way.
 */
function sonnerStylesAsFile(): Plugin {
  const marker = 'function __insertCSS(code) {';
  return {
    name: 'sonner-styles-as-file',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      if (!code.includes(marker))
        this.error('sonner no longer injects its CSS through __insertCSS: review this plugin');
      return { code: code.replace(marker, `${marker} return;`), map: null };
    },
  };
}

/**
 * React Aria's usePress writes a <style id="react-aria-pressable-style"> into <head> the first
 * time a pressable renders (RAC Tab, Button…): blocked by the same `style-src 'self'`. Its one
 * rule (touch-action on [data-react-aria-pressable]) is in styles/base.css instead, and this
 * turns the injection off. The build fails when a new React Aria injects it some other way.
 */
function reactAriaPressStyleAsFile(): Plugin {
  const marker = "if (!domRef || process.env.NODE_ENV === 'test') return;";
  return {
    name: 'react-aria-press-style-as-file',
    transform(code, id) {
      if (!/[\\/]react-aria[\\/]dist[\\/]private[\\/]interactions[\\/]usePress\.m?js$/.test(id))
        return null;
      if (!code.includes(marker))
        this.error('React Aria no longer injects the pressable style there: review this plugin');
      return { code: code.replace(marker, 'return;'), map: null };
    },
  };
}

/**
 * dist/first-load.json (decision 030): for each path of src/app/first-load.ts, the files its
 * screen needs beyond the entry's own (its chunk, the chunks that chunk imports statically and
 * their CSS) and its first reads. The gateway writes them into index.html as preload links.
 * The build fails when a screen named there is not a chunk of its own.
 */
function firstLoadManifest(): Plugin {
  return {
    name: 'first-load-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Rollup.OutputChunk>();
      for (const file of Object.values(bundle))
        if (file.type === 'chunk') chunks.set(file.fileName, file);
      const closure = (start: string) => {
        const seen = new Set<string>();
        const queue = [start];
        for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
          if (seen.has(file)) continue;
          seen.add(file);
          queue.push(...(chunks.get(file)?.imports ?? []));
        }
        return seen;
      };
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) return this.error('first-load: the build has no entry chunk');
      const initial = closure(entry.fileName);
      const manifest = Object.entries(FIRST_LOAD).map(([path, { screen, reads }]) => {
        const source = fileURLToPath(new URL(`./${screen}`, import.meta.url));
        const chunk = [...chunks.values()].find((c) => c.facadeModuleId === source);
        if (!chunk) return this.error(`first-load: ${screen} is not a chunk of its own`);
        const modules = [...closure(chunk.fileName)].filter((file) => !initial.has(file));
        const styles = modules.flatMap((file) => [
          ...(chunks.get(file)?.viteMetadata?.importedCss ?? []),
        ]);
        return [path, { modules, styles, reads }] as const;
      });
      this.emitFile({
        type: 'asset',
        fileName: 'first-load.json',
        source: `${JSON.stringify(Object.fromEntries(manifest), null, 2)}\n`,
      });
    },
  };
}

// The gateway serves dist/ at `/` (or PUBLIC_BASE_PATH) and writes a <base href> into
// index.html, so every asset URL is relative to it. Each screen is its own chunk (routes.tsx).
export default defineConfig({
  base: './',
  plugins: [react(), sonnerStylesAsFile(), reactAriaPressStyleAsFile(), firstLoadManifest()],
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
