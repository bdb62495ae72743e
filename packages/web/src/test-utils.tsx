import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { SessionProvider, type Me } from './api/session';

/** A signed-in administrator unless a test says otherwise. */
export const ADMIN: Me = {
  user: {
    id: 1,
    username: 'admin',
    display_name: 'Admin',
    role: 'admin',
    email: null,
    enabled: true,
    auth_provider: 'local',
    created_at: '2026-01-01T00:00:00Z',
    last_login_at: null,
  },
  csrf_token: 'csrf',
  session_expires_at: '2026-01-02T00:00:00Z',
  permissions: { candidates_page: true, manage: true },
};

/** Renders a component as the app would: query client, router, session. */
export function renderWithProviders(ui: ReactElement, { me = ADMIN, route = '/' } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <SessionProvider me={me}>{ui}</SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
