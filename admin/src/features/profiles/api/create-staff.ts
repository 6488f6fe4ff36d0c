/** super_admin creates a staff account: a Directus user (a hook creates its profile), then the municipality. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ROLES } from '@portal/domain/roles';
import { MESSAGES } from '@portal/domain/validation';
import { createUser, directus, readItems, updateItem } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { profilesQueries } from './profiles-queries.ts';

export const staffInputSchema = z.object({
  full_name: z.string().trim().min(1, MESSAGES.fullNameRequired),
  email: z.email(MESSAGES.emailInvalid),
  password: z.string().min(8, 'A senha deve ter pelo menos 8 caracteres'),
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

export async function createStaff({ input, roleId }: { input: StaffInput; roleId: string }) {
  const user = (await directus.request(
    createUser({ email: input.email, password: input.password, role: roleId, status: 'active', ...splitName(input.full_name) }, { fields: ['id'] }),
  )) as { id: string };
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
