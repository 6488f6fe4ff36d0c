/**
 * Which files a writer may point content at (issue #32, item 4). Content
 * that is public makes the files it uses public (file-visibility.ts), so
 * pointing a profile photo or a draft at someone's embargoed photo would
 * publish it. A writer without editor rights may use only the files she
 * uploaded herself, or files already public.
 */
import { fileRefs } from '@portal/domain/files';
import { isEditorLevel } from '@portal/domain/roles';
import { forbidden } from '../../shared/portal-error.ts';
import type { Actor } from './actor.ts';

type Knex = any;
type StoredFile = { id: string; uploaded_by: string | null; portal_public: unknown };

export const FILE_USE_ERROR = 'Imagem indisponível: use uma imagem enviada por você ou já publicada no portal.';

/** The first file a writer may not use, or null. Pure: the hook loads the files. */
export function forbiddenFile(refs: readonly string[], files: readonly StoredFile[], userId: string): string | null {
  for (const id of refs) {
    const f = files.find((x) => x.id.toLowerCase() === id);
    // An id no file has points at nothing: it publishes nothing.
    if (!f) continue;
    const isPublic = f.portal_public === true || f.portal_public === 1 || f.portal_public === '1' || f.portal_public === 'true';
    if (f.uploaded_by !== userId && !isPublic) return id;
  }
  return null;
}

/**
 * Refuses a write whose fields point at a file the writer may not use.
 * `always`: the rule holds for editors too (a profile photo is public at once,
 * with no editor's review on the way).
 */
export async function assertFileUse(db: Knex, actor: Actor, texts: unknown[], o: { always?: boolean } = {}): Promise<void> {
  if (actor.kind !== 'user' || actor.admin) return;
  if (!o.always && isEditorLevel(actor.role)) return;
  const refs = fileRefs(...texts);
  if (!refs.length) return;
  const files: StoredFile[] = await db('directus_files').whereIn('id', refs).select('id', 'uploaded_by', 'portal_public');
  if (forbiddenFile(refs, files, actor.userId)) throw forbidden(FILE_USE_ERROR);
}
