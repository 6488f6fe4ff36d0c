/**
 * Supervises one warm build process (astro-worker.ts) for the live lane:
 * jobs run one at a time, in the order asked; the process is replaced after
 * `maxJobs` jobs, when it has grown `maxGrowthBytes` past its size after its
 * first job (which loads the site's modules and data: that size follows the
 * archive, the growth after it would be a leak), above `maxRssBytes`, and
 * after a failed build (nothing half-done carries over). A process that dies mid-job fails that job like a failed
 * build — the caller keeps the last good site — and the next job gets a new
 * process. docs/decisions/006-publish-pipeline.md.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { StepAside, WorkerJob, WorkerReply } from './astro-worker.ts';
import { SteppedAside } from './coalescer.ts';
import type { RenderTimings } from './warm-render.ts';
import { captureOutput, howItEnded, type ChildOutput } from './child-output.ts';

export type BuildWorkerOptions = {
  /** The worker's entry (astro-worker.ts; tests use a stand-in with the same messages). */
  script: string;
  cwd: string;
  execArgv?: string[];
  /** On top of this process's environment, for the worker's whole life. */
  env?: Record<string, string>;
  maxJobs?: number;
  maxRssBytes?: number;
  maxGrowthBytes?: number;
  /**
   * A throwaway first job for a new process (its environment, and what to do
   * once it ran), or null when there is nothing to build from yet: the first
   * job of a process bundles the site, the next ones only render, so a
   * process given its first job ahead leaves publishes only the render.
   */
  prime?: () => { env: Record<string, string>; done: () => void; over?: string } | null;
  /** The builder's log: each prime says which release's rows it read, and how long it took. */
  log?: (s: string) => void;
};

/** One process: `output` is what it printed (for the error of a job it failed). */
type Running = { child: ChildProcess; ready: Promise<void>; jobs: number; firstRss?: number; output: ChildOutput };

export class BuildWorker {
  private readonly o: Required<Omit<BuildWorkerOptions, 'prime' | 'log'>> & Pick<BuildWorkerOptions, 'prime' | 'log'>;
  private current: Running | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private stopped = false;
  private primeFailed = false;
  /** Real jobs asked for and not started yet. */
  private waiting = 0;
  /** Processes started so far (recycling and crashes start new ones). */
  started = 0;

  constructor(o: BuildWorkerOptions) {
    this.o = { execArgv: [], env: {}, maxJobs: 200, maxRssBytes: 6 * 1024 ** 3, maxGrowthBytes: 1024 ** 3, ...o };
  }

  /** Starts the process ahead of the first job, so that job finds it warm (and primed, when it can be). */
  warm(): void {
    if (this.stopped) return;
    this.spawn();
    this.primeNow();
  }

  /**
   * Gives a process that has run no job yet its first one now (`prime`), in
   * the queue like any job: one already waiting goes first, and then there is
   * nothing left to prime. Errors are the primed build's own: the next real
   * job runs in a new process, as after any failed build.
   */
  primeNow(): void {
    void this.throwaway(() => !!this.current && this.current.jobs > 0);
  }

  /**
   * A new release whose rows the process has not read went live (a full
   * build): the same throwaway job as `prime`, now, so its rows are read
   * (seconds at 100,000 stories) while nothing waits rather than by the next
   * publish. Skipped when a job is already waiting: it reads them itself.
   * Resolves once it ran or was skipped.
   */
  refresh(): Promise<void> {
    if (this.waiting > 0) return Promise.resolve();
    return this.throwaway(() => this.waiting > 0 || !this.current || this.current.jobs === 0);
  }

  /** The `prime` job, queued like any job, unless `skip()` says otherwise when its turn comes. */
  private throwaway(skip: () => boolean): Promise<void> {
    // A prime that failed is not tried again until a real job succeeds (Directus down: no loop of builds).
    if (this.primeFailed || !this.o.prime) return Promise.resolve();
    const prime = this.o.prime;
    const done = (this.tail = this.tail.then(async () => {
      if (this.stopped || skip()) return;
      // Made when it runs: the live release may have changed while it waited.
      const job = prime();
      if (!job) return;
      const t0 = performance.now();
      try {
        await this.runNow(job.env);
        this.o.log?.(`processo de build preparado${job.over ? ` sobre ${job.over}` : ''} em ${Math.round(performance.now() - t0)} ms`);
      } catch {
        this.primeFailed = true;
      } finally {
        job.done();
      }
    }));
    return done.then(() => {});
  }

  /**
   * Runs one build with `env` on top of the worker's environment; jobs queue behind each other. Resolves with a warm render's timings.
   * `aside` aborted: the job steps aside (rejects with SteppedAside) — at once if it has not started, else at its next
   * step-aside point (warm-render.ts) unless it is nearly done (then it resolves as usual). The process stays: nothing half-done is kept (its scratch is dropped).
   */
  run(env: Record<string, string>, aside?: AbortSignal): Promise<RenderTimings | undefined> {
    this.waiting++;
    const job = this.tail.then(() => {
      this.waiting--;
      return this.runNow(env, aside);
    });
    this.tail = job.then(
      () => {
        this.primeFailed = false;
      },
      () => {},
    );
    return job;
  }

  /** Resolves once every job queued so far (a prime or read-ahead included) has run. */
  settled(): Promise<void> {
    return this.tail.then(() => {});
  }

  /** The process serving jobs now, if any (tests). */
  get pid(): number | undefined {
    return this.current?.child.pid;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const r = this.current;
    this.current = null;
    if (r) await kill(r.child);
  }

  private spawn(): Running {
    if (this.current) return this.current;
    const child = fork(this.o.script, [], {
      cwd: this.o.cwd,
      execArgv: this.o.execArgv,
      env: { ...process.env, ...this.o.env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      // Its own process group: replacing or stopping it takes what it started too (esbuild's service, issue #32).
      detached: true,
    });
    this.started++;
    this.o.log?.(`processo de build iniciado (pid ${child.pid})`);
    // A send to a process that just died: its exit fails the job.
    child.on('error', () => {});
    const output = captureOutput(child);
    // Whatever it started goes with it, however it ended; and it goes with the builder.
    const withBuilder = () => killGroup(child);
    process.once('exit', withBuilder);
    child.once('exit', () => {
      process.removeListener('exit', withBuilder);
      killGroup(child);
    });
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (m: WorkerReply) => {
        if ('ready' in m) {
          child.off('message', onMessage);
          resolve();
        }
      };
      child.on('message', onMessage);
      void output.ended.then((end) => reject(new Error(`processo de build terminou ao iniciar (${howItEnded(end)}):\n${output.tail()}`)));
    });
    ready.catch(() => {}); // awaited by the job that needs it
    const running: Running = { child, ready, jobs: 0, output };
    child.once('exit', () => {
      if (this.current === running) this.current = null;
    });
    hold(child, false);
    this.current = running;
    return running;
  }

  private async runNow(env: Record<string, string>, aside?: AbortSignal): Promise<RenderTimings | undefined> {
    if (this.stopped) throw new Error('processo de build parado');
    if (aside?.aborted) throw new SteppedAside();
    const r = this.spawn();
    const { child } = r;
    hold(child, true);
    try {
      await r.ready;
      const id = this.nextId++;
      const askAside = () => {
        if (child.connected) child.send({ stepAside: id } satisfies StepAside);
      };
      const reply = await new Promise<Extract<WorkerReply, { id: number }>>((resolve, reject) => {
        const onMessage = (m: WorkerReply) => {
          if ('id' in m && m.id === id) {
            child.off('exit', onExit);
            child.off('message', onMessage);
            aside?.removeEventListener('abort', askAside);
            resolve(m);
          }
        };
        const onExit = () => {
          child.off('message', onMessage);
          aside?.removeEventListener('abort', askAside);
          // Its last words (the reason) may still be in the pipe when it exits.
          void r.output.ended.then((end) =>
            reject(new Error(`astro build falhou: o processo de build terminou no meio (${howItEnded(end)}):\n${r.output.tail()}`)),
          );
        };
        // Died since it was last seen: its exit has already been and gone.
        if (!child.connected) return onExit();
        child.on('message', onMessage);
        child.once('exit', onExit);
        child.send({ id, env } satisfies WorkerJob);
        aside?.addEventListener('abort', askAside, { once: true });
      });
      r.jobs++;
      r.firstRss ??= reply.rss;
      // Stopped between pages on request: not a failure, the process is as good as before.
      if (reply.steppedAside) throw new SteppedAside();
      if (!reply.ok || r.jobs >= this.o.maxJobs || reply.rss > this.o.maxRssBytes || reply.rss - r.firstRss > this.o.maxGrowthBytes) this.recycle(r);
      if (!reply.ok) throw new Error(`astro build falhou:\n${(reply.error ?? '').slice(-3000)}`);
      return reply.timings;
    } finally {
      if (this.current === r) hold(child, false);
    }
  }

  /** A fresh process for the next job, started now so that job finds it warm. */
  private recycle(r: Running) {
    if (this.current === r) this.current = null;
    void kill(r.child);
    if (this.stopped) return;
    this.spawn();
    this.primeNow();
  }
}

/** A worker keeps the builder's process alive while it builds, never while idle (its process, IPC channel and pipes). */
function hold(child: ChildProcess, on: boolean) {
  for (const h of [child, child.channel, child.stdout, child.stderr] as Array<{ ref?: () => void; unref?: () => void } | null | undefined>) {
    if (on) h?.ref?.();
    else h?.unref?.();
  }
}

/** The worker's process group: the worker and whatever it started. */
function killGroup(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    hold(child, true); // an idle worker is unref'd: its exit must still be awaited
    killGroup(child);
  });
}
