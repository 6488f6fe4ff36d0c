/**
 * What every site build does besides its pages, shared by Astro's build
 * (astro.config.mjs hooks) and the warm render (astro-worker.ts), so the two
 * cannot drift: the Pagefind index is built from the data in its own process
 * while the pages render — every story in a full build; in a targeted one only
 * the stories changed since the live full index, into /pagefind-recent/, which
 * the search page merges (domain/src/search-delta.ts) —, and the not-found page
 * for missing /news/* paths is copied to /news-not-found.html (what the front
 * server and nginx serve). docs/decisions/006-publish-pipeline.md.
 */
import { spawn } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { buildPlan, newsSnapshotFile, planEnv, rowsFailedFile, searchIndexListFile, snapshotDeltaFile } from '@portal/domain/build-contract';
import { rmSync, writeFileSync } from 'node:fs';
import { captureOutput, howItEnded } from './child-output.ts';
import { RECENT_INDEX_DIR, SEARCH_DELTA_FILE } from '@portal/domain/search-delta';

/** The index builder runs as its own process: the render process's event loop is too busy to feed Pagefind. */
function runSearchIndex(root: string, into: string, recent: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    // Its heap grows as the page processes' does (astro-cli.ts): it holds the archive's rows, and nobody waits on its GC.
    const child = spawn(process.execPath, ['--max-semi-space-size=16', '--heap-growing-percent=20', path.join(root, 'site/src/build/search-index-cli.ts'), into, ...(recent ? ['--recent'] : [])], {
      // Who reads and writes the build's news rows: site/src/build/news-snapshot.ts.
      env: { ...process.env, ...planEnv({ ...buildPlan(process.env), searchIndex: true, rowsFromSearch: false }) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The build ending first (it failed) takes its index process with it.
    const stop = () => child.kill('SIGKILL');
    process.once('exit', stop);
    child.on('exit', () => process.removeListener('exit', stop));
    const output = captureOutput(child);
    child.on('error', reject);
    void output.ended.then((end) =>
      end.code === 0 ? resolve(Number(output.stdout())) : reject(new Error(`índice de busca falhou (${howItEnded(end)}): ${output.tail(2000)}`)),
    );
  });
}

export type PostBuild = {
  finish: (log: (s: string) => void) => Promise<void>;
  /** A warm render stepping aside before its pages were done: its index folder goes (no process was started). */
  abandon: () => Promise<void>;
};

/**
 * Starts the search index for the build writing `outDir`; `finish` once its
 * pages are written. With `index`, no process: `finish` calls it with the
 * folder to write the index into, after the pages (the warm render).
 */
export async function beginPostBuild(
  root: string,
  outDir: string,
  targeted: boolean,
  o: { index?: (into: string) => Promise<number> } = {},
): Promise<PostBuild> {
  // Beside the output (same filesystem), so moving each index folder in is one rename.
  await mkdir(path.dirname(outDir), { recursive: true });
  const tmp = await mkdtemp(`${outDir.replace(/\/$/, '')}.pagefind-`);
  // mkdtemp makes it private (0700): nginx's workers (another user) must read the index.
  await chmod(tmp, 0o755);
  if (!targeted) {
    // A full build's rows come from its search-index process, which starts now, while Vite bundles (news-snapshot.ts).
    rmSync(newsSnapshotFile(outDir), { force: true });
    rmSync(snapshotDeltaFile(newsSnapshotFile(outDir)), { force: true });
    rmSync(rowsFailedFile(outDir), { force: true });
    // Its list is written last: whoever waits for the index (rowsAndIndexWritten) sees this build's, not an old one.
    rmSync(searchIndexListFile(outDir), { force: true });
    Object.assign(process.env, planEnv({ ...buildPlan(process.env), rowsFromSearch: true }));
  }
  const index = o.index ? null : runSearchIndex(root, tmp, targeted);
  index?.catch((e: unknown) => {
    // The page process waiting for the rows stops waiting, and fails with the index process's own error (its last lines).
    if (!targeted) writeFileSync(rowsFailedFile(outDir), e instanceof Error ? e.message : String(e));
  });
  return {
    abandon: () => rm(tmp, { recursive: true, force: true }),
    async finish(log) {
      await copyFile(path.join(outDir, 'news-not-found/index.html'), path.join(outDir, 'news-not-found.html'));
      const count = index ? await index : await o.index!(tmp);
      // The index's folders, by their public names (the full index's parts, or the recent one).
      const dirs = await readdir(tmp);
      for (const dir of dirs) {
        await rm(path.join(outDir, dir), { recursive: true, force: true });
        await rename(path.join(tmp, dir), path.join(outDir, dir));
      }
      // A targeted build with nothing recent leaves the release's recent index as it is (its delta says whether it counts).
      await rm(tmp, { recursive: true, force: true });
      rmSync(rowsFailedFile(outDir), { force: true });
      // A full build that carried the live index forward wrote its own delta (site/src/build/search-index.ts).
      const carried = !targeted && dirs.includes(SEARCH_DELTA_FILE);
      const parts = dirs.filter((d) => d !== SEARCH_DELTA_FILE && d !== RECENT_INDEX_DIR).length;
      log(
        targeted
          ? `Pagefind: ${count} notícias indexadas (índice recente)`
          : carried
            ? `Pagefind: índice completo mantido (${parts} parte(s)); ${count} notícia(s) mudada(s) desde ele no índice recente`
            : `Pagefind: ${count} notícias indexadas em ${parts} parte(s)`,
      );
    },
  };
}
