/**
 * Wires the portal's server-side rules onto Directus events. The rules live
 * in news-rules.ts / catalog-rules.ts / profile-sync.ts; this file only loads
 * what they need and applies what they return. Filter hooks throw to reject.
 */
import { defineHook } from '@directus/extensions';
import { uniqueSlug } from '@portal/domain/slug';
import { dbDate, isoFromDb } from '../../shared/db-date.ts';
import { builderNotifier, FULL_REBUILD_COLLECTIONS, newsRebuild, type NewsState } from './rebuild-trigger.ts';
import { loadActor } from './actor.ts';
import { allowTestTld } from './demo-emails.ts';
import {
  assertCategoryNameFree,
  assertMunicipalityChangeAllowed,
  assertNoNews,
  CATEGORY_IN_USE_ERROR,
  MUNICIPALITY_IN_USE_ERROR,
  prepareCategory,
  prepareMunicipality,
} from './catalog-rules.ts';
import { prepareNewsCreate, prepareNewsUpdate, type NewsPayload, type PreviousNews } from './news-rules.ts';
import { profileFromUser, syncProfileToUser, syncUserToProfile } from './profile-sync.ts';

type Keys = Array<string | number>;

export default defineHook(({ filter, action, schedule }, { database, env, logger }) => {
  const knex = database as any;
  const notify = builderNotifier(env['PORTAL_BUILDER_URL'] as string | undefined, env['PORTAL_BUILDER_TOKEN'] as string | undefined, (m) =>
    logger.warn(m),
  );
  // News state before a write, read in the filter and used after commit by the action.
  const before = new Map<string, NewsState[]>();
  const keyOf = (keys: Keys) => keys.map(String).sort().join(',');
  const newsStates = async (db: any, keys: Keys): Promise<NewsState[]> =>
    (await db('news').whereIn('id', keys).select('id', 'slug', 'status', 'published_at')).map((r: any) => ({
      id: r.id,
      slug: r.slug,
      status: r.status,
      published_at: isoFromDb(r.published_at),
    }));
  const afterNewsWrite = async (keys: Keys) => {
    const previous = before.get(keyOf(keys)) ?? [];
    before.delete(keyOf(keys));
    const req = newsRebuild(previous, await newsStates(knex, keys), new Date());
    if (req) await notify(req);
  };
  if (String(env['PORTAL_ALLOW_TEST_EMAILS']) === 'true' && !allowTestTld()) logger.warn('portal: não foi possível liberar e-mails .test');

  /** Slug unique among news: "titulo", "titulo-2", … (self excluded on update). */
  async function freeNewsSlug(db: any, slug: string, selfIds: Keys = []): Promise<string> {
    const taken = await db('news')
      .where((q: any) => q.where('slug', slug).orWhere('slug', 'like', `${slug}-%`))
      .whereNotIn('id', selfIds)
      .pluck('slug');
    return uniqueSlug(slug, taken);
  }

  filter('news.items.create', async (payload, _meta, { database: db, accountability }) => {
    const actor = await loadActor(accountability as any, db as any);
    const out = prepareNewsCreate(payload as NewsPayload, actor, new Date());
    out.slug = await freeNewsSlug(db, out.slug as string);
    return out;
  });

  filter('news.items.update', async (payload, meta, { database: db, accountability }) => {
    const keys = (meta as { keys: Keys }).keys ?? [];
    const actor = await loadActor(accountability as any, db as any);
    const previous: PreviousNews[] = await (db as any)('news')
      .whereIn('id', keys)
      .select('id', 'status', 'published_at', 'municipality_id', 'author_id');
    before.set(keyOf(keys), await newsStates(db, keys));
    const out = prepareNewsUpdate(payload as NewsPayload, previous, actor, new Date());
    if (typeof out.slug === 'string') out.slug = await freeNewsSlug(db, out.slug, keys);
    return out;
  });

  filter('news.items.delete', async (keys, _meta, { database: db }) => {
    before.set(keyOf(keys as Keys), await newsStates(db, keys as Keys));
    return keys;
  });

  action('news.items.create', async ({ key }) => afterNewsWrite([key as string]));
  action('news.items.update', async ({ keys }) => afterNewsWrite(keys as Keys));
  action('news.items.delete', async ({ keys }) => afterNewsWrite(keys as Keys));

  for (const collection of FULL_REBUILD_COLLECTIONS) {
    for (const event of ['create', 'update', 'delete']) {
      action(`${collection}.items.${event}`, async () => notify({ full: true }));
    }
  }

  // Scheduled publishing: news whose time came since the last sweep go live
  // within a minute, with no manual step.
  let lastSweep = new Date(Date.now() - 5 * 60_000);
  schedule('*/20 * * * * *', async () => {
    const now = new Date();
    const due = await knex('news')
      .where('status', 'published')
      .whereNotNull('scheduled_at')
      .where('published_at', '>', dbDate(knex, lastSweep))
      .where('published_at', '<=', dbDate(knex, now))
      .select('id', 'slug');
    lastSweep = now;
    if (due.length) await notify({ full: false, news: due.map((r: any) => r.id), slugs: due.map((r: any) => r.slug) });
  });

  filter('categories.items.create', async (payload, _meta, { database: db }) => {
    const out = prepareCategory(payload as Record<string, unknown>, true);
    assertCategoryNameFree(await (db as any)('categories').whereRaw('lower(name) = lower(?)', [out.name]).first('id'));
    return out;
  });

  filter('categories.items.update', async (payload, meta, { database: db }) => {
    const out = prepareCategory(payload as Record<string, unknown>, false);
    if (typeof out.name === 'string') {
      const keys = (meta as { keys: Keys }).keys ?? [];
      const clash = await (db as any)('categories').whereRaw('lower(name) = lower(?)', [out.name]).whereNotIn('id', keys).first('id');
      assertCategoryNameFree(clash);
    }
    return out;
  });

  filter('categories.items.delete', async (keys, _meta, { database: db }) => {
    const row = await (db as any)('news').whereIn('category_id', keys as Keys).count({ n: '*' }).first();
    assertNoNews(Number(row?.n ?? 0), CATEGORY_IN_USE_ERROR);
    return keys;
  });

  filter('municipalities.items.create', async (payload) => prepareMunicipality(payload as Record<string, unknown>, true));

  filter('municipalities.items.update', async (payload, meta, { database: db }) => {
    const keys = (meta as { keys: Keys }).keys ?? [];
    const rows = await (db as any)('municipalities').whereIn('id', keys).select('name');
    assertMunicipalityChangeAllowed(rows, { name: (payload as Record<string, unknown>).name });
    return prepareMunicipality(payload as Record<string, unknown>, false);
  });

  filter('municipalities.items.delete', async (keys, _meta, { database: db }) => {
    const rows = await (db as any)('municipalities').whereIn('id', keys as Keys).select('name');
    assertMunicipalityChangeAllowed(rows, { delete: true });
    const row = await (db as any)('news').whereIn('municipality_id', keys as Keys).count({ n: '*' }).first();
    assertNoNews(Number(row?.n ?? 0), MUNICIPALITY_IN_USE_ERROR);
    return keys;
  });

  // Every Directus user gets a profile; role and email stay in step both ways.
  action('users.create', async ({ key, payload }) => {
    const row = profileFromUser(String(key), payload as Record<string, unknown>, dbDate(knex, new Date()));
    const exists = await knex('profiles').where({ user_id: row.user_id }).first('id');
    if (!exists) await knex('profiles').insert(row);
  });

  action('users.update', async ({ keys, payload }) => {
    await syncUserToProfile(knex, keys as string[], payload as Record<string, unknown>);
  });

  action('profiles.items.update', async ({ keys, payload }) => {
    await syncProfileToUser(knex, keys as string[], payload as Record<string, unknown>);
  });
});
