import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockDirectus } from '../../../testing/directus-mock.ts';
import { MUNICIPALITIES, renderApp, sessionFor } from '../../../testing/render.tsx';
import ProfilesScreen from './profiles-screen.tsx';

afterEach(() => vi.restoreAllMocks());

const PROFILES = [
  { id: 'p1', user_id: 'u1', full_name: 'Ana Convidada', email: 'ana@portal.test', role: 'producer', municipality_id: null },
  { id: 'p2', user_id: 'u2', full_name: 'Rui Suspenso', email: 'rui@portal.test', role: 'editor', municipality_id: null },
  { id: 'p3', user_id: 'u3', full_name: 'Eva Ativa', email: 'eva@portal.test', role: 'editor', municipality_id: null },
  { id: 'p4', user_id: 'u4', full_name: 'Iara Importada', email: 'iara@portal.test', role: 'editor', municipality_id: null },
];
const STATUS: Record<string, string> = { u1: 'invited', u2: 'suspended', u3: 'active', u4: 'invited' };

function api() {
  return mockDirectus((c) => {
    if (c.path === '/items/profiles' && c.params.aggregate) return [{ count: PROFILES.length }];
    if (c.path === '/items/profiles') return PROFILES;
    if (c.path === '/users') return Object.entries(STATUS).map(([id, status]) => ({ id, status }));
    // Only Iara came from the previous portal (issue #27).
    if (c.path === '/items/import_records') return [{ target: 'u4' }];
    if (c.path === '/roles') return [{ id: 'role-producer', name: 'producer' }, { id: 'role-editor', name: 'editor' }];
    return {};
  });
}

describe('profiles screen: what each status offers', () => {
  it('a pending invitation is sent again ("Reenviar convite"), never activated by hand', async () => {
    const calls = api();
    renderApp(<ProfilesScreen municipalities={MUNICIPALITIES} currentUserId="u-admin" />, { session: sessionFor('super_admin') });
    const ana = (await screen.findByText('Ana Convidada')).closest('tr')!;
    expect(within(ana).getByText('Convite pendente')).toBeInTheDocument();
    expect(within(ana).queryByRole('button', { name: /Reativar/ })).toBeNull();
    await userEvent.click(within(ana).getByRole('button', { name: 'Reenviar convite para Ana Convidada' }));
    expect(await screen.findByText('Convite reenviado para ana@portal.test')).toBeInTheDocument();
    const invite = calls.find((c) => c.method === 'POST' && c.path === '/users/invite');
    expect(invite?.body).toMatchObject({ email: 'ana@portal.test', role: 'role-producer' });
    expect(String((invite?.body as { invite_url: string }).invite_url)).toMatch(/\/auth\?convite=1$/);
    expect(calls.some((c) => c.method === 'PATCH' && c.path.startsWith('/users/'))).toBe(false);
  });

  it('a suspended member is reactivated after a confirmation; an active one deactivated', async () => {
    const calls = api();
    renderApp(<ProfilesScreen municipalities={MUNICIPALITIES} currentUserId="u-admin" />, { session: sessionFor('super_admin') });
    const rui = (await screen.findByText('Rui Suspenso')).closest('tr')!;
    await userEvent.click(within(rui).getByRole('button', { name: 'Reativar Rui Suspenso' }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Reativar usuário' })).getByRole('button', { name: 'Reativar' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH' && c.path === '/users/u2')?.body).toEqual({ status: 'active' }));
    const eva = screen.getByText('Eva Ativa').closest('tr')!;
    expect(within(eva).getByRole('button', { name: 'Desativar Eva Ativa' })).toBeInTheDocument();
  });

  it('a member brought by an import, never mailed, gets "Enviar convite": the first invitation, sent by the administrator', async () => {
    const calls = api();
    renderApp(<ProfilesScreen municipalities={MUNICIPALITIES} currentUserId="u-admin" />, { session: sessionFor('super_admin') });
    const iara = (await screen.findByText('Iara Importada')).closest('tr')!;
    // import_records is asked only about the invited members on the page.
    const asked = calls.find((c) => c.path === '/items/import_records');
    expect(asked?.params.filter).toEqual({ collection: { _eq: 'profiles' }, target: { _in: ['u1', 'u4'] } });
    expect(within(iara).getByText('Convite pendente')).toBeInTheDocument();
    expect(within(iara).queryByRole('button', { name: /Reenviar/ })).toBeNull();
    // Invited by hand, not imported: still a resend.
    expect(within(screen.getByText('Ana Convidada').closest('tr')!).getByRole('button', { name: 'Reenviar convite para Ana Convidada' })).toBeInTheDocument();

    await userEvent.click(within(iara).getByRole('button', { name: 'Enviar convite para Iara Importada' }));
    expect(await screen.findByText('Convite enviado para iara@portal.test')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/users/invite')?.body).toMatchObject({ email: 'iara@portal.test', role: 'role-editor' });
    // Sent once: from now on it is a resend.
    expect(within(iara).getByRole('button', { name: 'Reenviar convite para Iara Importada' })).toBeInTheDocument();
  });
});
