import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { DESK_VIEW_LABEL, tokenFacts, useActingAs, type ActingAsToken } from '../auth/acting-as';
import { useClaimNames } from '../api/desk/claim-names';
import type { ClaimNames } from '../lib/jwt';
import { Icon } from '../components/Icon';
import { formatDateTime, formatRelative } from '../lib/format';
import { useClickOutside } from '../platform/keyboard';
import { ScopeChip } from '../components/ScopeChip';
import textStyles from '../components/text.module.css';
import styles from './ActingAsMenu.module.css';
import badgeStyles from '../components/Badge.module.css';
import inputStyles from '../components/Input.module.css';
import { cx } from '../lib/cx';
import { Button, buttonClass, IconButton, PlainButton } from '../components/Button';
import { Input, Textarea } from '../components/Input';

function ScopeList({ scopes, max = 4 }: { scopes: string[]; max?: number }) {
  if (scopes.length === 0) return <span className={cx(textStyles.muted, textStyles.small)}>no scopes</span>;
  return (
    <span className={styles.scopeList}>
      {scopes.slice(0, max).map((s) => (
        <ScopeChip key={s} scope={s} />
      ))}
      {scopes.length > max && <span className={cx(textStyles.muted, textStyles.small)}>+{scopes.length - max}</span>}
    </span>
  );
}

function TokenRow({ entry, current, names, onPick, onRemove }: { entry: ActingAsToken; current: boolean; names: ClaimNames; onPick: () => void; onRemove: () => void }) {
  const f = tokenFacts(entry.token, names);
  return (
    <div className={cx(styles.tokenRow, current ? styles.current : undefined)} data-testid="acting-as-option">
      <PlainButton className={styles.tokenRowMain} onClick={onPick} title={current ? 'Acting as this token' : 'Act as this token'}>
        <span className={styles.tokenRowCheck}>{current && <Icon name="check" size={13} />}</span>
        <span className={styles.tokenRowText}>
          <span className={styles.tokenRowLabel}>
            {entry.label}
            <span className={styles.sourceTag}>{entry.source}</span>
            {f.expired && <span className={badgeStyles.badge} data-tone="danger">expired</span>}
            {!f.decodable && <span className={badgeStyles.badge} data-tone="warn">not a JWT</span>}
          </span>
          <span className={styles.tokenRowMeta}>
            {f.sub && <span className={cx(textStyles.mono, inputStyles.mono)}>{f.sub}</span>}
            <ScopeList scopes={f.scopes} />
            {f.exp !== null && !f.expired && (
              <span className={cx(textStyles.muted, textStyles.small)} title={formatDateTime(f.exp)}>
                expires {formatRelative(f.exp)}
              </span>
            )}
          </span>
        </span>
      </PlainButton>
      <IconButton onClick={onRemove} aria-label={`Remove ${entry.label}`} title="Remove from list">
        <Icon name="x" size={12} />
      </IconButton>
    </div>
  );
}

/** The default entry: read through the desk's view of the store, whatever keys the platform API trusts. */
function DeskViewRow({ current, onPick }: { current: boolean; onPick: () => void }) {
  return (
    <div className={cx(styles.tokenRow, current ? styles.current : undefined)} data-testid="acting-as-option">
      <PlainButton className={styles.tokenRowMain} onClick={onPick} title="Read everything in the store, as the desk sees it">
        <span className={styles.tokenRowCheck}>{current && <Icon name="check" size={13} />}</span>
        <span className={styles.tokenRowText}>
          <span className={styles.tokenRowLabel}>{DESK_VIEW_LABEL}</span>
          <span className={styles.tokenRowMeta}>
            <span className={cx(textStyles.muted, textStyles.small)}>no token: browsing does not depend on which keys the platform API trusts</span>
          </span>
        </span>
      </PlainButton>
    </div>
  );
}

/**
 * The header's "Acting as" selector: the desk view (default) or a token lens, which replays the
 * run browser's requests through the platform API as a client holding that token. Lists minted
 * and pasted tokens, accepts a pasted one (e.g. from an identity provider) and links to the workshop.
 */
export function ActingAsMenu() {
  const { tokens, current, setCurrent, addToken, removeToken } = useActingAs();
  const [open, setOpen] = useState(false);
  const [paste, setPaste] = useState('');
  const [label, setLabel] = useState('');
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useClickOutside(ref, () => setOpen(false), open);

  const names = useClaimNames();
  const facts = current ? tokenFacts(current.token, names) : null;
  const pasteValid = paste.trim().length > 0;

  return (
    <div
      className={styles.actingAs}
      ref={ref}
      onKeyDown={(e) => {
        // Escape closes the popover from anywhere inside it and gives the focus back to its button.
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <PlainButton
        ref={button}
        className={cx(styles.headerBtn, styles.actingAsBtn, facts?.expired ? styles.warn : undefined)}
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-haspopup="dialog"
        data-testid="acting-as"
        title={current ? 'The run browser reads through the platform API with this token (Authorization: Bearer)' : 'The run browser reads everything through the desk view'}
      >
        <Icon name="user" size={13} />
        <span className={styles.actingAsPrefix}>Acting as</span>
        <span className={styles.actingAsName} data-testid="acting-as-current">
          {current ? current.label : DESK_VIEW_LABEL}
        </span>
        {facts && facts.scopes.length > 0 && <span className={styles.actingAsCount}>{facts.scopes.length}</span>}
        <Icon name="chevronDown" size={12} />
      </PlainButton>
      {open && (
        <div className={styles.popover} role="dialog" aria-label="Acting as">
          <div className={styles.popoverHead}>
            <span>Read the store as</span>
            <span className={cx(textStyles.muted, textStyles.small)}>a token is a lens</span>
          </div>
          <div className={styles.tokenList}>
            <DeskViewRow
              current={current === null}
              onPick={() => {
                setCurrent(null);
                setOpen(false);
              }}
            />
            {tokens.length === 0 && <div className={cx(textStyles.muted, textStyles.small, textStyles.pad)}>No tokens yet: mint one in the workshop or paste one below.</div>}
            {tokens.map((t) => (
              <TokenRow
                names={names}
                key={t.id}
                entry={t}
                current={t.id === current?.id}
                onPick={() => {
                  setCurrent(t.id);
                  setOpen(false);
                }}
                onRemove={() => removeToken(t.id)}
              />
            ))}
          </div>
          <form
            className={styles.pasteForm}
            onSubmit={(e) => {
              e.preventDefault();
              if (!pasteValid) return;
              const entry = addToken({ label, token: paste, source: 'pasted' });
              setCurrent(entry.id);
              setPaste('');
              setLabel('');
              setOpen(false);
            }}
          >
            <label className={textStyles.fieldLabel} htmlFor="paste-token">
              Paste a token
            </label>
            <Textarea
              mono
              id="paste-token"
              className={cx(styles.input, textStyles.mono)}
              rows={3}
              placeholder="eyJhbGciOi… (a JWT from your identity provider)"
              value={paste}
              onChange={(e) => setPaste(e.target.value)}
              spellCheck={false}
              data-testid="paste-token"
            />
            <div className={styles.pasteRow}>
              <Input className={styles.input} placeholder="Label (optional)" value={label} onChange={(e) => setLabel(e.target.value)} />
              <Button variant="primary" size="sm" type="submit" disabled={!pasteValid}>
                Act as it
              </Button>
            </div>
          </form>
          <div className={styles.popoverFoot}>
            <Link to="/tokens" className={buttonClass({ variant: 'link' })} onClick={() => setOpen(false)}>
              <Icon name="key" size={12} /> Token workshop
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
