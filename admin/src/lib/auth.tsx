import { ROLE_HINT_STORAGE_KEY } from '@portal/domain/session';
/**
 * Session state of the SPA: signed in, signed out or loading (spec section 4).
 * The session query holds the Directus user and the portal profile (role,
 * municipality); everything role-dependent reads `role` from here.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { Role } from '@portal/domain/roles';
import type { Municipality, Profile } from '@portal/domain/schema';
import { isRole } from '@portal/domain/roles';
import { env } from '../config/env.ts';
import { paths } from '../config/paths.ts';
import { authStorage, directus, hasStoredSession, passwordRequest, readItems, readMe } from './directus.ts';
import { errorCode, isAuthError } from './errors.ts';

export type SessionUser = { id: string; email: string; first_name: string | null; last_name: string | null; tfa_enabled: boolean };
/** The signed-in person's profile row (domain/schema), with its municipality read alongside. */
export type SessionProfile = Omit<Profile, 'municipality_id' | 'bio'> & {
  bio?: string | null;
  municipality: Pick<Municipality, 'id' | 'name' | 'slug'> | null;
};
export type Session = { user: SessionUser; profile: SessionProfile | null };

const PROFILE_FIELDS = ['id', 'user_id', 'full_name', 'email', 'whatsapp', 'instagram', 'avatar_url', 'bio', 'role', { municipality_id: ['id', 'name', 'slug'] }] as const;

/** The email typed at sign-in, shown in the header when the account may not read its own user row. */
const EMAIL_KEY = `${env.sessionKey}.email`;

async function loadSession(): Promise<Session | null> {
  if (!hasStoredSession()) return null;
  let me: Record<string, unknown>;
  try {
    me = (await directus.request(readMe({ fields: ['id', 'email', 'first_name', 'last_name', 'tfa_secret'] }))) as Record<string, unknown>;
  } catch (e) {
    if (isAuthError(e)) {
      authStorage.set(null);
      return null;
    }
    // A registered user without a staff role may not read its own user row: still signed in, no profile.
    if (errorCode(e) === 'FORBIDDEN') {
      const email = window.localStorage.getItem(EMAIL_KEY) ?? '';
      return { user: { id: '', email, first_name: null, last_name: null, tfa_enabled: false }, profile: null };
    }
    throw e;
  }
  const user: SessionUser = {
    id: String(me.id),
    // Accounts without a staff role get their id back but not their email.
    email: typeof me.email === 'string' ? me.email : (window.localStorage.getItem(EMAIL_KEY) ?? ''),
    first_name: (me.first_name as string | null) ?? null,
    last_name: (me.last_name as string | null) ?? null,
    tfa_enabled: !!me.tfa_secret,
  };
  let profile: SessionProfile | null = null;
  try {
    const rows = await directus.request(readItems('profiles', { filter: { user_id: { _eq: user.id } }, fields: [...PROFILE_FIELDS], limit: 1 }));
    const row = rows[0];
    if (row) {
      const m = row.municipality_id;
      profile = {
        id: row.id,
        user_id: row.user_id,
        full_name: row.full_name,
        email: row.email ?? user.email,
        whatsapp: row.whatsapp,
        instagram: row.instagram,
        avatar_url: row.avatar_url,
        bio: row.bio ?? null,
        role: isRole(row.role) ? row.role : null,
        municipality: m && typeof m === 'object' ? { id: m.id, name: m.name, slug: m.slug } : null,
      };
    }
  } catch (e) {
    if (errorCode(e) !== 'FORBIDDEN') throw e;
  }
  // Lets the public site's header show the Admin link to staff only (a display hint).
  window.localStorage.setItem(ROLE_HINT_STORAGE_KEY, profile?.role ?? '');
  return { user, profile };
}

export const sessionQuery = () => queryOptions({ queryKey: ['session'] as const, queryFn: loadSession, staleTime: 60_000 });

type AuthContextValue = {
  session: Session | null;
  loading: boolean;
  /** The session could not be loaded for another reason than being signed out (network, server). */
  error: unknown;
  role: Role | null;
  displayName: string;
  signIn: (email: string, password: string, otp?: string) => Promise<void>;
  signOut: () => Promise<void>;
  refresh: () => Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data, isPending, error } = useQuery(sessionQuery());
  const session = data ?? null;

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey });
  }, [queryClient]);

  const signIn = useCallback(
    async (email: string, password: string, otp?: string) => {
      await directus.login({ email, password }, otp ? { otp } : {});
      window.localStorage.setItem(EMAIL_KEY, email);
      // Another user's cached lists must not leak into this session.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
      await queryClient.fetchQuery({ ...sessionQuery(), staleTime: 0 });
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      await directus.logout();
    } catch {
      // The server may already have dropped the session; signing out locally is what matters.
    }
    authStorage.set(null);
    window.localStorage.removeItem(EMAIL_KEY);
    window.localStorage.removeItem(ROLE_HINT_STORAGE_KEY);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    queryClient.setQueryData(sessionQuery().queryKey, null);
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(() => {
    const role = session?.profile?.role ?? null;
    const name = session?.profile?.full_name?.trim() || [session?.user.first_name, session?.user.last_name].filter(Boolean).join(' ');
    return { session, loading: isPending, error, role, displayName: name || session?.profile?.email || session?.user.email || 'Usuário', signIn, signOut, refresh };
  }, [session, isPending, error, signIn, signOut, refresh]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The spec: using the auth context outside its provider raises an error. */
export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth deve ser usado dentro de AuthProvider');
  return ctx;
}

/** Password-reset email; its link comes back to /auth?token=… (allow-listed on the server). */
export const requestPasswordReset = (email: string) => directus.request(passwordRequest(email, `${env.origin}${paths.auth}`));

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
