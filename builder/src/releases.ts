/**
 * Atomic releases: every build goes into releases/<id>; `current` is a
 * symlink switched with rename(2), so readers get either the old complete
 * site or the new complete site, never a half-written one. A failed build
 * never touches `current`.
 *
 * Old and failed releases leave the releases folder at once (a rename into
 * trash/) and are deleted in the background: deleting a release of 100,000
 * pages takes seconds, and the next publish must not wait for it. Only
 * finished releases count as old: a folder still being built (or waiting to
 * be adopted) and its side folders are never pruned (issue #32: a publish
 * going live during a full build's story pages sent that build's folder away,
 * and the build failed).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class Releases {
  readonly root: string;
  readonly releasesDir: string;
  readonly current: string;
  private readonly trash: string;
  private readonly keep: number;
  private readonly removals = new Set<Promise<void>>();
  /** Folders prepared and neither activated nor discarded yet: builds under way, or a full build waiting to be adopted. */
  private readonly building = new Set<string>();

  constructor(root: string, keep = 3) {
    this.root = root;
    this.keep = keep;
    this.releasesDir = path.join(root, 'releases');
    this.current = path.join(root, 'current');
    this.trash = path.join(root, 'trash');
    mkdirSync(this.releasesDir, { recursive: true });
    mkdirSync(this.trash, { recursive: true });
    // Left by a process that stopped before it finished deleting.
    for (const d of readdirSync(this.trash)) this.remove(path.join(this.trash, d));
  }

  /** A fresh, empty folder for the next build. */
  prepare(): string {
    const id = `${new Date().toISOString().replace(/[-:.TZ]/g, '')}-${process.pid}-${Math.random().toString(36).slice(2, 6)}`;
    const dir = path.join(this.releasesDir, id);
    mkdirSync(dir, { recursive: true });
    this.building.add(dir);
    return dir;
  }

  /** The active release folder, if any. */
  active(): string | null {
    try {
      return path.resolve(this.root, readlinkSync(this.current));
    } catch {
      return null;
    }
  }

  /** Switch `current` to dir atomically, then send old releases away. */
  activate(dir: string) {
    this.building.delete(dir);
    const tmp = `${this.current}.tmp-${process.pid}`;
    rmSync(tmp, { force: true });
    symlinkSync(path.relative(this.root, dir), tmp);
    renameSync(tmp, this.current);
    this.prune();
  }

  /** Sends away a release folder and any scratch made beside it (e.g. `<id>.pagefind-*`) by a build that failed. */
  discard(dir: string) {
    this.building.delete(dir);
    this.sendAway(dir);
    const base = `${path.basename(dir)}.`;
    for (const d of readdirSync(this.releasesDir)) if (d.startsWith(base)) this.sendAway(path.join(this.releasesDir, d));
  }

  /** Resolves when every release sent away so far is deleted (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.removals.size) await Promise.all([...this.removals]);
  }

  /**
   * A restore putting the rest of the live release's pages in (ops/src/restore.ts) marks it here, with its process;
   * null clears the mark.
   */
  markRestoring(pid: number | null) {
    const mark = path.join(this.root, 'restoring.pid');
    if (pid === null) rmSync(mark, { force: true });
    else writeFileSync(mark, String(pid));
  }

  /** Resolves once no live restore is still writing into the live release (a build copies it: it must be whole). */
  async untilRestored(log: (s: string) => void = () => {}): Promise<void> {
    const mark = path.join(this.root, 'restoring.pid');
    let told = false;
    for (;;) {
      let pid = 0;
      try {
        pid = Number(readFileSync(mark, 'utf8').trim());
        if (!Number.isInteger(pid) || pid <= 0) return;
        process.kill(pid, 0);
      } catch {
        return; // no mark, or its process is gone (a restore cut short: the full build makes the site whole)
      }
      if (!told) log(`esperando a restauração (processo ${pid}) terminar de abrir o site`);
      told = true;
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  /** Sends away the oldest finished releases beyond `keep` (the active one stays). */
  private prune() {
    const active = this.active();
    // Release folders only (ids have no dot): side folders such as `<id>.pagefind-*` and `<id>.stories-*` go with their release.
    const finished = readdirSync(this.releasesDir)
      .map((d) => path.join(this.releasesDir, d))
      .filter((d) => !path.basename(d).includes('.') && !this.building.has(d) && statSync(d, { throwIfNoEntry: false })?.isDirectory())
      .sort();
    const old = finished.filter((d) => d !== active).slice(0, Math.max(0, finished.length - this.keep));
    for (const d of old) this.discard(d);
  }

  /** Out of the releases folder now (one rename), deleted in the background. */
  private sendAway(p: string) {
    if (!existsSync(p)) return;
    const to = path.join(this.trash, `${path.basename(p)}-${Math.random().toString(36).slice(2, 8)}`);
    try {
      renameSync(p, to);
    } catch {
      rmSync(p, { recursive: true, force: true });
      return;
    }
    this.remove(to);
  }

  private remove(p: string) {
    // `rm -rf` in its own process at low priority: the builder's event loop and the live lane stay free.
    const job = new Promise<void>((resolve) => {
      const rm = spawn('nice', ['-n', '10', 'rm', '-rf', p], { stdio: 'ignore' });
      rm.on('error', () => {
        rmSync(p, { recursive: true, force: true });
        resolve();
      });
      rm.on('exit', () => resolve());
    });
    this.removals.add(job);
    void job.finally(() => this.removals.delete(job));
  }
}
