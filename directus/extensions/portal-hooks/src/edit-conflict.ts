/**
 * No silent overwrite (issue #12, item 3, decision 024): an update that says
 * which version it was based on is refused when the story changed since,
 * naming who changed it last and when. The rule is domain/src/edit-conflict.ts.
 */
import { editConflictMessage, isStaleVersion, LOADED_VERSION_FIELD } from '@portal/domain/edit-conflict';
import { conflict } from '../../shared/portal-error.ts';
import { isoFromDb } from '../../shared/db-date.ts';

/**
 * Takes the loaded version out of the payload (it is not a column) and throws
 * the pt-BR conflict when any of the rows (as read before the save) is newer
 * than it. Runs in the update filter, before Directus's own access checks,
 * which still apply afterwards.
 */
export async function refuseStaleEdit(db: any, payload: Record<string, unknown>, rows: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  if (!(LOADED_VERSION_FIELD in payload)) return;
  const loaded = payload[LOADED_VERSION_FIELD];
  delete payload[LOADED_VERSION_FIELD];
  const stale = rows.find((r) => isStaleVersion(typeof loaded === 'string' ? loaded : null, isoFromDb(r.updated_at)));
  if (!stale) return;
  // The last recorded write to the story (this one is not recorded yet).
  const last = await db('directus_activity').where({ collection: 'news', item: String(stale.id) }).whereIn('action', ['create', 'update']).orderBy('id', 'desc').first('user');
  const profile = last?.user ? await db('profiles').where({ user_id: last.user }).first('full_name') : null;
  throw conflict(editConflictMessage(profile?.full_name, isoFromDb(stale.updated_at) as string));
}
