/**
 * jsdom lays nothing out: every box is 0×0, so a virtualized list sees no room and renders no
 * row. Component tests give every element a desktop-sized box instead — what a browser window
 * would — so lists render their first rows as they do in the app.
 */
const WIDTH = 1280;
const HEIGHT = 800;

export function giveElementsABox(): void {
  const proto = HTMLElement.prototype;
  for (const [name, size] of [['offsetWidth', WIDTH], ['clientWidth', WIDTH], ['offsetHeight', HEIGHT], ['clientHeight', HEIGHT]] as const) {
    Object.defineProperty(proto, name, { configurable: true, get: () => size });
  }
  proto.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: WIDTH, height: HEIGHT });
  // Content as tall as the tallest child's set height (a virtual list's sizer), so there is room to scroll.
  Object.defineProperty(proto, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      let tallest = HEIGHT;
      for (const child of Array.from(this.children)) tallest = Math.max(tallest, Number.parseFloat((child as HTMLElement).style?.height ?? '') || 0);
      return tallest;
    },
  });
  // jsdom's `scrollTo` scrolls nothing: scroll as a browser does, so a virtual list asked to
  // show a row far down renders it.
  proto.scrollTo = function scrollTo(this: HTMLElement, options?: ScrollToOptions | number, y?: number) {
    const top = typeof options === 'number' ? y : options?.top;
    if (typeof top === 'number') this.scrollTop = top;
    this.dispatchEvent(new Event('scroll'));
  } as HTMLElement['scrollTo'];
  // The window too (the router restores its scroll on every navigation): jsdom only logs
  // "Not implemented" for it.
  window.scrollTo = (() => {}) as typeof window.scrollTo;
}
