import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The UI is served by the rundesk server at `/ui/` under a strict CSP (no inline scripts, no
 * eval), so the build emits only external module scripts and stylesheets.
 *
 * `vite dev` against a running server: `RUNDESK_DEV_API=http://127.0.0.1:7777
 * RUNDESK_DEV_DESK_TOKEN=<desk token from the login URL> npx vite --config renderer/vite.config.ts`
 * proxies the API (with the desk token added, since the desk cookie belongs to the server's origin).
 */
export default defineConfig(({ command }) => {
  const api = process.env.RUNDESK_DEV_API;
  const deskToken = process.env.RUNDESK_DEV_DESK_TOKEN;
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
        ? {
            proxy: Object.fromEntries(
              apiPaths.map((p) => [
                p,
                // changeOrigin: the server only answers requests whose Host is its own loopback name.
                { target: api, changeOrigin: true, headers: deskToken && p === '/desk' ? { 'X-Desk-Token': deskToken } : {} },
              ]),
            ),
          }
        : {},
  };
});
