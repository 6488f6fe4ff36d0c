import { mkdtempSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Releases } from './releases.ts';

describe('Releases', () => {
  it('activates a release atomically and clones the active one with hard links', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'rel-'));
    const r = new Releases(root);
    const a = r.prepare();
    writeFileSync(path.join(a, 'index.html'), 'v1');
    r.activate(a);
    expect(readFileSync(path.join(r.current, 'index.html'), 'utf8')).toBe('v1');
    const b = r.cloneActive();
    expect(statSync(path.join(b, 'index.html')).ino).toBe(statSync(path.join(a, 'index.html')).ino);
    // A new file replaces the link without touching the active release.
    const f = path.join(b, 'index.html');
    writeFileSync(`${f}.tmp`, 'v2');
    renameSync(`${f}.tmp`, f);
    expect(readFileSync(path.join(r.current, 'index.html'), 'utf8')).toBe('v1');
    r.activate(b);
    expect(readFileSync(path.join(r.current, 'index.html'), 'utf8')).toBe('v2');
  });

  it('keeps only the newest releases', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'rel-'));
    const r = new Releases(root, 2);
    for (let i = 0; i < 5; i++) r.activate(r.prepare());
    expect(readdirSync(r.releasesDir)).toHaveLength(2);
  });
});
