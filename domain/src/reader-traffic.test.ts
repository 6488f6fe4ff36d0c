import { describe, expect, it } from 'vitest';
import {
  carriesCredentials,
  belemDayKey,
  isObviousBot,
  MinuteCaps,
  parseEdgeViews,
  planToggles,
  READER_CAPS,
  READER_EDGE,
  retentionCutoff,
  windowRange,
} from './reader-traffic.ts';

describe('isObviousBot', () => {
  it('flags self-declared crawlers, previewers, HTTP libraries and a missing user agent', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'facebookexternalhit/1.1',
      'WhatsApp/2.23 link preview',
      'curl/8.5.0',
      'python-requests/2.31',
      'Wget/1.21',
      'Go-http-client/1.1',
      '',
      null,
    ]) {
      expect(isObviousBot(ua), String(ua)).toBe(true);
    }
  });

  it('counts real browsers', () => {
    for (const ua of [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
    ]) {
      expect(isObviousBot(ua), ua).toBe(false);
    }
  });
});

describe('MinuteCaps', () => {
  it('the caps are the decision\'s numbers: 20 views and 10 TOP toggles per address, article and minute (decision 016, issue #9)', () => {
    expect(READER_CAPS).toEqual({ viewsPerMinute: 20, likesPerMinute: 10 });
  });

  it('allows the cap per key per minute, then refuses until the minute turns', () => {
    const caps = new MinuteCaps();
    const cap = 20; // views per minute, decision 016
    const t = new Date('2026-11-22T12:00:10Z');
    const taken = Array.from({ length: cap + 3 }, () => caps.take('v|ip1|n1', cap, t));
    expect(taken.filter(Boolean)).toHaveLength(cap);
    expect(caps.take('v|ip2|n1', cap, t)).toBe(true);
    expect(caps.take('v|ip1|n2', cap, t)).toBe(true);
    expect(caps.take('v|ip1|n1', cap, new Date('2026-11-22T12:01:00Z'))).toBe(true);
    // Old minutes are forgotten: memory is one minute of traffic.
    expect(caps.size).toBe(1);
  });
});

describe('belemDayKey', () => {
  it('uses the Belém calendar (UTC−3)', () => {
    expect(belemDayKey(new Date('2026-11-23T02:59:59Z'))).toBe('2026-11-22');
    expect(belemDayKey(new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-23');
  });
});

describe('windowRange', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('24 h reads the raw rows of the last 24 hours', () => {
    expect(windowRange('24h', now)).toEqual({ source: 'raw', since: new Date('2026-11-21T12:00:00Z') });
  });
  it('7 d and 30 d read the per-day totals, today included', () => {
    expect(windowRange('7d', now)).toEqual({ source: 'daily', fromDay: '2026-11-16' });
    expect(windowRange('30d', now)).toEqual({ source: 'daily', fromDay: '2026-10-24' });
  });
});

describe('retentionCutoff', () => {
  it('keeps 90 days of raw rows', () => {
    expect(retentionCutoff(new Date('2026-11-22T12:00:00Z')).toISOString()).toBe('2026-08-24T12:00:00.000Z');
  });
});

describe('planToggles', () => {
  it('a reader toggling fast flips their own state each time; only the final state touches rows', () => {
    const p = planToggles(new Set(), [
      { key: 'n:a', newsId: 'n' },
      { key: 'n:a', newsId: 'n' },
      { key: 'n:a', newsId: 'n' },
    ]);
    expect(p.results).toEqual([true, false, true]);
    expect(p.inserts).toEqual([{ key: 'n:a', newsId: 'n' }]);
    expect(p.deletes).toEqual([]);
    expect(p.delta.get('n')).toBe(1);
  });

  it('an even number of toggles leaves the rows and the count as they were', () => {
    const p = planToggles(new Set(['n:a']), [
      { key: 'n:a', newsId: 'n' },
      { key: 'n:a', newsId: 'n' },
    ]);
    expect(p.results).toEqual([false, true]);
    expect(p.inserts).toEqual([]);
    expect(p.deletes).toEqual([]);
    expect(p.delta.size).toBe(0);
  });

  it('counts move by rows inserted minus deleted, per news', () => {
    const p = planToggles(new Set(['n:a', 'm:a']), [
      { key: 'n:a', newsId: 'n' },
      { key: 'n:b', newsId: 'n' },
      { key: 'n:c', newsId: 'n' },
      { key: 'm:a', newsId: 'm' },
    ]);
    expect(p.deletes.sort()).toEqual(['m:a', 'n:a']);
    expect(p.delta).toEqual(
      new Map([
        ['n', 1],
        ['m', -1],
      ]),
    );
  });
});

describe('parseEdgeViews', () => {
  const view = { body: '{"news_id":"x"}', ip: '203.0.113.9', ua: 'Mozilla/5.0' };
  it('takes a list of forwarded views, address and user agent possibly missing', () => {
    expect(parseEdgeViews({ views: [view, { ...view, ip: null, ua: null }] })).toEqual([view, { ...view, ip: null, ua: null }]);
    expect(parseEdgeViews({ views: [] })).toEqual([]);
  });
  it('refuses anything else whole: no list, too many views, a body over the limit, wrong types', () => {
    expect(parseEdgeViews(null)).toBeNull();
    expect(parseEdgeViews({})).toBeNull();
    expect(parseEdgeViews({ views: Array.from({ length: READER_EDGE.maxItems + 1 }, () => view) })).toBeNull();
    expect(parseEdgeViews({ views: [{ ...view, body: 'x'.repeat(READER_EDGE.bodyLimitBytes + 1) }] })).toBeNull();
    expect(parseEdgeViews({ views: [{ ...view, body: {} }] })).toBeNull();
    expect(parseEdgeViews({ views: [{ ...view, ip: 7 }] })).toBeNull();
    expect(parseEdgeViews({ views: [{ ...view, ua: 'x'.repeat(2000) }] })).toBeNull();
    expect(parseEdgeViews({ views: [null] })).toBeNull();
  });
});

describe('carriesCredentials', () => {
  it('a bearer, an access_token in the query, or the session cookie', () => {
    expect(carriesCredentials({ authorization: 'Bearer x' })).toBe(true);
    expect(carriesCredentials({ url: '/api/portal/article-view?x=1&access_token=t' })).toBe(true);
    expect(carriesCredentials({ cookie: 'a=1; directus_session_token=t' }, 'directus_session_token')).toBe(true);
  });
  it('other cookies are not credentials where the session cookie is known; for the edge, which does not know it, any cookie is', () => {
    expect(carriesCredentials({ cookie: 'consent=1' }, 'directus_session_token')).toBe(false);
    expect(carriesCredentials({ cookie: 'my_directus_session_token=1' }, 'directus_session_token')).toBe(false);
    expect(carriesCredentials({ cookie: 'consent=1' })).toBe(true);
    expect(carriesCredentials({ url: '/api/portal/article-view?token=access_token' })).toBe(false);
    expect(carriesCredentials({})).toBe(false);
  });
});
