/** Role and municipality live on the profile; a server hook mirrors the role onto the Directus user. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ROLES } from '@portal/domain/roles';
import { directus, updateItem } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { profilesQueries } from './profiles-queries.ts';

export const staffUpdateSchema = z.object({ role: z.enum(ROLES), municipality_id: z.string().nullable() });
export type StaffUpdate = z.infer<typeof staffUpdateSchema>;

export const updateStaff = ({ profileId, input }: { profileId: string; input: StaffUpdate }) =>
  directus.request(updateItem('profiles', profileId, { role: input.role, municipality_id: input.municipality_id }));

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateStaff, onSuccess: () => refreshAfterWrite(queryClient, profilesQueries.all()) });
}
