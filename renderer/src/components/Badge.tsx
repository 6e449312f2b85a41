import type { ReactNode } from 'react';
import { statusTone, type StatusTone } from '../lib/runs';

export type Tone = StatusTone | 'accent';

export function Badge({ tone = 'muted', children, title, mono, testId }: { tone?: Tone; children: ReactNode; title?: string; mono?: boolean; testId?: string }) {
  return (
    <span className={`badge badge-${tone}${mono ? ' mono' : ''}`} title={title} data-testid={testId}>
      {children}
    </span>
  );
}

/** A run status (COMPLETED, ERROR, RUNNING…) as a coloured badge with a dot. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const tone = statusTone(status);
  const label = status ? status.toUpperCase() : 'UNKNOWN';
  return (
    <span className={`badge badge-${tone} status-badge`} data-status={label}>
      <span className={`dot${tone === 'info' ? ' pulse' : ''}`} aria-hidden />
      {label.charAt(0) + label.slice(1).toLowerCase()}
    </span>
  );
}

const TYPE_TONE: Record<string, Tone> = { agent: 'accent', team: 'info', workflow: 'warn' };

/** agent / team / workflow. */
export function TypeBadge({ type }: { type: string | null | undefined }) {
  const t = type ?? 'agent';
  return <Badge tone={TYPE_TONE[t] ?? 'muted'}>{t}</Badge>;
}
