/** TOTP setup, step 1: the password unlocks a new secret for the authenticator app. */
import { useMutation } from '@tanstack/react-query';
import { directus, generateTwoFactorSecret as generateCommand } from '../../../lib/directus.ts';

export const generateTwoFactorSecret = (password: string) => directus.request(generateCommand(password));

export function useGenerateTwoFactorSecret() {
  return useMutation({ mutationFn: generateTwoFactorSecret });
}
