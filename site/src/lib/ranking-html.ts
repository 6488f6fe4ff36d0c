/**
 * One ranking row as HTML, shared by the build (first paint) and the browser
 * (live refresh from /api/portal/rankings) so both draw the same markup.
 */
import { topCount } from '@portal/domain/engagement';
import { assetUrl } from '@portal/domain/images';

export type RankingMetric = 'views' | 'likes';
export type RankingRow = { title: string; slug: string; image: string | null; views: number; likes: number };

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const metricLabel = (metric: RankingMetric, row: RankingRow) =>
  metric === 'views' ? `${row.views} ${row.views === 1 ? 'visualização' : 'visualizações'}` : topCount(row.likes);

export function rankingItemHtml(row: RankingRow, position: number, metric: RankingMetric): string {
  const thumb = row.image
    ? `<img src="${esc(assetUrl(row.image, 128, 72))}" width="64" height="36" alt="" loading="lazy" decoding="async" class="h-9 w-16 shrink-0 rounded object-cover">`
    : `<span class="flex h-9 w-16 shrink-0 items-center justify-center rounded bg-gray-200 text-[10px] text-gray-700">Sem imagem</span>`;
  return `<li><a href="/news/${esc(encodeURIComponent(row.slug))}" class="flex items-center gap-3 rounded p-1 hover:bg-gray-50"><span class="w-5 shrink-0 text-lg font-bold text-brand" aria-hidden="true">${position}</span>${thumb}<span class="min-w-0 flex-1"><span class="line-clamp-2 text-sm font-semibold">${esc(row.title)}</span><span class="block text-xs text-gray-600">${esc(metricLabel(metric, row))}</span></span></a></li>`;
}
