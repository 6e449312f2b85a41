import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The UI is served by the rundesk server at `/ui/` under a strict CSP (no inline scripts, no
 * eval), so the build emits only external module scripts and stylesheets.
 *
 * `RUNDESK_DEV_API` (e.g. `http://127.0.0.1:7777`) proxies the API in `vite dev`.
 */
export default defineConfig(({ command }) => {
  const api = process.env.RUNDESK_DEV_API;
  const apiPaths = ['/sessions', '/agents', '/teams', '/workflows', '/desk', '/health', '/info'];
  return {
    root,
    base: '/ui/',
    plugins: [react()],
    build: {
      outDir: '../dist/renderer',
      emptyOutDir: true,
      sourcemap: true,
      chunkSizeWarningLimit: 1200,
      modulePreload: { polyfill: false },
    },
    server:
      command === 'serve' && api
        ? { proxy: Object.fromEntries(apiPaths.map((p) => [p, { target: api, changeOrigin: false }])) }
        : {},
  };
});
