import { useMutation } from '@tanstack/react-query';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { mint as mintToken } from '../api/desk';
import { DEFAULT_ADMIN_MINT, deskMutations } from '../api/desk/mutations';
import type { MintResponse } from '../api/types';
import { addToken, getActingAsState, removeToken, setCurrent, tokenFacts, useActingAs } from '../auth/acting-as';

/**
 * On first load (no tokens yet), or when the auto-minted admin token has expired, mint the
 * default admin token (`rundesk-admin`, `platform:admin`, 12 h) and act as it.
 */

interface DefaultTokenState {
  minting: boolean;
  error: unknown;
  mintAdmin: () => void;
}

const Ctx = createContext<DefaultTokenState>({ minting: false, error: null, mintAdmin: () => {} });

let inFlight: Promise<MintResponse> | null = null;

export function DefaultTokenProvider({ children }: { children: ReactNode }) {
  const { tokens, current } = useActingAs();
  const mint = useMutation({
    mutationKey: deskMutations.mint().mutationKey,
    mutationFn: (): Promise<MintResponse> => {
      // One mint even when effects run twice (StrictMode) or two windows start together.
      inFlight ??= mintToken(DEFAULT_ADMIN_MINT).finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    onSuccess: (res) => {
      // The new admin token replaces earlier auto-minted ones and becomes the one acted as.
      const previous = getActingAsState().tokens.filter((t) => t.source === 'auto');
      const entry = addToken({ label: 'Admin (auto)', token: res.token, source: 'auto' });
      for (const p of previous) if (p.id !== entry.id) removeToken(p.id);
      setCurrent(entry.id);
    },
  });

  const needsMint =
    tokens.length === 0 || (current !== null && current.source === 'auto' && tokenFacts(current.token).expired);
  const { mutate, isPending, isError } = mint;
  useEffect(() => {
    if (needsMint && !isPending && !isError) mutate();
  }, [needsMint, isPending, isError, mutate]);

  return (
    <Ctx.Provider value={{ minting: isPending, error: mint.error, mintAdmin: () => mutate() }}>{children}</Ctx.Provider>
  );
}

export function useDefaultToken(): DefaultTokenState {
  return useContext(Ctx);
}
