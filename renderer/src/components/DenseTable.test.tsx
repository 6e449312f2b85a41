// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DenseTable } from './DenseTable';

// jsdom lays nothing out and has no ResizeObserver: give the wrap the sizes a browser would.
let overflow = false;
beforeEach(() => {
  globalThis.ResizeObserver = class {
    observe() {}
    disconnect() {}
    unobserve() {}
  } as unknown as typeof ResizeObserver;
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 200 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => (overflow ? 900 : 200) });
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => 600 });
});
afterEach(cleanup);

const table = (
  <DenseTable wrap="framed" label="Default scope mappings" columns={['Method', 'Path', { actions: true }]}>
    <tr>
      <td>GET</td>
      <td>/sessions</td>
      <td>
        <button type="button" disabled>
          Override
        </button>
      </td>
    </tr>
  </DenseTable>
);

describe('DenseTable', () => {
  it('When its rows overflow the frame, Then the frame is a named region a keyboard can focus to scroll (nothing inside may be focusable)', () => {
    overflow = true;
    render(table);
    const region = screen.getByRole('region', { name: 'Default scope mappings' });
    expect(region.tabIndex).toBe(0);
    expect(region.querySelector('table')).not.toBeNull();
  });

  it('When everything fits, Then the frame is no tab stop and no landmark', () => {
    overflow = false;
    const { container } = render(table);
    expect(screen.queryByRole('region')).toBeNull();
    expect((container.firstElementChild as HTMLElement).hasAttribute('tabindex')).toBe(false);
  });
});
