import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockDirectus } from '../../../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../../../testing/render.tsx';
import { SettingsScreen } from './settings-screen.tsx';

afterEach(() => vi.restoreAllMocks());

describe('Configurações', () => {
  it('saves key by key what changed (and creates what the database lacks); a key left as it was is not written; blanks as empty text', async () => {
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
    // 15 keys on this screen: 13 the database lacks (created), twitter_url changed; portal_name as it was (not written,
    // so a colleague's save of it meanwhile is not put back).
    expect(writes).toHaveLength(14);
    expect(writes.some((c) => c.path === '/items/settings/portal_name')).toBe(false);
    expect(writes).toContainEqual(expect.objectContaining({ method: 'PATCH', path: '/items/settings/twitter_url', body: { value: '' } }));
    expect(writes).toContainEqual(expect.objectContaining({ method: 'POST', path: '/items/settings', body: { key: 'urgent_message', value: 'Alerta de chuva' } }));
  });

  it('"Páginas institucionais": the super_admin edits Sobre nós, Expediente and Contato; a text too long is refused', async () => {
    const calls = mockDirectus((c) => (c.method === 'GET' ? [{ key: 'page_about', value: 'Texto antigo' }] : {}));
    renderApp(<SettingsScreen />, { session: sessionFor('super_admin') });
    expect(await screen.findByRole('heading', { name: 'Páginas institucionais' })).toBeInTheDocument();
    const about = screen.getByLabelText('Sobre nós (/sobre)');
    expect(about.tagName).toBe('TEXTAREA');
    expect(about).toHaveValue('Texto antigo');
    expect(screen.getByLabelText('Expediente (/expediente)').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Contato (/contato)').tagName).toBe('TEXTAREA');
    fireEvent.change(about, { target: { value: 'x'.repeat(5001) } });
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Use no máximo 5.000 caracteres')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    fireEvent.change(about, { target: { value: 'Quem somos.\n\nO que fazemos.' } });
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações salvas com sucesso!')).toBeInTheDocument();
    expect(calls).toContainEqual(expect.objectContaining({ method: 'PATCH', path: '/items/settings/page_about', body: { value: 'Quem somos.\n\nO que fazemos.' } }));
  });

  it('a load failure uses the spec message', async () => {
    mockDirectus(() => {
      throw new Error('offline');
    });
    renderApp(<SettingsScreen />, { session: sessionFor('super_admin') });
    await waitFor(() => expect(screen.getAllByText('Não foi possível carregar as configurações.').length).toBeGreaterThan(0));
  });
});
