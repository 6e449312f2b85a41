/**
 * The few browser globals the e2e page scripts use, typed here because the repo's tsconfig has
 * no DOM lib (server code must not see `document`). Inside `page.evaluate` callbacks write
 * `const g = globalThis as unknown as PageGlobals;` — a type-only cast, erased at runtime.
 */
export interface PageElement {
  scrollTop: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
  getAttribute(name: string): string | null;
}

export interface PageGlobals {
  document: { querySelector(selector: string): PageElement | null };
  performance: { now(): number };
  requestAnimationFrame(callback: (time: number) => void): number;
}
