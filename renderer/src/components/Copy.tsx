import { useState } from 'react';
import { copyText } from '../platform/browser';
import { Icon } from './Icon';

/** A small icon button that copies `text` and confirms with a check. */
export function CopyButton({ text, label = 'Copy', className }: { text: string; label?: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={`icon-btn copy-btn${copied ? ' copied' : ''}${className ? ` ${className}` : ''}`}
      title={copied ? 'Copied' : label}
      aria-label={label}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        void copyText(text).then((ok) => {
          if (!ok) return;
          setCopied(true);
          setTimeout(() => setCopied(false), 1200);
        });
      }}
    >
      <Icon name={copied ? 'check' : 'copy'} size={13} />
    </button>
  );
}

/** An id in monospace with a copy button; `short` shows the first 8 chars (full id on hover). */
export function IdChip({ id, short = false, label }: { id: string | null | undefined; short?: boolean; label?: string }) {
  if (!id) return <span className="muted">—</span>;
  const shown = short && id.length > 10 ? `${id.slice(0, 8)}…` : id;
  return (
    <span className="id-chip" title={id}>
      <span className="mono">{shown}</span>
      <CopyButton text={id} label={`Copy ${label ?? 'id'}`} />
    </span>
  );
}
