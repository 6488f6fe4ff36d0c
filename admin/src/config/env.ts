import { SESSION_STORAGE_KEY } from '@portal/domain/session';
/** Runtime configuration. Directus is served on the same origin under /api. */
export const env = {
  get apiUrl(): string {
    return `${window.location.origin}/api`;
  },
  get origin(): string {
    return window.location.origin;
  },
  /** localStorage key of the persisted sign-in session (spec section 9). */
  sessionKey: SESSION_STORAGE_KEY,
  pageSize: 20,
};
