/**
 * Server-side rules for writing news (spec sections 4–6, issue #2). Pure:
 * the hook loads what they need and applies what they return.
 */
import { MUNICIPALITY_CHANGE_ERROR } from '@portal/domain/municipalities';
import { applyPublishRule, isNewsStatus, statusOptionsFor, type NewsStatus } from '@portal/domain/news-status';
import { choosesMunicipality, mayChangeMunicipality, mayFeature, newsSlugFor, nullEmptyReferences } from '@portal/domain/news-rules';
import { requestedSlug, SLUG_BATCH_ERROR } from '@portal/domain/permalinks';
import { castBoolean, MESSAGES } from '@portal/domain/validation';
import { isLiveState, LIVE_MODE_ERROR, LIVE_STATE_INVALID, liveModeChange, mayRunCoverage } from '@portal/domain/live';
import { forbidden, invalid } from '../../shared/portal-error.ts';
import type { Actor } from './actor.ts';

export type NewsPayload = Record<string, unknown>;
export type PreviousNews = {
  id: string;
  slug: string;
  status: NewsStatus;
  published_at: string | null;
  first_published_at: string | null;
  municipality_id: string | null;
  author_id: string | null;
  live_status?: string | null;
  live_started_at?: string | null;
};

export const PRODUCER_STATUS_ERROR = 'Produtores só podem salvar notícias como rascunho ou pendente';
export const FEATURE_ERROR = 'Apenas editores podem destacar notícias';

/** Featuring a story is an editorial decision; the flag is cast first, so `1` or `"true"` is `true` (issue #32). */
function checkFeatured(payload: NewsPayload, actor: Actor) {
  if (!('is_featured' in payload) || payload.is_featured === null) return;
  const featured = castBoolean(payload.is_featured);
  if (featured === null) throw invalid(MESSAGES.flagInvalid);
  payload.is_featured = featured;
  if (featured && actor.kind === 'user' && !mayFeature(actor.role)) throw forbidden(FEATURE_ERROR);
}

/** A status the writer's role may save (a live entry's refusal names entries: live-entries.ts). */
export function checkStatus(status: unknown, actor: Actor, refusal: string = PRODUCER_STATUS_ERROR) {
  if (status === undefined) return;
  if (!isNewsStatus(status)) throw invalid(MESSAGES.statusInvalid);
  if (actor.kind === 'user' && !statusOptionsFor(actor.role).includes(status)) {
    throw forbidden(refusal);
  }
}

/**
 * Live coverage (issue #30): only editors start, end or turn off a story's live mode; the times are the
 * server's (a resumed coverage keeps its start, sending the state it already has changes nothing).
 */
function applyLiveMode(out: NewsPayload, previous: PreviousNews | null, actor: Actor, now: Date) {
  delete out.live_started_at;
  delete out.live_ended_at;
  if (!('live_status' in out)) return;
  const next = out.live_status === '' || out.live_status === undefined ? null : out.live_status;
  if (next !== null && !isLiveState(next)) throw invalid(LIVE_STATE_INVALID);
  if ((previous?.live_status ?? null) === next) {
    delete out.live_status;
    return;
  }
  if (actor.kind === 'user' && !mayRunCoverage(actor.role)) throw forbidden(LIVE_MODE_ERROR);
  Object.assign(out, liveModeChange({ live_started_at: previous?.live_started_at ?? null }, next, now));
}

/**
 * Create: author forced to self, producer's municipality forced, publish rule, slug from title. Title and
 * content were validated by the collection's validator before (validation-filters.ts), once.
 */
export function prepareNewsCreate(payload: NewsPayload, actor: Actor, now: Date): NewsPayload {
  const out: NewsPayload = nullEmptyReferences({ ...payload });
  delete out.first_published_at;
  out.status ??= 'draft';
  checkStatus(out.status, actor);
  checkFeatured(out, actor);
  applyLiveMode(out, null, actor, now);
  if (actor.kind === 'user') {
    // A super_admin may file on behalf of another author; everyone else writes as themselves.
    if (!(actor.admin && typeof out.author_id === 'string' && out.author_id)) out.author_id = actor.userId;
    if (!choosesMunicipality(actor.role)) out.municipality_id = actor.municipalityId;
  }
  Object.assign(
    out,
    applyPublishRule({ status: out.status as NewsStatus, scheduled_at: out.scheduled_at as string | null, previous: null, now }),
  );
  out.slug = newsSlugFor(out);
  return out;
}

/**
 * The publish rule for each row of an update: a batch publish sends one
 * payload for many rows, but each keeps its own history (a story published
 * last week keeps its date; a pending one is published now).
 */
export function publishDatesByRow(payload: NewsPayload, previous: ReadonlyArray<Pick<PreviousNews, 'id' | 'status' | 'published_at'>>, now: Date): Record<string, string | null> {
  return Object.fromEntries(
    previous.map((p) => [
      p.id,
      applyPublishRule({ status: (payload.status as NewsStatus | undefined) ?? p.status, scheduled_at: payload.scheduled_at as string | null, previous: p, now })
        .published_at,
    ]),
  );
}

/**
 * Update of one or more news: municipality locked for everyone but super_admin,
 * status rules, publish rule recomputed when status or schedule is sent.
 */
export function prepareNewsUpdate(payload: NewsPayload, previous: PreviousNews[], actor: Actor, now: Date): NewsPayload {
  const out: NewsPayload = nullEmptyReferences({ ...payload });
  delete out.author_id;
  delete out.first_published_at;
  // Title and content: validated on the merged rows by the hook (domain validateNews).
  checkStatus(out.status, actor);
  checkFeatured(out, actor);
  // A batch changes every row's mode alike; each keeps its first start only when they agree (the editor's one story).
  applyLiveMode(out, previous.length === 1 ? previous[0]! : previous.length ? { ...previous[0]!, live_status: undefined, live_started_at: null } : null, actor, now);

  if (actor.kind === 'user' && !mayChangeMunicipality(actor.role) && 'municipality_id' in out) {
    const changed = previous.some((p) => (p.municipality_id ?? null) !== (out.municipality_id ?? null));
    if (changed) throw forbidden(MUNICIPALITY_CHANGE_ERROR);
    delete out.municipality_id;
  }

  if ('status' in out || 'scheduled_at' in out) {
    const dates = publishDatesByRow(out, previous, now);
    const values = new Set(Object.values(dates));
    // One payload serves every row only when they all get the same date; otherwise
    // the hook writes each row's own date (publishDatesByRow) and the payload sets none.
    if (values.size === 1) out.published_at = [...values][0];
    else delete out.published_at;
  } else {
    delete out.published_at;
  }
  // Permanent URLs (issue #8): a story that went out keeps its slug unless an editor changes it.
  const slug = requestedSlug(out, previous, actor.kind === 'user' ? actor.role : null);
  if (slug.error) throw slug.error === SLUG_BATCH_ERROR ? invalid(slug.error) : forbidden(slug.error);
  delete out.slug;
  if (slug.slug) out.slug = slug.slug;
  return out;
}
