import { z } from 'zod';
import { SESSION_TYPES } from '../db/types.js';

/**
 * The error body every surface answers failures with, and the session type several areas' inputs
 * and shapes name, shared by the OpenAPI derivation of every route; each area's own schemas sit
 * beside its routes.
 */

export const SessionTypeSchema = z.enum(SESSION_TYPES).meta({
  id: 'SessionType',
  description: 'Session type: `agent`, `team` or `workflow`.',
});

export const ErrorBodySchema = z
  .object({
    detail: z.string().meta({ description: 'Error detail message' }),
    error_code: z.string().nullable().meta({ description: 'Code for categorization, e.g. NOT_FOUND' }),
    db_id: z.string().optional().meta({ description: 'On a 422 `SESSION_UNREADABLE`: the database holding the session.' }),
    session_id: z.string().optional().meta({ description: 'On a 422 `SESSION_UNREADABLE`: the session whose stored runs cannot be read.' }),
  })
  .meta({ id: 'ErrorBody', description: 'Error body: `detail` and `error_code`.' });
