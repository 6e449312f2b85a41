import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { applyStoredTheme } from './app/theme';
import './styles/tokens.css';
import './styles/base.css';

applyStoredTheme();

const queryClient = createQueryClient();

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
