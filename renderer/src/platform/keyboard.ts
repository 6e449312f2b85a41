import { useEffect, useRef } from 'react';

/**
 * Global keyboard shortcuts. Keys typed into inputs, textareas, selects and contenteditable
 * elements are ignored (except Escape), as are chords with Ctrl/Meta/Alt.
 */

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || !(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}

const ACTIVATABLE =
  'a[href], button, summary, input, select, textarea, [contenteditable="true"], ' +
  '[role="button"], [role="link"], [role="menuitem"], [role="tab"], [role="radio"], [role="option"], [role="checkbox"], [role="switch"]';

/**
 * Enter and Space belong to the focused control (a button, a link, a filter): a page shortcut
 * on those keys must not fire over it, or keyboard users open the first row instead.
 */
export function isActivatableTarget(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(ACTIVATABLE) !== null;
}

/**
 * Calls `handler` when `key` is pressed (matching `KeyboardEvent.key`, e.g. `'j'`, `'/'`, `'?'`).
 * `enabled: false` detaches it.
 */
export function useShortcut(key: string | string[], handler: (e: KeyboardEvent) => void, enabled = true): void {
  const ref = useRef(handler);
  ref.current = handler;
  const keys = Array.isArray(key) ? key.join('\u0000') : key;
  useEffect(() => {
    if (!enabled) return;
    const wanted = keys.split('\u0000');
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key !== 'Escape' && isTypingTarget(e.target)) return;
      if ((e.key === 'Enter' || e.key === ' ') && isActivatableTarget(e.target)) return;
      if (!wanted.includes(e.key)) return;
      e.preventDefault();
      ref.current(e);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [keys, enabled]);
}

/** Calls `handler` on a pointer-down outside `ref`'s element (popovers). */
export function useClickOutside(ref: React.RefObject<HTMLElement | null>, handler: () => void, enabled = true): void {
  const cb = useRef(handler);
  cb.current = handler;
  useEffect(() => {
    if (!enabled) return;
    const onDown = (e: PointerEvent) => {
      if (ref.current && e.target instanceof Node && !ref.current.contains(e.target)) cb.current();
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [ref, enabled]);
}

/** Scrolls an element into view if it is outside its scroll container. */
export function scrollIntoViewIfNeeded(el: Element | null): void {
  el?.scrollIntoView({ block: 'nearest' });
}

/**
 * A `keydown` handler for a container (form or page) that runs `handler` on `Ctrl/⌘ + key`
 * while focus is inside it.
 */
export function onModKey(key: string, handler: () => void) {
  return (e: React.KeyboardEvent<HTMLElement>) => {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === key) {
      e.preventDefault();
      handler();
    }
  };
}

/**
 * Runs `handler` on `Ctrl/⌘ + key` wherever the focus is (the page's own "save" on Ctrl+S, so
 * the browser's "Save page as…" never opens over it). `enabled: false` detaches it.
 */
export function useModShortcut(key: string, handler: () => void, enabled = true): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== key) return;
      e.preventDefault();
      ref.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [key, enabled]);
}
