import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockDirectus } from '../../../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../../../testing/render.tsx';
import { SettingsScreen } from './settings-screen.tsx';

afterEach(() => vi.restoreAllMocks());

describe('Configurações', () => {
  it('saves every key one by one: existing ones updated, missing ones created, blanks as empty text', async () => {
    const calls = mockDirectus((c) => (c.method === 'GET' ? [{ key: 'portal_name', value: 'Portal Pará' }, { key: 'twitter_url', value: 'https://x.com/p' }] : {}));
    renderApp(<SettingsScreen />, { session: sessionFor('super_admin') });
    const twitter = await screen.findByLabelText('Twitter');
    expect(screen.getByLabelText('Email de Contato')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Mensagem da Seção Urgente').tagName).toBe('TEXTAREA');
    await userEvent.clear(twitter);
    await userEvent.type(screen.getByLabelText('Mensagem da Seção Urgente'), 'Alerta de chuva');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações salvas com sucesso!')).toBeInTheDocument();
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes).toHaveLength(11);
    expect(writes).toContainEqual(expect.objectContaining({ method: 'PATCH', path: '/items/settings/twitter_url', body: { value: '' } }));
    expect(writes).toContainEqual(expect.objectContaining({ method: 'POST', path: '/items/settings', body: { key: 'urgent_message', value: 'Alerta de chuva' } }));
  });

  it('a load failure uses the spec message', async () => {
    mockDirectus(() => {
      throw new Error('offline');
    });
    renderApp(<SettingsScreen />, { session: sessionFor('super_admin') });
    await waitFor(() => expect(screen.getAllByText('Não foi possível carregar as configurações.').length).toBeGreaterThan(0));
  });
});
