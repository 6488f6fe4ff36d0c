import { z } from 'zod';
import { MESSAGES } from '@portal/domain/validation';

/** Login: email (email type) and password required (spec section 5). The request itself is the auth context's signIn. */
export const signInSchema = z.object({
  email: z.email(MESSAGES.emailInvalid),
  password: z.string().min(1, 'Senha é obrigatória'),
  otp: z.string().trim().optional(),
});
export type SignInInput = z.infer<typeof signInSchema>;
