import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { ArchiveWriter, readArchive } from './archive.ts';
import { packUpload } from './backup.ts';
import { PARTS } from './manifest.ts';
import { openStorage, type Storage } from './storage.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The driver with some of its methods replaced (the rest still the driver's own). */
const over = (storage: Storage, with_: Partial<Storage>): Storage => Object.assign(Object.create(storage) as Storage, with_);

/** What the archive holds, entry by entry. */
async function entries(file: string) {
  const out: Record<string, string> = {};
  await readArchive(file, async (h, content) => {
    const chunks: Buffer[] = [];
    for await (const c of content) chunks.push(c as Buffer);
    out[h.name] = Buffer.concat(chunks).toString();
  });
  return out;
}

describe('an upload in the backup', () => {
  it('deleted between its stat and its read (a story taken down with its photo meanwhile) is missing, and the archive stays whole', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'backup-upload-'));
    dirs.push(dir);
    const uploads = path.join(dir, 'uploads');
    const local = openStorage({ driver: 'local', root: uploads });
    await local.write('fica.jpg', Readable.from([Buffer.from('foto que fica')]));
    await local.write('sai.jpg', Readable.from([Buffer.from('foto apagada')]));
    // The newsroom deletes the photo right after the backup has seen it.
    const racing = over(local, {
      stat: async (p) => {
        const s = await local.stat(p);
        if (p === 'sai.jpg') unlinkSync(path.join(uploads, p));
        return s;
      },
    });
    const file = path.join(dir, 'a.tar.zst');
    const writer = new ArchiveWriter(file);
    expect(await packUpload(writer, racing, 'sai.jpg')).toBe(false);
    expect(await packUpload(writer, racing, 'fica.jpg')).toBe(true);
    await writer.finish('manifest.json', Buffer.from('{}'));
    expect(await entries(file)).toEqual({ [`${PARTS.uploads}fica.jpg`]: 'foto que fica', 'manifest.json': '{}' });
  });

  it('deleted once open is still copied whole (the open file keeps its bytes)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'backup-upload-'));
    dirs.push(dir);
    const uploads = path.join(dir, 'uploads');
    const local = openStorage({ driver: 'local', root: uploads });
    await local.write('foto.jpg', Readable.from([Buffer.from('bytes da foto')]));
    const racing = over(local, {
      read: async (p) => {
        const s = await local.read(p);
        // Deleted as soon as it is open: the archive still gets every byte.
        s.once('ready', () => unlinkSync(path.join(uploads, p)));
        return s;
      },
    });
    const file = path.join(dir, 'a.tar.zst');
    const writer = new ArchiveWriter(file);
    expect(await packUpload(writer, racing, 'foto.jpg')).toBe(true);
    await writer.finish('manifest.json', Buffer.from('{}'));
    expect(await entries(file)).toEqual({ [`${PARTS.uploads}foto.jpg`]: 'bytes da foto', 'manifest.json': '{}' });
  });
});
