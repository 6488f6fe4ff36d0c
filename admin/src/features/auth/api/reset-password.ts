import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { directus, passwordReset } from '../../../lib/directus.ts';

export const resetPasswordSchema = z
  .object({ password: z.string().min(8, 'A senha deve ter pelo menos 8 caracteres'), confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'As senhas não conferem' });

export const resetPassword = ({ token, password }: { token: string; password: string }) => directus.request(passwordReset(token, password));

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
