/**
 * The backup archive: a tar stream compressed with zstd (`.tar.zst`, readable by
 * `tar --zstd -xf` too), written in one pass. Every entry's SHA-256 is taken
 * while it streams in; the manifest that lists them goes last (it can only be
 * written once all is known). Node's own zlib does zstd: nothing to install.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';

export type ArchivedFile = { path: string; size: number; sha256: string; secret?: true };

/** Fast zstd: HTML still shrinks about tenfold, and 7 GB of pages at 100,000 stories must pass in minutes. */
const ZSTD_LEVEL = 1;

export class ArchiveWriter {
  readonly files: ArchivedFile[] = [];
  private readonly pack = tar.pack();
  private readonly written: Promise<void>;
  private readonly whole = createHash('sha256');
  private bytes = 0;
  private readonly mtime = new Date();

  constructor(file: string) {
    const tap = new Transform({
      transform: (chunk: Buffer, _enc, cb) => {
        this.whole.update(chunk);
        this.bytes += chunk.length;
        cb(null, chunk);
      },
    });
    this.written = pipeline(
      this.pack as unknown as Readable,
      zlib.createZstdCompress({ params: { [zlib.constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } }),
      tap,
      createWriteStream(file, { mode: 0o600 }),
    );
    // Surfaces in finish(); a rejection nobody awaits yet must not crash the process.
    this.written.catch(() => {});
  }

  /** Adds `size` bytes from `content` as `name`, hashing them on the way. */
  async add(name: string, size: number, content: Readable | Buffer, opts: { secret?: boolean } = {}): Promise<ArchivedFile> {
    const hash = createHash('sha256');
    let entry!: ReturnType<tar.Pack['entry']>;
    const done = new Promise<void>((resolve, reject) => {
      entry = this.pack.entry({ name, size, mode: opts.secret ? 0o600 : 0o644, mtime: this.mtime }, (e) => (e ? reject(e) : resolve()));
    });
    if (Buffer.isBuffer(content)) {
      hash.update(content);
      entry.end(content);
    } else {
      for await (const chunk of content) {
        hash.update(chunk as Buffer);
        if (!entry.write(chunk as Buffer)) await once(entry as unknown as NodeJS.EventEmitter, 'drain');
      }
      (entry as unknown as NodeJS.WritableStream).end();
    }
    await done;
    const file: ArchivedFile = { path: name, size, sha256: hash.digest('hex'), ...(opts.secret ? { secret: true as const } : {}) };
    this.files.push(file);
    return file;
  }

  /** Writes `last` (the manifest), closes the archive and returns its size and checksum. */
  async finish(lastName: string, last: Buffer): Promise<{ bytes: number; sha256: string }> {
    await new Promise<void>((resolve, reject) => this.pack.entry({ name: lastName, size: last.length, mode: 0o644, mtime: this.mtime }, last, (e) => (e ? reject(e) : resolve())));
    this.pack.finalize();
    await this.written;
    return { bytes: this.bytes, sha256: this.whole.digest('hex') };
  }

  /** Abandons the archive (the caller removes the partial file). */
  async abort(e: Error): Promise<void> {
    this.pack.destroy(e);
    await this.written.catch(() => {});
  }
}

export type EntryHeader = { name: string; size: number; type: string; mode: number };

/**
 * Reads an archive entry by entry, in order. `onEntry` must consume the stream
 * (or drain it) before the next entry comes. Any damage — not zstd, cut short,
 * a broken tar header — rejects.
 */
export async function readArchive(file: string, onEntry: (header: EntryHeader, content: Readable) => Promise<void>): Promise<void> {
  const extract = tar.extract();
  const feeding = pipeline(createReadStream(file), zlib.createZstdDecompress(), extract as unknown as NodeJS.WritableStream);
  feeding.catch(() => {});
  try {
    for await (const entry of extract) {
      const h = entry.header;
      await onEntry({ name: h.name, size: h.size ?? 0, type: h.type ?? 'file', mode: h.mode ?? 0o644 }, entry as unknown as Readable);
    }
  } catch (e) {
    await feeding.catch(() => {});
    throw e;
  }
  await feeding;
}

/** SHA-256 of a stream's bytes (and their count). */
export async function hashStream(content: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of content) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}
