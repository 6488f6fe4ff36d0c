/**
 * The header's Login / Admin + Sair. The admin SPA's Directus session is an
 * httpOnly cookie no script reads (issue #32); the admin leaves in
 * localStorage only when it expires, which the site reads to know one exists,
 * and the role hint that decides the Admin link (staff only, spec §2). The
 * server enforces every permission; this is display only.
 */
import { isStaff } from '@portal/domain/roles';
import { ROLE_HINT_STORAGE_KEY, SESSION_STORAGE_KEY } from '@portal/domain/session';
import { toast } from './toast.ts';

export { SESSION_STORAGE_KEY };

type StoredSession = { expires_at?: number | null };

/** A session hint that has not expired. */
export function storedSession(): StoredSession | null {
  try {
    const v = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as StoredSession | null;
    return v && typeof v.expires_at === 'number' && v.expires_at > Date.now() ? v : null;
  } catch {
    return null;
  }
}

function roleHint(): string | null {
  try {
    return localStorage.getItem(ROLE_HINT_STORAGE_KEY);
  } catch {
    return null;
  }
}

function show(signedIn: boolean) {
  const staff = signedIn && isStaff(roleHint());
  for (const el of document.querySelectorAll<HTMLElement>('[data-auth]')) {
    const want = el.dataset.auth;
    el.hidden = want === 'staff' ? !staff : (want === 'signed-in') !== signedIn;
  }
}

export function setupSession() {
  show(!!storedSession());
  document.querySelector('[data-sign-out]')?.addEventListener('click', async () => {
    const session = storedSession();
    try {
      localStorage.removeItem(SESSION_STORAGE_KEY);
      localStorage.removeItem(ROLE_HINT_STORAGE_KEY);
    } catch {
      /* nothing stored */
    }
    show(false);
    toast('Logout realizado', 'Você foi desconectado com sucesso.', 'success');
    if (session) {
      // Ends the session server-side too (the cookie goes with the request); failures change nothing for the reader.
      await fetch('/api/auth/logout', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mode: 'session' }),
      }).catch(() => undefined);
    }
  });
}
