/**
 * The full lane's processes step aside while the live lane renders a change.
 *
 * A full build runs at the lowest CPU priority, but on a 2-core machine that
 * only matters when both cores are wanted: the live lane's render is mostly
 * one thread, so the full build (Astro, its search index, Pagefind) kept the
 * other core, the memory bandwidth and the Directus both read from, and a
 * publish took about three times as long while a catch-up ran (issue #8,
 * 100k rhythm). So the builder stops (SIGSTOP) the full build's process
 * groups for the length of each targeted build and continues them (SIGCONT)
 * after. The full lane still gets its share: a pause never lasts longer than
 * `maxPauseMs`, and none starts once the full build has been stopped for
 * `maxShare` of its time (a day of back-to-back publishes slows a catch-up,
 * it never stops it). docs/decisions/006-publish-pipeline.md.
 */
export type PausableOptions = {
  /** The longest a single pause lasts (a stuck render must not hold the full lane). */
  maxPauseMs?: number;
  /** The share of a full build's time it may spend stopped; past it, publishes run beside it. */
  maxShare?: number;
  now?: () => number;
  /** Sends a signal to a process group; replaceable only to observe it. */
  signal?: (pgid: number, sig: 'SIGSTOP' | 'SIGCONT') => void;
};

const signalGroup = (pgid: number, sig: 'SIGSTOP' | 'SIGCONT') => {
  try {
    process.kill(-pgid, sig);
  } catch {
    // The group is gone (the build ended): nothing to stop or continue.
  }
};

export class PausableGroups {
  private readonly groups = new Set<number>();
  private readonly maxPauseMs: number;
  private readonly maxShare: number;
  private readonly now: () => number;
  private readonly send: (pgid: number, sig: 'SIGSTOP' | 'SIGCONT') => void;
  /** Since when groups have been running (the budget's start), and how long they were stopped since. */
  private since = 0;
  private stoppedMs = 0;
  private pausedAt: number | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(o: PausableOptions = {}) {
    this.maxPauseMs = o.maxPauseMs ?? 30_000;
    this.maxShare = o.maxShare ?? 0.5;
    this.now = o.now ?? Date.now;
    this.send = o.signal ?? signalGroup;
  }

  get paused(): boolean {
    return this.pausedAt !== null;
  }

  /** A full build's process group (its leader's pid); returns what to call when it ends. */
  add(pgid: number): () => void {
    if (!this.groups.size) {
      this.since = this.now();
      this.stoppedMs = 0;
    }
    this.groups.add(pgid);
    // Started while a publish renders: it waits for it like the others.
    if (this.paused) this.send(pgid, 'SIGSTOP');
    return () => {
      this.groups.delete(pgid);
      // Its leader ended as it was stopped (the stop reached it exiting): what is left of it must not stay stopped.
      if (this.paused) this.send(pgid, 'SIGCONT');
      if (!this.groups.size && this.paused) this.resume();
    };
  }

  /** Stops every full build, unless there is none or their share of stopped time is spent; true when it did. */
  pause(): boolean {
    if (this.paused || !this.groups.size) return false;
    const t = this.now();
    const elapsed = t - this.since;
    if (elapsed > 0 && this.stoppedMs / elapsed >= this.maxShare) return false;
    this.pausedAt = t;
    for (const pgid of this.groups) this.send(pgid, 'SIGSTOP');
    this.timer = setTimeout(() => this.resume(), this.maxPauseMs);
    this.timer.unref();
    return true;
  }

  /** Continues every full build stopped by pause(). */
  resume(): void {
    if (this.pausedAt === null) return;
    clearTimeout(this.timer);
    this.stoppedMs += this.now() - this.pausedAt;
    this.pausedAt = null;
    for (const pgid of this.groups) this.send(pgid, 'SIGCONT');
  }

  /** Runs `job` with the full builds stopped (within the limits above). */
  async during<T>(job: () => Promise<T>): Promise<T> {
    const paused = this.pause();
    try {
      return await job();
    } finally {
      if (paused) this.resume();
    }
  }
}

/**
 * Stops a full build that has run longer than `limitMs`, its pauses not
 * counted (they are the live lane's time, not the build's). A catch-up's
 * Pagefind process was once seen spinning on one core for 29 minutes with no
 * output, holding the full lane; stopped, the build fails like any other (the
 * live site stays, the error is reported, the build is tried again).
 */
export function runningLimit(limitMs: number, paused: () => boolean, tickMs = 1_000): { signal: AbortSignal; stop: () => void } {
  const controller = new AbortController();
  let ran = 0;
  const timer = setInterval(() => {
    if (!paused()) ran += tickMs;
    if (ran < limitMs) return;
    clearInterval(timer);
    const limit = limitMs >= 60_000 ? `${Math.round(limitMs / 60_000)} min` : `${limitMs / 1000} s`;
    controller.abort(new Error(`build completo interrompido: rodou mais de ${limit} (o site anterior continua no ar)`));
  }, tickMs);
  timer.unref();
  return { signal: controller.signal, stop: () => clearInterval(timer) };
}
