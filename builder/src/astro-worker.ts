/**
 * The warm build process (child of build-worker.ts): Astro, Vite and the
 * site's build plugins are imported once; the first job runs Astro's own
 * programmatic build() — what `astro build --silent` runs — with the job's
 * environment and keeps that build's page renderer; every later job renders
 * its pages with it, without bundling again (warm-render.ts). One job at a
 * time. A cold `astro build` pays start-up and bundling on every publish
 * (docs/decisions/006-publish-pipeline.md).
 *
 * Message in: `{ id, env }`, and `{ stepAside: id }` (a story waits: the job
 * stops at its next step-aside point, if it is not nearly done: warm-render.ts); out: `{ ready: true }`
 * once, then `{ id, ok, error?, steppedAside?, rss, timings? }` per job
 * (timings: a warm render's).
 */
import type { RenderTimings } from './warm-render.ts';
export type WorkerJob = { id: number; env: Record<string, string> };
export type StepAside = { stepAside: number };
export type WorkerReply =
  | { ready: true }
  | { id: number; ok: boolean; error?: string; steppedAside?: true; rss: number; timings?: RenderTimings };

// As `astro build` has it before anything loads React (which picks its development or production build once, on load).
process.env.NODE_ENV ??= 'production';
const { build } = await import('astro');
const { KEEP_PRERENDERER, keepPrerenderer, renderTargeted } = await import('./warm-render.ts');
type Kept = Parameters<typeof renderTargeted>[0];
// What astro.config.mjs imports, and what story pages are sanitised with (jsdom: half a second
// the first time, which the prime renders no story to pay): loaded now, before the first publish waits for them.
await Promise.all([import('@astrojs/react'), import('@tailwindcss/vite'), import('vite'), import('jsdom'), import('dompurify')]);

const send = (m: WorkerReply) => process.send!(m);
// Each job starts from the environment the process started with: nothing leaks from the previous job.
const baseEnv = { ...process.env };

function setEnv(env: Record<string, string>) {
  for (const k of Object.keys(process.env)) if (!(k in baseEnv)) delete process.env[k];
  Object.assign(process.env, baseEnv, env);
}

let kept: Kept | null = null;
(globalThis as Record<symbol, unknown>)[KEEP_PRERENDERER] = keepPrerenderer((p) => {
  kept ??= p;
});

// The job running, and whether it was asked to step aside (the builder asks only after sending it: IPC keeps the order).
let running: { id: number; aside: boolean } | null = null;

process.on('message', (m: WorkerJob | StepAside) => {
  if ('stepAside' in m) {
    if (running?.id === m.stepAside) running.aside = true;
    return;
  }
  const job = m;
  const self = (running = { id: job.id, aside: false });
  setEnv(job.env);
  // The first job (Astro's own build, which bundles the site) never steps aside: every later one needs it.
  const stepAside = () => self.aside;
  // The config (astro.config.mjs) is imported afresh by a build() and reads this environment.
  (kept ? renderTargeted(kept, process.env, undefined, stepAside) : build({ logLevel: 'silent' }).then(() => undefined)).then(
    (timings) =>
      timings === 'stepped-aside'
        ? send({ id: job.id, ok: false, steppedAside: true, rss: process.memoryUsage().rss })
        : send({ id: job.id, ok: true, rss: process.memoryUsage().rss, ...(timings ? { timings } : {}) }),
    (e: unknown) => send({ id: job.id, ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e), rss: process.memoryUsage().rss }),
  );
});
// The builder went away: nothing more will come.
process.on('disconnect', () => process.exit(0));
send({ ready: true });
