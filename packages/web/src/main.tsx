import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { api } from './api/client';
import { queryClient } from './api/query-client';
import { hadSession } from './api/session-hint';
import { router } from './app/routes';
import { applyTheme } from './app/theme';
// As a file, not the <style> sonner would inject (blocked by the CSP): see vite.config.ts.
import 'sonner/dist/styles.css';
import './styles/tokens.css';
import './styles/base.css';

applyTheme();
// Every screen first needs the setup status and the session: ask now, while the screen's chunk
// loads, not one after the other once it has (the key matches the shell's own queries).
void queryClient.prefetchQuery(api.queryOptions('get', '/api/setup/status'));
if (hadSession()) void queryClient.prefetchQuery(api.queryOptions('get', '/api/auth/me', {}));
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster position="bottom-right" richColors closeButton />
    </QueryClientProvider>
  </StrictMode>,
);
