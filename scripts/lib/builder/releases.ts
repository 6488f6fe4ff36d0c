/**
 * Atomic releases: every build goes into releases/<id>; `current` is a
 * symlink switched with rename(2), so readers get either the old complete
 * site or the new complete site, never a half-written one. A failed build
 * never touches `current`.
 */
import { existsSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export class Releases {
  readonly root: string;
  readonly releasesDir: string;
  readonly current: string;
  private readonly keep: number;

  constructor(root: string, keep = 3) {
    this.root = root;
    this.keep = keep;
    this.releasesDir = path.join(root, 'releases');
    this.current = path.join(root, 'current');
    mkdirSync(this.releasesDir, { recursive: true });
  }

  /** A fresh, empty folder for the next build. */
  prepare(): string {
    const id = `${new Date().toISOString().replace(/[-:.TZ]/g, '')}-${process.pid}-${Math.random().toString(36).slice(2, 6)}`;
    const dir = path.join(this.releasesDir, id);
    mkdirSync(dir, { recursive: true });
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

  /**
   * A new release that starts as a copy of the active one, made of hard links
   * (no file data is copied, so 10k pages take a fraction of a second).
   */
  cloneActive(): string {
    const dir = this.prepare();
    const active = this.active();
    if (active && existsSync(active)) {
      const r = spawnSync('cp', ['-al', `${active}/.`, dir]);
      if (r.status !== 0) throw new Error(`cp -al falhou: ${r.stderr}`);
    }
    return dir;
  }

  /** Switch `current` to dir atomically, then prune old releases. */
  activate(dir: string) {
    const tmp = `${this.current}.tmp-${process.pid}`;
    rmSync(tmp, { force: true });
    symlinkSync(path.relative(this.root, dir), tmp);
    renameSync(tmp, this.current);
    this.prune();
  }

  /** Removes a release folder and any scratch made beside it (e.g. `<id>.pagefind-*`) by a build that failed. */
  discard(dir: string) {
    rmSync(dir, { recursive: true, force: true });
    const base = `${path.basename(dir)}.`;
    for (const d of readdirSync(this.releasesDir)) if (d.startsWith(base)) rmSync(path.join(this.releasesDir, d), { recursive: true, force: true });
  }

  private prune() {
    const active = this.active();
    const all = readdirSync(this.releasesDir).sort();
    const old = all.filter((d) => path.join(this.releasesDir, d) !== active).slice(0, Math.max(0, all.length - this.keep));
    for (const d of old) rmSync(path.join(this.releasesDir, d), { recursive: true, force: true });
  }
}
