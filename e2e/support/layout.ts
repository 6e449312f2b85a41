import type { Page } from '@playwright/test';

/** The browser objects the layout check reads (the repo's tsconfig has no DOM lib; see page-globals.ts). */
interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
  height: number;
}
interface El {
  readonly scrollWidth: number;
  readonly clientWidth: number;
  readonly tagName: string;
  readonly textContent: string | null;
  readonly parentElement: El | null;
  getBoundingClientRect(): Box;
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): Iterable<El>;
  closest(selector: string): El | null;
}
interface TextNode {
  readonly data: string;
  readonly parentElement: El | null;
}
interface LayoutGlobals {
  document: {
    documentElement: El;
    querySelector(selector: string): El | null;
    querySelectorAll(selector: string): Iterable<El>;
    createRange(): { selectNodeContents(node: TextNode): void; getClientRects(): Iterable<Box> };
    createTreeWalker(root: El, what: number): { nextNode(): TextNode | null };
  };
  getComputedStyle(el: El): { visibility: string; display: string; overflowX: string };
}
/** NodeFilter.SHOW_TEXT */
const SHOW_TEXT = 4;

/**
 * What is wrong with the page's layout at the current window size, as sentences (none when it
 * fits):
 * - the document scrolls sideways (only regions inside the page may);
 * - a control or text in the header lies outside the window or the header, or is cut by the header;
 * - a text in the header wraps onto a second line;
 * - a table cell's text is squeezed into a column so narrow it runs over more than `maxCellLines` lines;
 * - a table cell's content runs past the cell's edge (drawn over the next column, or cut by the table's frame).
 */
export async function layoutProblems(page: Page, maxCellLines = 4): Promise<string[]> {
  return page.evaluate(([maxLines, showText]) => {
    const { document, getComputedStyle } = globalThis as unknown as LayoutGlobals;
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > vw) problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px wide in a ${vw} px window`);

    const visible = (el: El) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
    };
    const name = (el: El) => (el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? el.textContent ?? el.tagName).trim().slice(0, 40);
    const lines = (node: TextNode) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set<number>();
      for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
      return tops.size;
    };
    const texts = (root: El) => {
      const out: TextNode[] = [];
      const walker = document.createTreeWalker(root, showText);
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        if (t.data.trim() && t.parentElement && visible(t.parentElement)) out.push(t);
      }
      return out;
    };
    // Text hidden from sight but kept for screen readers sits in a 1 px clipped box: not "cut".
    const srOnly = (el: El) => el.getBoundingClientRect().width <= 1;

    const header = document.querySelector('header');
    if (!header) problems.push('no header');
    else {
      const hr = header.getBoundingClientRect();
      if (header.scrollWidth > header.clientWidth) problems.push(`the header's content is ${header.scrollWidth} px wide in ${header.clientWidth} px`);
      for (const el of header.querySelectorAll('a, button, select, input, [data-testid]')) {
        if (!visible(el) || srOnly(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.left < 0 || r.right > vw + 0.5) problems.push(`header: "${name(el)}" is outside the window (${Math.round(r.left)}–${Math.round(r.right)} of ${vw})`);
        // An open menu or popover hangs below the header on purpose.
        if (el.closest('[data-open="true"], [role="dialog"]')) continue;
        if (r.top < hr.top - 0.5 || r.bottom > hr.bottom + 0.5) problems.push(`header: "${name(el)}" is cut by the header's edge`);
      }
      for (const t of texts(header)) {
        if (srOnly(t.parentElement!)) continue;
        if (lines(t) > 1) problems.push(`header: "${t.data.trim().slice(0, 40)}" wraps onto ${lines(t)} lines`);
      }
    }

    for (const cell of document.querySelectorAll('main td')) {
      if (!visible(cell)) continue;
      // A cell that clips its own content (an ellipsis) is cut on purpose; one that does not draws it over its neighbour.
      if (cell.scrollWidth > cell.clientWidth + 1 && getComputedStyle(cell).overflowX === 'visible') problems.push(`table cell "${name(cell)}" holds ${cell.scrollWidth} px in ${cell.clientWidth} px`);
      for (const t of texts(cell)) {
        const n = lines(t);
        if (n > maxLines && t.data.trim().length / n < 12) problems.push(`table cell "${t.data.trim().slice(0, 40)}" is squeezed onto ${n} lines`);
      }
    }
    return problems;
  }, [maxCellLines, SHOW_TEXT] as const);
}
