/**
 * Write an entry on a live coverage (issue #30): the form's zod schema (the
 * server's validator and text limits), what is sent by role, and the hook.
 * The server holds every rule (who writes on which coverage, the statuses,
 * the fields only editors set); the payload only leaves out what a role may
 * not send, so the form never provokes a refusal.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { NEWS_STATUSES } from '@portal/domain/news-status';
import { isEditorLevel, type Role } from '@portal/domain/roles';
import { TEXT_LIMITS, tooLongMessage } from '@portal/domain/text-limits';
import { addIssues, validateLiveEntry } from '@portal/domain/validation';
import { createItem, directus } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { liveQueries } from './live-queries.ts';

const LIMITS = TEXT_LIMITS.news_live_entries;
const limited = (f: { label: string; max: number }) => z.string().max(f.max, tooLongMessage(f.label, f.max));

export const liveEntryInputSchema = z
  .object({
    news_id: z.string(),
    body: limited(LIMITS.body),
    status: z.enum(NEWS_STATUSES),
    image: limited(LIMITS.image).nullable(),
    image_caption: limited(LIMITS.image_caption).nullable(),
    /** "Fixar no topo" (editors). */
    pinned: z.boolean(),
    /** "Sem assinatura" (editors): the entry shows no byline. */
    unsigned: z.boolean(),
  })
  .superRefine((e, ctx) => addIssues(validateLiveEntry(e), ctx));
export type LiveEntryInput = z.infer<typeof liveEntryInputSchema>;

/** The fields an entry's save sends (news_id only when it is created). */
export type LiveEntryPayload = {
  news_id?: string;
  body: string;
  status: LiveEntryInput['status'];
  image: string | null;
  image_caption: string | null;
  pinned?: boolean;
  author_id?: string | null;
};

const blankToNull = (v: string | null) => (v && v.trim() ? v.trim() : null);

/**
 * What is sent. A producer never sends the editors' fields (pin, byline: she
 * is always the author); an editor's entry is signed by her unless "Sem
 * assinatura" (author_id null), and an edit sends the byline only when it
 * changed. A caption without an image is dropped.
 * @example liveEntryPayload({ ...input, unsigned: true }, 'editor', { userId: 'u1', was: null }).author_id // null
 */
export function liveEntryPayload(input: LiveEntryInput, role: Role | null, o: { userId: string; was: { unsigned: boolean } | null }): LiveEntryPayload {
  const image = blankToNull(input.image);
  const payload: LiveEntryPayload = {
    body: input.body,
    status: input.status,
    image,
    image_caption: image ? blankToNull(input.image_caption) : null,
  };
  if (!o.was) payload.news_id = input.news_id;
  if (isEditorLevel(role)) {
    payload.pinned = input.pinned;
    if (o.was ? o.was.unsigned !== input.unsigned : input.unsigned) payload.author_id = input.unsigned ? null : o.userId;
  }
  return payload;
}

export const createLiveEntry = (payload: LiveEntryPayload) => directus.request(createItem('news_live_entries', payload, { fields: ['id'] }));

export function useCreateLiveEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLiveEntry,
    onSuccess: () => refreshAfterWrite(queryClient, liveQueries.all()),
  });
}
