/**
 * Drains the alerts queue (queue.ts) in this instance: started when an alert
 * is queued here, and by a schedule that resumes what a restart or another
 * instance left. Each batch is claimed before it is sent (never sent twice).
 */
import type { Knex } from 'knex';
import { PUSH_BATCH } from '@portal/domain/push';
import { claimBatch, payloadOf, pendingAlerts, recordBatch } from './queue.ts';
import type { PushSend } from './sender.ts';

export type PushWorker = { kick(): Promise<void> };

export function pushWorker(db: Knex, send: PushSend, log: (m: string) => void, batchSize = PUSH_BATCH): PushWorker {
  let running: Promise<void> | null = null;
  let again = false;
  const drain = async () => {
    do {
      again = false;
      for (const alert of await pendingAlerts(db)) {
        for (let batch = await claimBatch(db, alert.id, batchSize); batch; batch = await claimBatch(db, alert.id, batchSize)) {
          await recordBatch(db, alert.id, batch, await send(batch, payloadOf(alert)));
        }
      }
    } while (again);
  };
  return {
    kick() {
      again = true;
      running ??= drain()
        .catch((e: unknown) => log(`alertas: envio interrompido (${e instanceof Error ? e.message : String(e)}); continua na próxima rodada`))
        .finally(() => {
          running = null;
        });
      return running;
    },
  };
}
