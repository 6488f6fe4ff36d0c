import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { MESSAGES } from '@portal/domain/validation';
import { env } from '../../../config/env.ts';
import { paths } from '../../../config/paths.ts';
import { directus, registerUser } from '../../../lib/directus.ts';

export const signUpSchema = z.object({
  full_name: z.string().trim().min(1, MESSAGES.fullNameRequired),
  email: z.email(MESSAGES.emailInvalid),
  password: z.string().min(1, 'Senha é obrigatória'),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** full_name travels as first/last name; the server's profile hook joins them back. The mail's link lands on /auth?confirmar=1. */
export function signUp(input: SignUpInput) {
  const [first = '', ...rest] = input.full_name.trim().split(/\s+/);
  return directus.request(
    registerUser(input.email, input.password, { first_name: first, last_name: rest.join(' '), verification_url: `${env.origin}${paths.auth}?confirmar=1` }),
  );
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
