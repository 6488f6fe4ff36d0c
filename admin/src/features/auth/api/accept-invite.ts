import { useMutation } from '@tanstack/react-query';
import { acceptUserInvite, directus } from '../../../lib/directus.ts';

/** The invitation mail's landing (/auth?convite=1&token=…): the new member sets their password. Same rules as a reset. */
export const acceptInvite = ({ token, password }: { token: string; password: string }) => directus.request(acceptUserInvite(token, password));

export function useAcceptInvite() {
  return useMutation({ mutationFn: acceptInvite });
}
