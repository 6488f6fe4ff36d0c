/**
 * LGPD art. 18 for readers (issue #13, decision 027): a copy of what the
 * portal holds about an e-mail address, or its deletion, asked on the privacy
 * page and confirmed from a link mailed to that address (so nobody can ask for
 * someone else's data). The answer never says whether the address is known.
 *   POST /portal/privacy/request  {email, kind: 'copia'|'exclusao'}
 *   GET  /portal/privacy/confirm  ?e&k&x&t (signed, 24 h)
 */
import type { NextFunction, Request, Response, Router } from 'express';
import type { Knex } from 'knex';
import { isPrivacyRequestKind, NEWSLETTER_MESSAGES, newsletterEmail, PRIVACY_LINK_HOURS, PRIVACY_MESSAGES, type NoticePage, type PrivacyRequestKind } from '@portal/domain/newsletter';
import { renderDataCopy, type HeldData } from '@portal/domain/privacy';
import { invalid } from '../../../shared/portal-error.ts';
import type { Mailer } from './digest.ts';
import type { NewsletterConfig, ReaderMail } from './routes.ts';
import { sign, signed } from './tokens.ts';

const text = (email: string, kind: PrivacyRequestKind, expires: number) => `privacy:${kind}:${expires}:${email}`;

export function privacyLink(c: Pick<NewsletterConfig, 'secret' | 'siteUrl'>, email: string, kind: PrivacyRequestKind, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + PRIVACY_LINK_HOURS * 3600;
  const q = new URLSearchParams({ e: email, k: kind, x: String(expires), t: sign(c.secret, text(email, kind, expires)) });
  return `${c.siteUrl}/api/portal/privacy/confirm?${q}`;
}

/** What the portal holds tied to one address: the newsletter subscription and, for staff, the profile. */
export async function heldData(db: Knex, email: string): Promise<HeldData> {
  const subscription = await db('newsletter_subscribers').where('email', email).first('email', 'status', 'consent_version', 'requested_at', 'confirmed_at', 'unsubscribed_at');
  const profile = await db('profiles').whereRaw('lower(email) = ?', [email]).first('full_name', 'email', 'whatsapp', 'instagram', 'role');
  return { email, subscription: subscription ?? null, profile: profile ?? null };
}

const handle = (fn: (req: Request, res: Response) => Promise<void>) => (req: Request, res: Response, next: NextFunction) => {
  fn(req, res).catch(next);
};

export function mountPrivacy(app: Router, db: Knex, send: Mailer, mail: ReaderMail, c: NewsletterConfig) {
  const page = (name: 'copia-enviada' | 'dados-excluidos' | 'link-invalido') => `${c.siteUrl}/${`privacidade/${name}` satisfies NoticePage}`;

  app.post(
    '/portal/privacy/request',
    handle(async (req, res) => {
      const body = (req.body ?? {}) as { email?: unknown; kind?: unknown };
      const email = newsletterEmail(body.email);
      if (!email) throw invalid(NEWSLETTER_MESSAGES.invalidEmail);
      if (!isPrivacyRequestKind(body.kind)) throw invalid(PRIVACY_MESSAGES.invalidKind);
      if (await mail.mayMail(email)) mail.outbox.enqueue({ to: email, subject: '', template: { name: 'privacy-request', data: { url: privacyLink(c, email, body.kind), kind: body.kind, email } } });
      res.set('cache-control', 'no-store').json({ message: PRIVACY_MESSAGES.sent });
    }),
  );

  app.get(
    '/portal/privacy/confirm',
    handle(async (req, res) => {
      const { e, k, x, t } = req.query;
      const email = newsletterEmail(e);
      const expires = Number(x);
      const ok = !!email && isPrivacyRequestKind(k) && Number.isInteger(expires) && expires * 1000 > Date.now() && signed(c.secret, text(email, k, expires), t);
      res.set('cache-control', 'no-store');
      if (!ok) return res.redirect(303, page('link-invalido'));
      if (k === 'exclusao') {
        await db('newsletter_subscribers').where('email', email).delete();
        return res.redirect(303, page('dados-excluidos'));
      }
      const copy = renderDataCopy(await heldData(db, email!), await c.portalName());
      await send({ to: email, subject: copy.subject, text: copy.text, template: { name: 'message', data: { body: copy.html } } });
      res.redirect(303, page('copia-enviada'));
    }),
  );
}
