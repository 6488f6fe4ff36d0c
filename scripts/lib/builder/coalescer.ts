/**
 * Build scheduling: one build at a time; triggers that arrive during a build
 * are merged into ONE follow-up (never more), so a burst of edits costs at
 * most two builds and the last one always sees the final state.
 * A request is either targeted (pages of some news) or full; merging a full
 * request with anything gives a full one.
 */
export type BuildRequest = { full: true } | { full: false; news: string[]; slugs: string[] };

const uniq = (xs: string[]) => [...new Set(xs)];

export function mergeRequests(a: BuildRequest | null, b: BuildRequest): BuildRequest {
  if (!a) return b.full ? b : { full: false, news: uniq(b.news), slugs: uniq(b.slugs) };
  if (a.full || b.full) return { full: true };
  return { full: false, news: uniq([...a.news, ...b.news]), slugs: uniq([...a.slugs, ...b.slugs]) };
}

export type BuildOutcome = { ok: true; ms: number } | { ok: false; ms: number; error: string };

/**
 * The queue holds at most one targeted job (the union of everything asked)
 * and one full flag. A queued publish runs before a queued full rebuild, so
 * it never waits behind one.
 */
export class Coalescer {
  private running: Promise<void> | null = null;
  private pendingTargeted: Extract<BuildRequest, { full: false }> | null = null;
  private pendingFull = false;
  readonly history: Array<{ request: BuildRequest; outcome: BuildOutcome; finishedAt: Date }> = [];

  private readonly build: (req: BuildRequest) => Promise<void>;
  private readonly onDone: (req: BuildRequest, outcome: BuildOutcome) => void;

  constructor(build: (req: BuildRequest) => Promise<void>, onDone: (req: BuildRequest, outcome: BuildOutcome) => void = () => {}) {
    this.build = build;
    this.onDone = onDone;
  }

  get busy() {
    return this.running !== null;
  }
  get queued(): BuildRequest | null {
    if (this.pendingTargeted && this.pendingFull) return { full: true };
    return this.pendingTargeted ?? (this.pendingFull ? { full: true } : null);
  }

  /** Asks for a build; resolves when the queue has drained. */
  trigger(req: BuildRequest): Promise<void> {
    if (req.full) this.pendingFull = true;
    else this.pendingTargeted = mergeRequests(this.pendingTargeted, req) as Extract<BuildRequest, { full: false }>;
    if (!this.running) this.running = this.loop();
    return this.running;
  }

  /** Resolves once nothing is running or queued. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private next(): BuildRequest | null {
    if (this.pendingTargeted) {
      const req = this.pendingTargeted;
      this.pendingTargeted = null;
      return req;
    }
    if (this.pendingFull) {
      this.pendingFull = false;
      return { full: true };
    }
    return null;
  }

  private async loop(): Promise<void> {
    try {
      for (let req = this.next(); req; req = this.next()) {
        const t0 = Date.now();
        let outcome: BuildOutcome;
        try {
          await this.build(req);
          outcome = { ok: true, ms: Date.now() - t0 };
        } catch (e) {
          outcome = { ok: false, ms: Date.now() - t0, error: e instanceof Error ? e.message : String(e) };
        }
        this.history.push({ request: req, outcome, finishedAt: new Date() });
        if (this.history.length > 50) this.history.shift();
        this.onDone(req, outcome);
      }
    } finally {
      this.running = null;
    }
  }
}
