import { z } from 'zod';

/** Login: email (email type) and password required (spec section 5). The request itself is the auth context's signIn. */
export const signInSchema = z.object({
  email: z.email('Email inválido'),
  password: z.string().min(1, 'Senha é obrigatória'),
  otp: z.string().trim().optional(),
});
export type SignInInput = z.infer<typeof signInSchema>;
