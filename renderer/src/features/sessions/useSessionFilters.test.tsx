// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFilterDrafts, useSessionFilters } from './useSessionFilters';

function useBoxes() {
  const [filters, update] = useSessionFilters();
  return { filters, ...useFilterDrafts(filters, update) };
}

function renderBoxes(url: string) {
  let router!: ReturnType<typeof createMemoryRouter>;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '*', element: children }], { initialEntries: [url] });
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(() => useBoxes(), { wrapper });
  return { ...hook, router: () => router };
}

describe('the search box and the URL', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a key typed while the URL catches up with the cleared box is kept (it was once lost: "ticker" became "icker")', async () => {
    const { result } = renderBoxes('/sessions?q=451.82');
    expect(result.current.qDraft).toBe('451.82');
    act(() => result.current.setQDraft(''));
    // The pause ends and the URL is written; before the router has answered, the next key lands.
    act(() => {
      vi.advanceTimersByTime(250);
      result.current.setQDraft('t');
    });
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(result.current.qDraft).toBe('t');
    expect(result.current.filters.q).toBe('t');
  });

  it('a URL changed from elsewhere (a link, going back) still fills the boxes', async () => {
    const { result, router } = renderBoxes('/sessions?q=one');
    await act(async () => {
      await router().navigate('/sessions?q=two&user=bob');
    });
    expect(result.current.qDraft).toBe('two');
    expect(result.current.userDraft).toBe('bob');
  });
});
