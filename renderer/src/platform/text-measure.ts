/**
 * Text widths in the page's fonts, from a canvas (null where there is none, as in tests). Used to
 * size columns to their content before anything is laid out.
 */
let ctx: CanvasRenderingContext2D | null | undefined;

export function textMeasurer(fontFamily: string, sizes: { normal: string; small: string }): ((text: string, small: boolean) => number) | null {
  if (ctx === undefined) {
    try {
      ctx = typeof document !== 'undefined' ? document.createElement('canvas').getContext('2d') : null;
    } catch {
      ctx = null;
    }
  }
  const c = ctx;
  if (!c) return null;
  return (text, small) => {
    c.font = `${small ? sizes.small : sizes.normal} ${fontFamily}`;
    return c.measureText(text).width;
  };
}

/** The element's font family and the UI's two text sizes (`--text-md`, `--text-sm`). */
export function fontsOf(el: Element): { family: string; normal: string; small: string } {
  const cs = getComputedStyle(el);
  return { family: cs.fontFamily, normal: cs.getPropertyValue('--text-md').trim() || '13px', small: cs.getPropertyValue('--text-sm').trim() || '12px' };
}
