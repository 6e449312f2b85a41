import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useActingAs } from '../../auth/acting-as';
import { decodeJwt } from '../../lib/jwt';
import { Callout } from '../../components/Callout';
import { EmptyState, Spinner } from '../../components/ui';
import { useDebounced } from '../../lib/hooks';
import { describeError } from '../../api/describe-error';
import { HTTP_METHODS } from '../../api-types/desk-shapes';
import { examplePath } from './model';
import { RouteMatrix } from './RouteMatrix';
import { TokenPicker } from './TokenPicker';
import { Verdict } from './Verdict';
import { VerifyWithKey } from './VerifyWithKey';
import { deskQueries } from '../../api';
import { Card } from '../../components/Card';
import { TokenInput } from '../../components/TokenInput';
import layoutStyles from '../../components/layout.module.css';
import inputStyles from '../../components/Input.module.css';
import textStyles from '../../components/text.module.css';
import { cx } from '../../lib/cx';
import { Input, Select } from '../../components/Input';

export interface InspectTarget {
  token: string;
  method: string;
  path: string;
}

/**
 * Paste any token: decoded header and claims, which key verified it (or why none did), lint
 * warnings, the request state the platform's JWT middleware would set, the decision for one request, and the route matrix.
 */
export function InspectPanel(props: { target: InspectTarget; onTarget: (t: InspectTarget) => void }) {
  const { target, onTarget } = props;
  const { tokens } = useActingAs();
  const id = useId();
  const token = target.token.trim().replace(/^Bearer\s+/i, '');
  const debounced = useDebounced({ ...target, token }, 250);
  const ready = debounced.token.length > 0 && debounced.path.startsWith('/');
  const inspect = useQuery({ ...deskQueries.inspect(debounced), enabled: ready, placeholderData: keepPreviousData });
  const matrix = useQuery({ ...deskQueries.matrix(debounced.token), enabled: debounced.token.length > 0, placeholderData: keepPreviousData });
  const local = useMemo(() => (token ? decodeJwt(token) : null), [token]);

  return (
    <div className={layoutStyles.stack} data-testid="inspect-panel">
      <Card variant="panel" title="Inspect a token" subtitle="What the auth layer decides for this token on one request — the same function the server runs.">
        <div className={cx(layoutStyles.row, layoutStyles.nowrap)}>
          <div className={cx(inputStyles.inputGroup, layoutStyles.grow)}>
            <Select mono className={cx(textStyles.mono, layoutStyles.wMethod)} aria-label="Method" value={target.method} onChange={(e) => onTarget({ ...target, method: e.target.value })} data-testid="inspect-method">
              {HTTP_METHODS.filter((m) => m !== '*').map((m) => (
                <option key={m}>{m}</option>
              ))}
            </Select>
            <Input mono className={textStyles.mono}
              id={`${id}-path`}
 
              aria-label="Request path"
              value={target.path}
              spellCheck={false}
              onChange={(e) => onTarget({ ...target, path: e.target.value })}
              data-testid="inspect-path"
            />
          </div>
          {tokens.length > 0 ? (
            <TokenPicker tokens={tokens} className={layoutStyles.wAuto} label="Load a token from the acting-as list" placeholder="Load an acting-as token…" value="" onPick={(t) => onTarget({ ...target, token: t.token })} />
          ) : null}
        </div>
        <TokenInput
          id={`${id}-token`}
          aria-label="Token"
          placeholder="Paste a token: eyJhbGciOi… (a raw JWT or “Bearer …”)"
          value={target.token}
          onChange={(e) => onTarget({ ...target, token: e.target.value })}
          data-testid="inspect-token"
        />
        {!token ? null : !local ? (
          <Callout tone="warn" title="Not a decodable JWT">The server will still say why it refuses it.</Callout>
        ) : (
          <VerifyWithKey token={token} />
        )}
      </Card>

      {!token ? (
        <EmptyState>Paste a token, or mint one and press “Inspect →”.</EmptyState>
      ) : inspect.isError ? (
        <Callout tone="danger" title="Inspect failed">{describeError(inspect.error)}</Callout>
      ) : !inspect.data ? (
        <Spinner label="Inspecting" />
      ) : (
        <Verdict v={inspect.data} fetching={inspect.isFetching} />
      )}

      {token ? (
        <RouteMatrix
          rows={matrix.data?.rows ?? []}
          tokenStatus={matrix.data ? { status: matrix.data.status, detail: matrix.data.detail, admin: matrix.data.is_admin, authz: matrix.data.authorization_enabled } : null}
          loading={matrix.isPending}
          error={matrix.isError ? describeError(matrix.error) : null}
          onPick={(r) => onTarget({ ...target, method: r.method === '*' ? 'GET' : r.method, path: examplePath(r.path) })}
        />
      ) : null}
    </div>
  );
}
