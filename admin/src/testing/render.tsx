/** Test helpers: a fresh QueryClient per test, a seeded session and a router around the UI. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import type { Role } from '@portal/domain/roles';
import { ToastProvider } from '../components/ui/toast.tsx';
import { AuthProvider, sessionQuery, type Session } from '../lib/auth.tsx';

export const MUNICIPALITIES = [
  { id: 'm-belem', name: 'Belém' },
  { id: 'm-santarem', name: 'Santarém' },
];

export function sessionFor(role: Role | null, overrides: Partial<Session['profile']> = {}): Session {
  return {
    user: { id: `user-${role ?? 'reader'}`, email: `${role ?? 'leitor'}@portal.test`, first_name: 'Pessoa', last_name: 'Teste', tfa_enabled: false },
    profile: {
      id: `profile-${role ?? 'reader'}`,
      user_id: `user-${role ?? 'reader'}`,
      full_name: 'Pessoa Teste',
      email: `${role ?? 'leitor'}@portal.test`,
      whatsapp: null,
      instagram: null,
      avatar_url: null,
      role,
      municipality: role === 'producer' ? { id: 'm-belem', name: 'Belém', slug: 'belem' } : null,
      ...overrides,
    },
  };
}

export function renderApp(ui: ReactElement | RouteObject[], { session = null as Session | null, path = '/' } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQuery().queryKey, session);
  const routes: RouteObject[] = Array.isArray(ui) ? ui : [{ path: '*', element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router };
}
