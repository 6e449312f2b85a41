import { describe, expectTypeOf, it } from 'vitest';
import { BRIDGE_METHODS, type DesktopBridge } from '../renderer/src/platform/desktop-bridge.js';
import type { RundeskBridge } from './bridge-types.js';

/** Members of the bridge the renderer's feature check does not look for. */
type Unchecked = Exclude<keyof RundeskBridge, 'isDesktop' | (typeof BRIDGE_METHODS)[number]>;

/**
 * Compile-only checks of the bridge interface, declared once in bridge-types.ts (run by
 * `npm run typecheck`; the preload's object is checked with `satisfies RundeskBridge`).
 */
describe('the desktop bridge contract', () => {
  it('is the one interface on both sides of the preload', () => {
    expectTypeOf<DesktopBridge>().toEqualTypeOf<RundeskBridge>();
  });
  it('is feature-detected by every one of its methods', () => {
    expectTypeOf<Unchecked>().toBeNever();
  });
});
