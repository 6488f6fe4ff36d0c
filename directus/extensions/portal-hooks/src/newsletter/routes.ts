/**
 * The newsletter's public routes (issue #13, decision 027), mounted after
 * Directus's own middleware (body parsed, accountability known) and after the
 * per-address mail limit of login-limit-middleware.ts:
 *   POST     /portal/newsletter/subscribe      {email} → the same answer whatever the address's state
 *   GET      /portal/newsletter/confirm        ?id&t  → confirms, redirects to the site's page
 *   GET/POST /portal/newsletter/unsubscribe    ?id&t  → one click (RFC 8058 POST too)
 *   POST     /portal/newsletter/digest/test    super_admin: this week's digest to oneself
 */
import type { NextFunction, Request, Response, Router } from 'express';
import type { Knex } from 'knex';
import { NEWSLETTER_MESSAGES, newsletterEmail, type NoticePage } from '@portal/domain/newsletter';
import { forbidden, invalid } from '../../../shared/portal-error.ts';
import { hashIp } from '../readers/reads.ts';
import { composeDigest, digestMail, unsubscribeHeaders, type Mailer } from './digest.ts';
import { confirmSubscription, requestSubscription, unsubscribe } from './store.ts';
import { newsletterToken, tokenMatches } from './tokens.ts';
import type { Outbox } from './outbox.ts';

export type NewsletterConfig = { secret: string; siteUrl: string; portalName: () => Promise<string> };

/**
 * How reader mails go out: queued, after the answer (outbox.ts), and at most
 * a few an hour to one recipient whoever asks (login-limit.ts `mayMail`);
 * past that cap the answer is the same and nothing is sent (issue #32).
 */
export type ReaderMail = { outbox: Outbox; mayMail: (to: string) => Promise<boolean> };

type Req = Request & { accountability?: { user?: string | null; admin?: boolean } | null };

export const newsletterLinks = (c: Pick<NewsletterConfig, 'secret' | 'siteUrl'>, id: string) => ({
  confirm: `${c.siteUrl}/api/portal/newsletter/confirm?id=${id}&t=${newsletterToken(c.secret, id, 'confirm')}`,
  unsubscribe: `${c.siteUrl}/api/portal/newsletter/unsubscribe?id=${id}&t=${newsletterToken(c.secret, id, 'unsubscribe')}`,
});

const handle = (fn: (req: Req, res: Response) => Promise<void>) => (req: Request, res: Response, next: NextFunction) => {
  fn(req as Req, res).catch(next);
};

export function mountNewsletter(app: Router, db: Knex, send: Mailer, mail: ReaderMail, c: NewsletterConfig) {
  const page = (name: 'confirmada' | 'cancelada' | 'link-invalido') => `${c.siteUrl}/${`newsletter/${name}` satisfies NoticePage}`;

  app.post(
    '/portal/newsletter/subscribe',
    handle(async (req, res) => {
      const email = newsletterEmail((req.body as { email?: unknown } | undefined)?.email);
      if (!email) throw invalid(NEWSLETTER_MESSAGES.invalidEmail);
      const ip = req.ip ?? req.socket.remoteAddress ?? null;
      const { subscriber, sendConfirmation } = await requestSubscription(db, email, hashIp(ip, c.secret));
      // The same answer, as fast, whether a mail goes out or not (a confirmed address gets none).
      if (sendConfirmation && (await mail.mayMail(email))) {
        const links = newsletterLinks(c, subscriber.id);
        mail.outbox.enqueue({ to: email, subject: '', template: { name: 'newsletter-confirmation', data: { url: links.confirm, email } }, ...unsubscribeHeaders(links.unsubscribe) });
      }
      res.set('cache-control', 'no-store').json({ message: NEWSLETTER_MESSAGES.sent });
    }),
  );

  app.get(
    '/portal/newsletter/confirm',
    handle(async (req, res) => {
      const { id, t } = req.query;
      const ok = tokenMatches(c.secret, id, 'confirm', t) && (await confirmSubscription(db, id));
      res.set('cache-control', 'no-store').redirect(303, page(ok ? 'confirmada' : 'link-invalido'));
    }),
  );

  const unsubscribeRoute = (answer: (res: Response, ok: boolean) => void) =>
    handle(async (req, res) => {
      const { id, t } = req.query;
      const ok = tokenMatches(c.secret, id, 'unsubscribe', t) && (await unsubscribe(db, id));
      res.set('cache-control', 'no-store');
      answer(res, ok);
    });
  app.get('/portal/newsletter/unsubscribe', unsubscribeRoute((res, ok) => res.redirect(303, page(ok ? 'cancelada' : 'link-invalido'))));
  // Mail clients' one-click button (List-Unsubscribe-Post) posts here without a page to show.
  app.post('/portal/newsletter/unsubscribe', unsubscribeRoute((res, ok) => (ok ? res.json({ message: 'Inscrição cancelada.' }) : res.status(404).json({ errors: [{ message: 'Link inválido.' }] }))));

  app.post(
    '/portal/newsletter/digest/test',
    handle(async (req, res) => {
      if (!req.accountability?.admin || !req.accountability.user) throw forbidden('Apenas super admin pode enviar o teste da newsletter');
      const user = (await db('directus_users').where('id', req.accountability.user).first('email')) as { email: string } | undefined;
      if (!user?.email) throw invalid('Sua conta não tem e-mail');
      const digest = await composeDigest(db, { siteUrl: c.siteUrl, portalName: await c.portalName() });
      await send(digestMail(digest, user.email, `${c.siteUrl}/privacidade`, true));
      res.json({ message: `Teste enviado para ${user.email}.` });
    }),
  );
}
