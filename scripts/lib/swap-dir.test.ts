import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeDir, swapDir } from './swap-dir.ts';

function folder(root: string, name: string, files: Record<string, string>) {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [f, text] of Object.entries(files)) writeFileSync(path.join(dir, f), text);
  return dir;
}

describe('swapDir', () => {
  it('puts the fresh folder in place when there was none', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'swap-'));
    const fresh = folder(root, 'admin.building', { 'index.html': 'novo' });
    swapDir(fresh, path.join(root, 'admin'));
    expect(readFileSync(path.join(root, 'admin/index.html'), 'utf8')).toBe('novo');
    expect(readdirSync(root)).toEqual(['admin']);
  });

  it('replaces the old folder whole: none of its files is left, nor the folder it was moved to', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'swap-'));
    folder(root, 'admin', { 'index.html': 'velho', 'assets-old.js': 'x' });
    const fresh = folder(root, 'admin.building', { 'index.html': 'novo' });
    swapDir(fresh, path.join(root, 'admin'));
    expect(readdirSync(path.join(root, 'admin'))).toEqual(['index.html']);
    expect(readFileSync(path.join(root, 'admin/index.html'), 'utf8')).toBe('novo');
    expect(readdirSync(root)).toEqual(['admin']);
  });

  it('another build that landed in between stays, and this one is discarded without an error', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'swap-'));
    const fresh = folder(root, 'admin.building-a', { 'index.html': 'a' });
    folder(root, 'admin', { 'index.html': 'b' });
    expect(() => placeDir(fresh, path.join(root, 'admin'))).not.toThrow();
    expect(readFileSync(path.join(root, 'admin/index.html'), 'utf8')).toBe('b');
    expect(readdirSync(root)).toEqual(['admin']);
  });
});
