import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useActingAs } from '../../auth/acting-as';
import { decodeJwt, scopesOf, userIdOf } from '../../lib/jwt';
import { Badge } from '../../components/Badge';
import { Callout } from '../../components/Callout';
import { JsonView } from '../../components/JsonView';
import { StatusPill } from '../../components/StatusPill';
import { Kbd, Spinner } from '../../components/ui';
import { useModShortcut } from '../../platform/keyboard';
import { describeError } from '../../api/describe-error';
import { InlineError } from '../../components/InlineError';
import { HTTP_METHODS, type AuthSettings } from '../../api-types/desk-shapes';
import { deskMutations, type RequestOptions } from '../../api';
import { BodyDiffs } from './BodyDiffs';
import type { CompareSlot } from './compare-slot';
import { TokenPicker } from './TokenPicker';
import { Card } from '../../components/Card';
import { ScopeChip } from '../../components/ScopeChip';
import layoutStyles from '../../components/layout.module.css';
import inputStyles from '../../components/Input.module.css';
import textStyles from '../../components/text.module.css';
import styles from './ComparePanel.module.css';
import { cx } from '../../lib/cx';
import { Button } from '../../components/Button';
import { Input, Select, Textarea } from '../../components/Input';

export interface CompareState {
  method: NonNullable<RequestOptions['method']>;
  path: string;
  slots: CompareSlot[];
}

export const INITIAL_COMPARE: CompareState = {
  method: 'GET',
  path: '/sessions',
  slots: [
    { label: 'A', token: '' },
    { label: 'B', token: '' },
  ],
};

/**
 * The same request made as two or three tokens, side by side: e.g. user A, user B and an
 * admin under user isolation. Each column shows the status and the body the server sent.
 */
export function ComparePanel(props: { state: CompareState; onState: (s: CompareState) => void; auth: AuthSettings | undefined }) {
  const { state, onState } = props;
  const { tokens } = useActingAs();
  const run = useMutation(deskMutations.compare());
  const demo = useMutation(deskMutations.mintPersonas());
  const id = useId();
  const ready = state.slots.some((s) => s.token.trim()) && state.path.startsWith('/');
  const go = () => {
    if (ready && !run.isPending) run.mutate({ method: state.method, path: state.path, tokens: state.slots.map((s) => s.token.trim()) });
  };
  // On the whole page, not only inside the panel: a button that had focus may have been disabled
  // while it worked (Fill with…), which leaves focus on <body>.
  useModShortcut('enter', go);
  const setSlot = (i: number, patch: Partial<CompareSlot>) => {
    onState({ ...state, slots: state.slots.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
    run.reset();
  };

  return (
    <div className={layoutStyles.stack} data-testid="compare-panel">
      <Card variant="panel"
        title="Compare tokens"
        subtitle="One request, several callers. Turn on user isolation in Settings to see rows split by user."
        actions={
          <Button
            size="sm"
            disabled={demo.isPending}
            title="Mint two users who own sessions in the data (the owner of the session in the path first) and an admin, with the settings' claim names"
            onClick={() =>
              demo.mutate({ adminScope: props.auth?.admin_scope, method: state.method, path: state.path }, {
                onSuccess: (slots) => onState({ ...state, slots }),
              })
            }
            data-testid="compare-personas"
          >
            {demo.isPending ? <Spinner /> : null} Fill with user A, user B, admin
          </Button>
        }
      >
        <form
          className={cx(layoutStyles.row, layoutStyles.alignEnd)}
          onSubmit={(e) => {
            e.preventDefault();
            go();
          }}
        >
          <div className={cx(inputStyles.inputGroup, layoutStyles.grow)}>
            <Select mono className={cx(textStyles.mono, layoutStyles.wMethod)} aria-label="Method" value={state.method} onChange={(e) => onState({ ...state, method: e.target.value as CompareState['method'] })}>
              {HTTP_METHODS.filter((m) => m !== '*').map((m) => (
                <option key={m}>{m}</option>
              ))}
            </Select>
            <Input mono className={textStyles.mono}
 
              aria-label="Path and query"
              value={state.path}
              spellCheck={false}
              placeholder="/sessions/SESSION_ID/runs/RUN_ID?type=agent"
              onChange={(e) => onState({ ...state, path: e.target.value })}
              data-testid="compare-path"
            />
          </div>
          {state.slots.length < 3 ? (
            <Button onClick={() => onState({ ...state, slots: [...state.slots, { label: String.fromCharCode(65 + state.slots.length), token: '' }] })}>
              + Column
            </Button>
          ) : null}
          <Button variant="primary" type="submit" disabled={!ready || run.isPending} data-testid="compare-run">
            {run.isPending ? <Spinner /> : null} Send as each <Kbd>Ctrl ↵</Kbd>
          </Button>
        </form>
        <InlineError error={demo.error} />
        {state.method !== 'GET' ? (
          <Callout tone="warn" title={`${state.method} changes data`}>
            Each column sends the request for real, against the live store.
          </Callout>
        ) : null}
      </Card>

      <div className={styles.compare}>
        {state.slots.map((slot, i) => {
          const result = run.data?.[i];
          const decoded = slot.token.trim() ? decodeJwt(slot.token.trim()) : null;
          const sub = decoded ? userIdOf(decoded.claims, props.auth?.user_id_claim) : null;
          return (
            <div className={styles.compareCol} key={i} data-testid={`compare-col-${i}`}>
              <div className={layoutStyles.row}>
                <Input className={styles.compareLabel} aria-label={`Label of column ${i + 1}`} value={slot.label} onChange={(e) => setSlot(i, { label: e.target.value })} />
                <span className={layoutStyles.spacer} />
                {state.slots.length > 1 ? (
                  <Button variant="ghost" size="sm" aria-label={`Remove column ${i + 1}`} onClick={() => onState({ ...state, slots: state.slots.filter((_, j) => j !== i) })}>
                    ×
                  </Button>
                ) : null}
              </div>
              {tokens.length > 0 ? (
                <TokenPicker
                  tokens={tokens}
                  label={`Token of column ${i + 1} from the acting-as list`}
                  placeholder={slot.token ? 'Token below (not in the acting-as list)' : 'Pick an acting-as token…'}
                  value={tokens.find((t) => t.token === slot.token.trim())?.id ?? ''}
                  onPick={(t) => setSlot(i, { token: t.token, label: t.label })}
                />
              ) : null}
              <Textarea
                mono
                id={`${id}-t${i}`}
                className={cx(textStyles.mono, inputStyles.tokenInput)}
                rows={3}
                spellCheck={false}
                placeholder="Paste a token"
                aria-label={`Token of column ${i + 1}`}
                value={slot.token}
                onChange={(e) => setSlot(i, { token: e.target.value })}
                data-testid={`compare-token-${i}`}
              />
              {decoded ? (
                <div className={cx(textStyles.small, textStyles.muted)}>
                  sub <code>{sub ?? '—'}</code> · {scopesOf(decoded.claims, props.auth?.scopes_claim).map((s) => <ScopeChip key={s} scope={s} />)}
                </div>
              ) : null}
              {result ? (
                <div className={cx(layoutStyles.stack, layoutStyles.gap2)} data-testid={`compare-result-${i}`} data-status={result.status}>
                  <div className={layoutStyles.row}>
                    <StatusPill status={result.status} />
                    <span className={cx(textStyles.small, textStyles.muted)}>{Math.round(result.ms)} ms</span>
                    {Array.isArray((result.body as { data?: unknown[] } | null)?.data) ? (
                      <Badge tone="info">{(result.body as { data: unknown[] }).data.length} rows</Badge>
                    ) : null}
                  </div>
                  <JsonView value={result.body} />
                </div>
              ) : run.isPending && slot.token.trim() ? (
                <Spinner />
              ) : null}
            </div>
          );
        })}
      </div>
      {run.data ? <BodyDiffs slots={state.slots} results={run.data} /> : null}
      {run.isError ? <Callout tone="danger" title="Compare failed">{describeError(run.error)}</Callout> : null}
    </div>
  );
}
