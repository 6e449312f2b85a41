import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';

/** The renderer is built to plain files; no inline scripts, no third-party origins. */
export const UI_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: http: https:; " +
  "media-src 'self' data: blob: http: https:; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

/**
 * `/ui/*`: the guard (the desk's credential, handed in by the composition root: the login URL
 * `/ui/?token=…` sets the desk cookie, then redirects), then the built renderer with a fallback
 * to `index.html` for client-side routes.
 */
export function uiRouter(guard: RequestHandler, uiDir: string): Router {
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader('Content-Security-Policy', UI_CSP);
    next();
  });
  router.use(guard);
  const index = path.join(uiDir, 'index.html');
  router.use(express.static(uiDir, { index: false, maxAge: 0 }));
  router.get('/{*rest}', (_req, res) => {
    if (!fs.existsSync(index)) {
      res
        .status(503)
        .type('text')
        .send('The rundesk UI has not been built. Run `npm run build` in the project folder, then reload.');
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.sendFile(index);
  });
  return router;
}
