import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Releases } from './releases.ts';

describe('Releases', () => {
  it('activates a release atomically: current switches from one complete release to the next', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'rel-'));
    const r = new Releases(root);
    const a = r.prepare();
    writeFileSync(path.join(a, 'index.html'), 'v1');
    r.activate(a);
    expect(readFileSync(path.join(r.current, 'index.html'), 'utf8')).toBe('v1');
    const b = r.prepare();
    writeFileSync(path.join(b, 'index.html'), 'v2');
    expect(readFileSync(path.join(r.current, 'index.html'), 'utf8')).toBe('v1');
    r.activate(b);
    expect(readFileSync(path.join(r.current, 'index.html'), 'utf8')).toBe('v2');
  });

  it('keeps only the newest releases: old ones leave at once and are deleted in the background', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'rel-'));
    const r = new Releases(root, 2);
    const dirs: string[] = [];
    for (let i = 0; i < 5; i++) {
      const d = r.prepare();
      writeFileSync(path.join(d, 'index.html'), `v${i}`);
      dirs.push(d);
      r.activate(d);
    }
    expect(readdirSync(r.releasesDir).sort()).toEqual(
      dirs
        .slice(-2)
        .map((d) => path.basename(d))
        .sort(),
    );
    expect(readFileSync(path.join(r.current, 'index.html'), 'utf8')).toBe('v4');
    await r.settled();
    expect(readdirSync(path.join(root, 'trash'))).toEqual([]);
  });

  it('a build under way and its side folders are never pruned, however many publishes go live meanwhile (issue #32)', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'rel-'));
    const r = new Releases(root, 2);
    for (let i = 0; i < 2; i++) r.activate(r.prepare());
    const live = r.active()!;
    // A full build: its folder, its search index's scratch and its story pages' helper output beside it.
    const full = r.prepare();
    mkdirSync(`${full}.pagefind-abc123`);
    mkdirSync(`${full}.stories-1`);
    writeFileSync(`${full}.report.json`, '{}');
    // Publishes laid over the live release, each with its scratch folder; and a prime's.
    for (let i = 0; i < 4; i++) {
      const scratch = r.prepare();
      mkdirSync(`${scratch}.pagefind-x`);
      const prime = r.prepare();
      r.discard(scratch);
      r.activate(live);
      r.discard(prime);
    }
    for (const d of [full, `${full}.pagefind-abc123`, `${full}.stories-1`, `${full}.report.json`]) expect(existsSync(d), d).toBe(true);
    // Done, and live: now it counts, and the oldest beyond two go.
    r.activate(full);
    const left = readdirSync(r.releasesDir).filter((d) => !d.includes('.'));
    expect(left).toHaveLength(2);
    expect(left).toContain(path.basename(full));
  });

  it('a failed build goes with its scratch; trash left by a stopped process is emptied on start', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'rel-'));
    const r = new Releases(root);
    const d = r.prepare();
    writeFileSync(`${d}.report.json`, '{}');
    mkdirSync(`${d}.pagefind-x`);
    r.discard(d);
    expect(readdirSync(r.releasesDir)).toEqual([]);
    await r.settled();
    mkdirSync(path.join(root, 'trash', 'left-behind'));
    const again = new Releases(root);
    await again.settled();
    expect(readdirSync(path.join(root, 'trash'))).toEqual([]);
  });

  it('builds wait while a live restore still fills the release, and not for a restore that is gone', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'rel-'));
    const r = new Releases(root);
    await r.untilRestored(); // no mark: at once
    // A restore in another process (alive while this test runs).
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      r.markRestoring(other.pid!);
      const told: string[] = [];
      let done = false;
      const waiting = r.untilRestored((s) => told.push(s)).then(() => (done = true));
      await new Promise((res) => setTimeout(res, 700));
      expect(done).toBe(false);
      expect(told).toEqual([`esperando a restauração (processo ${other.pid}) terminar de abrir o site`]);
      r.markRestoring(null);
      await waiting;
      // A mark left by a restore that died: its process is gone, nothing to wait for.
      r.markRestoring(other.pid!);
      other.kill('SIGKILL');
      await new Promise((res) => other.once('exit', res));
      await r.untilRestored();
    } finally {
      other.kill('SIGKILL');
    }
  });
});

