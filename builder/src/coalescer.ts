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
 */
import { mergeTargeted, type BuildRequest, type TargetedRequest } from '@portal/domain/build-contract';

export { mergeRequests } from '@portal/domain/build-contract';
export type { BuildRequest } from '@portal/domain/build-contract';

export type BuildOutcome = { ok: true; ms: number } | { ok: false; ms: number; error: string };

export type BuildJobs = {
  /** Renders `req` over `base` (a finished full build being adopted) or over a copy of the live site (null); returns the folder. */
  targeted: (req: TargetedRequest, base: string | null) => Promise<string>;
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

export class Coalescer {
  private live: Promise<void> | null = null;
  private fullRun: Promise<void> | null = null;
  private pendingTargeted: TargetedRequest | null = null;
  private pendingFull = false;
  /** Targeted requests made since the running full build started (to replay over it). */
  private sinceFull: TargetedRequest | null = null;
  private adoption: Adoption | null = null;
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

  private async liveLoop(): Promise<void> {
    // Yield first: the caller stores this promise in `live` before the loop can
    // end and clear it (an adoption with nothing to replay needs no await).
    await Promise.resolve();
    try {
      while (this.pendingTargeted || this.adoption) {
        let adoption = this.adoption;
        let req = this.pendingTargeted;
        this.pendingTargeted = null;
        // A change already waiting when a full build finished goes live first, over the live site, and is
        // replayed in the adoption after: it does not wait behind the replay of everything the full build
        // missed (at 100,000 stories, seconds). Once: a busy day cannot hold the adoption back for ever.
        if (adoption && !adoption.waited && req && this.jobs.hasLive?.()) {
          adoption.waited = true;
          adoption.replay = mergeTargeted(adoption.replay, req);
          adoption = null;
        } else this.adoption = null;
        if (adoption?.replay) req = mergeTargeted(req, adoption.replay);
        const t0 = adoption?.startedAt ?? Date.now();
        let dir: string | null = null;
        try {
          dir = req ? await this.jobs.targeted(req, adoption?.dir ?? null) : adoption!.dir;
          this.jobs.activate(dir);
          this.record(adoption ? { full: true } : req!, { ok: true, ms: Date.now() - t0 });
          // A full build adopted with replayed stories also put those live.
          if (adoption && req && (req.news.length || req.slugs.length)) this.record(req, { ok: true, ms: Date.now() - t0 });
        } catch (e) {
          if (adoption) this.jobs.discard(adoption.dir);
          this.record(adoption ? { full: true } : req!, { ok: false, ms: Date.now() - t0, error: e instanceof Error ? e.message : String(e) });
          // The stories replayed over a failed adoption are still owed to the live site.
          if (adoption && req) this.pendingTargeted = mergeTargeted(this.pendingTargeted, req);
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
