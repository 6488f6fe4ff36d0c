/**
 * Writing aids of the news dialog (issue #15, item 7): length hints for the
 * title and summary as search engines and social cards cut them, and a
 * preview of the Google result and of the WhatsApp/Facebook card.
 */
import { htmlToText } from '@portal/domain/sanitize';

/** Google shows about 60 characters of a title and 160 of a description; social cards about the same. */
export const SEARCH_TITLE_MAX = 60;
export const SEARCH_DESCRIPTION_MAX = 160;

/** "42/60 caracteres" plus a note when the search result will cut it. */
export function lengthHint(text: string, max: number): string {
  const n = text.trim().length;
  return n > max ? `${n}/${max} caracteres: o Google e as redes sociais vão cortar o final` : `${n}/${max} caracteres`;
}

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);

type Props = { title: string; summary: string; content: string; slug: string; imageUrl: string | null; origin: string };

export function SearchAndSocialPreview({ title, summary, content, slug, imageUrl, origin }: Props) {
  const description = summary.trim() || htmlToText(content).slice(0, SEARCH_DESCRIPTION_MAX);
  const host = new URL(origin).host;
  const path = `/news/${slug || '...'}`;
  return (
    <details className="rounded-md border border-slate-200 p-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-700">Como aparece no Google e nas redes sociais</summary>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <section aria-label="Prévia do resultado no Google" className="space-y-1">
          <p className="text-xs text-slate-600">
            {host}
            {path}
          </p>
          <p className="text-lg leading-snug text-blue-800">{cut(title.trim() || 'Título da notícia', SEARCH_TITLE_MAX)}</p>
          <p className="text-slate-700">{cut(description || 'Resumo ou início do texto.', SEARCH_DESCRIPTION_MAX)}</p>
        </section>
        <section aria-label="Prévia do cartão no WhatsApp e no Facebook" className="overflow-hidden rounded-md border border-slate-200 bg-slate-50">
          {imageUrl ? (
            <img src={imageUrl} alt="" className="aspect-[1.91/1] w-full object-cover" />
          ) : (
            <p className="bg-slate-200 p-6 text-center text-xs text-slate-700">Sem imagem destacada: o cartão sai sem foto</p>
          )}
          <div className="space-y-1 p-2">
            <p className="text-xs uppercase text-slate-600">{host}</p>
            <p className="font-semibold text-slate-900">{cut(title.trim() || 'Título da notícia', 90)}</p>
            <p className="text-xs text-slate-700">{cut(description, 110)}</p>
          </div>
        </section>
      </div>
    </details>
  );
}
