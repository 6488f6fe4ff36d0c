/**
 * A story's history (issue #12, item 2), read from Directus's own
 * directus_revisions / directus_activity, which no staff policy may read
 * directly: the endpoints here apply the role rule of domain/revisions
 * (a producer never sees a colleague's story's revisions).
 */
import type { Knex } from 'knex';
import { REVISIONS_SHOWN, type RevisionEntry } from '@portal/domain/revisions';

export type { RevisionEntry };
import { isoFromDb } from '../../shared/db-date.ts';

type Raw = { id: number; data: unknown; action: string; timestamp: unknown; user: string | null };

const snapshot = (data: unknown): Record<string, unknown> => {
  if (typeof data === 'string') {
    try {
      return JSON.parse(data) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
};
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** The story's author and status, or undefined when it does not exist. */
export const storyOf = (db: Knex, id: string) =>
  db('news').where('id', id).first('id', 'author_id', 'status') as Promise<{ id: string; author_id: string | null; status: string } | undefined>;

const base = (db: Knex, newsId: string) =>
  db('directus_revisions as r')
    .join('directus_activity as a', 'a.id', 'r.activity')
    .where('r.collection', 'news')
    .where('r.item', newsId)
    .whereNull('r.version')
    .select('r.id', 'r.data', 'a.action', 'a.timestamp', 'a.user');

/** The newest saves of a story, newest first, with who made them (their profile name). */
export async function listRevisions(db: Knex, newsId: string): Promise<RevisionEntry[]> {
  const rows = (await base(db, newsId).orderBy('r.id', 'desc').limit(REVISIONS_SHOWN)) as Raw[];
  const users = [...new Set(rows.map((r) => r.user).filter((u): u is string => !!u))];
  const names = new Map(
    (
      (users.length ? await db('profiles').whereIn('user_id', users).select('user_id', 'full_name') : []) as Array<{
        user_id: string;
        full_name: string | null;
      }>
    ).map((p) => [p.user_id, p.full_name]),
  );
  return rows.map((r) => {
    const d = snapshot(r.data);
    return {
      id: Number(r.id),
      at: isoFromDb(r.timestamp),
      action: r.action,
      user: (r.user && names.get(r.user)) || null,
      status: str(d.status),
      title: str(d.title),
      summary: str(d.summary),
      content: str(d.content),
    };
  });
}

/** The stored snapshot of one revision of this story, or undefined when it is not one of its revisions. */
export async function revisionSnapshot(db: Knex, newsId: string, revisionId: number): Promise<Record<string, unknown> | undefined> {
  const row = (await base(db, newsId).where('r.id', revisionId).first()) as Raw | undefined;
  return row ? snapshot(row.data) : undefined;
}
