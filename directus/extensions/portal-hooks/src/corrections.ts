/**
 * Corrections (issue #12, item 1): a correction goes only on a story readers
 * can see, and each write asks the builder for that story's page (a targeted
 * build also renders /correcoes, like every page that is not a story).
 */
import { CORRECTION_NEEDS_PUBLISHED, correctionAllowed } from '@portal/domain/corrections';
import { invalid } from '../../shared/portal-error.ts';

type Keys = Array<string | number>;
type Row = { status: string; published_at: string | Date | null };

/**
 * Throws the pt-BR refusal unless `news` is publicly visible at `now`.
 * @example assertCorrectable(undefined, now) // throws 'Só é possível registrar correção em notícia publicada'
 */
export function assertCorrectable(news: Row | undefined, now: Date): void {
  if (!news || !correctionAllowed(news, now)) throw invalid(CORRECTION_NEEDS_PUBLISHED);
}

/** The stories the corrections `keys` belong to (before an update or delete). */
export async function correctedNews(db: any, keys: Keys): Promise<string[]> {
  if (!keys.length) return [];
  const rows = (await db('news_corrections').whereIn('id', keys).distinct('news_id')) as Array<{ news_id: string }>;
  return rows.map((r) => String(r.news_id));
}
