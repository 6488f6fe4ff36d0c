import { fromBelemInput } from './dates.ts';
import { asUtc } from './timestamps.ts';
export const AD_TYPES = ['banner', 'sidebar', 'popup', 'inline', 'google_adsense'] as const;
export type AdType = (typeof AD_TYPES)[number];

export const AD_POSITIONS = ['top', 'bottom', 'left', 'right', 'center'] as const;
export type AdPosition = (typeof AD_POSITIONS)[number];

export const AD_POSITION_LABELS: Record<AdPosition, string> = {
  top: 'Topo',
  bottom: 'Rodapé',
  left: 'Esquerda',
  right: 'Direita',
  center: 'Centro',
};

export const AD_FORMATS = ['auto', 'rectangle', 'horizontal', 'vertical'] as const;
export type AdFormat = (typeof AD_FORMATS)[number];

type Stamp = string | Date | null | undefined;

/** Where `now` stands against an ad's date window; either end may be open. Zone-less stamps (SQLite's own) are UTC. */
function windowAt(ad: { start_date: Stamp; end_date: Stamp }, now: Date): 'before' | 'inside' | 'after' {
  const at = (s: Stamp) => (s ? new Date(typeof s === 'string' ? asUtc(s) : s) : null);
  const start = at(ad.start_date);
  const end = at(ad.end_date);
  if (start && start > now) return 'before';
  if (end && end < now) return 'after';
  return 'inside';
}

/**
 * An ad is public only when active and inside its date window; either end may
 * be open. The end date is inclusive of its whole day when given date-only.
 * @example isAdVisible({ is_active: true, start_date: null, end_date: null }, new Date()) // true
 */
export function isAdVisible(ad: { is_active: boolean; start_date: Stamp; end_date: Stamp }, now: Date): boolean {
  return ad.is_active && windowAt(ad, now) === 'inside';
}

/** An AdSense slot renders only with both the publisher id and the ad unit id. */
export const canRenderAdsense = (ad: { google_ad_client?: string | null; google_ad_slot?: string | null }) =>
  !!ad.google_ad_client?.trim() && !!ad.google_ad_slot?.trim();

/**
 * Date-only form value (YYYY-MM-DD) to the ISO timestamp stored, or null.
 * Start dates begin at 00:00 and end dates close at 23:59:59.999 (America/Belem, UTC-3).
 */
export function adDateToIso(value: string | null | undefined, edge: 'start' | 'end'): string | null {
  return fromBelemInput(value, edge === 'start' ? '00:00:00.000' : '23:59:59.999');
}

/** Content preview in the ads list: 50 characters plus "...". */
export function adPreview(html: string | null | undefined): string {
  const text = (html ?? '').replace(/<[^>]*>/g, '').trim();
  return text.length > 50 ? `${text.slice(0, 50)}...` : text;
}

/**
 * Where a reader sees an ad (issue #34, docs/decisions/055-ads-that-appear.md).
 * `top` and `bottom` are the sidebar's slots (their names kept: pages already
 * built read them from /live.json under those keys).
 */
export const AD_PLACES = ['banner-top', 'banner-bottom', 'top', 'bottom', 'inline', 'popup'] as const;
export type AdPlace = (typeof AD_PLACES)[number];

/** Each type's positions the form offers, each with the place it reaches. Anything else shows nowhere. */
const PLACEMENTS: Record<AdType, Partial<Record<AdPosition, AdPlace>>> = {
  banner: { top: 'banner-top', bottom: 'banner-bottom' },
  sidebar: { top: 'top', bottom: 'bottom' },
  google_adsense: { top: 'top', bottom: 'bottom' },
  inline: { center: 'inline' },
  popup: { center: 'popup' },
};

/** What the form says under "Posição": where the reader sees the ad. */
export const AD_PLACE_HELP: Record<AdPlace, string> = {
  'banner-top': 'Faixa abaixo do cabeçalho, em todas as páginas do site.',
  'banner-bottom': 'Faixa acima do rodapé, em todas as páginas do site.',
  top: 'Coluna lateral da página inicial, no alto.',
  bottom: 'Coluna lateral da página inicial, no fim.',
  inline: 'Dentro das notícias, depois do segundo parágrafo.',
  popup: 'Janela sobre a página, uma vez por visita; o leitor fecha quando quiser.',
};

/** Accessible name of each place's slot on the public site (distinct landmarks). */
export const AD_PLACE_LABELS: Record<AdPlace, string> = {
  'banner-top': 'Publicidade (faixa do topo)',
  'banner-bottom': 'Publicidade (faixa do rodapé)',
  top: 'Publicidade (Topo)',
  bottom: 'Publicidade (Rodapé)',
  inline: 'Publicidade (na notícia)',
  popup: 'Publicidade',
};

/**
 * The place a reader sees an ad of this type and position, or null when the
 * combination shows nowhere (the form never offers it).
 * @example adPlace('banner', 'top') // 'banner-top'
 * @example adPlace('banner', 'left') // null
 */
export function adPlace(type: string, position: string): AdPlace | null {
  return PLACEMENTS[type as AdType]?.[position as AdPosition] ?? null;
}

/** The positions the form offers for a type, in the schema's order. */
export function adPositionsFor(type: string): AdPosition[] {
  return AD_POSITIONS.filter((p) => adPlace(type, p) !== null);
}

export type AdStatus = 'active' | 'inactive' | 'scheduled' | 'expired';
export const AD_STATUS_LABELS: Record<AdStatus, string> = { active: 'Ativo', inactive: 'Inativo', scheduled: 'Agendado', expired: 'Expirado' };

/**
 * The ads list's status from the switch and the window: switched off is
 * "Inativo"; on, it is "Agendado" before the start, "Expirado" after the end
 * (an end date typed date-only closes at 23:59:59.999 Belém time), else "Ativo".
 * @example adStatus({ is_active: true, start_date: null, end_date: '2026-11-17T02:59:59.999Z' }, new Date('2026-11-20T12:00:00Z')) // 'expired'
 */
export function adStatus(ad: { is_active: boolean; start_date: Stamp; end_date: Stamp }, now: Date): AdStatus {
  if (!ad.is_active) return 'inactive';
  return ({ before: 'scheduled', inside: 'active', after: 'expired' } as const)[windowAt(ad, now)];
}

/** After which paragraph of a story the inline ad goes. */
export const INLINE_AD_AFTER_PARAGRAPH = 2;

/** What the paragraph rule reads of a node: a DOM node, or a piece of a plain-text story. */
export type BodyNode = { nodeName: string; nodeType: number; textContent: string | null };

/**
 * How many of a body's top-level nodes hold its first n paragraphs (a <p>, or
 * in a plain-text story a blank line: two <br> with only spaces between), where
 * the inline ad goes; all of them when the story is shorter. Paragraphs inside
 * quotes or figures do not count: the ad never lands inside them. It reads
 * parsed nodes, never HTML as text (a cut inside an attribute would let its
 * text out as markup: issue #32).
 * @example nodesThroughParagraph([p, p, p], 2) // 2
 */
export function nodesThroughParagraph(nodes: readonly BodyNode[], n: number = INLINE_AD_AFTER_PARAGRAPH): number {
  let count = 0;
  for (let i = 0; i < nodes.length; i++) {
    const name = nodes[i]!.nodeName.toLowerCase();
    if (name === 'p' && ++count === n) return i + 1;
    if (name !== 'br') continue;
    let j = i + 1;
    while (j < nodes.length && nodes[j]!.nodeType === 3 && !nodes[j]!.textContent?.trim()) j++;
    if (nodes[j]?.nodeName.toLowerCase() !== 'br') continue;
    if (++count === n) return j + 1;
    i = j;
  }
  return nodes.length;
}
