import express from 'express';
import type { Runtime } from '../runtime-types.js';
import { deskGuard } from './guard.js';

/**
 * The workbench API, mounted at `/desk` after the Host check and outside the JWT layer.
 * Every route sits behind the desk guard (desk token + same-origin writes).
 */
export function deskRouter(runtime: Runtime): express.Router {
  const router = express.Router();
  router.use(deskGuard(runtime));
  router.use(express.json({ limit: '1mb' }));
  return router;
}
