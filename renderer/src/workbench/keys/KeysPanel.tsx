import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getDesktopBridge } from '../../platform/desktop-bridge';
import { describeError } from '../../api/describe-error';
import { InlineError } from '../../components/InlineError';
import { Badge } from '../../components/Badge';
import { DenseTable } from '../../components/DenseTable';
import { Callout } from '../../components/Callout';
import { CopyButton } from '../../components/Copy';
import { Toggle } from '../../components/Toggle';
import { EmptyState, Spinner } from '../../components/ui';
import { ALGORITHMS, isAlgorithm, type Algorithm } from '../../api-types/desk-shapes';
import { ImportKeys } from './ImportKeys';
import { LastKeyCallout } from './LastKeyCallout';
import { canSign, short } from './model';
import { deskMutations, deskQueries } from '../../api';
import layoutStyles from '../../components/layout.module.css';
import textStyles from '../../components/text.module.css';
import denseTableStyles from '../../components/DenseTable.module.css';
import styles from './KeysPanel.module.css';
import { cx } from '../../lib/cx';
import { Button, buttonClass } from '../../components/Button';
import { Select } from '../../components/Input';

/**
 * The desk's key store: list (kid, alg, fingerprint, trusted), generate, import by file path
 * (native dialog in the desktop app) or pasted text, remove, and the public JWKS.
 */
export function KeysPanel(props: { algorithm: string; readOnly?: boolean; jwksFile: string | null | undefined; onUseTrustedJwks: (path: string) => void }) {
  const qc = useQueryClient();
  const keys = useQuery(deskQueries.keys());
  const generate = useMutation(deskMutations.generateKey(qc));
  const remove = useMutation(deskMutations.removeKey(qc));
  const trust = useMutation(deskMutations.setKeyTrusted(qc));
  const [genAlg, setGenAlg] = useState<Algorithm>(isAlgorithm(props.algorithm) ? props.algorithm : 'RS256');
  const [confirmKid, setConfirmKid] = useState<string | null>(null);
  const list = keys.data?.keys ?? [];
  const trustedPath = keys.data?.trusted_jwks_path;
  const bridge = getDesktopBridge();
  // The desktop app's File menu can import keys too.
  useEffect(() => bridge?.onKeysChanged(() => void qc.invalidateQueries({ queryKey: deskQueries.keysAll() })), [bridge, qc]);

  return (
    <div className={layoutStyles.stack} data-testid="keys-panel">
      <div className={layoutStyles.row}>
        <h3 className={textStyles.h3}>Key store</h3>
        <Badge>{list.length}</Badge>
        <Badge tone="ok">{list.filter((k) => k.trusted).length} trusted</Badge>
        <span className={layoutStyles.spacer} />
        <a className={buttonClass({ size: 'sm' })} href="/desk/keys/jwks.json" target="_blank" rel="noreferrer" data-testid="jwks-link">
          Public JWKS ↗
        </a>
      </div>
      {keys.isError ? <Callout tone="danger" title="Keys could not be listed">{describeError(keys.error)}</Callout> : null}
      {keys.data && !keys.data.trusted_jwks_in_use ? (
        <Callout
          tone="warn"
          title="The key store is not in use"
          testId="trusted-jwks-unused"
          actions={
            trustedPath && props.jwksFile !== trustedPath && !props.readOnly ? (
              <Button size="sm" onClick={() => props.onUseTrustedJwks(trustedPath)}>
                Use it as jwks_file
              </Button>
            ) : null
          }
        >
          The settings' <code>jwks_file</code> is not <code>{trustedPath}</code>, so the keys below (and trust changes) do not verify tokens until it is.
        </Callout>
      ) : null}
      {keys.isPending ? (
        <Spinner label="Loading keys" />
      ) : list.length === 0 ? (
        <EmptyState>No keys yet. Generate one to mint tokens, or import a provider's JWKS to verify its tokens.</EmptyState>
      ) : (
        <DenseTable wrap="framed" label="Keys" testId="keys-table" columns={['kid', 'Alg', 'Fingerprint', 'Status', 'Source', { actions: true }]}>
          {list.map((k) => (
            <tr key={k.kid} data-testid={`key-${k.kid}`}>
              <td>
                <code className={denseTableStyles.path}>{k.kid}</code>
              </td>
              <td className={denseTableStyles.cellTight}>
                <code>{k.alg}</code>
                <span className={textStyles.subtle}> {k.kty}{k.crv ? ` ${k.crv}` : ''}</span>
                {k.alg !== props.algorithm ? (
                  <span className={textStyles.subtle} title={`The settings accept only ${props.algorithm}`}> ≠ {props.algorithm}</span>
                ) : null}
              </td>
              <td>
                <span className={styles.fingerprint} title={`RFC 7638 thumbprint: ${k.fingerprint}`}>
                  {short(k.fingerprint)}
                </span>
                {k.fingerprint ? <CopyButton text={k.fingerprint} label="copy" variant="ghost" size="xs" /> : null}
              </td>
              <td className={denseTableStyles.cellTight}>
                <div className={cx(layoutStyles.row, layoutStyles.nowrap)}>
                <Toggle
                  checked={k.trusted}
                  disabled={props.readOnly || trust.isPending}
                  onChange={(v) => trust.mutate({ kid: k.kid, trusted: v })}
                  label={k.trusted ? <Badge tone="ok">trusted</Badge> : <Badge tone="muted">not trusted</Badge>}
                  testId={`trust-${k.kid}`}
                />{' '}
                {canSign(k) ? <Badge tone="accent" title="rundesk holds the private key and can mint with it">signs</Badge> : null}
                </div>
              </td>
              <td className={cx(textStyles.small, textStyles.muted)} title={k.origin ?? undefined}>
                {k.source}
                {k.origin ? <span className={textStyles.subtle}> · {short(k.origin, 28)}</span> : null}
              </td>
              <td className={denseTableStyles.cellTight}>
                {confirmKid === k.kid ? (
                  <span className={layoutStyles.row}>
                    <Button
                      size="sm"
                      danger
                      disabled={remove.isPending}
                      onClick={() => remove.mutate({ kid: k.kid }, { onSettled: () => setConfirmKid(null) })}
                    >
                      Remove
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => setConfirmKid(null)}>
                      Cancel
                    </Button>
                  </span>
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove key ${k.kid}`}
                    disabled={props.readOnly}
                    onClick={() => setConfirmKid(k.kid)}
                  >
                    Remove…
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DenseTable>
      )}
      {/* Untrusting or removing the last trusted key is refused until confirmed. */}
      {trust.isError ? <LastKeyCallout mutation={trust} title="Key not untrusted" action="Untrust anyway" /> : null}
      {remove.isError ? <LastKeyCallout mutation={remove} title="Key not removed" action="Remove anyway" /> : null}

      <div className={layoutStyles.grid2}>
        <form
          className={layoutStyles.subpanel}
          onSubmit={(e) => {
            e.preventDefault();
            generate.mutate(genAlg);
          }}
        >
          <h3 className={textStyles.h3}>Generate</h3>
          <div className={layoutStyles.row}>
            <Select mono className={cx(denseTableStyles.select, textStyles.mono, layoutStyles.wAuto)} aria-label="Algorithm of the new key" value={genAlg} onChange={(e) => isAlgorithm(e.target.value) && setGenAlg(e.target.value)}>
              {ALGORITHMS.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </Select>
            <Button type="submit" disabled={generate.isPending || props.readOnly} data-testid="generate-key">
              {generate.isPending ? <Spinner /> : null} Generate key pair
            </Button>
          </div>
          {generate.isSuccess ? (
            <p className={cx(textStyles.small, textStyles.ok)}>
              Generated <code>{generate.data.kid}</code>; it is trusted and can sign minted tokens.
            </p>
          ) : null}
          <InlineError error={generate.error} />
        </form>
        <ImportKeys readOnly={props.readOnly} />
      </div>
    </div>
  );
}
