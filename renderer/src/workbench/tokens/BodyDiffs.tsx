import { Card } from '../../components/Card';
import { StatusPill } from '../../components/StatusPill';
import layoutStyles from '../../components/layout.module.css';
import textStyles from '../../components/text.module.css';
import { cx } from '../../lib/cx';
import { bodyLines, diffLines, withContext } from '../../lib/line-diff';
import type { CompareSlot } from './compare-slot';
import styles from './BodyDiffs.module.css';

/** What each column got, against the first column's body: a line diff of the pretty-printed JSON. */
export function BodyDiffs({ slots, results }: { slots: readonly CompareSlot[]; results: readonly ({ status: number; body: unknown } | undefined)[] }) {
  const first = results[0];
  const others = results.map((r, i) => ({ r, i })).filter((x): x is { r: { status: number; body: unknown }; i: number } => x.i > 0 && x.r !== undefined);
  if (!first || others.length === 0) return null;
  const base = bodyLines(first.body);
  return (
    <Card variant="panel" title="Differences between the bodies" subtitle={`Each column against ${slots[0]?.label ?? 'the first'}: − only in the first, + only in the other.`} testId="compare-diff">
      <div className={layoutStyles.stack}>
        {others.map(({ r, i }) => {
          const lines = diffLines(base, bodyLines(r.body));
          const label = `${slots[0]?.label ?? 'A'} → ${slots[i]?.label ?? String.fromCharCode(65 + i)}`;
          return (
            <div key={i} className={cx(layoutStyles.stack, layoutStyles.gap2)} data-testid={`compare-diff-${i}`}>
              <div className={layoutStyles.row}>
                <strong>{label}</strong>
                <StatusPill status={first.status} /> → <StatusPill status={r.status} />
              </div>
              {lines === null ? (
                <span className={cx(textStyles.small, textStyles.muted)}>Too large to compare line by line.</span>
              ) : lines.every((l) => l.kind === 'same') ? (
                <span className={cx(textStyles.small, textStyles.muted)} data-testid="compare-same">
                  Same body.
                </span>
              ) : (
                <pre className={styles.diff} aria-label={`Differences ${label}`}>
                  {withContext(lines).map((l, n) =>
                    l === null ? (
                      <span key={n} className={styles.gap}>
                        …
                      </span>
                    ) : (
                      <span key={n} className={styles.line} data-kind={l.kind}>
                        {l.kind === 'del' ? '− ' : l.kind === 'add' ? '+ ' : '  '}
                        {l.text}
                      </span>
                    ),
                  )}
                </pre>
              )}
            </div>
          );
        })}
      </div>
    </Card>
  );
}
