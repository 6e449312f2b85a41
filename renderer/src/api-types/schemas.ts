/**
 * The renderer's window onto the generated API types (`openapi.gen.ts`, produced from the
 * server's `/openapi.json` by `npm run gen:api-types`). API request/response types come
 * from that document, never from server files and never re-typed by hand.
 */
import type { components } from './openapi.gen';

export type Schemas = components['schemas'];

/** A named schema of the document: `Schema<'SessionListItem'>`. */
export type Schema<Name extends keyof Schemas> = Schemas[Name];

/**
 * `Base` with some of its own fields typed more precisely. For fields the document declares as
 * free-form (`{ [key: string]: unknown }`: Agno messages, settings objects…) but the UI reads
 * with a known shape. `Over` may only name fields that `Base` has, so a renamed or removed
 * field in the document still fails the typecheck.
 */
export type Refine<Base, Over extends { [K in keyof Over]: K extends keyof Base ? unknown : never }> = Omit<Base, keyof Over> & Over;
