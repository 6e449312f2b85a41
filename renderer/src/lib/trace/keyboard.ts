import type { WaterfallRow } from './layout';

/**
 * The waterfall's keyboard model as a pure step: the focused row moves with the arrows (Right
 * opens a closed span or steps into it, Left closes an open one or steps to its parent), Home
 * and End jump to the ends, Enter or Space selects the focused span (the side panel shows it).
 */
export interface TreeCursor {
  focused: string | null;
  selected: string | null;
  collapsed: ReadonlySet<string>;
}

export function treeKey(rows: readonly WaterfallRow[], state: TreeCursor, key: string): TreeCursor | null {
  if (!rows.length) return null;
  const at = state.focused ? rows.findIndex((r) => r.node.span.id === state.focused) : -1;
  const row = at >= 0 ? rows[at]! : null;
  const focus = (i: number) => ({ ...state, focused: rows[Math.max(0, Math.min(rows.length - 1, i))]!.node.span.id });
  switch (key) {
    case 'ArrowDown':
      return focus(at + 1);
    case 'ArrowUp':
      return focus(at < 0 ? 0 : at - 1);
    case 'Home':
      return focus(0);
    case 'End':
      return focus(rows.length - 1);
    case 'ArrowRight': {
      if (!row) return focus(0);
      if (!row.hasChildren) return null;
      if (!row.expanded) return { ...state, collapsed: without(state.collapsed, row.node.span.id) };
      return focus(at + 1);
    }
    case 'ArrowLeft': {
      if (!row) return focus(0);
      if (row.hasChildren && row.expanded) return { ...state, collapsed: withId(state.collapsed, row.node.span.id) };
      const parentId = row.node.parent?.span.id;
      const p = parentId ? rows.findIndex((r) => r.node.span.id === parentId) : -1;
      return p >= 0 ? focus(p) : null;
    }
    case 'Enter':
    case ' ':
      return row ? { ...state, selected: row.node.span.id } : null;
    default:
      return null;
  }
}

export function toggled(set: ReadonlySet<string>, id: string): Set<string> {
  return set.has(id) ? without(set, id) : withId(set, id);
}

function without(set: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(set);
  next.delete(id);
  return next;
}

function withId(set: ReadonlySet<string>, id: string): Set<string> {
  return new Set(set).add(id);
}
