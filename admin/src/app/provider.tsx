import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toast.tsx';
import { AuthProvider, sessionQuery } from '../lib/auth.tsx';
import { authStorage } from '../lib/directus.ts';
import { isAuthError } from '../lib/errors.ts';

export function makeQueryClient() {
  const client: QueryClient = new QueryClient({
    // A session that expired (refresh refused) on any read signs the user out: the layout then goes to /auth.
    queryCache: new QueryCache({
      onError: (error) => {
        if (!isAuthError(error)) return;
        authStorage.set(null);
        client.setQueryData(sessionQuery().queryKey, null);
      },
    }),
    defaultOptions: {
      queries: { retry: (count, error) => count < 1 && !isAuthError(error), refetchOnWindowFocus: false, staleTime: 10_000 },
    },
  });
  return client;
}

/** Everything a screen needs around it: data cache, toasts and the session. Tests pass their own client. */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? makeQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <AuthProvider>{children}</AuthProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
