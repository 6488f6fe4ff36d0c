/** Attach a correction to a published story (editor-level; the server holds the same rules). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { TEXT_LIMITS, tooLongMessage } from '@portal/domain/text-limits';
import { addIssues, validateCorrection } from '@portal/domain/validation';
import { createItem, directus } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { newsCorrectionsQueries } from './news-corrections-queries.ts';

const { label, max } = TEXT_LIMITS.news_corrections.note;

export const correctionInputSchema = z
  .object({ news_id: z.string(), note: z.string().max(max, tooLongMessage(label, max)) })
  .superRefine((c, ctx) => addIssues(validateCorrection(c), ctx));
export type CorrectionInput = z.infer<typeof correctionInputSchema>;

export const createNewsCorrection = (input: CorrectionInput) =>
  directus.request(createItem('news_corrections', { news_id: input.news_id, note: input.note.trim() }, { fields: ['id'] }));

export function useCreateNewsCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNewsCorrection,
    onSuccess: () => refreshAfterWrite(queryClient, newsCorrectionsQueries.all()),
  });
}
