import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { addToken } from '../../auth/acting-as';
import { markAppLoaded } from '../../platform/browser';
import { shapedLike, useStoredState } from '../../platform/stored-state';
import { PageHeader } from '../../components/PageHeader';
import type { MintResponse } from '../../api-types/desk-shapes';
import { ComparePanel, INITIAL_COMPARE, type CompareState } from './ComparePanel';
import { InspectPanel, type InspectTarget } from './InspectPanel';
import { MintPanel } from './MintPanel';
import { defaultMintLabel } from './MintResult';
import { initialMintForm } from './mint-form';
import type { MintFormState } from './model';
import { useKnownScopes } from './useKnownScopes';
import { deskQueries } from '../../api';
import pageStyles from '../../components/Page.module.css';
import { Tabs } from '../../components/ui';
import { cx } from '../../lib/cx';

const STORE = {
  mintForm: 'rundesk.workshop.mint-form',
  minted: 'rundesk.workshop.minted',
  target: 'rundesk.workshop.inspect',
  compare: 'rundesk.workshop.compare',
} as const;

const INITIAL_TARGET: InspectTarget = { token: '', method: 'GET', path: '/sessions/SESSION_ID/runs/RUN_ID' };
const isInspectTarget = shapedLike(INITIAL_TARGET);
const isCompareState = shapedLike(INITIAL_COMPARE);
const isMintForm = shapedLike(initialMintForm(undefined));
const isStoredMintForm = (v: unknown): v is MintFormState | null => v === null || isMintForm(v);
const isStoredMint = (v: unknown): v is MintResponse | null =>
  v === null ||
  (typeof v === 'object' &&
    typeof (v as { token?: unknown }).token === 'string' &&
    typeof (v as { preview?: unknown }).preview === 'object' &&
    typeof (v as { signer?: unknown }).signer === 'object' &&
    typeof (v as { claims?: unknown }).claims === 'object');

const TABS = [
  { id: 'mint', label: 'Mint' },
  { id: 'inspect', label: 'Inspect' },
  { id: 'compare', label: 'Compare' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/**
 * The token workshop. The tab lives in the URL (`?tab=inspect`); tokens never do, so they
 * stay out of history and logs. Each tab's state survives switching tabs.
 */
export function TokensPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.some((t) => t.id === params.get('tab')) ? (params.get('tab') as Tab) : 'mint';
  const settings = useQuery(deskQueries.settings());
  const auth = settings.data?.settings.auth;
  const scopes = useKnownScopes();
  // The workshop's work is kept in this browser (never in the server's settings), so it
  // survives navigation and reloads.
  const [mintForm, setMintForm] = useStoredState<MintFormState | null>(STORE.mintForm, null, isStoredMintForm);
  const [minted, setMinted] = useStoredState<MintResponse | null>(STORE.minted, null, isStoredMint);
  // Other pages hand a token over in history state (never the URL): `{ inspectToken }`.
  const handed = useLocation().state as { inspectToken?: unknown; inspectMethod?: unknown; inspectPath?: unknown } | null;
  const handedOver = handed?.inspectToken;
  // The requests page hands over a request line (its token is never kept).
  const handedMethod = typeof handed?.inspectMethod === 'string' ? handed.inspectMethod : undefined;
  const handedPath = typeof handed?.inspectPath === 'string' ? handed.inspectPath : undefined;
  const [target, setTarget] = useStoredState<InspectTarget>(STORE.target, INITIAL_TARGET, isInspectTarget);
  useEffect(() => {
    if (typeof handedOver === 'string') setTarget((t) => ({ ...t, token: handedOver }));
  }, [handedOver, setTarget]);
  useEffect(() => {
    if (handedMethod && handedPath) setTarget((t) => ({ ...t, method: handedMethod, path: handedPath }));
  }, [handedMethod, handedPath, setTarget]);
  const [compare, setCompare] = useStoredState<CompareState>(STORE.compare, INITIAL_COMPARE, isCompareState);
  const onMinted = (r: MintResponse | null) => {
    setMinted(r);
    // Every minted token joins the acting-as list at once; "Act as" only makes it the lens.
    if (r) addToken({ label: defaultMintLabel(r), token: r.token, source: 'minted' });
  };
  useEffect(() => {
    if (settings.data || settings.isError) markAppLoaded();
  }, [settings.data, settings.isError]);
  const form = mintForm ?? initialMintForm(auth);
  const go = (t: Tab) => setParams((p) => {
    const n = new URLSearchParams(p);
    n.set('tab', t);
    return n;
  });

  return (
    <div className={cx(pageStyles.page, pageStyles.pageStack)} data-controls="fill" data-testid="tokens-page">
      <PageHeader title="Token workshop" subtitle="Mint test tokens, see exactly why a token passes or fails, and compare callers side by side." />
      <Tabs label="Token workshop" idPrefix="wb" arrowKeys testIdPrefix="tab-" className={pageStyles.tabs} tabs={TABS} value={tab} onChange={(id) => go(id as Tab)} />
      <div role="tabpanel" id={`wb-tabpanel-${tab}`} aria-labelledby={`wb-tab-${tab}`}>
        {tab === 'mint' ? (
          <MintPanel
            auth={auth}
            knownScopes={scopes}
            form={form}
            onForm={setMintForm}
            result={minted}
            onResult={onMinted}
            onInspect={(token, request) => {
              // Inspect asks about the request the token was minted (and previewed) for.
              setTarget({ token, method: request.method, path: request.path });
              go('inspect');
            }}
          />
        ) : tab === 'inspect' ? (
          <InspectPanel target={target} onTarget={setTarget} />
        ) : (
          <ComparePanel state={compare} onState={setCompare} auth={auth} />
        )}
      </div>
    </div>
  );
}
