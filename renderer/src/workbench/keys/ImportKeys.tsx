import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { getDesktopBridge } from '../../platform/desktop-bridge';
import { InlineError } from '../../components/InlineError';
import { Segmented } from '../../components/Segmented';
import { Spinner } from '../../components/ui';
import { deskMutations } from '../../api';
import layoutStyles from '../../components/layout.module.css';
import textStyles from '../../components/text.module.css';
import inputStyles from '../../components/Input.module.css';
import { cx } from '../../lib/cx';
import { Button } from '../../components/Button';
import { Input, Textarea } from '../../components/Input';

/** Import verification keys as trusted, by file path (native dialog in the desktop app) or pasted text. */
export function ImportKeys(props: { readOnly?: boolean | undefined }) {
  const qc = useQueryClient();
  const importKey = useMutation(deskMutations.importKey(qc));
  const bridge = getDesktopBridge();
  const [mode, setMode] = useState<'path' | 'text'>('path');
  const [path, setPath] = useState('');
  const [text, setText] = useState('');
  const id = useId();
  const submit = () => {
    if (mode === 'path' && path.trim()) importKey.mutate({ path: path.trim() });
    if (mode === 'text' && text.trim()) importKey.mutate({ text });
  };
  const result = importKey.data;
  return (
    <form
      className={layoutStyles.subpanel}
      data-testid="import-keys"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className={layoutStyles.row}>
        <h3 className={textStyles.h3}>Import</h3>
        <span className={layoutStyles.spacer} />
        <Segmented
          name={`${id}-mode`}
          value={mode}
          onChange={setMode}
          options={[
            { value: 'path', label: 'File path' },
            { value: 'text', label: 'Paste' },
          ]}
        />
      </div>
      {mode === 'path' ? (
        <div className={inputStyles.inputGroup}>
          <Input
            mono
            className={textStyles.mono}
            aria-label="Path of a JWKS, JWK or PEM file"
            placeholder="/path/to/jwks.json or public.pem"
            value={path}
            onChange={(e) => setPath(e.target.value)}
            data-testid="import-key-path"
          />
          {bridge ? (
            <Button
              onClick={() => {
                void bridge
                  .chooseFile({ title: 'Import verification keys', filters: [{ name: 'Keys', extensions: ['json', 'pem', 'jwk', 'crt', 'cer'] }, { name: 'All files', extensions: ['*'] }] })
                  .then((p) => {
                    if (p) setPath(p);
                  });
              }}
            >
              Browse…
            </Button>
          ) : null}
        </div>
      ) : (
        <Textarea
          mono
          className={textStyles.mono}
          rows={5}
          aria-label="JWKS, JWK, PEM public key or certificate"
          placeholder={'{"keys":[…]}  or  -----BEGIN PUBLIC KEY-----'}
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="import-key-text"
        />
      )}
      <div className={layoutStyles.row}>
        <Button type="submit" disabled={importKey.isPending || props.readOnly || (mode === 'path' ? !path.trim() : !text.trim())} data-testid="import-key-submit">
          {importKey.isPending ? <Spinner /> : null} Import as trusted
        </Button>
        <span className={cx(textStyles.small, textStyles.muted)}>JWKS, JWK, PEM public key or certificate. Private halves are dropped.</span>
      </div>
      <InlineError error={importKey.error} testId="import-key-error" />
      {importKey.isSuccess ? (
        <p className={cx(textStyles.small, textStyles.ok)} data-testid="import-key-result">
          {result?.added.length ? <>Imported {result.added.map((k) => k.kid).join(', ')}. </> : <>Nothing new imported. </>}
          {result?.skipped.length ? <span className={textStyles.muted}>Skipped {result.skipped.map((s) => `${s.kid} (${s.reason})`).join(', ')}. </span> : null}
          {result?.notes.length ? <span className={textStyles.muted}>{result.notes.join(' ')}</span> : null}
        </p>
      ) : null}
    </form>
  );
}
