import { useState } from 'react';
import { addToken, setCurrent } from '../../auth/acting-as';
import { Badge } from '../../components/Badge';
import { Callout } from '../../components/Callout';
import { CopyButton } from '../../components/Copy';
import { JsonView } from '../../components/JsonView';
import { StatusPill } from '../../components/StatusPill';
import { TokenText } from '../../components/TokenText';
import { Kbd } from '../../components/ui';
import type { MintResponse } from '../../api-types/desk-shapes';
import { Card } from '../../components/Card';
import layoutStyles from '../../components/layout.module.css';
import uiStyles from '../../components/ui.module.css';
import styles from './MintResult.module.css';
import textStyles from '../../components/text.module.css';
import { cx } from '../../lib/cx';
import { Button } from '../../components/Button';
import { Input } from '../../components/Input';

/** The minted token: decoded parts, the auth layer's answer to one request, curl, act-as. */
export function MintResult(props: { result: MintResponse | null; onInspect: (token: string, request: { method: string; path: string }) => void; sub: string }) {
  const [label, setLabel] = useState('');
  const [actingAs, setActingAs] = useState<string | null>(null);
  const r = props.result;
  if (!r) {
    return (
      <Card variant="panel" title="Token" className={layoutStyles.sticky} subtitle="Minted tokens appear here with their header, claims and a curl command.">
        <div className={cx(uiStyles.emptyState, uiStyles.emptyStateInline)}>
          Fill in the form and press <Kbd>Ctrl ↵</Kbd>.
        </div>
      </Card>
    );
  }
  const exp = r.expires_at;
  const defect = r.defect;
  return (
    <Card variant="panel"
      title="Token"
      className={layoutStyles.sticky}
      testId="mint-result"
      subtitle={
        <>
          {r.alg} · kid <code>{r.kid ?? '—'}</code>
          {exp ? <> · expires {new Date(exp * 1000).toLocaleString()}</> : null}
          <span className={cx(textStyles.muted, textStyles.small)} data-testid="mint-signer"> · signed by {r.signer.description}</span>
        </>
      }
      actions={
        <>
          {defect ? (
            <Badge tone="warn">defect: {defect}</Badge>
          ) : r.preview.status === 401 ? (
            // Well-formed is not accepted: the keys this server trusts are what count.
            <Badge tone="danger">not accepted here</Badge>
          ) : (
            <Badge tone="ok">valid</Badge>
          )}
          <CopyButton text={r.token} label="Copy token" small testId="copy-token" />
        </>
      }
    >
      <TokenText token={r.token} testId="minted-token" />
      <div className={styles.preview} data-tone={r.preview.status < 300 ? 'ok' : 'danger'} data-testid="mint-preview">
        <StatusPill status={r.preview.status} />
        <code>
          {r.preview.method} {r.preview.path}
        </code>
        <span className={textStyles.muted}>{r.preview.detail ?? 'the auth layer lets this request through'}</span>
      </div>
      <div className={layoutStyles.row}>
        <CopyButton text={r.curl} label="Copy as curl" testId="copy-curl" />
        <Button onClick={() => props.onInspect(r.token, { method: r.preview.method, path: r.preview.path })} data-testid="inspect-minted">
          Inspect →
        </Button>
        <span className={layoutStyles.spacer} />
        <Input className={layoutStyles.wLabel} placeholder={`${props.sub || 'token'} (label)`} aria-label="Label for the acting-as list" value={label} onChange={(e) => setLabel(e.target.value)} />
        <Button
          variant="primary"
          data-testid="act-as"
          onClick={() => {
            const entry = addToken({ label: label || defaultMintLabel(r), token: r.token, source: 'minted' });
            setCurrent(entry.id);
            setActingAs(entry.label);
          }}
        >
          Act as this token
        </Button>
      </div>
      {actingAs ? (
        <Callout tone="ok" title={`Acting as “${actingAs}”`} testId="acting-as-confirm">
          The run browser now sends this token.
        </Callout>
      ) : null}
      <pre className={cx(textStyles.code, textStyles.curl)} data-testid="curl">{r.curl}</pre>
      <div className={layoutStyles.grid2}>
        <div className={cx(layoutStyles.stack, layoutStyles.gap2)}>
          <h3 className={textStyles.h3}>Header</h3>
          <JsonView value={r.header} />
        </div>
        <div className={cx(layoutStyles.stack, layoutStyles.gap2)}>
          <h3 className={textStyles.h3}>Claims</h3>
          <JsonView value={r.claims} testId="minted-claims" />
        </div>
      </div>
    </Card>
  );
}

/** `alice · minted` (or `alice · expired` for a deliberately bad one). */
export function defaultMintLabel(r: MintResponse): string {
  const sub = typeof r.claims.sub === 'string' ? r.claims.sub : 'token';
  return r.defect ? `${sub} · ${r.defect}` : `${sub} · minted`;
}
