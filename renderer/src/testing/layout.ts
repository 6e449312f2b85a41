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
}
