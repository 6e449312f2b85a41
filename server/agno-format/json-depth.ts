/**
 * How deep Python's `json.loads` reads. Its scanner recurses once per nested array or object
 * under Python's default recursion limit of 1000, less the frames of whoever calls it (Agno
 * loading a session inside AgentOS's request stack), so a value nested ~1000 levels deep cannot
 * be loaded by the agent that owns it. rundesk treats a `runs` value nested deeper than this as
 * unreadable (422 `SESSION_UNREADABLE`), on reads and on ingest, rather than serving it or
 * re-encoding it into something its owner can no longer load.
 */
export const PYTHON_JSON_MAX_DEPTH = 900;

/** Why a `runs` value nested `depth` levels deep is unreadable (the 422's reason, on every store). */
export function tooDeepReason(depth: number): string {
  return `the runs value is nested ${depth} levels deep, deeper than Python's json.loads reads (${PYTHON_JSON_MAX_DEPTH})`;
}

/** The deepest nesting of arrays and objects in a JSON text (strings skipped). */
export function jsonNestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}
