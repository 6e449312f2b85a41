import { fileURLToPath } from 'node:url';
import { createLogger, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Vite's url() rewriter warns once per build that "A PostCSS plugin did not pass the `from`
 * option": the declarations postcss-modules itself generates for `composes` (the `:import` /
 * `:export` rules) carry no source file. Only url() values are rewritten from that file, and no
 * stylesheet of the UI has one (every look is a token or a module class), so the line is noise on
 * every build; every other message is passed on.
 */
const logger = createLogger();
const warnOnce = logger.warnOnce.bind(logger);
logger.warnOnce = (message, options) => {
  if (message.includes('did not pass the `from` option to `postcss.parse`')) return;
  warnOnce(message, options);
};

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
    customLogger: logger,
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
