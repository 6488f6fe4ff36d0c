/**
 * Build scheduling in two lanes (issue #8), so no kind of change waits behind
 * another:
 * - the **live lane** runs targeted builds (stories, site-wide changes) one at
 *   a time; requests arriving meanwhile merge into ONE follow-up, so a burst
 *   costs at most two builds and the last one sees the final state;
 * - the **full lane** runs full builds beside it (never blocking a publish).
 *   A finished full build is not switched in as is: the live lane adopts it,
 *   replaying on top every targeted request made since the full build started
 *   (its data may predate them), then switches — so a full build can never
 *   undo a publish that went live while it ran.
 *
 * A story (a publish, a correction) does not wait behind the live lane's long
 * jobs: a change with no story of its own (a byline, a category renamed:
 * hundreds of list pages) and an adoption's replay step aside once for it
 * (`SteppedAside`), the story goes live over the live site, and the job runs
 * again from the start with fresh data, so it misses nothing.
 */
import { mergeTargeted, type BuildRequest, type TargetedRequest } from '@portal/domain/build-contract';

export { mergeRequests } from '@portal/domain/build-contract';
export type { BuildRequest } from '@portal/domain/build-contract';

export type BuildOutcome = { ok: true; ms: number } | { ok: false; ms: number; error: string };

/** What `BuildJobs.targeted` rejects with when it stepped aside (its `aside` signal): not a failure, nothing of it went live. */
export class SteppedAside extends Error {
  constructor() {
    super('build cedeu a vez a uma notícia');
    this.name = 'SteppedAside';
  }
}

export type BuildJobs = {
  /**
   * Renders `req` over `base` (a finished full build being adopted) or over a copy of the live site (null); returns the folder.
   * `aside` aborted: a story waits; the job may stop and reject with SteppedAside (or finish, when nearly done).
   */
  targeted: (req: TargetedRequest, base: string | null, aside?: AbortSignal) => Promise<string>;
  /** Renders everything into a new folder; returns it (not yet live). */
  full: () => Promise<string>;
  /** Makes a folder the live site. */
  activate: (dir: string) => void;
  /** Drops a folder that will never go live. */
  discard: (dir: string) => void;
  /** Whether a site is live for a targeted build to go over (without one, a full build goes live as it is). */
  hasLive?: () => boolean;
};

/** A finished full build waiting for the live lane; `waited`: a publish already went ahead of it once. */
type Adoption = { dir: string; replay: TargetedRequest | null; startedAt: number; waited?: boolean };
/** A job that stepped aside: the stories waiting go first (`storiesFirst`), then it runs again; `stories` are replayed in its adoption. */
type SetAside = { req: TargetedRequest | null; adoption: Adoption | null; startedAt: number; storiesFirst: boolean; stories: TargetedRequest | null };

export class Coalescer {
  private live: Promise<void> | null = null;
  private fullRun: Promise<void> | null = null;
  private pendingTargeted: TargetedRequest | null = null;
  private pendingFull = false;
  /** Targeted requests made since the running full build started (to replay over it). */
  private sinceFull: TargetedRequest | null = null;
  private adoption: Adoption | null = null;
  /** Aborted when a story arrives: the live lane's job now, when it may step aside for one. */
  private aside: AbortController | null = null;
  private setAside: SetAside | null = null;
  readonly history: Array<{ request: BuildRequest; outcome: BuildOutcome; finishedAt: Date }> = [];

  private readonly jobs: BuildJobs;
  private readonly onDone: (req: BuildRequest, outcome: BuildOutcome) => void;

  constructor(jobs: BuildJobs, onDone: (req: BuildRequest, outcome: BuildOutcome) => void = () => {}) {
    this.jobs = jobs;
    this.onDone = onDone;
  }

  get busy() {
    return this.live !== null || this.fullRun !== null;
  }
  /** What waits (not what runs): the merged targeted request, or full when a full build waits too. */
  get queued(): BuildRequest | null {
    if (this.pendingFull) return { full: true };
    return this.pendingTargeted;
  }
  get fullRunning() {
    return this.fullRun !== null;
  }

  /** Asks for a build; resolves when both lanes have drained. */
  trigger(req: BuildRequest): Promise<void> {
    if (req.full) {
      this.pendingFull = true;
      this.fullRun ??= this.fullLoop();
    } else {
      this.pendingTargeted = mergeTargeted(this.pendingTargeted, req);
      if (this.fullRun) this.sinceFull = mergeTargeted(this.sinceFull, req);
      if (req.news.length) this.aside?.abort();
      this.live ??= this.liveLoop();
    }
    return this.idle();
  }

  /** Resolves once nothing is running or queued in either lane. */
  async idle(): Promise<void> {
    while (this.live || this.fullRun) await Promise.all([this.live, this.fullRun]);
  }

  private record(request: BuildRequest, outcome: BuildOutcome) {
    this.history.push({ request, outcome, finishedAt: new Date() });
    if (this.history.length > 50) this.history.shift();
    this.onDone(request, outcome);
  }

  /** What the live lane runs next: `mayStepAside` when it is a long job that a story should not wait behind. */
  private nextLiveJob(): { req: TargetedRequest | null; adoption: Adoption | null; startedAt: number; mayStepAside: boolean } {
    let adoption = this.adoption;
    let req = this.pendingTargeted;
    this.pendingTargeted = null;
    const aside = this.setAside;
    // The stories a job stepped aside for, alone, over the live site (its adoption, if any, waits).
    if (aside?.storiesFirst && req) {
      aside.storiesFirst = false;
      if (aside.adoption) aside.stories = mergeTargeted(aside.stories, req);
      return { req, adoption: null, startedAt: Date.now(), mayStepAside: false };
    }
    // Then the job again, with what came meanwhile; it does not step aside twice.
    if (aside) {
      this.setAside = null;
      const again = [aside.req, aside.stories, req].reduce<TargetedRequest | null>((a, b) => (b ? mergeTargeted(a, b) : a), null);
      if (!aside.adoption) return { req: again, adoption: null, startedAt: aside.startedAt, mayStepAside: false };
      // A newer full build finished meanwhile: it read its data later, so it is the one adopted (with all of this replayed).
      if (adoption) {
        this.adoption = null;
        this.jobs.discard(aside.adoption.dir);
        return { req: adoption.replay ? mergeTargeted(again, adoption.replay) : again, adoption, startedAt: adoption.startedAt, mayStepAside: false };
      }
      return { req: again, adoption: aside.adoption, startedAt: aside.startedAt, mayStepAside: false };
    }
    // A change already waiting when a full build finished goes live first, over the live site, and is
    // replayed in the adoption after: it does not wait behind the replay of everything the full build
    // missed (at 100,000 stories, seconds). Once: a busy day cannot hold the adoption back for ever.
    if (adoption && !adoption.waited && req && this.jobs.hasLive?.()) {
      adoption.waited = true;
      adoption.replay = mergeTargeted(adoption.replay, req);
      return { req, adoption: null, startedAt: Date.now(), mayStepAside: false };
    }
    this.adoption = null;
    if (adoption?.replay) req = mergeTargeted(req, adoption.replay);
    // Long jobs a story should not wait for: an adoption's replay (once per adoption: not after a story went ahead of it),
    // a change with no story that renders list pages (a byline, a category). Not the light ones (ads, settings: no
    // list page), nor a story.
    const long = adoption ? !adoption.waited : !!req && !req.news.length && req.lists !== false;
    return { req, adoption, startedAt: adoption?.startedAt ?? Date.now(), mayStepAside: long && !!this.jobs.hasLive?.() };
  }

  private async liveLoop(): Promise<void> {
    // Yield first: the caller stores this promise in `live` before the loop can
    // end and clear it (an adoption with nothing to replay needs no await).
    await Promise.resolve();
    try {
      while (this.pendingTargeted || this.adoption || this.setAside) {
        const { req, adoption, startedAt: t0, mayStepAside } = this.nextLiveJob();
        const aside = (this.aside = mayStepAside && req ? new AbortController() : null);
        let dir: string | null = null;
        try {
          dir = req ? await this.jobs.targeted(req, adoption?.dir ?? null, aside?.signal) : adoption!.dir;
          this.jobs.activate(dir);
          this.record(adoption ? { full: true } : req!, { ok: true, ms: Date.now() - t0 });
          // A full build adopted with replayed stories also put those live.
          if (adoption && req && (req.news.length || req.slugs.length)) this.record(req, { ok: true, ms: Date.now() - t0 });
        } catch (e) {
          if (e instanceof SteppedAside) {
            this.setAside = { req, adoption, startedAt: t0, storiesFirst: true, stories: null };
            continue;
          }
          if (adoption) this.jobs.discard(adoption.dir);
          this.record(adoption ? { full: true } : req!, { ok: false, ms: Date.now() - t0, error: e instanceof Error ? e.message : String(e) });
          // The stories replayed over a failed adoption are still owed to the live site.
          if (adoption && req) this.pendingTargeted = mergeTargeted(this.pendingTargeted, req);
        } finally {
          this.aside = null;
        }
      }
    } finally {
      this.live = null;
    }
  }

  private async fullLoop(): Promise<void> {
    await Promise.resolve();
    try {
      while (this.pendingFull) {
        this.pendingFull = false;
        this.sinceFull = null;
        const startedAt = Date.now();
        try {
          const dir = await this.jobs.full();
          // A newer full build supersedes one still waiting to be adopted (it read
          // its data later, so what the older one had to replay is already in it).
          if (this.adoption) this.jobs.discard(this.adoption.dir);
          this.adoption = { dir, replay: this.sinceFull, startedAt };
          this.sinceFull = null;
          this.live ??= this.liveLoop();
        } catch (e) {
          this.sinceFull = null;
          this.record({ full: true }, { ok: false, ms: Date.now() - startedAt, error: e instanceof Error ? e.message : String(e) });
        }
      }
    } finally {
      this.fullRun = null;
    }
  }
}
