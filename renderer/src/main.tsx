import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { isApiError } from './api/client';
import { createAppRouter } from './app/router';
import { applyStoredTheme } from './app/theme';
import './styles/tokens.css';
import './styles/base.css';

applyStoredTheme();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Decisions (bad token, missing row) are shown at once; only transient failures are retried.
      retry: (count, err) => (!isApiError(err) || err.isTransient) && count < 2,
      staleTime: 1000,
      refetchOnWindowFocus: true,
    },
  },
});

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
