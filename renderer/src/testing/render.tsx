import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach } from 'vitest';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/router';
import { __resetAnsweringForTests } from '../features/sessions/AnsweringSwitch';
import { __resetActingAsForTests } from '../auth/acting-as';
import { failOnConsoleErrors } from './console-guard';
import { giveElementsABox } from './layout';

giveElementsABox();
// The page's first answer comes from a real server in another process; on a loaded two-core
// machine (CI, or eight suites at once) that can take many seconds. A wait ends as soon as the
// element is there, so the bound is only a hang guard: no test may depend on the machine's speed.
configure({ asyncUtilTimeout: 120_000 });
failOnConsoleErrors();
// Each test starts from an empty screen and the desk view (no token lens left from the last one).
afterEach(() => {
  cleanup();
  // Pages keep work in localStorage (the workshop's form and token); no test inherits another's.
  globalThis.localStorage?.clear();
  __resetActingAsForTests();
  __resetAnsweringForTests();
});

/**
 * Renders the whole app (shell, header, the real route table) at `url` (`/sessions`,
 * `/settings`…), with a fresh query cache that does not retry, so an error shows at once
 * (`{ appQueryClient: true }`: the app's own cache, with its retries of transient failures).
 */
export function renderApp(url: string, options: { appQueryClient?: boolean } = {}): RenderResult & { router: ReturnType<typeof createMemoryRouter>; queryClient: QueryClient } {
  const queryClient = options.appQueryClient
    ? createQueryClient()
    : new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
