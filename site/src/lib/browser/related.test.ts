import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyRelated, refreshRelated } from './related.ts';

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const item = (id: string, day: number) => ({ id, publishedAt: `2026-11-${String(day).padStart(2, '0')}T12:00:00.000Z`, html: `<article data-card="${id}">${id}</article>` });

/** An article page as a build left it: its related grid and the lists it came from. */
function page(ids: string[], from = '/category/politica/related.json /municipio/belem/related.json') {
  document.body.innerHTML = `
    <section data-related="self" data-related-from="${from}" data-related-ids="${ids.join(' ')}" ${ids.length ? '' : 'hidden'}>
      <h2>Notícias Relacionadas</h2>
      <div data-related-grid>${ids.map((id) => `<article data-card="${id}">${id}</article>`).join('')}</div>
    </section>`;
  return document.querySelector<HTMLElement>('[data-related]')!;
}
const shown = () => [...document.querySelectorAll<HTMLElement>('[data-card]')].map((el) => el.dataset.card);

describe('related news on a page built before the lists changed', () => {
  it('a story published since joins the grid, newest first, without the page itself', () => {
    const section = page(['c2', 'c1']);
    expect(applyRelated(section, [[item('new', 20), item('self', 10), item('c2', 9), item('c1', 8)], [item('m1', 5)]], 3)).toBe(true);
    expect(shown()).toEqual(['new', 'c2', 'c1']);
    expect(section.dataset.relatedIds).toBe('new c2 c1');
  });

  it('the same stories: the built markup is left alone', () => {
    const section = page(['c2', 'c1']);
    const grid = section.querySelector('[data-related-grid]')!;
    const before = grid.firstElementChild;
    expect(applyRelated(section, [[item('c2', 9), item('self', 8), item('c1', 7)]], 6)).toBe(false);
    expect(grid.firstElementChild).toBe(before);
  });

  it('a story withdrawn since leaves the grid; an empty list hides the section, a first story shows it', () => {
    const section = page(['gone']);
    expect(applyRelated(section, [[item('self', 9)], []], 6)).toBe(true);
    expect(shown()).toEqual([]);
    expect(section.hidden).toBe(true);
    expect(applyRelated(section, [[item('first', 12), item('self', 9)]], 6)).toBe(true);
    expect(section.hidden).toBe(false);
    expect(shown()).toEqual(['first']);
  });

  it('reads each list once; a list that cannot be read leaves the built grid', async () => {
    page(['c1']);
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return url.includes('municipio') ? new Response('{}', { status: 404 }) : Response.json({ items: [item('new', 20)] });
    });
    expect(await refreshRelated()).toBe(false);
    expect(fetched).toEqual(['/category/politica/related.json', '/municipio/belem/related.json']);
    expect(shown()).toEqual(['c1']);
  });

  it('both lists read: the grid follows them', async () => {
    page(['c1']);
    vi.stubGlobal('fetch', async (url: string) => Response.json({ items: url.includes('municipio') ? [item('m9', 9)] : [item('new', 20), item('c1', 1)] }));
    expect(await refreshRelated()).toBe(true);
    expect(shown()).toEqual(['new', 'm9', 'c1']);
  });
});
