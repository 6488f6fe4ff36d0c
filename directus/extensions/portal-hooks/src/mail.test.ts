import { describe, expect, it } from 'vitest';
import { localizeMail, MAIL_SUBJECTS } from './mail.ts';

const o = { portalName: 'Portal Pará', siteUrl: 'https://portal.example', fromAddress: 'nao-responda@portal.example' };

describe('localizeMail', () => {
  it.each([
    ['password-reset', 'Password Reset Request', 'Redefinição de senha no Portal Pará'],
    ['user-invitation', "You've been invited", 'Convite para a equipe do Portal Pará'],
    ['user-registration', 'Verify your email address', 'Confirme seu e-mail no Portal Pará'],
    ['newsletter-confirmation', '', 'Confirme sua inscrição na newsletter do Portal Pará'],
    ['privacy-request', '', 'Confirme seu pedido sobre seus dados no Portal Pará'],
  ])('%s: the English subject becomes pt-BR with the portal name', (name, english, expected) => {
    const out = localizeMail({ to: 'a@b.test', subject: english, template: { name, data: { url: 'https://x/auth?token=t' } } }, o);
    expect(out.subject).toBe(expected);
    expect(out.template?.data).toEqual({ url: 'https://x/auth?token=t', portalName: 'Portal Pará', siteUrl: 'https://portal.example' });
    expect(out.from).toEqual({ name: 'Portal Pará', address: 'nao-responda@portal.example' });
    expect(out['to']).toBe('a@b.test');
  });

  it('keeps the subject of a mail it has no template for, and falls back to the default portal name', () => {
    const out = localizeMail({ subject: 'Assunto próprio', html: '<p>x</p>' }, { ...o, portalName: '  ' });
    expect(out.subject).toBe('Assunto próprio');
    expect(out.from).toEqual({ name: 'Portal Pará', address: o.fromAddress });
    expect(Object.keys(MAIL_SUBJECTS)).toHaveLength(5);
  });
});
