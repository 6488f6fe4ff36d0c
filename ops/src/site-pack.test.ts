import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { packSite, unpackSite } from './site-pack.ts';

const dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'site-pack-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Every file under `dir` with its bytes, by relative path. */
const tree = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => [path.relative(dir, path.join(e.parentPath, e.name)), readFileSync(path.join(e.parentPath, e.name), 'utf8')]),
  );

describe('the live site as one entry (issue #28)', () => {
  it('a release folder packs and unpacks to the same files and bytes, with names in Portuguese', async () => {
    const release = temp();
    mkdirSync(path.join(release, 'news/chuva-em-belem'), { recursive: true });
    mkdirSync(path.join(release, 'category/política'), { recursive: true });
    writeFileSync(path.join(release, 'index.html'), '<h1>Portal</h1>');
    writeFileSync(path.join(release, 'news/chuva-em-belem/index.html'), '<p>Chuva forte em Belém</p>'.repeat(500));
    writeFileSync(path.join(release, 'category/política/index.html'), 'Política');
    const out = temp();
    const { files } = await packSite(release, path.join(out, 'release.tar.zst'));
    expect(files).toBe(3);
    expect(statSync(path.join(out, 'release.tar.zst')).size).toBeLessThan(2000);
    const back = path.join(temp(), 'restored');
    await unpackSite(path.join(out, 'release.tar.zst'), back);
    expect(tree(back)).toEqual(tree(release));
  });

  it('a damaged pack is refused', async () => {
    const release = temp();
    for (let i = 0; i < 50; i++) writeFileSync(path.join(release, `p${i}.html`), `página ${i} `.repeat(2000));
    const out = temp();
    const pack = path.join(out, 'release.tar.zst');
    await packSite(release, pack);
    truncateSync(pack, Math.floor(statSync(pack).size / 2));
    await expect(unpackSite(pack, path.join(out, 'restored'))).rejects.toThrow();
  });
});
