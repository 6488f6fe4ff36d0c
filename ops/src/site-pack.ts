/**
 * The live site in a backup (issue #28): two entries, `site/first.tar.zst`
 * (what readers meet first) and `site/release.tar.zst` (the rest), made by the
 * system's tar and Node's zstd, not 200,000 entries of the outer archive. At
 * 100,000 stories the release is 200,000 pages and 7 GB; walked, hashed and
 * packed one by one in JavaScript it took minutes of CPU (decision 039's
 * bench), while tar streams the folder in seconds. Each entry's own
 * SHA-256 in the manifest vouches for every page in it, and zstd's frame
 * checksum catches damage inside it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

/** Whether the `zstd` program is installed (Debian's `zstd`): without it Node's own zstd does the work. */
export const hasSystemZstd = (): boolean => spawnSync('zstd', ['--version'], { stdio: 'ignore' }).status === 0;

/** Fast zstd, with a checksum of the content: HTML still shrinks about tenfold. */
const compress = () => zlib.createZstdCompress({ params: { [zlib.constants.ZSTD_c_compressionLevel]: 1, [zlib.constants.ZSTD_c_checksumFlag]: 1 } });

/**
 * Runs tar with one end of its pipe given to `flow`; resolves when both are done, tar's exit code
 * checked. `tarDecides`: a failure of the flow counts only if tar failed too — tar -x exits once it
 * reads the archive's end marker, and the last bytes written after it (the record's zero padding)
 * then meet a closed pipe ("Premature close", EPIPE) though nothing is missing.
 */
async function withTar(args: string[], flow: (child: ReturnType<typeof spawn>) => Promise<void>, okCodes: number[], tarDecides = false): Promise<void> {
  const child = spawn('tar', args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr = (stderr + d).slice(-2000)));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  let flowError: unknown = null;
  try {
    await flow(child);
  } catch (e) {
    flowError = e;
    if (!tarDecides) child.kill('SIGKILL');
  }
  const code = await exited.catch(() => null);
  const tarFailed = code === null || !okCodes.includes(code);
  if (tarFailed || (flowError && !tarDecides)) {
    const why = [stderr.trim(), flowError instanceof Error ? flowError.message : flowError ? String(flowError) : ''].filter(Boolean).join('; ');
    throw new Error(`tar terminou com o código ${code}: ${why || 'sem mensagem'}`);
  }
}

/**
 * Story pages and the search's fragments (one per page, in each index shard: `pagefind/`, `pagefind-2/`…): 100,000
 * of each at 100,000 stories, 7.3 GB of the release's 8; all but the newest stories can follow the rest.
 */
const FOLLOWS = /^(news|pagefind(-\d+)?\/fragment)\//;
/** The pages whose links name the stories readers reach first: the home, each list's first page, the feeds. */
const FRONT = /^(index\.html|rss\.xml|news-sitemap\.xml|(category|municipio|autor)\/[^/]+\/index\.html)$/;

/**
 * Which files of a release go in its first pack: everything a reader meets first — the home, every list page, the
 * assets, the search index — and the pages of the stories those front pages link to; the rest (older stories, the
 * search's fragments) in the second. Restore puts the site live once the first is written (issue #28).
 */
export function splitRelease(dir: string): { first: string[]; rest: string[] } {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  const linked = new Set<string>();
  for (const f of files) {
    if (!FRONT.test(f)) continue;
    for (const m of readFileSync(path.join(dir, f), 'utf8').matchAll(/\/news\/([^/"'?#<\s]+)/g)) linked.add(m[1]!);
  }
  const first: string[] = [];
  const rest: string[] = [];
  for (const f of files) {
    const story = f.startsWith('news/') ? f.split('/')[1]! : null;
    (!FOLLOWS.test(f) || (story !== null && (linked.has(story) || linked.has(encodeURI(story)))) ? first : rest).push(f);
  }
  return { first, rest };
}

/** Packs the files `names` (relative to the release folder `dir`) into `file` (.tar.zst). */
async function packFiles(dir: string, names: string[], file: string): Promise<void> {
  // Releases are new folders, but a targeted build may still swap a page in place: read as it is
  // (exit 1 is "a file changed while read"; the rebuild after a restore has it right).
  await withTar(
    ['-c', '-f', '-', '-C', dir, '--warning=no-file-changed', '--warning=no-file-removed', '--ignore-failed-read', '--null', '--verbatim-files-from', '-T', '-'],
    async (child) => {
      child.stdin!.end(names.map((n) => `${n}\0`).join(''));
      await pipeline(child.stdout!, compress(), createWriteStream(file, { mode: 0o600 }));
    },
    [0, 1],
  );
}

/**
 * Packs the release folder `dir` in two: `first` (what readers meet first, see splitRelease) and `rest`;
 * answers how many files each holds.
 */
export async function packSite(dir: string, files: { first: string; rest: string }): Promise<{ files: number; first: number }> {
  const split = splitRelease(dir);
  await packFiles(dir, split.first, files.first);
  await packFiles(dir, split.rest, files.rest);
  return { files: split.first.length + split.rest.length, first: split.first.length };
}

/**
 * Unpacks a `packSite` file — or its bytes as they are read (restore opens the site while it reads the backup) —
 * into `dir` (made if missing); owners and modes are not taken from the archive.
 */
export async function unpackSite(source: string | Readable, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  // With the system's zstd, tar decompresses in a process of its own and Node passes only the compressed bytes:
  // 8 GB of pages through Node's streams cost the restore half a minute of CPU at 100,000 stories (decision 039).
  const native = hasSystemZstd();
  await withTar(
    [...(native ? ['--zstd'] : []), '-x', '-f', '-', '-C', dir, '--no-same-owner', '--no-same-permissions', '--no-overwrite-dir'],
    async (child) => {
      child.stdout!.resume();
      const from = typeof source === 'string' ? createReadStream(source) : source;
      await (native ? pipeline(from, child.stdin!) : pipeline(from, zlib.createZstdDecompress(), child.stdin!));
    },
    [0],
    true,
  );
}
