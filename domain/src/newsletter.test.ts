import { describe, expect, it } from 'vitest';
import { newsletterEmail, renderDigest, subscribeStep } from './newsletter.ts';

describe('newsletterEmail', () => {
  it.each([
    ['  Leitora@Exemplo.COM ', 'leitora@exemplo.com'],
    ['a@b.co', 'a@b.co'],
    ['sem-arroba', null],
    ['a@b', null],
    ['a b@c.com', null],
    [42, null],
    [`${'a'.repeat(250)}@b.com`, null],
    // Only a bare address: a display name or markup would go out in the mail as the portal (issue #32).
    ['"<a href=https://evil.test>CONFIRME_AQUI</a>"<vitima@exemplo.com>', null],
    ['"<a\thref=https://evil.test>x</a>"<vitima@exemplo.com>', null],
    ['Vítima <vitima@exemplo.com>', null],
    ['vitima@exemplo.com, outra@exemplo.com', null],
    ['"citado"@exemplo.com', null],
    ['vitima@exemplo.com (comentário)', null],
    ['a..b@exemplo.com', null],
    ['nome.sobrenome+tag@sub.exemplo.com.br', 'nome.sobrenome+tag@sub.exemplo.com.br'],
  ])('%s → %s', (input, out) => expect(newsletterEmail(input)).toBe(out));
});

describe('subscribeStep', () => {
  it('asks for confirmation unless already confirmed', () => {
    expect(subscribeStep(null)).toEqual({ status: 'pending', sendConfirmation: true });
    expect(subscribeStep({ status: 'pending' })).toEqual({ status: 'pending', sendConfirmation: true });
    expect(subscribeStep({ status: 'unsubscribed' })).toEqual({ status: 'pending', sendConfirmation: true });
    expect(subscribeStep({ status: 'confirmed' })).toEqual({ status: 'confirmed', sendConfirmation: false });
  });
});

describe('renderDigest', () => {
  const stories = [
    { title: 'Círio <reúne> milhões', summary: 'Procissão & fé', url: 'https://p/news/cirio', views: 10 },
    { title: 'Chuva em Belém', summary: 'Alerta', url: 'https://p/news/chuva', views: 5 },
  ];
  it('lists the stories in order, in text and in escaped HTML, with the unsubscribe link', () => {
    const d = renderDigest({ portalName: 'Portal Pará', siteUrl: 'https://p', stories, unsubscribeUrl: 'https://p/api/portal/newsletter/unsubscribe?id=1&t=x' });
    expect(d.subject).toBe('As mais lidas da semana no Portal Pará');
    expect(d.text).toContain('1. Círio <reúne> milhões\n   Procissão & fé\n   https://p/news/cirio');
    expect(d.text.indexOf('Círio')).toBeLessThan(d.text.indexOf('Chuva'));
    expect(d.text).toContain('Para não receber mais esta newsletter: https://p/api/portal/newsletter/unsubscribe?id=1&t=x');
    expect(d.html).toContain('Círio &lt;reúne&gt; milhões');
    expect(d.html).not.toContain('<reúne>');
    expect(d.html).toContain('href="https://p/api/portal/newsletter/unsubscribe?id=1&amp;t=x"');
  });
  it('says so when the week had nothing', () => {
    expect(renderDigest({ portalName: 'P', siteUrl: 'https://p', stories: [], unsubscribeUrl: 'https://u' }).text).toContain('Nenhuma notícia foi publicada nesta semana.');
  });
});
