import { afterEach, describe, expect, it } from 'vitest';
import { chooseAds, filterEvents, refreshRelativeTimes, showRankings, whenAdNetworkReady } from './live.ts';

afterEach(() => {
  document.body.innerHTML = '';
  delete (window as { adsbygoogle?: unknown }).adsbygoogle;
});

describe('live page state', () => {
  it('rewrites relative times against the reader clock', () => {
    document.body.innerHTML = '<time data-rel datetime="2026-11-22T10:00:00Z">agora mesmo</time>';
    refreshRelativeTimes(document, new Date('2026-11-24T10:00:00Z'));
    expect(document.querySelector('time')!.textContent).toBe('há 2 dias');
  });

  it('"Eventos do Mês" follows the month turning, with the empty text when none is left', () => {
    document.body.innerHTML = `<section data-events><ul>
      <li data-event-date="2026-11-20T12:00:00Z">Novembro</li>
      <li data-event-date="2026-12-05T12:00:00Z" hidden>Dezembro</li>
    </ul><p data-events-empty hidden>Nenhum evento programado para este mês.</p></section>`;
    const [nov, dec] = document.querySelectorAll('li');
    const empty = document.querySelector<HTMLElement>('[data-events-empty]')!;
    filterEvents(document, new Date('2026-12-01T12:00:00Z'));
    expect([nov!.hidden, dec!.hidden, empty.hidden]).toEqual([true, false, true]);
    filterEvents(document, new Date('2027-01-02T12:00:00Z'));
    expect(empty.hidden).toBe(false);
  });

  it('rankings: the answer replaces the built list; an empty list shows "Nenhuma notícia encontrada."', () => {
    const list = (metric: string) =>
      `<section data-ranking="${metric}"><ol><li>construída</li></ol><p data-ranking-empty hidden>Nenhuma notícia encontrada.</p></section>`;
    document.body.innerHTML = list('views') + list('likes');
    const row = { id: 'x', title: 'Sem foto', slug: 'sem-foto', featured_image: null, published_at: '2026-01-01T00:00:00Z', views: 4, likes: 0 };
    showRankings(document, { most_read: [row], most_liked: [] });
    const [views, likes] = document.querySelectorAll<HTMLElement>('[data-ranking]');
    expect(views!.querySelectorAll('li')).toHaveLength(1);
    expect(views!.textContent).toContain('Sem imagem');
    expect(views!.textContent).toContain('4 visualizações');
    expect(views!.querySelector<HTMLElement>('[data-ranking-empty]')!.hidden).toBe(true);
    expect(likes!.querySelectorAll('li')).toHaveLength(0);
    expect(likes!.querySelector<HTMLElement>('[data-ranking-empty]')!.hidden).toBe(false);
  });

  it('each slot shows its newest ad within its window; AdSense only with consent', () => {
    document.body.innerHTML = `<aside data-portal-ad-slot="top">
      <div data-ad-id="a" data-start="" data-end=""><ins class="adsbygoogle"></ins></div>
      <div data-ad-id="b" data-start="" data-end="2026-11-01T00:00:00Z">vencido</div>
      <div data-ad-id="c" data-start="2026-11-01T00:00:00Z" data-end="">atual</div>
    </aside>`;
    const now = new Date('2026-11-22T12:00:00Z');
    const visible = () => [...document.querySelectorAll<HTMLElement>('[data-ad-id]')].filter((e) => !e.hidden).map((e) => e.dataset.adId);
    chooseAds(document, now);
    expect(visible()).toEqual(['c']);
    chooseAds(document, now, undefined, true);
    expect(visible()).toEqual(['a']);
    chooseAds(document, now, new Set(['b']), true);
    expect(visible()).toEqual([]);
    expect(document.querySelector<HTMLElement>('[data-portal-ad-slot]')!.hidden).toBe(true);
  });

  it('waits for the ad network, giving up after the limit', async () => {
    expect(await whenAdNetworkReady(5, 20)).toBe(false);
    setTimeout(() => ((window as { adsbygoogle?: unknown[] }).adsbygoogle = []), 10);
    expect(await whenAdNetworkReady(5, 200)).toBe(true);
  });
});
