/** The weekly digest (issue #13): the week's most read stories to every confirmed subscriber. */
import type { Knex } from 'knex';
import { DIGEST_SIZE, renderDigest, type DigestStory } from '@portal/domain/newsletter';
import { rankingsByWindow } from '../readers/reads.ts';
import { confirmedPage } from './store.ts';

export type Mailer = (mail: Record<string, unknown>) => Promise<unknown>;
export type Digest = { portalName: string; siteUrl: string; stories: DigestStory[] };

/** The 7 days' most read published stories, with their summaries. */
export async function composeDigest(db: Knex, o: { siteUrl: string; portalName: string }, now = new Date()): Promise<Digest> {
  const { most_read } = await rankingsByWindow(db, '7d', DIGEST_SIZE, now);
  const ids = most_read.map((n: { id: string }) => n.id);
  const summaries = new Map<string, string>(
    ids.length ? ((await db('news').whereIn('id', ids).select('id', 'summary')) as Array<{ id: string; summary: string | null }>).map((r) => [r.id, r.summary ?? '']) : [],
  );
  const stories = most_read.map((n: { id: string; title: string; slug: string; count: number }) => ({
    title: n.title,
    summary: summaries.get(n.id) ?? '',
    url: `${o.siteUrl}/news/${n.slug}`,
    views: n.count,
  }));
  return { ...o, stories };
}

/** One-click unsubscribe headers (RFC 2369 + RFC 8058), on every newsletter mail. */
export const unsubscribeHeaders = (url: string) => ({
  list: { unsubscribe: { url, comment: 'Cancelar inscrição' } },
  headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
});

export function digestMail(d: Digest, to: string, unsubscribeUrl: string, test = false): Record<string, unknown> {
  const r = renderDigest({ ...d, unsubscribeUrl });
  return {
    to,
    subject: test ? `[Teste] ${r.subject}` : r.subject,
    text: r.text,
    template: { name: 'message', data: { body: r.html } },
    ...unsubscribeHeaders(unsubscribeUrl),
  };
}

/** Sends the digest to every confirmed subscriber, a page at a time; one failed address never stops the rest. */
export async function sendDigestToAll(db: Knex, send: Mailer, d: Digest, unsubscribeUrl: (id: string) => string, log: (m: string) => void): Promise<number> {
  let after: string | null = null;
  let sent = 0;
  for (;;) {
    const page = await confirmedPage(db, after, 200);
    if (!page.length) return sent;
    for (const s of page) {
      try {
        await send(digestMail(d, s.email, unsubscribeUrl(s.id)));
        sent++;
      } catch (e) {
        log(`newsletter: resumo semanal não enviado a um inscrito: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    after = page[page.length - 1]!.id;
  }
}
