/**
 * The newsletter's rules (issue #13, decision 027): double opt-in with the
 * consent text's version kept, one answer whatever the address's state (no
 * leak of who subscribes), one-click unsubscribe, and the weekly digest of the
 * week's most read stories rendered as text and HTML.
 */

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];
export const NEWSLETTER_STATUS_LABELS: Record<NewsletterStatus, string> = {
  pending: 'Aguardando confirmação',
  confirmed: 'Confirmada',
  unsubscribed: 'Cancelada',
};

/** The consent line shown beside the box; its version is stored with each request. */
export const CONSENT_VERSION = '2026-11';
export const CONSENT_LEAD = 'Ao se inscrever você aceita receber a newsletter semanal e concorda com a';
export const CONSENT_TEXT = `${CONSENT_LEAD} Política de Privacidade.`;

/** The pages the mails' links land on (site/src/pages/[...aviso].astro), by path. */
export const NOTICE_PAGES = {
  'newsletter/confirmada': { title: 'Inscrição confirmada', message: 'Pronto! Você vai receber as notícias mais lidas da semana toda segunda-feira.' },
  'newsletter/cancelada': { title: 'Inscrição cancelada', message: 'Você não vai mais receber a newsletter. Se mudar de ideia, é só se inscrever de novo no rodapé.' },
  'newsletter/link-invalido': { title: 'Link inválido', message: 'Este link não é válido ou já não vale. Se quiser receber a newsletter, inscreva-se de novo no rodapé.' },
  'privacidade/copia-enviada': { title: 'Cópia enviada', message: 'Enviamos para o seu e-mail uma cópia de tudo o que o portal guarda ligado a ele.' },
  'privacidade/dados-excluidos': { title: 'Dados excluídos', message: 'Excluímos a inscrição na newsletter ligada ao seu e-mail. Nada mais será enviado.' },
  'privacidade/link-invalido': { title: 'Link inválido', message: 'Este link não é válido ou passou de 24 horas. Faça o pedido de novo na Política de Privacidade.' },
} as const;
export type NoticePage = keyof typeof NOTICE_PAGES;

/** Unconfirmed requests and cancelled subscriptions are deleted after these many days (privacy page). */
export const PENDING_RETENTION_DAYS = 7;
export const UNSUBSCRIBED_RETENTION_DAYS = 30;

/** LGPD art. 18: a reader asks, by e-mail confirmation, for a copy of their data or its deletion. */
export const PRIVACY_REQUESTS = { copia: 'Receber uma cópia dos meus dados', exclusao: 'Excluir meus dados' } as const;
export type PrivacyRequestKind = keyof typeof PRIVACY_REQUESTS;
export const isPrivacyRequestKind = (v: unknown): v is PrivacyRequestKind => typeof v === 'string' && Object.hasOwn(PRIVACY_REQUESTS, v);
export const PRIVACY_MESSAGES = {
  sent: 'Enviamos um e-mail para confirmar o pedido. O link vale por 24 horas.',
  invalidKind: 'Escolha o que deseja pedir.',
} as const;
/** How long a privacy request's link holds. */
export const PRIVACY_LINK_HOURS = 24;

export const NEWSLETTER_MESSAGES = {
  invalidEmail: 'Informe um e-mail válido.',
  /** The same answer for a new, pending, confirmed or cancelled address. */
  sent: 'Quase lá! Enviamos um link de confirmação para o seu e-mail.',
  tooMany: 'Muitos pedidos deste endereço. Tente de novo mais tarde.',
  mailFailed: 'Não foi possível enviar o e-mail de confirmação agora. Tente de novo em instantes.',
} as const;

/**
 * A bare address and nothing else: no display name, quotes, angle brackets or
 * comments (`"<a href=…>"<vitima@…>` would reach the victim with the
 * attacker's text; issue #32). Dot-atom local part, letters-digits-hyphens domain.
 */
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;
export const EMAIL_MAX = 254;

/**
 * The address as stored (trimmed, lower case), or null when it is not one.
 * @example newsletterEmail('  Leitora@Exemplo.COM ') // 'leitora@exemplo.com'
 * @example newsletterEmail('sem-arroba') // null
 * @example newsletterEmail('"<a href=https://x.test>oi</a>"<vitima@exemplo.com>') // null
 */
export function newsletterEmail(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const email = input.trim().toLowerCase();
  return email.length <= EMAIL_MAX && EMAIL.test(email) ? email : null;
}

export type SubscriberState = { status: NewsletterStatus } | null;

/**
 * What a subscription request does to the row it finds: a new or cancelled
 * address asks again (pending, new mail), a pending one gets the mail again,
 * a confirmed one stays as it is and gets no mail.
 * @example subscribeStep(null) // { status: 'pending', sendConfirmation: true }
 * @example subscribeStep({ status: 'confirmed' }) // { status: 'confirmed', sendConfirmation: false }
 */
export function subscribeStep(found: SubscriberState): { status: NewsletterStatus; sendConfirmation: boolean } {
  if (found?.status === 'confirmed') return { status: 'confirmed', sendConfirmation: false };
  return { status: 'pending', sendConfirmation: true };
}

export type DigestStory = { title: string; summary: string; url: string; views: number };

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The weekly digest as plain text and as the HTML body of the mail template.
 * @example renderDigest({ portalName: 'Portal Pará', siteUrl: 'https://p', stories: [], unsubscribeUrl: 'https://u' }).subject
 * // 'As mais lidas da semana no Portal Pará'
 */
export function renderDigest(o: { portalName: string; siteUrl: string; stories: DigestStory[]; unsubscribeUrl: string }): { subject: string; text: string; html: string } {
  const subject = `As mais lidas da semana no ${o.portalName}`;
  const intro = o.stories.length ? 'As notícias mais lidas pelos nossos leitores nos últimos 7 dias:' : 'Nenhuma notícia foi publicada nesta semana.';
  const text = [
    subject,
    '',
    intro,
    '',
    ...o.stories.flatMap((s, i) => [`${i + 1}. ${s.title}`, `   ${s.summary}`, `   ${s.url}`, '']),
    `Mais notícias em ${o.siteUrl}`,
    '',
    `Para não receber mais esta newsletter: ${o.unsubscribeUrl}`,
  ].join('\n');
  const html = [
    `<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(subject)}</h1>`,
    `<p>${escapeHtml(intro)}</p>`,
    ...o.stories.map(
      (s) =>
        `<div style="padding:12px 0;border-bottom:1px solid #e5e7eb"><a href="${escapeHtml(s.url)}" style="font-size:17px;font-weight:bold;color:#111827">${escapeHtml(s.title)}</a><p style="margin:6px 0 0;color:#4b5563">${escapeHtml(s.summary)}</p></div>`,
    ),
    `<p style="padding-top:16px"><a href="${escapeHtml(o.siteUrl)}" style="color:#b91c1c">Mais notícias no ${escapeHtml(o.portalName)}</a></p>`,
    `<p style="font-size:13px;color:#6b7280">Para não receber mais esta newsletter, <a href="${escapeHtml(o.unsubscribeUrl)}" style="color:#6b7280">cancele a inscrição</a>.</p>`,
  ].join('\n');
  return { subject, text, html };
}

/** How many stories the digest lists. */
export const DIGEST_SIZE = 5;
/** Mondays 08:00 in Belém (UTC−3, no daylight saving) = 11:00 UTC. */
export const DIGEST_CRON = '0 11 * * 1';
