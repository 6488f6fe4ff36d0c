/** "Enviar alerta": a published story's, a live coverage's public entry (issue #30), or the urgent message's (POST /portal/push/alerts; editor and super_admin). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { customEndpoint, directus } from '../../../lib/directus.ts';
import { alertsQueries } from './alerts-queries.ts';

export const alertTargetSchema = z.union([z.object({ newsId: z.string().min(1) }), z.object({ entryId: z.string().min(1) }), z.object({ urgent: z.literal(true) })]);
export type AlertTarget = z.infer<typeof alertTargetSchema>;

const sentSchema = z.object({ id: z.string(), total: z.number(), message: z.string() });

export async function sendAlert(target: AlertTarget) {
  const t = alertTargetSchema.parse(target);
  const body = 'newsId' in t ? { news_id: t.newsId } : 'entryId' in t ? { entry_id: t.entryId } : { source: 'urgent' };
  return sentSchema.parse(await directus.request(customEndpoint<unknown>({ path: '/portal/push/alerts', method: 'POST', body: JSON.stringify(body) })));
}

export function useSendAlert() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: sendAlert, onSettled: () => qc.invalidateQueries({ queryKey: alertsQueries.all() }) });
}
