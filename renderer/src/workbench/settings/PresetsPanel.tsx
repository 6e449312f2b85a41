import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { addToken, setCurrent } from '../../auth/acting-as';
import { Badge } from '../../components/Badge';
import { Callout } from '../../components/Callout';
import { CopyButton } from '../../components/Copy';
import { StatusPill } from '../../components/StatusPill';
import { Kbd, Spinner } from '../../components/ui';
import { describeError } from '../../api/describe-error';
import type { FixtureResponse, Preset } from '../../api-types/desk-shapes';
import { presetActive, presetChanges, type AuthDraft } from './draft';
import { deskMutations, deskQueries } from '../../api';
import layoutStyles from '../../components/layout.module.css';
import styles from './PresetsPanel.module.css';
import textStyles from '../../components/text.module.css';
import denseTableStyles from '../../components/DenseTable.module.css';
import { cx } from '../../lib/cx';
import { Button } from '../../components/Button';

/**
 * Identity-provider presets. "Apply" puts the provider's algorithm and claim names into the
 * form (saved with the rest). "Fixture" has the desk generate the provider's offline test key
 * set and sample tokens, so its tokens can be tried without the real tenant.
 */
export function PresetsPanel(props: {
  auth: AuthDraft;
  onApply: (patch: Pick<Preset, 'settings_patch' | 'title'>) => void;
  readOnly: boolean;
}) {
  const qc = useQueryClient();
  const presets = useQuery(deskQueries.presets());
  const fixture = useMutation(deskMutations.presetFixture(qc));
  const [applied, setApplied] = useState<string | null>(null);

  if (presets.isPending) return <Spinner label="Loading presets" />;
  if (presets.isError) return <Callout tone="danger" title="Presets unavailable">{describeError(presets.error)}</Callout>;

  return (
    <div className={cx(layoutStyles.stack, layoutStyles.gap3)}>
      <div className={styles.presets} data-testid="presets">
        {presets.data.map((p) => {
          const active = presetActive(props.auth, p);
          const changes = presetChanges(props.auth, p);
          return (
            <div key={p.name} className={cx(styles.preset, active ? styles.isActive : undefined)} data-testid={`preset-${p.name}`} title={p.description}>
              <div className={styles.presetName}>
                <span>{p.title}</span>
                {active ? <Badge tone="accent">in use</Badge> : null}
              </div>
              <dl className={styles.presetSets} title={patchText(p.settings_patch)}>
                {presetSummary(p.settings_patch).map(([k, v]) => (
                  <div key={k} className={styles.presetKv}>
                    <dt>{k}</dt>
                    <dd>{v}</dd>
                  </div>
                ))}
              </dl>
              <div className={cx(layoutStyles.row, styles.presetActions)}>
                <Button
                  size="sm"
                  disabled={props.readOnly || active}
                  title={changes.length ? `Sets ${changes.map((c) => c.field).join(', ')}` : 'Already applied'}
                  onClick={() => {
                    props.onApply(p);
                    setApplied(p.title);
                  }}
                  data-testid={`apply-preset-${p.name}`}
                >
                  Apply
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={fixture.isPending || props.readOnly}
                  title={`Generate an offline ${p.title} test key set and sample tokens`}
                  onClick={() => fixture.mutate({ name: p.name, apply: false })}
                  data-testid={`fixture-preset-${p.name}`}
                >
                  {fixture.isPending && fixture.variables?.name === p.name ? <Spinner /> : null} Fixture
                </Button>
              </div>
            </div>
          );
        })}
      </div>
      {applied ? (
        <Callout tone="info" title={`${applied} preset applied to the form`} testId="preset-applied">
          The changed fields are marked. Save with <Kbd>Ctrl S</Kbd>; a real tenant also needs its JWKS (import it below, or set <code>jwks_url</code>).
        </Callout>
      ) : null}
      {fixture.isError ? <Callout tone="danger" title="Fixture not generated">{describeError(fixture.error)}</Callout> : null}
      {fixture.isSuccess ? (
        <FixtureResult
          f={fixture.data}
          title={presets.data.find((p) => p.name === fixture.data.preset)?.title ?? fixture.data.preset}
          readOnly={props.readOnly}
          onUse={() => {
            const title = presets.data.find((p) => p.name === fixture.data.preset)?.title ?? fixture.data.preset;
            props.onApply({ title, settings_patch: fixture.data.settings_patch });
            setApplied(`${title} fixture`);
          }}
        />
      ) : null}
    </div>
  );
}

function FixtureResult(props: { f: FixtureResponse; title: string; readOnly: boolean; onUse: () => void }) {
  const { f } = props;
  const navigate = useNavigate();
  return (
    <Callout
      tone="ok"
      title={`${props.title} fixture: ${f.jwks.keys.length} key${f.jwks.keys.length === 1 ? '' : 's'} and ${f.tokens.length} sample tokens`}
      testId="fixture-result"
      actions={
        <Button size="sm" disabled={props.readOnly} onClick={props.onUse} data-testid="fixture-use">
          Use preset + fixture JWKS
        </Button>
      }
    >
      <p className={cx(textStyles.small, textStyles.m0)}>
        JWKS written to <code>{f.jwks_path}</code> (issuer <code>{f.issuer}</code>). Its tokens verify once <code>jwks_file</code> points there.
      </p>
      <table className={cx(denseTableStyles.table, denseTableStyles.tableDense)}>
        <tbody>
          {f.tokens.map((t) => (
            <tr key={t.name} data-testid={`fixture-token-${t.name}`}>
              <td className={denseTableStyles.cellTight}>
                <code>{t.name}</code>
              </td>
              <td className={textStyles.small}>{t.description}</td>
              <td className={denseTableStyles.cellTight}>
                <StatusPill status={t.expected_status} />
              </td>
              <td className={denseTableStyles.cellTight}>
                <div className={cx(layoutStyles.row, layoutStyles.nowrap)}>
                  <CopyButton text={t.token} small />
                  <Button size="sm" onClick={() => navigate('/tokens?tab=inspect', { state: { inspectToken: t.token } })}>
                    Inspect
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setCurrent(addToken({ label: `${props.title} ${t.name}`, token: t.token, source: 'pasted' }).id)}
                  >
                    Act as
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Callout>
  );
}

/** The few settings that tell providers apart, for the card (the rest is in its tooltip). */
function presetSummary(patch: Preset['settings_patch']): [string, string][] {
  const out: [string, string][] = [];
  if (patch.scopes_claim) out.push(['scopes', patch.scopes_claim]);
  if (patch.user_id_claim) out.push(['user', patch.user_id_claim]);
  out.push(['aud', patch.verify_audience ? (Array.isArray(patch.audience) ? patch.audience.join(', ') : (patch.audience ?? 'os_id')) : 'not checked']);
  if (patch.scope_mappings) out.push(['routes', `${Object.keys(patch.scope_mappings).length} scope mappings respelled`]);
  return out;
}

function patchText(patch: Preset['settings_patch']): string {
  return Object.entries(patch)
    .map(([k, v]) => `${k}: ${k === 'scope_mappings' && v && typeof v === 'object' ? `${Object.keys(v).length} mappings` : JSON.stringify(v)}`)
    .join('\n');
}
