/**
 * "Reenviar convite" for a member who has not accepted yet (issue #34: the
 * screen said "Reativar"). Directus sends the invitation again when the
 * address belongs to a user still "invited"; the link lands at /auth?convite=1
 * as the first one did. Activating the account by hand would let it exist
 * without a password the member chose. Staff brought by an import (issue #27)
 * are "invited" users nobody has mailed yet: the same request is their first
 * invitation ("Enviar convite").
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { directus, inviteUser } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { inviteUrl } from './create-staff.ts';
import { profilesQueries } from './profiles-queries.ts';

export const resendInvite = ({ email, roleId }: { email: string; roleId: string }) => directus.request(inviteUser(email, roleId, inviteUrl()));

export function useResendInvite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendInvite, onSuccess: () => refreshAfterWrite(queryClient, profilesQueries.all()) });
}
