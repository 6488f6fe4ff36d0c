/**
 * The one typed Directus client of the admin SPA. Nothing else imports
 * @directus/sdk: features take commands from here. The session lives in
 * localStorage and is refreshed automatically (spec section 9).
 */
import { authentication, createDirectus, rest, type AuthenticationData, type AuthenticationStorage } from '@directus/sdk';
import type { Schema } from '@portal/domain/schema';
import { isDirectusAsset } from '@portal/domain/images';
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

/** The persisted sign-in session (localStorage), read and refreshed by the SDK. */
function storedSession(): AuthenticationData | null {
  try {
    const raw = window.localStorage.getItem(env.sessionKey);
    return raw ? (JSON.parse(raw) as AuthenticationData) : null;
  } catch {
    // A corrupted entry is the same as no session.
    return null;
  }
}

export const authStorage: AuthenticationStorage = {
  get: storedSession,
  set(value: AuthenticationData | null) {
    if (!value || (!value.access_token && !value.refresh_token)) window.localStorage.removeItem(env.sessionKey);
    else window.localStorage.setItem(env.sessionKey, JSON.stringify(value));
  },
};

export function makeClient(url: string = env.apiUrl) {
  return createDirectus<Schema>(url).with(authentication('json', { autoRefresh: true, storage: authStorage })).with(rest());
}

export const directus = makeClient();
export type PortalClient = typeof directus;

export const hasStoredSession = (): boolean => !!authStorage.get();

/**
 * An uploaded file as staff see it in the admin. Readers may fetch only files
 * published content uses (issue #10); an `<img>` sends no Authorization
 * header, so a draft's photo is asked for with the signed-in session's token.
 */
export function staffAssetUrl(url: string | null | undefined): string {
  if (!url || !isDirectusAsset(url)) return url ?? '';
  const token = storedSession()?.access_token;
  return token ? `${url}${url.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(token)}` : url;
}
