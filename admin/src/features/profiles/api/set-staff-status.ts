import { useMutation, useQueryClient } from '@tanstack/react-query';
import { directus, updateUser } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { profilesQueries } from './profiles-queries.ts';

/** Deactivation suspends the Directus user (sign-in refused, data kept); reactivation sets it active again. */
export const setStaffStatus = ({ userId, active }: { userId: string; active: boolean }) =>
  directus.request(updateUser(userId, { status: active ? 'active' : 'suspended' }));

export function useSetStaffStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setStaffStatus, onSuccess: () => refreshAfterWrite(queryClient, profilesQueries.all()) });
}
