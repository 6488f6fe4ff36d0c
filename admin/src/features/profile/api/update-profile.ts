/** A user edits only their own name, WhatsApp, Instagram and avatar (spec section 6; server-enforced). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { TEXT_LIMITS, tooLongMessage } from '@portal/domain/text-limits';
import { addIssues, validateProfile } from '@portal/domain/validation';
import { sessionQuery } from '../../../lib/auth.tsx';
import { directus, updateItem } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';

export const profileInputSchema = z
  .object({
    full_name: z.string(),
    whatsapp: z.string(),
    instagram: z.string(),
    avatar_url: z.string().nullable(),
    /** Optional; shown on the public author page. */
    bio: z.string().max(TEXT_LIMITS.profiles.bio.max, tooLongMessage(TEXT_LIMITS.profiles.bio.label, TEXT_LIMITS.profiles.bio.max)).optional(),
  })
  .superRefine((p, ctx) => addIssues(validateProfile(p), ctx));
export type ProfileInput = z.infer<typeof profileInputSchema>;

export const updateProfile = ({ profileId, input }: { profileId: string; input: ProfileInput }) =>
  directus.request(
    updateItem('profiles', profileId, {
      full_name: input.full_name.trim(),
      whatsapp: input.whatsapp.trim() || null,
      instagram: input.instagram.trim() || null,
      avatar_url: input.avatar_url || null,
      ...(input.bio === undefined ? {} : { bio: input.bio.trim() || null }),
    }),
  );

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: () => refreshAfterWrite(queryClient, sessionQuery().queryKey) });
}
