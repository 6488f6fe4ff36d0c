/**
 * Embeds without giving up safety (issue #15, item 4; decision 030): a
 * YouTube, Instagram or X link alone on its paragraph becomes, on the public
 * page, a click-to-load facade. Bodies never store iframes: the link is the
 * stored form, and the facade is made from the sanitized HTML at render time.
 * Nothing from the third party loads until the reader clicks (the page budget
 * and the reader's privacy hold); then the site's script swaps in an iframe
 * whose address comes from `embedFromUrl`, never from the body.
 */

export type EmbedProvider = 'youtube' | 'instagram' | 'x';
export type Embed = { provider: EmbedProvider; id: string; url: string; frameSrc: string };

/** Where each provider's player is framed from (CSP frame-src lists these). */
export const EMBED_FRAME_ORIGINS: Record<EmbedProvider, string> = {
  youtube: 'https://www.youtube-nocookie.com',
  instagram: 'https://www.instagram.com',
  x: 'https://platform.twitter.com',
};

export const EMBED_LABELS: Record<EmbedProvider, { name: string; kind: string; open: string }> = {
  youtube: { name: 'YouTube', kind: 'Vídeo do YouTube', open: 'Abrir no YouTube' },
  instagram: { name: 'Instagram', kind: 'Publicação do Instagram', open: 'Abrir no Instagram' },
  x: { name: 'X', kind: 'Publicação do X (Twitter)', open: 'Abrir no X' },
};

const ID = /^[A-Za-z0-9_-]+$/;

/**
 * The embed a link stands for, or null.
 * @example embedFromUrl('https://youtu.be/dQw4w9WgXcQ')?.frameSrc // 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'
 */
export function embedFromUrl(raw: string): Embed | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  const host = u.hostname.replace(/^(www\.|m\.|mobile\.)/, '');
  const parts = u.pathname.split('/').filter(Boolean);
  const url = u.href;
  if (host === 'youtu.be' || host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id =
      host === 'youtu.be'
        ? parts[0]
        : parts[0] === 'watch'
          ? u.searchParams.get('v')
          : parts[0] === 'shorts' || parts[0] === 'embed' || parts[0] === 'live'
            ? parts[1]
            : null;
    return id && ID.test(id) ? { provider: 'youtube', id, url, frameSrc: `${EMBED_FRAME_ORIGINS.youtube}/embed/${id}` } : null;
  }
  if (host === 'instagram.com') {
    const kind = parts[0];
    const id = parts[1];
    return (kind === 'p' || kind === 'reel' || kind === 'tv') && id && ID.test(id)
      ? { provider: 'instagram', id, url, frameSrc: `${EMBED_FRAME_ORIGINS.instagram}/${kind}/${id}/embed/` }
      : null;
  }
  if (host === 'x.com' || host === 'twitter.com') {
    const id = parts[1] === 'status' ? parts[2] : null;
    return id && /^\d+$/.test(id) ? { provider: 'x', id, url, frameSrc: `${EMBED_FRAME_ORIGINS.x}/embed/Tweet.html?id=${id}&dnt=true` } : null;
  }
  return null;
}

/** An element with attributes, made with the DOM so no value is ever parsed as markup (issue #32). */
export function element(doc: Document, tag: string, attrs: Record<string, string>, ...children: Array<Node | string>): HTMLElement {
  const el = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  for (const child of children) el.append(child);
  return el;
}

/** The facade: a button that loads the player, and a plain link for readers without JavaScript. */
export function embedFacade(doc: Document, e: Embed): HTMLElement {
  const label = EMBED_LABELS[e.provider];
  return element(
    doc,
    'figure',
    { class: `embed embed-${e.provider}`, 'data-pagefind-ignore': 'all', 'data-embed': e.provider, 'data-embed-src': e.frameSrc, 'data-embed-title': label.kind },
    element(doc, 'button', { type: 'button', class: 'embed-load' }, `Carregar ${label.kind.charAt(0).toLowerCase()}${label.kind.slice(1)}`),
    element(
      doc,
      'figcaption',
      {},
      `Conteúdo externo: ao carregar, o ${label.name} pode coletar dados. `,
      element(doc, 'a', { href: e.url, target: '_blank', rel: 'noopener noreferrer' }, label.open),
    ),
  );
}

const BARE_URL = /^\s*(https?:\/\/\S+)\s*$/;
const isBlank = (n: Node) => n.nodeType === 3 /* text */ && !(n.textContent ?? '').trim();

/** The link a paragraph holds alone (as a link whose words are its address, or as bare text), or null. */
function loneLink(p: Element): string | null {
  const nodes = [...p.childNodes].filter((n) => !isBlank(n));
  if (nodes.length !== 1) return null;
  const only = nodes[0]!;
  if (only.nodeType === 3) return BARE_URL.exec(only.textContent ?? '')?.[1] ?? null;
  if (only.nodeType !== 1 || (only as Element).tagName !== 'A') return null;
  const a = only as Element;
  // Only text inside the link: a link around an image or bold words is prose.
  if ([...a.childNodes].some((n) => n.nodeType !== 3)) return null;
  const href = a.getAttribute('href') ?? '';
  const text = (a.textContent ?? '').trim();
  // A link whose words differ from its address is prose, not an embed.
  if (text !== href && !embedFromUrl(text)) return null;
  return href;
}

/**
 * Each paragraph of a sanitized article body (a DOM, never a string: issue
 * #32) that holds only an embeddable link, as a link or as bare text, is
 * replaced by its facade.
 */
export function embedsInPlace(root: ParentNode): void {
  const doc = (root as Node).ownerDocument ?? (root as unknown as Document);
  for (const p of [...root.querySelectorAll('p')]) {
    const link = loneLink(p);
    const embed = link ? embedFromUrl(link) : null;
    if (embed) p.replaceWith(embedFacade(doc, embed));
  }
}
