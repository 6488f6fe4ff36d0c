/**
 * Where a story is shared (issue #29): each target's link carries where it
 * came from (`utm_source`), so a visit can be told apart from WhatsApp, a copied
 * link or the device's share sheet. WhatsApp is where most Brazilian readers
 * get news; its link opens the app with the headline and the address.
 */
export type ShareTarget = 'whatsapp' | 'link' | 'compartilhar';

/** The story's address as shared through `target`. @example sharedUrl('https://p.br/news/a/', 'whatsapp') // 'https://p.br/news/a/?utm_source=whatsapp&utm_medium=social' */
export function sharedUrl(url: string, target: ShareTarget): string {
  const u = new URL(url);
  u.searchParams.set('utm_source', target);
  u.searchParams.set('utm_medium', target === 'link' ? 'copy' : 'social');
  return u.toString();
}

/** WhatsApp's share link: the headline, a line break and the address. @example whatsappShareUrl('Chuva em Belém', 'https://p.br/news/a/') */
export function whatsappShareUrl(title: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${title}\n${sharedUrl(url, 'whatsapp')}`)}`;
}
