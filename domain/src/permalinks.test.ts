import { describe, expect, it } from 'vitest';
import {
  isLegacyEntry,
  isSlugLocked,
  legacyPathKey,
  legacyRedirectEntries,
  legacyRequestKey,
  listRedirectEntries,
  movedListPath,
  redirectTarget,
  requestedSlug,
  SLUG_BATCH_ERROR,
  SLUG_CHANGE_FORBIDDEN,
  type SlugState,
} from './permalinks.ts';

const draft: SlugState = { slug: 'chuva-em-belem', status: 'draft', first_published_at: null };
const live: SlugState = { slug: 'chuva-em-belem', status: 'published', first_published_at: '2026-11-01T12:00:00.000Z' };
const unpublished: SlugState = { ...live, status: 'draft' };

describe('isSlugLocked', () => {
  it('a story never published follows its title', () => expect(isSlugLocked(draft)).toBe(false));
  it('a published story is locked', () => expect(isSlugLocked(live)).toBe(true));
  it('stays locked after being unpublished (its links are out there)', () => expect(isSlugLocked(unpublished)).toBe(true));
  it('a story saved as published (even scheduled) is locked before the first date is stamped', () =>
    expect(isSlugLocked({ status: 'published', first_published_at: null })).toBe(true));
});

describe('requestedSlug', () => {
  it('a new title re-derives the slug of a draft', () => expect(requestedSlug({ title: 'Sol em Santarém' }, [draft], 'producer')).toEqual({ slug: 'sol-em-santarem' }));
  it('a new title keeps the URL of a published story', () => expect(requestedSlug({ title: 'Sol em Santarém' }, [live], 'editor')).toEqual({ slug: null }));
  it('an editor may change the slug of a published story on purpose', () =>
    expect(requestedSlug({ slug: 'Chuva forte em Belém' }, [live], 'editor')).toEqual({ slug: 'chuva-forte-em-belem' }));
  it('a producer may not', () => expect(requestedSlug({ slug: 'outro' }, [unpublished], 'producer')).toEqual({ slug: null, error: SLUG_CHANGE_FORBIDDEN }));
  it('a producer may name a draft', () => expect(requestedSlug({ slug: 'outro' }, [draft], 'producer')).toEqual({ slug: 'outro' }));
  it('sending the same slug again changes nothing (and is allowed to anyone)', () =>
    expect(requestedSlug({ slug: 'chuva-em-belem', title: 'x' }, [live], 'producer')).toEqual({ slug: null }));
  it('one slug for several stories is refused', () =>
    expect(requestedSlug({ slug: 'igual' }, [draft, { ...draft, slug: 'outra' }], 'editor')).toEqual({ slug: null, error: SLUG_BATCH_ERROR }));
  it('a batch title change derives nothing', () => expect(requestedSlug({ title: 'x' }, [draft, draft], 'editor')).toEqual({ slug: null }));
  it('the server itself (no role) may rename', () => expect(requestedSlug({ slug: 'novo' }, [live], null)).toEqual({ slug: 'novo' }));
});

describe('redirectTarget', () => {
  const aliases = new Map([
    ['c-mara-de-bel-m', 'camara-de-belem'],
    ['volta', 'volta'],
  ]);
  it('an old address goes to the current one', () => expect(redirectTarget(aliases, 'c-mara-de-bel-m')).toBe('camara-de-belem'));
  it('unknown addresses have none', () => expect(redirectTarget(aliases, 'nada')).toBeNull());
  it('never redirects a slug to itself', () => expect(redirectTarget(aliases, 'volta')).toBeNull());
});

describe('old addresses of renamed lists', () => {
  const live = { category: new Set(['meio-ambiente', 'politica']), municipio: new Set(['santarem']) };

  it('an old address goes to the list it belongs to now; never over a live list, never to a list that is gone, never to itself', () => {
    expect(
      listRedirectEntries(
        [
          { list: 'category', slug: 'ambiente', to: 'meio-ambiente' },
          { list: 'municipio', slug: 'santarem-pa', to: 'santarem' },
          { list: 'category', slug: 'politica', to: 'meio-ambiente' }, // taken by a live list since
          { list: 'category', slug: 'cultura', to: 'artes' }, // a list with no page (its row went)
          { list: 'category', slug: 'meio-ambiente', to: 'meio-ambiente' }, // took its old address back
          { list: 'municipio', slug: 'velho', to: null },
          { list: 'category', slug: 'santarem-pa', to: 'santarem' }, // each kind its own addresses
        ],
        live,
      ),
    ).toEqual({ 'category/ambiente': 'meio-ambiente', 'municipio/santarem-pa': 'santarem' });
  });

  it('every page under an old address moves with it; anything else is not a list address', () => {
    const map = new Map([
      ['category/ambiente', 'meio-ambiente'],
      ['municipio/santarem-pa', 'santarem'],
      ['ambiente', 'uma-noticia'],
    ]);
    expect(movedListPath(map, '/category/ambiente/')).toBe('/category/meio-ambiente/');
    expect(movedListPath(map, '/category/ambiente')).toBe('/category/meio-ambiente/');
    expect(movedListPath(map, '/category/ambiente/arquivo/')).toBe('/category/meio-ambiente/arquivo/');
    expect(movedListPath(map, '/category/ambiente/2024/03/2/')).toBe('/category/meio-ambiente/2024/03/2/');
    expect(movedListPath(map, '/category/ambiente/rss.xml')).toBe('/category/meio-ambiente/rss.xml');
    expect(movedListPath(map, '/municipio/santarem-pa/related.json')).toBe('/municipio/santarem/related.json');
    expect(movedListPath(map, '/municipio/ambiente/')).toBeNull();
    expect(movedListPath(map, '/news/ambiente/')).toBeNull();
    expect(movedListPath(map, '/category/politica/')).toBeNull();
    // Nothing a hostile path carries reaches the Location header.
    expect(movedListPath(map, '/category/ambiente//evil.example/')).toBeNull();
    expect(movedListPath(map, '/category/ambiente/../../admin')).toBeNull();
    expect(movedListPath(map, '/category/ambiente/%0d%0aSet-Cookie:x')).toBeNull();
  });
});

describe("an imported portal's addresses (issue #27)", () => {
  it('one key per address: decoded, lower case, no trailing slash, only the query WordPress addresses by', () => {
    expect(legacyPathKey('/2020/05/03/Ponte-Nova/')).toBe('/2020/05/03/ponte-nova');
    expect(legacyPathKey('/s%C3%A3o-jo%C3%A3o/')).toBe('/são-joão');
    expect(legacyPathKey('/?p=12')).toBe('/?p=12');
    expect(legacyPathKey('/index.php?page_id=3&x=1')).toBe('/index.php?page_id=3');
    expect(legacyPathKey('/')).toBeNull();
    expect(legacyPathKey('/?utm=1')).toBeNull();
    expect(legacyPathKey('sem-barra')).toBeNull();
    expect(legacyPathKey('/a/../b')).toBeNull();
    expect(legacyPathKey('/%E0%A4%A')).toBeNull();
  });
  it('a request finds the key its address was stored under', () => {
    expect(legacyRequestKey('/Ponte-Nova', new URLSearchParams())).toBe(legacyPathKey('/ponte-nova/'));
    expect(legacyRequestKey('/', new URLSearchParams('utm_source=x&p=12'))).toBe('/?p=12');
  });
  it('entries point only inside the site, and only at targets still public', () => {
    expect(
      legacyRedirectEntries([
        { path: '/2020/05/03/a/', to: '/news/a/' },
        { path: '/b/', to: null },
        { path: '/c/', to: '//outro.site/' },
        { path: 'x', to: '/news/x/' },
      ]),
    ).toEqual({ '/2020/05/03/a': '/news/a/' });
    expect(isLegacyEntry('/a', '/news/a/')).toBe(true);
    expect(isLegacyEntry('a', '/news/a/')).toBe(false);
  });
});
