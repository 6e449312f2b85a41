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
      // 4xx answers are decisions (bad token, missing row), not glitches: show them at once.
      retry: (count, err) => !(isApiError(err) && err.status >= 400 && err.status < 500) && count < 2,
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
