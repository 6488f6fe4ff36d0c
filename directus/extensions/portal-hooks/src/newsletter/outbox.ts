/**
 * Reader mails sent after the answer (issue #32, item 10): a subscribe that
 * mails a confirmation answers as fast as one that does not, so the timing
 * never tells whether an address is subscribed. One chain per instance, in
 * order; a failure is logged (the request stays pending: asking again mails
 * again). `idle()` resolves once everything queued has been tried.
 */
import type { Mailer } from './digest.ts';

export type Outbox = { enqueue(mail: Parameters<Mailer>[0]): void; idle(): Promise<void> };

export function mailOutbox(send: Mailer, log: (m: string) => void): Outbox {
  let tail: Promise<void> = Promise.resolve();
  return {
    enqueue(mail) {
      tail = tail
        .then(() => send(mail))
        .then(
          () => undefined,
          (e: unknown) => log(`e-mail não enviado: ${e instanceof Error ? e.message : String(e)}`),
        );
    },
    idle: () => tail,
  };
}
