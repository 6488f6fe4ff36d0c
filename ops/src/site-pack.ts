/**
 * The live site in a backup (issue #28): one entry, `site/release.tar.zst`,
 * made by the system's tar and Node's zstd, not 200,000 entries of the outer
 * archive. At 100,000 stories the release is 200,000 pages and 7 GB; walked,
 * hashed and packed one by one in JavaScript it took minutes of CPU (decision
 * 039's bench), while tar streams the folder in seconds. The entry's own
 * SHA-256 in the manifest vouches for every page in it, and zstd's frame
 * checksum catches damage inside it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdirSync, readdirSync } from 'node:fs';
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

/** Packs the release folder `dir` into `file` (.tar.zst); answers how many files it holds. */
export async function packSite(dir: string, file: string): Promise<{ files: number }> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  // Releases are new folders, but a targeted build may still swap a page in place: read as it is
  // (exit 1 is "a file changed while read"; the rebuild after a restore has it right).
  await withTar(
    ['-c', '-f', '-', '-C', dir, '--warning=no-file-changed', '--warning=no-file-removed', '--ignore-failed-read', '.'],
    async (child) => {
      child.stdin!.end();
      await pipeline(child.stdout!, compress(), createWriteStream(file, { mode: 0o600 }));
    },
    [0, 1],
  );
  return { files };
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
