import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import express, { Router } from 'express';
import { SWAGGER_INIT } from './swagger-init.js';

const require = createRequire(import.meta.url);

/** Folders of the docs UIs inside node_modules, so /docs and /redoc work offline. */
function assetDirs() {
  // Resolve the folder, not the package entry: its index loads the whole browser bundle.
  const swaggerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  const redocDir = path.join(path.dirname(require.resolve('redoc/package.json')), 'bundles');
  return { swaggerDir, redocDir };
}

// The icon is named so the browser does not ask for /favicon.ico, a platform route that answers 401.
function page(title: string, icon: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="${icon}"><title>${title}</title></head><body style="margin:0">${body}</body></html>`;
}

// Scripts are served as files, never inline, so the pages work under a CSP without 'unsafe-inline'.
const REDOC_INIT = `window.addEventListener('load', function () {
  Redoc.init('/openapi.json', { hideDownloadButton: false }, document.getElementById('redoc'));
});`;

const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "worker-src 'self' blob:; connect-src 'self'; frame-ancestors 'none'";

/** Where Redoc's footer takes its logo from: its CDN, which the docs pages never reach. */
export const REDOC_CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
/** An empty image, allowed by the pages' CSP (`img-src data:`), drawn as nothing. */
export const EMPTY_IMAGE = 'data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27 width=%270%27 height=%270%27/%3E';

/**
 * Redoc's bundle with its footer logo taken from the page itself: loaded from the CDN, it was
 * refused by the CSP on every visit (a console error) and would take an offline page online.
 * Read once, on first use.
 */
function redocBundle(redocDir: string): () => string {
  let text: string | null = null;
  return () => (text ??= fs.readFileSync(path.join(redocDir, 'redoc.standalone.js'), 'utf8').replaceAll(REDOC_CDN_LOGO, EMPTY_IMAGE));
}

/**
 * Static assets of the docs pages. Mounted before the JWT layer: they are rundesk's own files,
 * not platform routes, and the pages that load them are governed by `excluded_route_paths`.
 */
export function docsAssetsRouter(): Router {
  const router = Router();
  const { swaggerDir, redocDir } = assetDirs();
  const redoc = redocBundle(redocDir);
  router.get('/redoc/assets/redoc.standalone.js', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('application/javascript').send(redoc());
  });
  router.use('/docs/assets', express.static(swaggerDir, { index: false, maxAge: '1h' }));
  router.use('/redoc/assets', express.static(redocDir, { index: false, maxAge: '1h' }));

  router.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(SWAGGER_INIT);
  });
  router.get('/redoc/init.js', (_req, res) => {
    res.type('application/javascript').send(REDOC_INIT);
  });
  return router;
}

/**
 * `/openapi.json`, `/docs` (Swagger UI), `/redoc` and `/docs/oauth2-redirect`. The
 * document comes from the composition root, which knows every surface it describes.
 */
export function docsPagesRouter(document: () => object): Router {
  const router = Router();
  const { swaggerDir } = assetDirs();

  router.get('/openapi.json', (_req, res) => {
    res.json(document());
  });

  router.get('/docs', (_req, res) => {
    res.setHeader('Content-Security-Policy', DOCS_CSP);
    res.type('html').send(
      page(
        'rundesk API — Swagger UI',
        '/docs/assets/favicon-32x32.png',
        '<link rel="stylesheet" href="/docs/assets/swagger-ui.css"><div id="swagger-ui"></div>' +
          '<script src="/docs/assets/swagger-ui-bundle.js"></script><script src="/docs/init.js"></script>',
      ),
    );
  });

  router.get('/docs/oauth2-redirect', (_req, res) => {
    res.sendFile(path.join(swaggerDir, 'oauth2-redirect.html'));
  });

  router.get('/redoc', (_req, res) => {
    res.setHeader('Content-Security-Policy', DOCS_CSP);
    res.type('html').send(
      page(
        'rundesk API — ReDoc',
        'data:,',
        '<div id="redoc"></div><script src="/redoc/assets/redoc.standalone.js"></script><script src="/redoc/init.js"></script>',
      ),
    );
  });

  return router;
}
