/** The builder's HTTP surface and state, shared by builder/src/main.ts, npm start and the tests. */
import { LEGACY_QUERY_KEYS } from '@portal/domain/permalinks';
import type http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { catchUpAfter, mergeRequests, parseBuildRequest, type BuilderStatus, type BuildRequest, type TargetedRequest } from '@portal/domain/build-contract';
import { Coalescer, type BuildJobs, type BuildOutcome } from './coalescer.ts';
import { Releases } from './releases.ts';
import type { SkippedRecord } from '@portal/domain/text-limits';
import { buildFull, buildTargeted, missingPages, primeJob, takeReport, warmAstro } from './site-build.ts';
import { movedAddress } from '@portal/edge/redirects';
import { PausableGroups, runningLimit } from './pausable.ts';
import { REDIRECT_CACHE } from '@portal/edge/security-headers';

export type BuilderOptions = {
  releasesRoot: string;
  directusUrl: string;
  /** The site_reader account's token (decision 032). */
  directusToken: string;
  siteUrl: string;
  token: string;
  /**
   * A targeted build does not re-render old story pages; a full build (its
   * own lane) catches them up, this long after the first change that left
   * their built HTML wrong (a story taken down, bylines, catalogue names:
   * `catchUpAfter` 'soon'). 0 disables every catch-up.
   */
  catchUpMs?: number;
  /**
   * …and this long after the first change that left only their first paint
   * behind (related news, urgent message, ads: readers get those from
   * related.json and /live.json within seconds; `catchUpAfter` 'later').
   */
  firstPaintCatchUpMs?: number;
  log?: (s: string) => void;
  /** false: targeted builds run a cold `astro build` each, as full builds do (the warm process is the default). */
  warm?: boolean;
  /** A full build running longer than this (its pauses not counted) is stopped and fails (pausable.ts runningLimit). */
  fullBuildLimitMs?: number;
  /** Replaceable for tests of the pipeline's logic with a real but tiny build; `full` gets the signal that stops it. */
  jobs?: Partial<{ targeted: BuildJobs['targeted']; full: (signal: AbortSignal) => Promise<string> }>;
};

/** At 100,000 news a full build takes 2 to 6 minutes on the 2-core machines measured (issue #8): a wide margin. */
export const FULL_BUILD_LIMIT_MIN = 30;

/** What a build was, as the log names it. */
const buildKind = (req: BuildRequest) =>
  req.full
    ? 'build completo'
    : req.storiesOnly
      ? `atualização ao vivo de ${req.news.length} cobertura(s)`
      : req.news.length
        ? `publicação de ${req.news.length} notícia(s)`
        : 'mudança geral do site';

/**
 * A failed build as the log shows it: its first line (what failed) and the
 * last lines of its error output (why), indented. The first line alone of a
 * cold build's failure is "astro build falhou (código 1):" (issue #32).
 */
export function failureForLog(error: string, lines = 20): string {
  const [head = '', ...rest] = error.trimEnd().split('\n');
  const tail = rest.filter((l) => l.trim()).slice(-lines);
  return [head, ...tail.map((l) => `    ${l.trimEnd()}`)].join('\n');
}

/** Without a configured token no webhook is accepted (never "anyone may rebuild"). */
const tokenOk = (expected: string, got: string | undefined) => {
  if (!expected) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(got ?? '');
  return a.length === b.length && timingSafeEqual(a, b);
};

export function startBuilder(o: BuilderOptions) {
  const log = o.log ?? (() => {});
  const releases = new Releases(o.releasesRoot);
  const status: BuilderStatus = {
    // Read from the lanes when asked: a value stored in the done callback ran while the
    // lane that called it still counted as busy, and stayed 'building' after the last build.
    get state() {
      return coalescer.busy ? 'building' : 'idle';
    },
    fullBuilding: false,
    queued: null,
    lastSuccessAt: null,
    lastFailureAt: null,
    lastError: null,
    lastDurationMs: null,
    release: releases.active(),
    builds: 0,
    skipped: [],
    catchUpDueAt: null,
    lastFull: null,
  };
  // The live lane's builds run in a warm process, started (and primed, once a site is live) ahead, so a publish finds it ready.
  // The first full build, once its rows and search index are written, while no site is live yet (primeJob).
  let upcoming: string | null = null;
  const worker = o.warm === false || o.jobs?.targeted ? undefined : warmAstro({ prime: () => primeJob(releases, o, upcoming), log });
  // Not before there is something to prime it over: on a new site it would idle through the first full build
  // (~200–350 MB at its peak, beside Pagefind); that build's onRows starts it, a minute before the site goes live.
  if (releases.active()) worker?.warm();
  // Stopping the builder stops a full build under way (its processes would outlive it otherwise).
  const stopping = new AbortController();
  const site = { directusUrl: o.directusUrl, directusToken: o.directusToken, siteUrl: o.siteUrl, log, worker, signal: stopping.signal };
  // A full build steps aside (stopped) while the live lane renders a change: two cores cannot hold both.
  const fullLane = new PausableGroups();
  // Not over a release a restore is still filling: a targeted build copies the live one (ops/src/restore.ts).
  const runFull =
    o.jobs?.full ??
    (async (signal: AbortSignal) => {
      await releases.untilRestored(log);
      // Only the site's first: a live site's rows are the warm process's until the new build goes live.
      const onRows = releases.active()
        ? undefined
        : (dir: string) => {
            log(`primeiro build completo: notícias e índice de busca escritos (${path.basename(dir)})`);
            upcoming = dir;
            worker?.primeNow();
          };
      return buildFull(releases, { ...site, signal, pausable: fullLane, ...(onRows ? { onRows } : {}) });
    });
  const runTargeted =
    o.jobs?.targeted ??
    (async (req: TargetedRequest, base: string | null, aside?: AbortSignal) => {
      await releases.untilRestored(log);
      return buildTargeted(req, base, releases, site, aside);
    });
  // Full builds not yet live (their rows are new to the warm process).
  const fullReleases = new Set<string>();
  // What each built-but-not-yet-live folder left out, until it goes live or is dropped.
  const reports = new Map<string, SkippedRecord[]>();
  // The last webhook requests, as they arrived (how many instances asked for what).
  const received: Array<{ at: string; request: BuildRequest }> = [];

  // The pending catch-ups: one 'soon', one 'later'; whichever fires first catches up both.
  const catchUp: { soon?: NodeJS.Timeout; later?: NodeJS.Timeout } = {};
  const clearCatchUp = () => {
    clearTimeout(catchUp.soon);
    clearTimeout(catchUp.later);
    catchUp.soon = catchUp.later = undefined;
    status.catchUpDueAt = null;
  };
  // Targeted builds that took a story page down (its address no longer has one).
  const removedPages = new WeakSet<BuildRequest>();
  // What the last failed build was asked to do, so it can be run again once its cause is gone.
  let failed: BuildRequest | null = null;
  let retry: NodeJS.Timeout | undefined;
  let retryDelay = 10_000;
  const coalescer: Coalescer = new Coalescer(
    {
      full: async () => {
        // It reads everything from now on: the catch-ups owed for earlier changes are this build.
        clearCatchUp();
        status.fullBuilding = true;
        const limit = runningLimit(o.fullBuildLimitMs ?? FULL_BUILD_LIMIT_MIN * 60_000, () => fullLane.paused);
        try {
          const dir = await runFull(AbortSignal.any([stopping.signal, limit.signal]));
          reports.set(dir, takeReport(dir));
          fullReleases.add(dir);
          return dir;
        } catch (e) {
          // Stopped for running too long: say so, not the exit code of a killed process.
          throw limit.signal.aborted ? limit.signal.reason : e;
        } finally {
          limit.stop();
          status.fullBuilding = false;
        }
      },
      targeted: async (req, base, aside) => {
        // Laid over a full build being adopted: the warm process reads its rows for this job.
        if (base) fullReleases.delete(base);
        const dir = await fullLane.during(() => runTargeted(req, base, aside));
        if (missingPages(req.slugs, dir).length) removedPages.add(req);
        // A targeted build sees only its own articles: it adds to what the full build under it reported.
        const under = (base ? reports.get(base) : undefined) ?? status.skipped;
        reports.set(dir, [...under.filter((s) => !req.news.includes(s.id)), ...takeReport(dir)]);
        return dir;
      },
      activate: (dir) => {
        releases.activate(dir);
        // The first site just went live: the warm process can be primed now. A full build
        // just went live: its rows are read now, not by the next publish.
        worker?.primeNow();
        // Not when it was primed over this very build before it went live (the site's first: onRows).
        if (fullReleases.delete(dir) && dir !== upcoming) void worker?.refresh();
        upcoming = null;
        status.release = dir;
        status.skipped = reports.get(dir) ?? status.skipped;
        reports.delete(dir);
      },
      hasLive: () => !!releases.active(),
      discard: (dir) => {
        reports.delete(dir);
        fullReleases.delete(dir);
        releases.discard(dir);
      },
    },
    (req: BuildRequest, outcome: BuildOutcome) => {
      status.builds++;
      status.lastDurationMs = outcome.ms;
      if (req.full) status.lastFull = { at: new Date().toISOString(), ok: outcome.ok, ms: outcome.ms, error: outcome.ok ? null : outcome.error };
      if (outcome.ok) {
        // A full build publishes everything; a targeted one only what it was asked.
        if (req.full || (failed && !failed.full && failed.news.every((id) => req.news.includes(id)))) {
          failed = null;
          clearTimeout(retry);
          retryDelay = 10_000;
        }
        status.lastSuccessAt = new Date().toISOString();
        status.lastError = null;
        log(`${buildKind(req)} no ar em ${outcome.ms} ms`);
        // At most the delay after the first change not caught up yet: a timer reset by
        // every publish would never fire on a busy day (the full lane never delays a publish).
        const need = catchUpAfter(req, removedPages.has(req));
        const delay = need === 'soon' ? (o.catchUpMs ?? 60_000) : (o.firstPaintCatchUpMs ?? 15 * 60_000);
        if (need !== 'none' && o.catchUpMs !== 0 && delay > 0 && !catchUp[need]) {
          catchUp[need] = setTimeout(() => {
            clearCatchUp();
            void coalescer.trigger({ full: true });
          }, delay);
          catchUp[need].unref();
          const due = new Date(Date.now() + delay).toISOString();
          if (!status.catchUpDueAt || due < status.catchUpDueAt) status.catchUpDueAt = due;
        }
      } else {
        failed = mergeRequests(failed, req);
        // Try again by itself (Directus restarting, a full disk freed…), backing off to 5 minutes.
        clearTimeout(retry);
        retry = setTimeout(() => void retryFailed(), retryDelay);
        retry.unref();
        retryDelay = Math.min(retryDelay * 2, 300_000);
        status.lastFailureAt = new Date().toISOString();
        status.lastError = outcome.error;
        log(`FALHA no build (${buildKind(req)}; o site anterior continua no ar): ${failureForLog(outcome.error)}`);
      }
    },
  );

  const trigger = (req: BuildRequest) => coalescer.trigger(req);
  /** Runs again what the last build failed to publish (e.g. after Directus came back). */
  const retryFailed = async () => {
    if (failed) await trigger(failed);
  };

  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const send = (code: number, body: unknown) => {
      res.writeHead(code, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'GET' && url.pathname === '/status') return send(200, { ...status, queued: coalescer.queued });
    // nginx asks here when a story or list address has no page (deploy/nginx.conf): 301 to where it moved, or 404.
    if ((req.method === 'GET' || req.method === 'HEAD') && url.pathname === '/redirect') {
      // nginx sends the path and, apart, the WordPress query parameters of an imported portal's address (`/?p=12`).
      const legacy = new URLSearchParams();
      for (const k of LEGACY_QUERY_KEYS) if (url.searchParams.get(k)) legacy.set(k, url.searchParams.get(k)!);
      const to = movedAddress(releases.current, url.searchParams.get('path') ?? '', legacy.size ? `?${legacy}` : '');
      if (!to) return send(404, { error: 'não encontrado' });
      res.writeHead(301, { location: to, 'cache-control': REDIRECT_CACHE });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/hooks/rebuild') {
      if (!tokenOk(o.token, req.headers['x-builder-token'] as string | undefined)) return send(401, { error: 'token inválido' });
      let raw = '';
      req.on('data', (d) => {
        raw += d;
        if (raw.length > 1_000_000) req.destroy();
      });
      req.on('end', () => {
        let body: unknown = {};
        try {
          body = raw ? JSON.parse(raw) : {};
        } catch {
          return send(400, { error: 'JSON inválido' });
        }
        const request = parseBuildRequest(body);
        if (!request) return send(400, { error: 'pedido inválido' });
        received.push({ at: new Date().toISOString(), request });
        if (received.length > 200) received.shift();
        void trigger(request);
        send(202, { accepted: request, queued: coalescer.busy });
      });
      return;
    }
    send(404, { error: 'não encontrado' });
  };

  /** Nothing left to do: no build running or queued, and the warm process done reading ahead (prime, refresh). */
  const idle = async () => {
    await coalescer.idle();
    await worker?.settled();
  };

  const stop = async () => {
    clearCatchUp();
    clearTimeout(retry);
    stopping.abort();
    await worker?.stop();
  };
  return { handler, trigger, retryFailed, status, releases, received, idle, stop };
}
