/** TOTP setup, step 2: a code from the app proves the secret was stored; sign-in then asks for a code (aal2). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { sessionQuery } from '../../../lib/auth.tsx';
import { directus, enableTwoFactor as enableCommand } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';

export const otpSchema = z.string().trim().regex(/^\d{6}$/, 'Informe o código de 6 dígitos');

export const enableTwoFactor = ({ secret, otp }: { secret: string; otp: string }) => directus.request(enableCommand(secret, otp));

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: enableTwoFactor, onSuccess: () => refreshAfterWrite(queryClient, sessionQuery().queryKey) });
}
