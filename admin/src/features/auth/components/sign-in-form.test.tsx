import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { directus } from '../../../lib/directus.ts';
import { apiError } from '../../../testing/directus-mock.ts';
import { renderApp } from '../../../testing/render.tsx';
import { SignInForm } from './sign-in-form.tsx';

afterEach(() => vi.restoreAllMocks());

async function fill() {
  await userEvent.type(screen.getByLabelText('Email'), 'editor@portal.test');
  await userEvent.type(screen.getByLabelText('Senha', { exact: true }), 'segredo');
}

describe('sign-in form', () => {
  it('validates email and password', async () => {
    const login = vi.spyOn(directus, 'login');
    renderApp(<SignInForm onSignedIn={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByText('Email inválido')).toBeInTheDocument();
    expect(screen.getByText('Senha é obrigatória')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('a wrong password toasts "Erro no login"', async () => {
    vi.spyOn(directus, 'login').mockRejectedValue(apiError('Invalid user credentials.', 'INVALID_CREDENTIALS'));
    renderApp(<SignInForm onSignedIn={() => {}} />);
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Erro no login')).toBeInTheDocument();
    expect(screen.getByText('Email ou senha inválidos')).toBeInTheDocument();
  });

  it('asks for the TOTP code when the account has two-factor sign-in, then sends it', async () => {
    const login = vi
      .spyOn(directus, 'login')
      .mockRejectedValueOnce(apiError('Invalid user OTP.', 'INVALID_OTP'))
      .mockResolvedValueOnce({ access_token: 'a', refresh_token: 'r', expires: 900000, expires_at: null });
    vi.spyOn(directus, 'request').mockResolvedValue([]);
    const onSignedIn = vi.fn();
    renderApp(<SignInForm onSignedIn={onSignedIn} />);
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    const code = await screen.findByLabelText('Código de verificação');
    expect(screen.queryByText('Erro no login')).toBeNull();
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(login).toHaveBeenLastCalledWith({ email: 'editor@portal.test', password: 'segredo' }, { otp: '123456' }));
  });
});
