/**
 * super_admin creates a staff account by invitation (issue #13): Directus
 * creates the user as "invited" and mails the link (pt-BR template); the new
 * member chooses their own password at /auth?convite=1. A hook creates the
 * profile; then the name, role and municipality are set.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ROLES } from '@portal/domain/roles';
import { MESSAGES } from '@portal/domain/validation';
import { env } from '../../../config/env.ts';
import { paths } from '../../../config/paths.ts';
import { directus, inviteUser, readItems, readUsers, updateItem, updateUser } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { profilesQueries } from './profiles-queries.ts';

export const staffInputSchema = z.object({
  full_name: z.string().trim().min(1, MESSAGES.fullNameRequired),
  email: z.email(MESSAGES.emailInvalid),
  role: z.enum(ROLES),
  municipality_id: z.string().nullable(),
});
export type StaffInput = z.infer<typeof staffInputSchema>;

/** "Ana Beatriz Monteiro" → first "Ana", last "Beatriz Monteiro". */
export function splitName(full: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = full.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
}

async function profileOf(userId: string): Promise<string | null> {
  // The profile is written by an after-commit hook; give it a moment.
  for (let i = 0; i < 10; i++) {
    const rows = (await directus.request(readItems('profiles', { filter: { user_id: { _eq: userId } }, fields: ['id'], limit: 1 }))) as Array<{ id: string }>;
    if (rows[0]) return rows[0].id;
    await new Promise((r) => setTimeout(r, 200));
  }
  return null;
}

/** Where the invitation mail's link lands (allow-listed on the server as USER_INVITE_URL_ALLOW_LIST). */
export const inviteUrl = () => `${env.origin}${paths.auth}?convite=1`;

export async function createStaff({ input, roleId }: { input: StaffInput; roleId: string }) {
  await directus.request(inviteUser(input.email, roleId, inviteUrl()));
  const [user] = (await directus.request(readUsers({ filter: { email: { _eq: input.email.trim().toLowerCase() } }, fields: ['id'], limit: 1 }))) as Array<{ id: string }>;
  if (!user) throw new Error('O convite foi enviado, mas o usuário não foi encontrado');
  await directus.request(updateUser(user.id, splitName(input.full_name)));
  const profileId = await profileOf(user.id);
  if (profileId) {
    await directus.request(updateItem('profiles', profileId, { full_name: input.full_name.trim(), role: input.role, municipality_id: input.municipality_id }));
  }
  return user;
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createStaff, onSuccess: () => refreshAfterWrite(queryClient, profilesQueries.all()) });
}
