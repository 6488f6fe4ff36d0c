/**
 * "Corrigir" an entry (issue #30, editors): a note readers see with the entry;
 * the server dates it. An empty note removes the correction.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { TEXT_LIMITS, tooLongMessage } from '@portal/domain/text-limits';
import { directus, updateItem } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { liveQueries } from './live-queries.ts';

const { label, max } = TEXT_LIMITS.news_live_entries.correction_note;

/** @example entryCorrectionSchema.parse({ id: 'e1', note: '  ' }).note // null (removes the correction) */
export const entryCorrectionSchema = z.object({
  id: z.string().min(1),
  note: z
    .string()
    .max(max, tooLongMessage(label, max))
    .transform((n) => n.trim() || null),
});
export type EntryCorrectionInput = z.input<typeof entryCorrectionSchema>;

export async function correctLiveEntry(input: EntryCorrectionInput) {
  const { id, note } = entryCorrectionSchema.parse(input);
  return directus.request(updateItem('news_live_entries', id, { correction_note: note }, { fields: ['id'] }));
}

export function useCorrectLiveEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctLiveEntry,
    onSuccess: () => refreshAfterWrite(queryClient, liveQueries.all()),
  });
}
