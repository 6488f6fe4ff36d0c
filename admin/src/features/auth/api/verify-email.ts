import { useMutation } from '@tanstack/react-query';
import { env } from '../../../config/env.ts';

export const VERIFY_EMAIL_FAILED = 'Link de confirmação inválido, expirado ou já usado.';

/**
 * Confirms a sign-up from the link in its mail (/auth?confirmar=1&token=…).
 * Directus answers a good token by redirecting into its own app, so the
 * redirect, not followed, is the success; a bad token is a JSON error.
 */
export async function verifyEmail(token: string): Promise<void> {
  const res = await fetch(`${env.apiUrl}/users/register/verify-email?token=${encodeURIComponent(token)}`, { redirect: 'manual' });
  if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) return;
  throw new Error(VERIFY_EMAIL_FAILED);
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
