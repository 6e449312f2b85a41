import { describe, expect, it } from 'vitest';

import type { ErrorKind } from '../error-kinds.js';
import { ERROR_TABLE } from '../error-table.js';
import { openApiDocument } from './openapi-document.js';

/**
 * Every `error_code` the server answers is in `/openapi.json`, under the status it is answered
 * with, on every operation that can answer it. Which operations those are is written down here,
 * from the code that throws each kind, so a kind or an operation added without its
 * documentation fails this test.
 */

interface Operation {
  id: string;
  path: string;
  method: string;
  responses: Record<string, { description?: string }>;
}

type Where =
  /** Any request may get it (answered before routing): the document's description names it. */
  | { anyRequest: true }
  /** Every operation that documents this kind's status answers it there (e.g. 401 UNAUTHENTICATED). */
  | { everyOperationWithStatus: (op: Operation) => boolean }
  /** These operations, on both surfaces where the desk view serves them too. */
  | { operations: readonly string[] }
  /** Never an answer: its callers turn it into another kind (the reason says which). */
  | { notAnswered: string };

const platform = (op: Operation) => !op.path.startsWith('/desk/') || op.path.startsWith('/desk/view/');
const desk = (op: Operation) => op.path.startsWith('/desk/') && !op.path.startsWith('/desk/view/');
const any = () => true;

/** The session reads and writes whose store decodes a session's stored runs. */
const READS_RUNS = ['get_session_run', 'get_session', 'get_session_runs', 'ingest_session_run', 'rename_session', 'update_session', 'search_runs'];
/** Desk writes that save a file in the data folder (settings, keys). */
const SAVES_FILES = ['desk_generate_key', 'desk_import_keys', 'desk_set_key_trust', 'desk_delete_key', 'desk_put_settings', 'desk_attach_database', 'desk_detach_database', 'desk_preset_fixture'];

const EMITTED: { readonly [K in ErrorKind]: Where } = {
  BAD_REQUEST: { everyOperationWithStatus: any },
  CORS_ORIGIN_NOT_ALLOWED: { anyRequest: true },
  UNAUTHENTICATED: { everyOperationWithStatus: any },
  FORBIDDEN: { everyOperationWithStatus: any },
  NOT_FOUND: { everyOperationWithStatus: any },
  CONFLICT: { everyOperationWithStatus: any },
  READ_ONLY_DATABASE: { everyOperationWithStatus: platform },
  SESSION_AMBIGUOUS: { everyOperationWithStatus: platform },
  LAST_TRUSTED_KEY: { operations: ['desk_set_key_trust', 'desk_delete_key'] },
  REQUEST_TIMEOUT: { anyRequest: true },
  PAYLOAD_TOO_LARGE: { everyOperationWithStatus: any },
  UNSUPPORTED_MEDIA_TYPE: { everyOperationWithStatus: any },
  VALIDATION_ERROR: { everyOperationWithStatus: any },
  INVALID_KEY_MATERIAL: { notAnswered: "a key import collects each into one VALIDATION_ERROR's issues" },
  INVALID_KEY_SET: { notAnswered: 'a JWKS file answers JWKS_FILE_UNUSABLE, a pasted key set VALIDATION_ERROR' },
  SESSION_UNREADABLE: { operations: READS_RUNS },
  HEADERS_TOO_LARGE: { anyRequest: true },
  CONFIG_ERROR: { anyRequest: true },
  JWKS_FILE_UNUSABLE: { anyRequest: true },
  INTERNAL_SERVER_ERROR: { anyRequest: true },
  NOT_IMPLEMENTED: { everyOperationWithStatus: (op) => !op.id.startsWith('unanswered_') },
  NOT_IMPLEMENTED_LOCALLY: { everyOperationWithStatus: (op) => op.id.startsWith('unanswered_') },
  UPSTREAM_UNAVAILABLE: { everyOperationWithStatus: platform },
  UPSTREAM_TIMEOUT: { everyOperationWithStatus: platform },
  DATABASE_UNAVAILABLE: { everyOperationWithStatus: platform },
  DATABASE_BUSY: { everyOperationWithStatus: platform },
  INSUFFICIENT_STORAGE: { operations: SAVES_FILES },
  STORAGE_WRITE_FAILED: { operations: SAVES_FILES },
};

function operations(): Operation[] {
  const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, { operationId: string; responses: Operation['responses'] }>> };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ id: op.operationId, path, method, responses: op.responses })),
  );
}

const named = (text: string | undefined, kind: string) => (text ?? '').includes(`\`${kind}\``);

describe('error codes in the OpenAPI document', () => {
  const ops = operations();
  const byId = new Map(ops.map((op) => [op.id, op]));

  it.each(Object.keys(ERROR_TABLE) as ErrorKind[])('%s is documented under its status wherever it is answered', (kind) => {
    const status = String(ERROR_TABLE[kind].status);
    const where = EMITTED[kind];
    if ('notAnswered' in where) return;
    if ('anyRequest' in where) {
      const description = (openApiDocument() as unknown as { info: { description: string } }).info.description;
      expect(named(description, kind), `info.description names \`${kind}\``).toBe(true);
      expect(description).toContain(`${status} \`${kind}\``);
      return;
    }
    const missing: string[] = [];
    if ('operations' in where) {
      for (const id of where.operations) {
        const found = [byId.get(id), byId.get(`desk_view_${id}`)].filter((op) => op !== undefined);
        expect(found.length, `operation ${id} exists`).toBeGreaterThan(0);
        for (const op of found) if (!named(op.responses[status]?.description, kind)) missing.push(`${op.id} ${status}`);
      }
    } else {
      const withStatus = ops.filter((op) => op.responses[status] !== undefined && where.everyOperationWithStatus(op));
      expect(withStatus.length, `some operation documents ${status}`).toBeGreaterThan(0);
      for (const op of withStatus) if (!named(op.responses[status]?.description, kind)) missing.push(`${op.id} ${status}`);
    }
    expect(missing).toEqual([]);
  });

  it('names only codes the server has', () => {
    const kinds = new Set(Object.keys(ERROR_TABLE));
    const text = JSON.stringify(openApiDocument());
    const codes = [...text.matchAll(/`([A-Z][A-Z_]{3,})`/g)].map((m) => m[1] as string);
    expect(codes.filter((c) => !kinds.has(c) && /_/.test(c))).toEqual([]);
  });
});
