/**
 * The one typed Directus client of the admin SPA. Nothing else imports
 * @directus/sdk: features take commands from here. The session is an httpOnly
 * cookie refreshed automatically (spec section 9, issue #32).
 */
import { authentication, createDirectus, rest, type AuthenticationData, type AuthenticationStorage } from '@directus/sdk';
import type { Schema } from '@portal/domain/schema';
import { env } from '../config/env.ts';

export {
  aggregate,
  createItem,
  createUser,
  customEndpoint,
  deleteItem,
  disableTwoFactor,
  enableTwoFactor,
  generateTwoFactorSecret,
  inviteUser,
  acceptUserInvite,
  passwordRequest,
  passwordReset,
  readFolders,
  readItems,
  readMe,
  readRoles,
  readUsers,
  registerUser,
  updateItem,
  updateUser,
  uploadFiles,
} from '@directus/sdk';

/**
 * What the browser keeps of a sign-in (localStorage): only when it expires.
 * The session itself is Directus's httpOnly cookie (`mode: 'session'`), which
 * no page script can read, so one XSS on the origin is not a takeover (issue
 * #32). Tokens an older version stored are dropped on first read.
 */
type SessionHint = { expires: number | null; expires_at: number | null };

function storedSession(): SessionHint | null {
  try {
    const raw = window.localStorage.getItem(env.sessionKey);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<AuthenticationData> | null;
    if (!v || typeof v !== 'object') return null;
    if (v.access_token || v.refresh_token) {
      window.localStorage.removeItem(env.sessionKey);
      return null;
    }
    return typeof v.expires_at === 'number' ? { expires: v.expires ?? null, expires_at: v.expires_at } : null;
  } catch {
    // A corrupted entry is the same as no session.
    return null;
  }
}

export const authStorage: AuthenticationStorage = {
  get: () => {
    const hint = storedSession();
    return hint ? { access_token: null, refresh_token: null, ...hint } : null;
  },
  set(value: AuthenticationData | null) {
    if (!value?.expires_at) window.localStorage.removeItem(env.sessionKey);
    else window.localStorage.setItem(env.sessionKey, JSON.stringify({ expires: value.expires, expires_at: value.expires_at }));
  },
};

export function makeClient(url: string = env.apiUrl) {
  return createDirectus<Schema>(url)
    .with(authentication('session', { autoRefresh: true, storage: authStorage, credentials: 'include' }))
    .with(rest({ credentials: 'include' }));
}

export const directus = makeClient();
export type PortalClient = typeof directus;

export const hasStoredSession = (): boolean => !!storedSession();
