/**
 * Image upload to Directus files: folder by name, "folder" and "title" before
 * "file" in the form (Directus reads fields in order), public URL /api/assets/<id>.
 */
import { directus, readFolders, uploadFiles } from './directus.ts';

const folderIds = new Map<string, string>();

async function folderId(name: string): Promise<string | null> {
  const cached = folderIds.get(name);
  if (cached) return cached;
  const rows = (await directus.request(readFolders({ filter: { name: { _eq: name } }, fields: ['id'], limit: 1 }))) as Array<{ id: string }>;
  const id = rows[0]?.id ?? null;
  if (id) folderIds.set(name, id);
  return id;
}

export async function uploadImage(blob: Blob, opts: { folder: 'news-images' | 'avatars'; fileName: string }): Promise<string> {
  const form = new FormData();
  const folder = await folderId(opts.folder);
  if (folder) form.append('folder', folder);
  form.append('title', opts.fileName);
  form.append('file', blob, opts.fileName);
  const file = (await directus.request(uploadFiles(form, { fields: ['id'] }))) as { id: string };
  return `/api/assets/${file.id}`;
}

/** "news-<timestamp>.jpg" (spec section 7). */
export const newsImageName = (now: number = Date.now()) => `news-${now}.jpg`;
export const avatarName = (now: number = Date.now()) => `avatar-${now}.jpg`;
