import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLE_HINT_STORAGE_KEY } from '@portal/domain/session';
import { SESSION_STORAGE_KEY, setupSession } from './session.ts';

const header = `<a data-auth="signed-out">Login</a><a data-auth="staff" hidden>Admin</a><button data-auth="signed-in" data-sign-out hidden>Sair</button>`;
const visible = () => [...document.querySelectorAll<HTMLElement>('[data-auth]')].filter((e) => !e.hidden).map((e) => e.textContent);

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('header session', () => {
  it('shows Login when nobody is signed in (or the stored value is junk)', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    document.body.innerHTML = header;
    setupSession();
    expect(visible()).toEqual(['Login']);
  });

  it('shows Admin and Sair with a stored session; Sair signs out', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ expires: 604800000, expires_at: Date.now() + 60_000 }));
    localStorage.setItem(ROLE_HINT_STORAGE_KEY, 'producer');
    document.body.innerHTML = header;
    setupSession();
    expect(visible()).toEqual(['Admin', 'Sair']);
    document.querySelector<HTMLButtonElement>('[data-sign-out]')!.click();
    expect(visible()).toEqual(['Login']);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(ROLE_HINT_STORAGE_KEY)).toBeNull();
    expect(document.body.textContent).toContain('Você foi desconectado com sucesso.');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST', body: JSON.stringify({ mode: 'session' }) }));
  });

  it('an expired hint, or tokens an older admin stored, are no session', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ expires: 1000, expires_at: Date.now() - 1 }));
    document.body.innerHTML = header;
    setupSession();
    expect(visible()).toEqual(['Login']);
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access_token: 'a', refresh_token: 'r' }));
    setupSession();
    expect(visible()).toEqual(['Login']);
  });

  it('a signed-in account without a staff role sees Sair but not Admin (spec §2)', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ expires: 604800000, expires_at: Date.now() + 60_000 }));
    localStorage.setItem(ROLE_HINT_STORAGE_KEY, '');
    document.body.innerHTML = header;
    setupSession();
    expect(visible()).toEqual(['Sair']);
  });
});
