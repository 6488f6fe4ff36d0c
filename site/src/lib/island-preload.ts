/**
 * `<link rel="modulepreload">` for a page's islands (issue #34, decision 057).
 * Astro's island runtime finds an island's component and renderer only when it
 * runs, and their static imports (React's runtime) only once those arrive: a
 * chain of round trips, 400 ms each on slow 3G. The client build records, for
 * every entry chunk, the chunk and its static imports; a page lists its
 * islands and the head links them all, so they load beside the HTML.
 *
 * The record lives in the build's process (globalThis): Astro generates pages
 * after its client build in the same process, and the live lane's warm render
 * reuses its first build's chunks. Nothing recorded: no links.
 */
type Chunk = { type: string; fileName: string; isEntry?: boolean; facadeModuleId?: string | null; imports?: string[]; code?: string };

/** Entry module id → the files it needs (itself and its static imports, transitively); each file's size. */
export type ChunkRecord = { entries: Map<string, string[]>; sizes: Map<string, number> };

const KEY = Symbol.for('portal.islandChunks');
const store = globalThis as unknown as Record<symbol, ChunkRecord | undefined>;

export function recordChunks(bundle: Record<string, Chunk>): ChunkRecord {
  const entries = new Map<string, string[]>();
  const sizes = new Map<string, number>();
  const closure = (file: string, seen: Set<string>) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const dep of bundle[file]?.imports ?? []) closure(dep, seen);
  };
  for (const c of Object.values(bundle)) {
    if (c.type !== 'chunk') continue;
    sizes.set(c.fileName, c.code?.length ?? 0);
    if (!c.isEntry || !c.facadeModuleId) continue;
    const seen = new Set<string>();
    closure(c.fileName, seen);
    entries.set(c.facadeModuleId, [...seen]);
  }
  const record = { entries, sizes };
  store[KEY] = record;
  return record;
}

/** A Vite plugin for the client build: records its chunks for the pages generated next. */
export function islandChunksPlugin() {
  return {
    name: 'portal-island-chunks',
    applyToEnvironment: (env: { name: string }) => env.name === 'client',
    generateBundle(_: unknown, bundle: Record<string, Chunk>) {
      recordChunks(bundle);
    },
  };
}

/** A React island's renderer (@astrojs/react's client entry): every React island needs it. */
const REACT_RENDERER = /@astrojs\/react\/.*client[^/]*\.js$/;

/**
 * The URLs to preload for islands given by their source path's end
 * (`islands/ArticleActions.tsx`): each island's chunks, React's renderer and
 * theirs, each once, largest first — on a thin link the biggest file (React
 * DOM) is what hydration waits for, so it starts first. Empty when no island
 * matches or no client build was recorded in this process.
 */
export function islandPreloads(islands: string[], record: ChunkRecord | undefined = store[KEY]): string[] {
  if (!record) return [];
  const files = new Set<string>();
  let renderer: string[] = [];
  for (const [id, chunks] of record.entries) {
    const clean = id.split('?')[0]!;
    if (REACT_RENDERER.test(clean)) renderer = chunks;
    else if (islands.some((i) => clean.endsWith(`/${i}`))) for (const f of chunks) files.add(f);
  }
  // The renderer only with an island found (a page without one needs no React).
  if (files.size) for (const f of renderer) files.add(f);
  const size = (f: string) => record.sizes.get(f) ?? 0;
  return [...files].sort((a, b) => size(b) - size(a)).map((f) => `/${f}`);
}
