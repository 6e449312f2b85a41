import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { deskMutations } from '../../api';
import { Badge } from '../../components/Badge';
import { Callout } from '../../components/Callout';
import { Collapsible } from '../../components/Collapsible';
import inputStyles from '../../components/Input.module.css';
import layoutStyles from '../../components/layout.module.css';
import textStyles from '../../components/text.module.css';
import { cx } from '../../lib/cx';
import { describeError } from '../errors';
import { Button } from '../../components/Button';

/**
 * jwt.io's habit: check the pasted token's signature against a key pasted beside it (PEM,
 * certificate, JWK, JWKS or HMAC secret) without trusting that key on the server.
 */
export function VerifyWithKey(props: { token: string }) {
  const id = useId();
  const [key, setKey] = useState('');
  const verify = useMutation(deskMutations.verifyWithKey());
  const result = verify.data && verify.variables?.token === props.token && verify.variables.key === key ? verify.data : null;
  const failed = verify.isError && verify.variables?.token === props.token && verify.variables.key === key;
  return (
    <div data-testid="verify-with-key">
    <Collapsible title="Verify against a pasted key">
      <form
        className={layoutStyles.stack}
        onSubmit={(e) => {
          e.preventDefault();
          verify.mutate({ token: props.token, key });
        }}
      >
        <label htmlFor={`${id}-key`} className={textStyles.muted}>
          A PEM public key or certificate, a JWK, a JWKS document or an HMAC secret. Only this check uses it; the server's trusted keys stay as they are.
        </label>
        <textarea
          id={`${id}-key`}
          className={cx(inputStyles.input, textStyles.mono, inputStyles.mono, inputStyles.tokenInput)}
          rows={4}
          spellCheck={false}
          value={key}
          placeholder={'-----BEGIN PUBLIC KEY----- …   or   {"keys": [ … ]}'}
          onChange={(e) => setKey(e.target.value)}
          data-testid="verify-key"
        />
        <div className={layoutStyles.row}>
          <Button size="sm" type="submit" disabled={key.trim() === '' || verify.isPending} data-testid="verify-submit">
            Check the signature
          </Button>
          {result ? (
            <Badge tone={result.verified ? 'ok' : 'danger'} testId="verify-verdict">
              {result.verified ? 'Signature verified' : 'Signature not verified'}
            </Badge>
          ) : null}
        </div>
        {result ? (
          <p data-testid="verify-reason">
            {result.reason}
            {result.expired ? ' The token has expired, so the server would still refuse it.' : ''}
          </p>
        ) : null}
        {failed ? <Callout tone="danger" title="Cannot check">{describeError(verify.error)}</Callout> : null}
      </form>
    </Collapsible>
    </div>
  );
}
