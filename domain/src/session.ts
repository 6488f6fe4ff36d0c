/**
 * Browser storage shared by the admin SPA and the public site (spec §3,
 * "Local browser storage"). The role hint only decides whether the site's
 * header shows the Admin link; every permission is enforced by the server.
 */
export const SESSION_STORAGE_KEY = 'portal.session';
export const ROLE_HINT_STORAGE_KEY = 'portal.session.role';
