/**
 * Every mail Directus sends for the portal goes out in pt-BR with the portal's
 * name (issue #13): Directus's own subjects are English ("Password Reset
 * Request"), so the `email.send` filter replaces them by template, signs the
 * mail with the portal's name and hands the templates (directus/email-templates)
 * the portal name and the site's address.
 */
import { DEFAULT_SETTINGS } from '@portal/domain/settings';

export const MAIL_SUBJECTS: Record<string, (portal: string) => string> = {
  'password-reset': (p) => `Redefinição de senha no ${p}`,
  'user-invitation': (p) => `Convite para a equipe do ${p}`,
  'user-registration': (p) => `Confirme seu e-mail no ${p}`,
  'newsletter-confirmation': (p) => `Confirme sua inscrição na newsletter do ${p}`,
  'privacy-request': (p) => `Confirme seu pedido sobre seus dados no ${p}`,
};

export type OutgoingMail = {
  subject?: string;
  from?: unknown;
  template?: { name: string; data?: Record<string, unknown> };
  [k: string]: unknown;
};

/**
 * @example localizeMail({ subject: 'Password Reset Request', template: { name: 'password-reset' } }, { portalName: 'Portal Pará', siteUrl: 'https://x', fromAddress: 'n@x' }).subject
 * // 'Redefinição de senha no Portal Pará'
 */
export function localizeMail(mail: OutgoingMail, o: { portalName: string; siteUrl: string; fromAddress: string }): OutgoingMail {
  const portalName = o.portalName.trim() || DEFAULT_SETTINGS.portal_name;
  const subject = mail.template ? MAIL_SUBJECTS[mail.template.name] : undefined;
  return {
    ...mail,
    ...(subject ? { subject: subject(portalName) } : {}),
    from: { name: portalName, address: o.fromAddress },
    ...(mail.template ? { template: { ...mail.template, data: { ...mail.template.data, portalName, siteUrl: o.siteUrl } } } : {}),
  };
}
