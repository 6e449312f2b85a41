import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, Callout, Spinner } from '../components/ui';
import { describeError } from '../errors';
import type { AuthSettings, Preset } from '../types';
import { presetActive, presetChanges } from './model';
import { settingsMutations } from './mutations';
import { settingsQueries } from './queries';

/**
 * Identity-provider presets: "Apply" puts the provider's algorithm and claim names into the
 * form (saved with the rest); "Fixture" has the desk generate the provider's offline test
 * key set, so its tokens can be minted and verified without the real provider.
 */
export function PresetsPanel(props: { auth: AuthSettings; onApply: (preset: Preset) => void; readOnly: boolean }) {
  const qc = useQueryClient();
  const presets = useQuery(settingsQueries.presets());
  const fixture = useMutation(settingsMutations.presetFixture(qc));
  const [applied, setApplied] = useState<string | null>(null);

  if (presets.isPending) return <Spinner label="Loading presets" />;
  if (presets.isError) return <Callout tone="danger" title="Presets unavailable">{describeError(presets.error)}</Callout>;

  return (
    <div className="wb-stack">
      <div className="wb-presets" data-testid="presets">
        {presets.data.map((p) => {
          const active = presetActive(props.auth, p);
          const changes = presetChanges(props.auth, p);
          return (
            <div key={p.name} className={`wb-preset ${active ? 'is-active' : ''}`} data-testid={`preset-${p.name}`}>
              <div className="wb-preset-name">
                <span>{p.label}</span>
                {active ? <Badge tone="accent">in use</Badge> : null}
              </div>
              <div className="wb-preset-sets">
                {Object.entries(p.settings).map(([k, v]) => (
                  <div key={k}>
                    {k}=<span className="wb-fg">{JSON.stringify(v)}</span>
                  </div>
                ))}
              </div>
              {p.description ? <p className="wb-small wb-muted wb-m0">{p.description}</p> : null}
              <div className="wb-row">
                <button
                  type="button"
                  className="wb-btn wb-btn-sm"
                  disabled={props.readOnly || active}
                  title={changes.length ? `Sets ${changes.map((c) => c.field).join(', ')}` : 'Already applied'}
                  onClick={() => {
                    props.onApply(p);
                    setApplied(p.name);
                  }}
                  data-testid={`apply-preset-${p.name}`}
                >
                  Apply
                </button>
                {p.fixture !== false ? (
                  <button
                    type="button"
                    className="wb-btn wb-btn-sm wb-btn-ghost"
                    disabled={props.readOnly || fixture.isPending}
                    title="Generate this provider's offline test key set (trusted) for minting look-alike tokens"
                    onClick={() => fixture.mutate(p.name)}
                    data-testid={`fixture-preset-${p.name}`}
                  >
                    {fixture.isPending && fixture.variables === p.name ? <Spinner /> : null} Fixture JWKS
                  </button>
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
      {applied ? (
        <Callout tone="info" title={`${presets.data.find((p) => p.name === applied)?.label ?? applied} preset applied to the form`}>
          Review the highlighted fields and save (<kbd className="wb-kbd">Ctrl</kbd>+<kbd className="wb-kbd">S</kbd>).
        </Callout>
      ) : null}
      {fixture.isError ? <Callout tone="danger" title="Fixture not generated">{describeError(fixture.error)}</Callout> : null}
      {fixture.isSuccess ? (
        <Callout tone="ok" title="Fixture generated" testId="fixture-result">
          {describeFixture(fixture.data)}
        </Callout>
      ) : null}
    </div>
  );
}

function describeFixture(data: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof data.kid === 'string') parts.push(`key ${data.kid}`);
  if (typeof data.jwks_file === 'string') parts.push(`JWKS at ${data.jwks_file}`);
  if (typeof data.message === 'string') parts.push(data.message);
  return parts.length ? `${parts.join(' · ')}. Mint with it in the token workshop.` : 'The provider key set is in the key store; mint with it in the token workshop.';
}
