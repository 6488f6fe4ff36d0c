/**
 * A targeted build patches the last build's derivation with the rows that
 * came and went (content.ts storiesOf): it must give exactly what deriving
 * everything again gives, after any sequence of publishes, edits, takedowns,
 * scheduled stories coming due and moves between lists.
 */
import { describe, expect, it } from 'vitest';
import { derivedFromScratch, storiesOf, withCatalogue, type People, type RawNews, type Stories } from './derive.ts';
import type { RawEntry } from './live.ts';

const cats = ['politica', 'economia', 'cultura'].map((slug) => ({ id: slug, name: slug, slug }));
const towns = ['belem', 'santarem'].map((slug) => ({ id: slug, name: slug, slug }));
const people: People = {
  authors: new Map([['u1', 'Ana Souza'], ['u2', 'Bruno Lima']]),
  authorSlug: new Map([['u1', 'ana-souza'], ['u2', 'bruno-lima']]),
  correctionsOf: new Map([['s3', [{ id: 'c1', note: 'Nome corrigido.', at: '2026-01-02T10:00:00.000Z' }]]]),
};
// A small deterministic generator: the sequence is the same on every run.
function rng(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}
const HOUR = 3_600_000;
const T0 = Date.parse('2026-01-01T00:00:00.000Z');
function row(id: number, r: () => number, at = T0 + Math.floor(r() * 200) * HOUR): RawNews {
  return {
    id: `s${id}`,
    title: `Notícia ${id}`,
    summary: null,
    content: '<p>Texto.</p>',
    // One in 40 has an address no page can have: left out and reported.
    slug: r() < 0.025 ? '' : `noticia-${id}`,
    is_featured: false,
    featured_image: null,
    featured_image_caption: null,
    category_id: r() < 0.1 ? null : cats[Math.floor(r() * cats.length)]!,
    municipality_id: r() < 0.3 ? null : towns[Math.floor(r() * towns.length)]!,
    author_id: r() < 0.5 ? 'u1' : 'u2',
    // Several stories in the same instant: ties are broken by id.
    published_at: new Date(at - (at % (3 * HOUR))).toISOString(),
    first_published_at: null,
    updated_at: null,
    view_count: 0,
    like_count: 0,
  } as RawNews;
}
/** What a build renders from it, by value (articles compared by id: patched ones are the same objects). */
const view = (s: Stories) => ({
  news: s.news.map((a) => a.id),
  slugs: [...s.bySlug].map(([k, a]) => `${k}=${a.id}`).sort(),
  groups: Object.fromEntries(Object.entries(s.groups).map(([kind, m]) => [kind, [...m].map(([k, l]) => [k, l.map((a) => a.id)]).sort()])),
  skipped: s.skippedNews.map((x) => x.id),
  corrected: s.withCorrections.map((a) => a.id).sort(),
  ids: [...s.byId].map(([k, a]) => `${k}=${a.slug}`).sort(),
  live: s.live.map((a) => a.id),
});

describe('patched derivation = derivation from scratch', () => {
  it('holds over 300 random changes, and untouched lists keep their arrays', () => {
    const r = rng(42);
    let next = 0;
    let rows: RawNews[] = Array.from({ length: 400 }, () => row(next++, r));
    let now = new Date(T0 + 150 * HOUR); // some stories still scheduled ahead
    storiesOf(rows, people, now);
    let kept = 0;
    for (let step = 0; step < 300; step++) {
      const before = storiesOf(rows, people, now);
      const dice = r();
      rows = rows.slice();
      if (dice < 0.05) rows.push({ ...row(next++, r, now.getTime() - HOUR), live_status: 'live' }); // a live coverage
      else if (dice < 0.35) rows.push(row(next++, r, now.getTime() - Math.floor(r() * 100) * HOUR)); // a publish
      else if (dice < 0.5) rows.push(row(next++, r, now.getTime() + Math.floor(r() * 5) * HOUR)); // scheduled ahead
      else if (dice < 0.65) rows.splice(Math.floor(r() * rows.length), 1); // taken down
      else if (dice < 0.9) {
        // Edited: a fresh row object for the same story, maybe moved to another list or time.
        const i = Math.floor(r() * rows.length);
        const fresh = row(Number(rows[i]!.id.slice(1)), r, Date.parse(rows[i]!.published_at!) + (r() < 0.3 ? HOUR : 0));
        rows[i] = fresh;
      } else now = new Date(now.getTime() + Math.floor(r() * 4) * HOUR); // time passes: scheduled ones come due
      const got = storiesOf(rows, people, now);
      expect(view(got), `passo ${step}`).toEqual(view(derivedFromScratch(rows, people, now)));
      for (const [k, list] of got.groups.category) if (before.groups.category.get(k) === list) kept++;
    }
    expect(kept).toBeGreaterThan(100);
  });

  it('new bylines derive everything again', () => {
    const r = rng(7);
    const rows = Array.from({ length: 50 }, (_, i) => row(i, r));
    const now = new Date(T0 + 400 * HOUR);
    storiesOf(rows, people, now);
    const renamed: People = { ...people, authors: new Map([['u1', 'Ana Souza Reis'], ['u2', 'Bruno Lima']]) };
    const got = storiesOf(rows, renamed, now);
    expect(got.news.filter((a) => a.authorSlug === 'ana-souza').every((a) => a.author === 'Ana Souza Reis')).toBe(true);
    expect(view(got)).toEqual(view(derivedFromScratch(rows, renamed, now)));
  });
});

describe('live coverage (issue #30)', () => {
  const now = new Date('2026-11-22T20:00:00.000Z');
  const coverage = (o: Partial<RawNews> = {}): RawNews =>
    ({ ...row(9000, rng(3), Date.parse('2026-11-22T10:00:00.000Z')), slug: 'cirio-ao-vivo', live_status: 'live', live_started_at: '2026-11-22T10:00:00Z', ...o }) as RawNews;
  const entry = (id: string, minute: number, o: Partial<RawEntry> = {}): RawEntry => ({
    id,
    news_id: 's9000',
    body: `<p>Atualização ${id}</p><script>x()</script>`,
    status: 'published',
    published_at: new Date(Date.parse('2026-11-22T12:00:00Z') + minute * 60_000).toISOString(),
    pinned: false,
    image: null,
    image_caption: null,
    author_id: null,
    correction_note: null,
    corrected_at: null,
    promoted_news_id: null,
    updated_at: null,
    ...o,
  });

  it("a coverage carries its published entries, sanitized, pinned first then newest, with bylines and corrections; its modification is its newest entry's", () => {
    const rows = [
      entry('a', 1, { author_id: 'u1' }),
      entry('b', 5, { correction_note: ' Nome corrigido. ', corrected_at: '2026-11-22T13:00:00Z', updated_at: '2026-11-22T13:00:00Z' }),
      entry('p', 0, { pinned: true, promoted_news_id: 's1' }),
      entry('d', 9, { status: 'draft' }),
    ];
    const a = derivedFromScratch([coverage()], { ...people, entriesOf: new Map([['s9000', rows]]) }, now).bySlug.get('cirio-ao-vivo')!;
    expect(a.live?.state).toBe('live');
    expect(a.live?.entries.map((e) => e.id)).toEqual(['p', 'b', 'a']);
    expect(a.live?.entries[2]).toMatchObject({ author: { name: 'Ana Souza', slug: 'ana-souza' }, html: '<p>Atualização a</p>' });
    expect(a.live?.entries[1]).toMatchObject({ correction: { note: 'Nome corrigido.', at: '2026-11-22T13:00:00.000Z' }, updatedAt: '2026-11-22T13:00:00.000Z' });
    expect(a.live?.entries[0]!.promotedId).toBe('s1');
    expect(a.modifiedAt).toBe('2026-11-22T13:00:00.000Z');
    // Not in live mode: no coverage, whatever rows there are.
    expect(derivedFromScratch([coverage({ live_status: null })], { ...people, entriesOf: new Map([['s9000', rows]]) }, now).news[0]!.live).toBeNull();
  });

  it('a coverage is made again when its entry rows came again, and only then', () => {
    const story = coverage();
    const rows = [entry('a', 1)];
    const first = storiesOf([story], { ...people, entriesOf: new Map([['s9000', rows]]) }, now).news[0]!;
    expect(storiesOf([story], { ...people, entriesOf: new Map([['s9000', rows]]) }, now).news[0]).toBe(first);
    // Its targeted build: the story's row and its entries read again.
    const again = derivedFromScratch([{ ...story }], { ...people, entriesOf: new Map([['s9000', [...rows, entry('b', 2)]]]) }, now).news[0]!;
    expect(again.live?.entries.map((e) => e.id)).toEqual(['b', 'a']);
  });
});

describe('withCatalogue: snapshot rows re-joined to the catalogue by id', () => {
  const byId = (entries: Array<{ id: string; name: string; slug: string }>) => new Map(entries.map((e) => [e.id, e]));
  const r = rng(11);
  const rows = Array.from({ length: 200 }, (_, i) => row(i, r));
  const now = new Date(T0 + 400 * HOUR);

  it('leaves the rows as they are when the catalogue is unchanged', () => {
    expect(withCatalogue(rows, byId(cats), byId(towns))).toBe(rows);
  });

  it('a rename: that list\'s rows carry the new name and address, the others stay the same objects; the lists follow', () => {
    // The snapshot's rows as the last build derived them (marked by it).
    const listed = storiesOf(rows, people, now).groups.category.get('politica')!.length;
    const renamed = cats.map((c) => (c.id === 'politica' ? { id: 'politica', name: 'Poder', slug: 'poder' } : c));
    const got = withCatalogue(rows, byId(renamed), byId(towns));
    const moved = got.filter((x, i) => x !== rows[i]);
    expect(moved.length).toBe(rows.filter((x) => x.category_id?.id === 'politica').length);
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.every((x) => x.category_id?.slug === 'poder' && x.category_id.name === 'Poder')).toBe(true);
    // The snapshot's rows are never changed.
    expect(rows.some((x) => x.category_id?.slug === 'poder')).toBe(false);
    // The same objects next time (the derivation patches instead of deriving again), and the same lists as a fresh read.
    expect(withCatalogue(rows, byId(renamed), byId(towns)).every((x, i) => x === got[i])).toBe(true);
    const patched = storiesOf(got, people, now);
    expect(view(patched)).toEqual(view(derivedFromScratch(got, people, now)));
    expect(patched.groups.category.has('politica')).toBe(false);
    expect(patched.groups.category.get('poder')).toHaveLength(listed);
    // Renamed back: the first rows again.
    expect(withCatalogue(rows, byId(cats), byId(towns))).toBe(rows);
  });

  it('a municipality renamed; one gone from the catalogue leaves its stories without one', () => {
    const got = withCatalogue(rows, byId(cats), byId([{ id: 'belem', name: 'Belém do Pará', slug: 'belem-do-para' }]));
    for (const [i, x] of got.entries()) {
      const was = rows[i]!.municipality_id?.id;
      expect(x.municipality_id).toEqual(was === 'belem' ? { id: 'belem', name: 'Belém do Pará', slug: 'belem-do-para' } : null);
      expect(x.category_id).toEqual(rows[i]!.category_id);
    }
  });
});
