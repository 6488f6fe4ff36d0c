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

/** A local uploads folder holding `files`, and an archive being written beside it. */
async function uploadsWith(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'backup-upload-'));
  dirs.push(dir);
  const uploads = path.join(dir, 'uploads');
  const local = openStorage({ driver: 'local', root: uploads });
  for (const [name, bytes] of Object.entries(files)) await local.write(name, Readable.from([Buffer.from(bytes)]));
  const file = path.join(dir, 'a.tar.zst');
  return { local, gone: (p: string) => unlinkSync(path.join(uploads, p)), file, writer: new ArchiveWriter(file) };
}

describe('an upload in the backup', () => {
  it('deleted between its stat and its read (a story taken down with its photo meanwhile) is missing, and the archive stays whole', async () => {
    const { local, gone, file, writer } = await uploadsWith({ 'fica.jpg': 'foto que fica', 'sai.jpg': 'foto apagada' });
    // The newsroom deletes the photo right after the backup has seen it.
    const racing = over(local, {
      stat: async (p) => {
        const s = await local.stat(p);
        if (p === 'sai.jpg') gone(p);
        return s;
      },
    });
    expect(await packUpload(writer, racing, 'sai.jpg')).toBe(false);
    expect(await packUpload(writer, racing, 'fica.jpg')).toBe(true);
    await writer.finish('manifest.json', Buffer.from('{}'));
    expect(await entries(file)).toEqual({ [`${PARTS.uploads}fica.jpg`]: 'foto que fica', 'manifest.json': '{}' });
  });

  it('deleted once open is still copied whole (the open file keeps its bytes)', async () => {
    const { local, gone, file, writer } = await uploadsWith({ 'foto.jpg': 'bytes da foto' });
    const racing = over(local, {
      read: async (p) => {
        const s = await local.read(p);
        // Deleted as soon as it is open: the archive still gets every byte.
        s.once('ready', () => gone(p));
        return s;
      },
    });
    expect(await packUpload(writer, racing, 'foto.jpg')).toBe(true);
    await writer.finish('manifest.json', Buffer.from('{}'));
    expect(await entries(file)).toEqual({ [`${PARTS.uploads}foto.jpg`]: 'bytes da foto', 'manifest.json': '{}' });
  });
});
