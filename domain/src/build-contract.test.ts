import { describe, expect, it } from 'vitest';
import {
  siteStatusFrom,
  catalogueChange,
  namedLists,
  catchUpAfter,
  isTargetedBuild,
  listedIds,
  mergeRequests,
  parseBuildRequest,
  SITE_WIDE,
  LIVE_ONLY,
  rendersEveryList,
  storiesToRender,
  isStoryHelper,
  storyShard,
  storyProcessesFor,
  BUILD_PLAN_ENV,
  buildPlan,
  FULL_PLAN,
  planEnv,
  targetedPlan,
  inStoriesOnlyBuild,
  isStoriesOnlyBuild,
  type BuildPlan,
  type TargetedRequest,
} from './build-contract.ts';

/** A targeted build's plan listing `news`. */
const T = (news: string[], o: Partial<TargetedRequest> = {}): BuildPlan => targetedPlan({ full: false, news, slugs: [], ...o }, '/r');
/** A request's plan as the build process reads it: through the environment, parsed. */
const crossed = (req: TargetedRequest): BuildPlan => buildPlan(planEnv(targetedPlan(req, '/r')));
const planText = (plan: unknown) => ({ [BUILD_PLAN_ENV]: JSON.stringify(plan) });

describe('parseBuildRequest', () => {
  it('full', () => expect(parseBuildRequest({ full: true })).toEqual({ full: true }));
  it('targeted, deduplicated', () => expect(parseBuildRequest({ news: ['a', 'a'], slugs: ['s'] })).toEqual({ full: false, news: ['a'], slugs: ['s'] }));
  it('no stories: a site-wide change, not a full build', () => expect(parseBuildRequest({})).toEqual(SITE_WIDE));
  it('malformed bodies are refused, never widened', () => {
    expect(parseBuildRequest(null)).toBeNull();
    expect(parseBuildRequest('full')).toBeNull();
    expect(parseBuildRequest({ news: 'a' })).toBeNull();
    expect(parseBuildRequest({ news: [1] })).toBeNull();
    expect(parseBuildRequest({ slugs: ['x'.repeat(321)] })).toBeNull();
  });
  it('a huge batch becomes one full build (nothing dropped)', () =>
    expect(parseBuildRequest({ news: Array.from({ length: 501 }, (_, i) => `n${i}`) })).toEqual({ full: true }));
});

describe('mergeRequests', () => {
  it('unions targeted news and lets full win', () => {
    expect(mergeRequests({ full: false, news: ['a'], slugs: ['sa'] }, { full: false, news: ['b', 'a'], slugs: ['sb'] })).toEqual({
      full: false,
      news: ['a', 'b'],
      slugs: ['sa', 'sb'],
    });
    expect(mergeRequests({ full: false, news: ['a'], slugs: [] }, { full: true })).toEqual({ full: true });
    expect(mergeRequests(null, { full: false, news: ['x', 'x'], slugs: [] })).toEqual({ full: false, news: ['x'], slugs: [] });
  });
});

describe('listedIds', () => {
  it('the listed stories, blanks dropped', () => expect(listedIds(T(['a', '', 'b']))).toEqual(['a', 'b']));
  it('none for a site-wide change, null for a full build', () => {
    expect(listedIds(T([]))).toEqual([]);
    expect(listedIds(FULL_PLAN)).toBeNull();
  });
});

describe('storiesToRender', () => {
  const all = [{ id: 'a' }, { id: 'b' }];
  it('every story without the variable (full build)', () => expect(storiesToRender(all, FULL_PLAN)).toEqual(all));
  it('only the listed ones', () => expect(storiesToRender(all, T(['b']))).toEqual([{ id: 'b' }]));
  it('none for a site-wide change (empty list, not "all")', () => expect(storiesToRender(all, T([]))).toEqual([]));
  it("a full build's story processes split every story between them, each once", () => {
    const many = Array.from({ length: 101 }, (_, i) => ({ id: `n${i}` }));
    const parts = [0, 1, 2].map((i) => storiesToRender(many, { shard: { index: i, count: 3 } }));
    expect(parts.map((p) => p.length)).toEqual([34, 34, 33]);
    expect(parts.flat().map((s) => s.id).sort()).toEqual(many.map((s) => s.id).sort());
  });
  it('a targeted build renders its listed stories whatever the shard says', () =>
    expect(storiesToRender(all, { ...T(['a']), shard: { index: 1, count: 2 } })).toEqual([{ id: 'a' }]));
});

describe('storyProcessesFor', () => {
  it('two on two cores or more once the archive is large, one otherwise', () => {
    expect(storyProcessesFor(100_000, 2)).toBe(2);
    expect(storyProcessesFor(100_000, 8)).toBe(2);
    expect(storyProcessesFor(20_000, 2)).toBe(2);
    expect(storyProcessesFor(19_999, 2)).toBe(1);
    expect(storyProcessesFor(1_000, 2)).toBe(1);
    expect(storyProcessesFor(100_000, 1)).toBe(1);
  });
});

describe('storyShard', () => {
  it('index of count; one process, or an index past the count, is no shard (every story)', () => {
    expect(storyShard({ shard: { index: 1, count: 2 } })).toEqual({ index: 1, count: 2 });
    for (const [index, count] of [[2, 2], [0, 1]] as const) expect(storyShard({ shard: { index, count } })).toBeNull();
    expect(storyShard(FULL_PLAN)).toBeNull();
    for (const shard of [{ index: -1, count: 2 }, { index: 'a', count: 2 }, { index: 0.5, count: 2 }]) expect(() => buildPlan(planText({ shard }))).toThrow(/PORTAL_BUILD_PLAN inválido: shard/);
  });
  it('only a full build\'s process past the first is a helper', () => {
    expect(isStoryHelper({ shard: { index: 1, count: 2 } })).toBe(true);
    expect(isStoryHelper({ shard: { index: 0, count: 2 } })).toBe(false);
    expect(isStoryHelper({ ...T([]), shard: { index: 1, count: 2 } })).toBe(false);
    expect(isStoryHelper(FULL_PLAN)).toBe(false);
  });
});

describe('the build plan', () => {
  it('a site-wide change is still a targeted build (the empty list is not "everything"); no plan is a full build', () => {
    const plan = buildPlan(planEnv(targetedPlan(SITE_WIDE, '/srv/releases/r1', '/srv/releases/r1.news.v8')));
    expect(isTargetedBuild(plan)).toBe(true);
    expect(plan).toEqual({ targeted: { news: [], slugs: [], previousRelease: '/srv/releases/r1', newsSnapshot: '/srv/releases/r1.news.v8' } });
    expect(buildPlan({})).toBe(FULL_PLAN);
    expect(isTargetedBuild(FULL_PLAN)).toBe(false);
  });
  it('is one variable, parsed once per text', () => {
    const env = planEnv(T(['a']));
    expect(Object.keys(env)).toEqual([BUILD_PLAN_ENV]);
    expect(buildPlan(env)).toBe(buildPlan({ ...env }));
  });
  it('a malformed plan stops the build with what is wrong, in pt-BR', () => {
    expect(() => buildPlan({ [BUILD_PLAN_ENV]: 'não é JSON' })).toThrow(/PORTAL_BUILD_PLAN inválido/);
    expect(() => buildPlan(planText({ targeted: { news: 'a', slugs: [], previousRelease: '/r' } }))).toThrow(/targeted\.news/);
    expect(() => buildPlan(planText({ targeted: { news: [], slugs: [], previousRelease: '/r', months: ['2026-13'] } }))).toThrow(/mês AAAA-MM/);
    // A field nobody reads is a typo somewhere, not something to ignore.
    expect(() => buildPlan(planText({ full: true }))).toThrow(/PORTAL_BUILD_PLAN inválido/);
  });
});

const CATALOGUE = catalogueChange('category', ['politica', 'politica-e-governo']);

describe('catalogue changes', () => {
  it('name their lists by old and new address, and keep naming them once merged with publishes', () => {
    expect(CATALOGUE).toEqual({ full: false, news: [], slugs: [], named: { category: ['politica', 'politica-e-governo'] } });
    expect(catalogueChange('municipio', ['belem', 'belem', ''])).toEqual({ full: false, news: [], slugs: [], named: { municipio: ['belem'] } });
    expect(parseBuildRequest({ named: { category: ['politica', 'politica-e-governo'] } })).toEqual(CATALOGUE);
    const merged = mergeRequests(mergeRequests(null, { full: false, news: ['a'], slugs: ['x'] }), CATALOGUE);
    expect(merged).toEqual({ full: false, news: ['a'], slugs: ['x'], named: { category: ['politica', 'politica-e-governo'] } });
    const both = mergeRequests(CATALOGUE, catalogueChange('municipio', ['belem']));
    expect(both).toEqual({ full: false, news: [], slugs: [], named: { category: ['politica', 'politica-e-governo'], municipio: ['belem'] } });
    expect(mergeRequests(both, CATALOGUE)).toEqual(both);
  });
  it('cross to the build as JSON, read back as sets', () => {
    expect(namedLists(crossed(CATALOGUE))).toEqual({ category: new Set(['politica', 'politica-e-governo']), municipio: new Set() });
    expect(namedLists(crossed(SITE_WIDE))).toBeNull();
    expect(() => buildPlan(planText({ targeted: { news: [], slugs: [], previousRelease: '/r', named: { autor: ['x'] } } }))).toThrow(/PORTAL_BUILD_PLAN inválido: targeted\.named/);
  });
  it('malformed names are refused', () => {
    for (const named of [['a'], { autor: ['a'] }, { category: 'a' }, { category: [1] }, { category: ['x'.repeat(321)] }, null])
      expect(parseBuildRequest({ named })).toBeNull();
  });
  it('render only their lists, unless merged with a byline change (every list, said explicitly)', () => {
    expect(rendersEveryList(CATALOGUE)).toBe(false);
    expect(rendersEveryList(mergeRequests(LIVE_ONLY, CATALOGUE) as TargetedRequest)).toBe(false);
    const withBylines = mergeRequests(SITE_WIDE, CATALOGUE) as TargetedRequest;
    expect(withBylines).toEqual({ ...CATALOGUE, lists: 'all' });
    expect(crossed(withBylines).targeted?.lists).toBe('all');
    expect(mergeRequests(withBylines, LIVE_ONLY)).toEqual(withBylines);
  });
});

describe('archive months a request names', () => {
  it('are checked, unioned when requests merge, and passed to the build', () => {
    expect(parseBuildRequest({ news: ['a'], months: ['2026-11', '2026-11'] })).toEqual({ full: false, news: ['a'], slugs: [], months: ['2026-11'] });
    expect(parseBuildRequest({ news: ['a'], months: ['2026-13'] })).toBeNull();
    expect(parseBuildRequest({ news: ['a'], months: '2026-11' })).toBeNull();
    const merged = mergeRequests(parseBuildRequest({ news: ['a'], months: ['2026-10'] }), parseBuildRequest({ news: ['b'], months: ['2026-11'] })!);
    expect(merged).toEqual({ full: false, news: ['a', 'b'], slugs: [], months: ['2026-10', '2026-11'] });
    expect(crossed(merged as TargetedRequest).targeted?.months).toEqual(['2026-10', '2026-11']);
    expect(crossed(SITE_WIDE).targeted?.months).toBeUndefined();
  });

  describe('LIVE_ONLY (settings, ads, events)', () => {
    const publish = { full: false as const, news: ['a'], slugs: ['x'] };
    it('asks for no per-list page, and says so to the build only while it has no story', () => {
      expect(parseBuildRequest({ lists: false })).toEqual(LIVE_ONLY);
      expect(crossed(LIVE_ONLY).targeted?.lists).toBe(false);
      expect(crossed(SITE_WIDE).targeted?.lists).toBeUndefined();
    });
    it('merged: stays without lists beside another LIVE_ONLY or a story (whose lists follow it), never beside a byline or catalogue change', () => {
      expect(mergeRequests(LIVE_ONLY, LIVE_ONLY)).toEqual(LIVE_ONLY);
      const withStory = mergeRequests(LIVE_ONLY, publish) as typeof publish;
      expect(crossed(withStory).targeted?.lists).toBeUndefined();
      expect(mergeRequests(LIVE_ONLY, SITE_WIDE)).toEqual(SITE_WIDE);
      expect(mergeRequests(SITE_WIDE, LIVE_ONLY)).toEqual(SITE_WIDE);
      expect(mergeRequests(LIVE_ONLY, CATALOGUE)).toEqual(CATALOGUE);
      expect(mergeRequests(LIVE_ONLY, { full: true })).toEqual({ full: true });
    });
  });

  describe('a byline change merged with a publish', () => {
    const publish = { full: false as const, news: ['a'], slugs: ['x'] };
    it('still renders every list page (a request with stories otherwise renders only theirs)', () => {
      for (const merged of [mergeRequests(publish, SITE_WIDE), mergeRequests(SITE_WIDE, publish), mergeRequests(mergeRequests(SITE_WIDE, publish), publish)]) {
        expect(merged).toEqual({ full: false, news: ['a'], slugs: ['x'], lists: 'all' });
        expect(crossed(merged as TargetedRequest).targeted?.lists).toBe('all');
      }
      expect(mergeRequests(mergeRequests(LIVE_ONLY, publish), publish)).toEqual(publish);
      expect(mergeRequests(CATALOGUE, publish)).toEqual({ ...publish, named: CATALOGUE.named });
    });
    it('crosses the hook seam unchanged', () => {
      expect(parseBuildRequest({ news: ['a'], slugs: ['x'], lists: 'all' })).toEqual({ full: false, news: ['a'], slugs: ['x'], lists: 'all' });
      expect(parseBuildRequest({ lists: 'all' })).toEqual(SITE_WIDE);
    });
  });
});

describe('catchUpAfter (how soon a full build follows)', () => {
  const publish: TargetedRequest = { full: false, news: ['a'], slugs: ['slug-a'] };
  it('a publish, an edit, a correction: only the first paint of old pages is behind (related.json carries the lists)', () => {
    expect(catchUpAfter(publish, false)).toBe('later');
  });
  it('settings, ads, events: /live.json carries them', () => expect(catchUpAfter(LIVE_ONLY, false)).toBe('later'));
  it('a page went (unpublished, deleted, renamed): old pages may still link it', () => expect(catchUpAfter(publish, true)).toBe('soon'));
  it('bylines and catalogue names are written into old pages', () => {
    expect(catchUpAfter(SITE_WIDE, false)).toBe('soon');
    expect(catchUpAfter(CATALOGUE, false)).toBe('soon');
    expect(catchUpAfter(mergeRequests(LIVE_ONLY, SITE_WIDE), false)).toBe('soon');
    expect(catchUpAfter(mergeRequests(publish, CATALOGUE), false)).toBe('soon');
  });
  it('a full build is the catch-up', () => expect(catchUpAfter({ full: true }, true)).toBe('none'));
});

describe('a live entry: only its coverage\'s own pages (storiesOnly, issue #30)', () => {
  const entry: TargetedRequest = { full: false, news: ['c'], slugs: ['cheia'], storiesOnly: true };
  const publish: TargetedRequest = { full: false, news: ['a'], slugs: ['slug-a'], months: ['2026-11'] };

  it('crosses the hook seam and reaches the build as its plan', () => {
    expect(parseBuildRequest(JSON.parse(JSON.stringify(entry)))).toEqual(entry);
    expect(isStoriesOnlyBuild(crossed(entry))).toBe(true);
    expect(isStoriesOnlyBuild(crossed(publish))).toBe(false);
  });
  it('means nothing without a story, or beside anything else the request asks', () => {
    expect(parseBuildRequest({ news: [], slugs: [], storiesOnly: true })).toEqual(SITE_WIDE);
    expect(parseBuildRequest({ news: ['c'], slugs: ['cheia'], months: ['2026-11'], storiesOnly: true })).not.toHaveProperty('storiesOnly');
    expect(parseBuildRequest({ news: ['c'], slugs: ['cheia'], storiesOnly: 'yes' })).not.toHaveProperty('storiesOnly');
  });
  it('two entries merge into one stories-only build; anything else merged in makes it an ordinary one', () => {
    const other: TargetedRequest = { full: false, news: ['d'], slugs: ['cop'], storiesOnly: true };
    expect(mergeRequests(entry, other)).toEqual({ full: false, news: ['c', 'd'], slugs: ['cheia', 'cop'], storiesOnly: true });
    expect(mergeRequests(entry, publish)).toEqual({ full: false, news: ['c', 'a'], slugs: ['cheia', 'slug-a'], months: ['2026-11'] });
    expect(mergeRequests(publish, entry)).not.toHaveProperty('storiesOnly');
    expect(mergeRequests(entry, LIVE_ONLY)).not.toHaveProperty('storiesOnly');
    expect(mergeRequests(entry, SITE_WIDE)).toMatchObject({ lists: 'all' });
    expect(mergeRequests(entry, { full: true })).toEqual({ full: true });
  });
  it('owes no catch-up: every page it changes was written; one whose page went still does', () => {
    expect(catchUpAfter(entry, false)).toBe('none');
    expect(catchUpAfter(entry, true)).toBe('soon');
  });
  it('writes the stories\' own folders and the feeds that date them, nothing else', () => {
    for (const p of ['/news/cheia', '/news/cheia/', '/news/cheia/ao-vivo.json', '/news/cheia/atualizacoes/3', 'rss.xml', '/news-sitemap.xml']) expect(inStoriesOnlyBuild(p, ['cheia']), p).toBe(true);
    for (const p of ['/', '/index.html', '/news/cheia-2', '/news/outra/', '/category/politica/rss.xml', '/sitemaps/news-2026-11.xml', '/live.json', '/search-delta.json'])
      expect(inStoriesOnlyBuild(p, ['cheia']), p).toBe(false);
    expect(inStoriesOnlyBuild('/news/', [''])).toBe(false);
  });
});

describe('the builder status, one shape for every reader (issue #31)', () => {
  const status = {
    state: 'building',
    fullBuilding: true,
    queued: { full: true },
    lastSuccessAt: '2026-11-27T12:00:00.000Z',
    lastFailureAt: null,
    lastError: null,
    lastDurationMs: 1200,
    release: '/srv/site/releases/x',
    builds: 3,
    skipped: [{ kind: 'news', id: 'n1', title: 'Enchente', reason: 'sem título' }],
    catchUpDueAt: '2026-11-27T12:15:00.000Z',
    lastFull: { at: '2026-11-27T11:00:00.000Z', ok: true, ms: 200_000, error: null },
  };

  it('staff see its state, outcomes, left-out records and catch-up, not its folders or queue', () => {
    expect(siteStatusFrom(status)).toEqual({
      available: true,
      state: 'building',
      lastSuccessAt: '2026-11-27T12:00:00.000Z',
      lastFailureAt: null,
      lastError: null,
      skipped: status.skipped,
      lastFull: status.lastFull,
      catchUpDueAt: '2026-11-27T12:15:00.000Z',
    });
  });

  it('anything else counts as unreachable', () => {
    expect(siteStatusFrom({ errors: [{ message: 'Token inválido' }] })).toEqual({ available: false });
    expect(siteStatusFrom({ ...status, state: 'sleeping' })).toEqual({ available: false });
    expect(siteStatusFrom(null)).toEqual({ available: false });
  });
});
