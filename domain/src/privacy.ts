/**
 * The copy of a reader's data mailed on an LGPD request (art. 18, issue #13):
 * everything the portal holds tied to one e-mail address, in plain words.
 * Page views are not tied to anyone (salted IP hash only), so they are not in it.
 */
import { NEWSLETTER_STATUS_LABELS, type NewsletterStatus } from './newsletter.ts';
import { formatDateTimePtBR } from './dates.ts';
import { asUtc } from './timestamps.ts';

export type HeldData = {
  email: string;
  subscription: { status: NewsletterStatus; consent_version: string; requested_at: string; confirmed_at: string | null; unsubscribed_at: string | null } | null;
  profile: { full_name: string | null; email: string | null; whatsapp: string | null; instagram: string | null; role: string | null } | null;
};

const when = (v: string | null | undefined) => (v ? formatDateTimePtBR(asUtc(v)) : '—');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * @example renderDataCopy({ email: 'a@b.co', subscription: null, profile: null }, 'Portal Pará').text.includes('Não guardamos nenhum dado') // true
 */
export function renderDataCopy(d: HeldData, portalName: string): { subject: string; text: string; html: string } {
  const subject = `Seus dados no ${portalName}`;
  const sections: Array<[string, Array<[string, string]>]> = [];
  if (d.subscription)
    sections.push([
      'Newsletter',
      [
        ['E-mail', d.email],
        ['Situação', NEWSLETTER_STATUS_LABELS[d.subscription.status]],
        ['Versão do consentimento', d.subscription.consent_version],
        ['Pedido em', when(d.subscription.requested_at)],
        ['Confirmado em', when(d.subscription.confirmed_at)],
        ['Cancelado em', when(d.subscription.unsubscribed_at)],
      ],
    ]);
  if (d.profile)
    sections.push([
      'Conta da equipe',
      [
        ['Nome', d.profile.full_name ?? '—'],
        ['E-mail', d.profile.email ?? '—'],
        ['WhatsApp', d.profile.whatsapp ?? '—'],
        ['Instagram', d.profile.instagram ?? '—'],
        ['Função', d.profile.role ?? '—'],
      ],
    ]);
  const intro = sections.length
    ? `Estes são os dados que o ${portalName} guarda ligados a ${d.email}:`
    : `Não guardamos nenhum dado ligado a ${d.email}.`;
  const outro = 'Leituras de notícias não ficam ligadas a ninguém (só um código do endereço IP, apagado em 90 dias). Dúvidas: responda pelo contato da Política de Privacidade.';
  const text = [subject, '', intro, '', ...sections.flatMap(([title, rows]) => [title, ...rows.map(([k, v]) => `  ${k}: ${v}`), '']), outro].join('\n');
  const html = [
    `<h1 style="font-size:22px;margin:0 0 16px">${esc(subject)}</h1>`,
    `<p>${esc(intro)}</p>`,
    ...sections.map(
      ([title, rows]) =>
        `<h2 style="font-size:17px;margin:16px 0 8px">${esc(title)}</h2><table role="presentation" cellpadding="4">${rows.map(([k, v]) => `<tr><td style="color:#4b5563">${esc(k)}</td><td>${esc(v)}</td></tr>`).join('')}</table>`,
    ),
    `<p style="font-size:14px;color:#4b5563;padding-top:12px">${esc(outro)}</p>`,
  ].join('\n');
  return { subject, text, html };
}
