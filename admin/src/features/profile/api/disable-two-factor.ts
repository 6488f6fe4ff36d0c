import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQuery } from '../../../lib/auth.tsx';
import { directus, disableTwoFactor as disableCommand } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';

/** Turning two-factor sign-in off also needs a current code. */
export const disableTwoFactor = (otp: string) => directus.request(disableCommand(otp));

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: () => refreshAfterWrite(queryClient, sessionQuery().queryKey) });
}
