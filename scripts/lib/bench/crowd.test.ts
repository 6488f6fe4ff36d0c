import { isIPv4 } from 'node:net';
import { describe, expect, it } from 'vitest';
import { addressWalk, arrivalsDue, histPercentile, mergeStats, newStats, READER_ADDRESSES, readerAddress, recordView, startCrowd, startTrivialServer, summarize } from './crowd.ts';

const octets = (a: string) => a.split('.').map(Number);

describe('readerAddress', () => {
  it('gives every reader a valid loopback address of its own', () => {
    const seen = new Set<string>();
    // The first 200,000 readers (a 2-minute run at 1,500 views/s) and the walk's last ones.
    const indices = [...Array.from({ length: 200_000 }, (_, i) => i), ...Array.from({ length: 1000 }, (_, i) => READER_ADDRESSES - 1 - i)];
    const invalid = indices.map(readerAddress).filter((a) => {
      seen.add(a);
      return !isIPv4(a) || !a.startsWith('127.');
    });
    expect(invalid).toEqual([]);
    expect(seen.size).toBe(indices.length);
  });

  it('never uses a .0 or .255 end, nor 127.0.0.0/127.255.255.255, nor the machine’s own 127.0–19.x.x', () => {
    const wrong: string[] = [];
    for (let i = 0; i < 300_000; i++) {
      const [, a, , d] = octets(readerAddress(i));
      if (d! < 1 || d! > 254 || a! < 20 || a! > 254) wrong.push(readerAddress(i));
    }
    expect(wrong).toEqual([]);
    expect(readerAddress(READER_ADDRESSES - 1)).toBe('127.254.255.254');
    expect(readerAddress(0)).toBe('127.20.0.1');
  });

  it('refuses a reader beyond the range (never wraps around to an address already used)', () => {
    expect(() => readerAddress(READER_ADDRESSES)).toThrow(RangeError);
    expect(() => readerAddress(-1)).toThrow(RangeError);
    expect(READER_ADDRESSES).toBeGreaterThan(10_000_000);
  });
});

describe('addressWalk', () => {
  it('lets threads walk the range without sharing an address', () => {
    const take = (w: number, n: number) => {
      const out: string[] = [];
      for (const a of addressWalk(w, 3)) {
        out.push(a);
        if (out.length === n) break;
      }
      return out;
    };
    const all = [...take(0, 5000), ...take(1, 5000), ...take(2, 5000)];
    expect(new Set(all).size).toBe(15_000);
    expect(take(1, 2)).toEqual([readerAddress(1), readerAddress(4)]);
  });
});

describe('view stats', () => {
  it('counts acknowledged, counted and failed views by kind, and their latency percentiles', () => {
    const s = newStats();
    for (let i = 1; i <= 100; i++) recordView(s, { ms: i, atMs: (i - 1) * 100, acknowledged: true, counted: true, failure: null });
    recordView(s, { ms: 10_000, atMs: 15_000, acknowledged: false, counted: false, failure: 'article-view: TIMEOUT' });
    recordView(s, { ms: 5, atMs: 15_000, acknowledged: true, counted: false, failure: '/live.json: HTTP 503' });
    expect(s.acknowledged).toBe(101);
    expect(s.counted).toBe(100);
    expect(s.failed).toBe(2);
    expect(s.failures).toEqual({ 'article-view: TIMEOUT': 1, '/live.json: HTTP 503': 1 });
    expect(histPercentile(s.hist, 50)).toBe(50);
    expect(histPercentile(s.hist, 100)).toBe(10_000);
    expect(s.timeline).toEqual([100, 1]);
  });

  it('keeps a latency beyond 30 s in the last bucket and answers NaN with no view', () => {
    const s = newStats();
    expect(histPercentile(s.hist, 95)).toBeNaN();
    recordView(s, { ms: 45_000, atMs: 0, acknowledged: false, counted: false, failure: 'article-view: TIMEOUT' });
    expect(histPercentile(s.hist, 95)).toBe(30_000);
    expect(s.maxMs).toBe(45_000);
  });

  it('merges the threads’ stats into the run’s', () => {
    const a = newStats();
    const b = newStats();
    a.started = 2;
    b.started = 1;
    recordView(a, { ms: 10, atMs: 0, acknowledged: true, counted: true, failure: null });
    recordView(a, { ms: 20, atMs: 12_000, acknowledged: false, counted: false, failure: 'article-view: ECONNRESET' });
    recordView(b, { ms: 30, atMs: 25_000, acknowledged: true, counted: true, failure: null });
    const m = mergeStats(a, b);
    expect(m).toMatchObject({ started: 3, acknowledged: 2, counted: 2, failed: 1, failures: { 'article-view: ECONNRESET': 1 }, maxMs: 30, timeline: [1, 0, 1] });
    const r = summarize(m, { inFlight: 4, workers: 2, seconds: 2 });
    expect(r).toMatchObject({ views: 3, acknowledged: 2, viewsPerSec: 1, latencyMs: { p50: 20, max: 30 }, addresses: { used: 3, first: '127.20.0.1', last: '127.20.0.3' } });
  });
});

describe('an open crowd (readers arriving at a rate, whatever the answers’ pace)', () => {
  it('lets in exactly rate × seconds readers, evenly', () => {
    expect(arrivalsDue(1500, 1000)).toBe(1500);
    expect(arrivalsDue(1500, 15)).toBe(22);
    expect(arrivalsDue(200, 0)).toBe(0);
  });

  it('against a server that answers at once: every reader arrived, on an address of its own, and was acknowledged', async () => {
    const port = 47_000 + (process.pid % 1000);
    const server = await startTrivialServer(port);
    try {
      const r = await startCrowd({ origin: `http://127.0.0.1:${port}`, newsIds: ['a', 'b'], inFlight: 50, durationMs: 1500, rate: 120 }).result;
      expect(r.offeredPerSec).toBe(120);
      expect(r.views).toBe(180);
      expect(r.addresses.used).toBe(180);
      expect(r.acknowledged).toBe(180);
      expect(r.failed).toBe(0);
    } finally {
      server.stop();
    }
  }, 30_000);
});
