import { useEffect, useRef } from 'react';
import { Icon } from '../../components/Icon';
import { Input } from '../../components/Input';
import styles from './ConversationFind.module.css';
import { Button } from '../../components/Button';

/**
 * The conversation's own find box. The list is virtualised, so the browser's Ctrl+F cannot see
 * messages off screen: while the conversation is shown, Ctrl+F (⌘F) comes here instead.
 * Enter goes to the next hit, Shift+Enter to the previous one, Escape clears.
 */
export function ConversationFind({
  term,
  onTerm,
  hit,
  hits,
  onStep,
}: {
  term: string;
  onTerm: (t: string) => void;
  /** Position of the current hit, -1 when none. */
  hit: number;
  hits: number;
  onStep: (delta: 1 | -1) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'f') {
        e.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  useHighlight(term);

  return (
    <span className={styles.find} role="search" aria-label="Find in this conversation">
      <Icon name="search" size={12} />
      <Input
        ref={input}
        size="sm"
        type="search"
        className={styles.input}
        placeholder="Find in conversation (Ctrl+F)"
        aria-label="Find in conversation"
        data-testid="conversation-find"
        value={term}
        onChange={(e) => onTerm(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onStep(e.shiftKey ? -1 : 1);
          } else if (e.key === 'Escape') {
            onTerm('');
          }
        }}
      />
      <span className={styles.count} aria-live="polite" data-testid="find-count">
        {term.trim() === '' ? '' : hits === 0 ? 'No matches' : `${hit + 1} of ${hits}`}
      </span>
      <Button size="xs" aria-label="Previous match" disabled={hits === 0} onClick={() => onStep(-1)}>
        ↑
      </Button>
      <Button size="xs" aria-label="Next match" disabled={hits === 0} onClick={() => onStep(1)}>
        ↓
      </Button>
    </span>
  );
}

const HIGHLIGHT = 'conversation-find';

/**
 * Marks the term in the messages on screen with the CSS Custom Highlight API (no DOM change, so
 * the virtual list's measured rows stay as they are); re-marked when rows mount or scroll in.
 * Browsers without the API just go without the marks.
 */
function useHighlight(term: string): void {
  useEffect(() => {
    const registry = (globalThis.CSS as unknown as { highlights?: Map<string, unknown> } | undefined)?.highlights;
    const HighlightCtor = (globalThis as unknown as { Highlight?: new (...r: Range[]) => unknown }).Highlight;
    const list = document.querySelector('[data-testid="message-list"]');
    const needle = term.trim().toLowerCase();
    if (!registry || !HighlightCtor || !list || needle === '') {
      registry?.delete(HIGHLIGHT);
      return;
    }
    const mark = () => {
      const ranges: Range[] = [];
      const walker = document.createTreeWalker(list, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.nodeValue ?? '').toLowerCase();
        for (let at = text.indexOf(needle); at >= 0 && ranges.length < 2000; at = text.indexOf(needle, at + needle.length)) {
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + needle.length);
          ranges.push(range);
        }
      }
      registry.set(HIGHLIGHT, new HighlightCtor(...ranges));
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(list, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      registry.delete(HIGHLIGHT);
    };
  }, [term]);
}
