import { describe, expectTypeOf, it } from 'vitest';
import type { DesktopBridge } from '../renderer/src/platform/desktop-bridge.js';
import type { RundeskBridge } from './bridge-types.js';

/**
 * The renderer keeps its own copy of the preload's bridge types (it cannot import electron code).
 * This compile-time check, run by `npm run typecheck`, fails as soon as the two drift apart.
 */
describe('the desktop bridge contract', () => {
  it('is the same type on both sides of the preload', () => {
    expectTypeOf<RundeskBridge>().toEqualTypeOf<DesktopBridge>();
  });
});
