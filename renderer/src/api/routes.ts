/**
 * Request and answer types of every route, read off the generated document's `paths`
 * (`openapi.gen.ts`), so a call names a documented path and method and gets that operation's
 * path parameters, query, body and success answer — nothing typed by hand.
 */
import type { paths } from '../api-types/openapi.gen';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

type OperationAt<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** The documented paths that have an operation for `M`. */
export type PathFor<M extends Method> = {
  [P in keyof paths]: [OperationAt<P, M>] extends [never] ? never : P;
}[keyof paths];

type Operation<M extends Method, P extends PathFor<M>> = OperationAt<P, M>;

type JsonContent<R> = R extends { content: { 'application/json': infer J } } ? J : null;
type SuccessStatus = 200 | 201 | 202 | 204;

/** The answer of a 2xx (`null` for a 204). */
export type Answer<M extends Method, P extends PathFor<M>> =
  Operation<M, P> extends { responses: infer R } ? { [S in keyof R & SuccessStatus]: JsonContent<R[S]> }[keyof R & SuccessStatus] : never;

export type Body<M extends Method, P extends PathFor<M>> =
  Operation<M, P> extends { requestBody: { content: { 'application/json': infer B } } }
    ? B
    : Operation<M, P> extends { requestBody?: { content: { 'application/json': infer B } } }
      ? B | undefined
      : never;

type Parameters<M extends Method, P extends PathFor<M>> = Operation<M, P> extends { parameters: infer X } ? X : never;
export type Query<M extends Method, P extends PathFor<M>> = Parameters<M, P> extends { query?: infer Q } ? Q : never;
export type PathParams<M extends Method, P extends PathFor<M>> = Parameters<M, P> extends { path: infer X } ? X : never;

/** What one call takes: `path` when the route has `{params}`, `body` when it takes one. */
export type CallInput<M extends Method, P extends PathFor<M>> = ([PathParams<M, P>] extends [never] ? { path?: never } : { path: PathParams<M, P> }) &
  ([Query<M, P>] extends [never] ? { query?: never } : { query?: Query<M, P> }) &
  ([Body<M, P>] extends [never] ? { body?: never } : undefined extends Body<M, P> ? { body?: Body<M, P> } : { body: Body<M, P> }) & {
    signal?: AbortSignal | undefined;
  };

/** `/desk/keys/{kid}` with `{ kid: 'a b' }` → `/desk/keys/a%20b`. */
export function fillPath(template: string, params: Record<string, string | number> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}
