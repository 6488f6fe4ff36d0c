/**
 * The header's Login / Admin + Sair. The admin SPA keeps its Directus session
 * in localStorage under this key; the site only reads whether one exists
 * (the admin itself checks the role and redirects non-staff).
 */
import { toast } from './toast.ts';

export const SESSION_STORAGE_KEY = 'portal.session';

type StoredSession = { access_token?: string | null; refresh_token?: string | null };

export function storedSession(): StoredSession | null {
  try {
    const v = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as StoredSession | null;
    return v && (v.access_token || v.refresh_token) ? v : null;
  } catch {
    return null;
  }
}

function show(signedIn: boolean) {
  for (const el of document.querySelectorAll<HTMLElement>('[data-auth]')) el.hidden = (el.dataset.auth === 'signed-in') !== signedIn;
}

export function setupSession() {
  show(!!storedSession());
  document.querySelector('[data-sign-out]')?.addEventListener('click', async () => {
    const session = storedSession();
    try {
      localStorage.removeItem(SESSION_STORAGE_KEY);
    } catch {
      /* nothing stored */
    }
    show(false);
    toast('Logout realizado', 'Você foi desconectado com sucesso.', 'success');
    if (session?.refresh_token) {
      // Ends the session server-side too; failures change nothing for the reader.
      await fetch('/api/auth/logout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: session.refresh_token, mode: 'json' }),
      }).catch(() => undefined);
    }
  });
}
