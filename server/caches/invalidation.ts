/** What every cache is dropped or narrowed for: the one place each trigger goes through. */
export type Invalidation =
  /** New settings are in force: every auth answer (tokens, decisions) is forgotten. */
  | { kind: 'settings-swap' }
  /** A key was trusted or untrusted, or a JWKS file/endpoint changed: verified tokens and decisions go. */
  | { kind: 'keys-changed' }
  /** rundesk wrote into a database (`session`: the runs-cache key of the session it wrote). */
  | { kind: 'store-write'; owner: string; session?: string | undefined }
  /** The file was replaced, reopened or changed by another process: everything built from it goes. */
  | { kind: 'outside-change'; owner: string }
  /** The database was detached or closed. */
  | { kind: 'closed'; owner: string };
