import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { deskMutations } from '../../api';
import { Badge } from '../../components/Badge';
import { Callout } from '../../components/Callout';
import { Collapsible } from '../../components/Collapsible';
import inputStyles from '../../components/Input.module.css';
import layoutStyles from '../../components/layout.module.css';
import textStyles from '../../components/text.module.css';
import { describeError } from '../../api/describe-error';
import { Textarea } from '../../components/Input';
import { Spinner } from '../../components/ui';
import { useDebounced } from '../../lib/hooks';

/**
 * jwt.io's habit: check the pasted token's signature against a key pasted beside it (PEM,
 * certificate, JWK, JWKS or HMAC secret) without trusting that key on the server.
 */
export function VerifyWithKey(props: { token: string }) {
  const id = useId();
  const [key, setKey] = useState('');
  const verify = useMutation(deskMutations.verifyWithKey());
  const { mutate } = verify;
  // As jwt.io does: the check runs by itself once the pasted key stops changing, no button.
  const settled = useDebounced(key, 300);
  useEffect(() => {
    if (settled.trim() !== '' && props.token) mutate({ token: props.token, key: settled });
  }, [settled, props.token, mutate]);
  const current = verify.variables?.token === props.token && verify.variables.key === key;
  const result = verify.data && current ? verify.data : null;
  const failed = verify.isError && current;
  const checking = key.trim() !== '' && !result && !failed;
  return (
    <div data-testid="verify-with-key">
      <Collapsible title="Verify against a pasted key">
        <div className={layoutStyles.stack}>
          <label htmlFor={`${id}-key`} className={textStyles.muted}>
            A PEM public key or certificate, a JWK, a JWKS document or an HMAC secret: checked as you paste. Only this check uses it; the server's trusted keys stay as they are.
          </label>
          <Textarea
            id={`${id}-key`}
            mono
            className={inputStyles.tokenInput}
            rows={4}
            spellCheck={false}
            value={key}
            placeholder={'-----BEGIN PUBLIC KEY----- …   or   {"keys": [ … ]}'}
            onChange={(e) => setKey(e.target.value)}
            aria-describedby={result ? `${id}-reason` : undefined}
            data-testid="verify-key"
          />
          <div className={layoutStyles.row} aria-live="polite">
            {checking ? <Spinner label="Checking the signature" /> : null}
            {result ? (
              <Badge tone={result.verified ? 'ok' : 'danger'} testId="verify-verdict">
                {result.verified ? 'Signature verified' : 'Signature not verified'}
              </Badge>
            ) : null}
          </div>
          {result ? (
            <p id={`${id}-reason`} data-testid="verify-reason">
              {result.reason}
              {result.expired ? ' The token has expired, so the server would still refuse it.' : ''}
            </p>
          ) : null}
          {failed ? <Callout tone="danger" title="Cannot check">{describeError(verify.error)}</Callout> : null}
        </div>
      </Collapsible>
    </div>
  );
}
