import { useEffect, useState } from 'react';
import { LIMITS } from '@portal/domain/limits';
import type { CardNews, Ref } from '../lib/content.ts';
import NewsCard, { CardSkeletons } from '../components/NewsCard.tsx';

type Props = { initial: CardNews[]; municipalities: Ref[]; now: string };

/**
 * "Últimas Notícias" with the municipality filter. Each municipality's 6
 * newest are a static JSON file written with the site (/municipios/<slug>.json),
 * so filtering needs no page reload and no API call.
 */
export default function LatestNews({ initial, municipalities, now }: Props) {
  const [slug, setSlug] = useState('');
  const [items, setItems] = useState(initial);
  const [loading, setLoading] = useState(false);
  const [ready, setReady] = useState(false);

  // The dropdown only works with JavaScript: enabled once hydrated.
  useEffect(() => setReady(true), []);

  useEffect(() => {
    if (!slug) {
      setItems(initial);
      return;
    }
    let cancelled = false;
    setLoading(true);
    fetch(`/municipios/${encodeURIComponent(slug)}.json`)
      .then((r) => (r.ok ? (r.json() as Promise<CardNews[]>) : []))
      .catch(() => [] as CardNews[]) // silent failure: the list is left empty
      .then((list) => {
        if (cancelled) return;
        setItems(list.slice(0, LIMITS.homeGrid));
        setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [slug, initial]);

  return (
    <section aria-labelledby="latest-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="latest-title" className="section-title">
          Últimas Notícias
        </h2>
        <label className="flex items-center gap-2 text-sm">
          <span className="sr-only">Filtrar por município</span>
          <select
            value={slug}
            disabled={!ready}
            onChange={(e) => setSlug(e.target.value)}
            className="rounded-md border border-gray-300 bg-white px-3 py-2 text-sm max-md:min-h-11"
          >
            <option value="">Todos os Municípios</option>
            {municipalities.map((m) => (
              <option key={m.slug} value={m.slug}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={loading} data-testid="latest-grid">
        {loading ? (
          <CardSkeletons count={LIMITS.skeletons.home} />
        ) : items.length ? (
          // The first card is often the mobile LCP image: load it eagerly.
          items.map((n, i) => <NewsCard key={n.id} news={n} now={slug ? undefined : now} eager={i === 0} />)
        ) : (
          <p className="col-span-full rounded-lg bg-white p-8 text-center text-gray-700 ring-1 ring-gray-200">Nenhuma notícia encontrada.</p>
        )}
      </div>
    </section>
  );
}
