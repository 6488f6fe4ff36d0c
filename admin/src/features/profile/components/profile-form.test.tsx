import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockDirectus } from '../../../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../../../testing/render.tsx';
import { ProfileForm } from './profile-form.tsx';

afterEach(() => vi.restoreAllMocks());

describe('Meu Perfil', () => {
  it('edits only name, WhatsApp, Instagram and avatar; email and system info are read-only', async () => {
    const calls = mockDirectus(() => ({}));
    const session = sessionFor('producer');
    renderApp(<ProfileForm session={session} />, { session });
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByText('Para alterar o email, entre em contato com o administrador.')).toBeInTheDocument();
    expect(screen.getByText('Apenas o administrador pode alterar essas informações.')).toBeInTheDocument();
    expect(screen.getByText('Produtor')).toBeInTheDocument();
    expect(screen.getByText('Belém')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Nome Completo'));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    expect(screen.getByText('Nome completo é obrigatório')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Nome Completo'), 'Joana T.');
    await userEvent.type(screen.getByLabelText('WhatsApp'), '(91) 99999-0000');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('Perfil atualizado')).toBeInTheDocument();
    expect(screen.getByText('Suas informações foram salvas com sucesso.')).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.path).toBe('/items/profiles/profile-producer');
    expect(patch?.body).toEqual({ full_name: 'Joana T.', whatsapp: '(91) 99999-0000', instagram: null, avatar_url: null, bio: null });
  });

  it('failures use the spec messages', async () => {
    mockDirectus(() => {
      throw new Error('offline');
    });
    const session = sessionFor('editor');
    renderApp(<ProfileForm session={session} />, { session });
    await userEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('Erro ao atualizar perfil. Tente novamente.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Alterar Senha' }));
    await waitFor(() => expect(screen.getByText('Erro ao enviar email de redefinição de senha.')).toBeInTheDocument());
  });

  it('"Alterar Senha" sends the reset email pointing back to /auth', async () => {
    const calls = mockDirectus(() => undefined);
    const session = sessionFor('editor');
    renderApp(<ProfileForm session={session} />, { session });
    await userEvent.click(screen.getByRole('button', { name: 'Alterar Senha' }));
    expect(await screen.findByText('Email enviado')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/auth/password/request', body: { email: 'editor@portal.test', reset_url: `${window.location.origin}/auth` } });
  });
});
