/**
 * Wires the portal's server-side rules onto Directus events. The rules live
 * in news-rules.ts / catalog-rules.ts / profile-sync.ts; this file only loads
 * what they need and applies what they return. Filter hooks throw to reject.
 */
import { defineHook } from '@directus/extensions';
import { dbDate } from '../../shared/db-date.ts';
import { builderNotifier, SITE_WIDE_COLLECTIONS, siteWideRequest } from './rebuild-trigger.ts';
import { catalogueListOf } from '@portal/domain/archive';
import { loadActor } from './actor.ts';
import { sweepClock } from './sweep-clock.ts';
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
import { newsHooks } from './news-hooks.ts';
import { liveEntryHooks } from './live-entries.ts';
import { profileFromUser, syncProfileToUser, syncUserToProfile } from './profile-sync.ts';
import { createLoginGuard, limiterFactory, mountLoginLimits } from './login-limit-middleware.ts';
import { allOf, mountUploadGuard, sniffImage } from './upload-guard.ts';
import { withoutPrivateMetadata } from './image-metadata.ts';
import { Readable } from 'node:stream';
import { BEFORE_LIST_SLUGS, carried, carry, CORRECTED_NEWS, FILE_CANDIDATES } from './carry.ts';
import { assertCorrectable, correctedNews } from './corrections.ts';
import { listSlugs, recordListRedirects, type ListSlug } from './list-redirect-store.ts';
import { candidateFiles, FILE_SOURCES, liveEntryFiles, openSavedFiles, reconcileAllFiles, refreshAfterSave, refreshFileVisibility, storedRows, type FileSource } from './file-visibility.ts';
import { textLimitError, TEXT_LIMITS, type LimitedCollection } from '@portal/domain/text-limits';
import { invalid } from '../../shared/portal-error.ts';
import { wherePublicNews } from '../../shared/visibility.ts';
import { purgeExpiredViews, VIEW_RETENTION_CRON } from '../../shared/view-retention.ts';
import { readerRoutes } from './readers/routes.ts';
import { localizeMail, type OutgoingMail } from './mail.ts';
import { mountNewsletter, newsletterLinks, type NewsletterConfig } from './newsletter/routes.ts';
import { composeDigest, sendDigestToAll } from './newsletter/digest.ts';
import { mountPrivacy } from './newsletter/privacy.ts';
import { mailOutbox } from './newsletter/outbox.ts';
import { purgeNewsletter } from './newsletter/store.ts';
import { pushEnv } from './push/config.ts';
import { mountPush } from './push/routes.ts';
import { pushSender } from './push/sender.ts';
import { pushWorker } from './push/worker.ts';
import { readerCaps } from './readers/caps.ts';
import { DIGEST_CRON } from '@portal/domain/newsletter';
import { firstMediaError, MEDIA_SETTING_KEYS, validateMediaSettings, type MediaSettingKey } from '@portal/domain/media-settings';
import { validationFilters } from './validation-filters.ts';
import { assertFileUse } from './file-use.ts';
import { audienceOf, mountQueryGuard, refuseMalformedPath } from './query-guard.ts';
import { SITE_READER } from '../../../access/ids.ts';

type Keys = Array<string | number>;

export default defineHook(({ filter, action, schedule, init }, { database, env, logger, services, getSchema }) => {
  // What readers' pages call (issue #9): anonymous readers are answered before Directus's
  // own middleware, staff (with credentials) after it, with one batch buffer for both.
  const readers = readerRoutes(database as any, env);
  init('middlewares.before', (meta) => {
    const app = (meta as { app: import('express').Router }).app;
    app.use(refuseMalformedPath);
    app.use(readers.before);
  });

  // Mail in pt-BR, signed with the portal's name (issue #13).
  const portalName = async () =>
    String(((await (database as any)('settings').where('key', 'portal_name').first('value')) as { value?: string } | undefined)?.value ?? '');
  const siteUrl = String(env['PORTAL_SITE_URL'] ?? env['PUBLIC_URL'] ?? '');
  const newsletter: NewsletterConfig = { secret: String(env['SECRET'] ?? ''), siteUrl, portalName };
  const sendMail = async (mail: Record<string, unknown>) => new services.MailService({ schema: await getSchema(), knex: database }).send(mail as any);
  filter('email.send', async (mail) => {
    return localizeMail(mail as OutgoingMail, {
      portalName: await portalName(),
      siteUrl,
      fromAddress: String(env['EMAIL_FROM'] ?? ''),
    });
  });

  // Breaking-news alerts by Web Push (issue #29): queued in the database, sent from whichever instance claims each batch.
  const push = pushEnv(env, (m) => logger.warn(m));
  const alerts = pushWorker(database as any, push.vapid ? pushSender(push.vapid) : async (batch) => batch.map(() => 'failed' as const), (m) => logger.warn(m));
  // Resumes an alert a restart (or another instance) left half-sent.
  schedule('*/10 * * * * *', async () => {
    if (push.vapid) await alerts.kick();
  });

  init('middlewares.after', (meta) => {
    const app = (meta as { app: import('express').Router }).app;
    // First: what a request may ask of Directus, by who asks (issue #32).
    mountQueryGuard(app);
    app.use(readers.after);
    const warn = (m: string) => logger.warn(m);
    const guard = createLoginGuard(limiterFactory(env['REDIS'] as string | undefined));
    mountLoginLimits(app, guard, warn);
    const readerMail = { outbox: mailOutbox(sendMail, (m) => warn(`newsletter: ${m}`)), mayMail: (to: string) => guard.mayMail('reader', to) };
    mountNewsletter(app, database as any, sendMail, readerMail, newsletter);
    mountPrivacy(app, database as any, sendMail, readerMail, newsletter);
    mountPush(app, database as any, alerts, readerCaps(env['REDIS'] ? String(env['REDIS']) : undefined), {
      publicKey: push.vapid?.publicKey ?? null,
      services: push.services,
      perHour: push.perHour,
      secret: newsletter.secret,
      siteUrl,
      portalName,
    });
    mountUploadGuard(
      app,
      async (id) => {
        const schema = await getSchema();
        const { stream } = await new services.AssetsService({ knex: database, schema }).getAsset(id);
        const bytes = await allOf(stream);
        const type = sniffImage(bytes.subarray(0, 16));
        if (!type) return false;
        await (database as any)('directus_files').where('id', id).update({ type });
        // No camera metadata (GPS) reaches readers: the stored original is rewritten without it (issue #32).
        const clean = await withoutPrivateMetadata(bytes, type);
        if (clean) await new services.FilesService({ knex: database, schema }).uploadOne(Readable.from([clean]), { type, metadata: null }, id, { emitEvents: false });
        return true;
      },
      async (ids) => {
        await new services.FilesService({ knex: database, schema: await getSchema() }).deleteMany(ids);
      },
      warn,
    );
    // Readers fetch the files they are shown, by id; nobody outside the staff lists them
    // (a self-registered reader is signed in, and still the public: issue #32, item 13).
    app.all('/files', (req, res, next) => {
      if (req.method !== 'GET' || audienceOf((req as { accountability?: Parameters<typeof audienceOf>[0] }).accountability) !== 'public') return next();
      res.status(403).json({ errors: [{ message: 'Acesso negado', extensions: { code: 'FORBIDDEN' } }] });
    });
  });
  const knex = database as any;
  const notify = builderNotifier(env['PORTAL_BUILDER_URL'] as string | undefined, env['PORTAL_BUILDER_TOKEN'] as string | undefined, (m) => logger.warn(m));
  if (String(env['PORTAL_ALLOW_TEST_EMAILS']) === 'true' && !allowTestTld()) logger.warn('portal: não foi possível liberar e-mails .test');

  // Length limits first, for every collection the spec gives text fields (issue #10).
  for (const collection of Object.keys(TEXT_LIMITS) as LimitedCollection[]) {
    for (const event of ['create', 'update'] as const) {
      filter(`${collection}.items.${event}`, (payload) => {
        const error = textLimitError(collection, payload as Record<string, unknown>);
        if (error) throw invalid(error);
        return payload;
      });
    }
  }

  // The admin forms' rules (domain/validation), held by the server for every client (issue #14);
  // registered before the filters below so that they see the payload as sent. News validates in its own hooks.
  for (const [event, handler] of validationFilters({ except: ['news'] })) filter(event, handler as any);

  // The news hooks, in their own order with one read of the rows per save (news-hooks.ts).
  const news = newsHooks({ knex, notify });
  /** After commit: rebuild what readers see of these stories. */
  const afterNewsWrite = (keys: Keys) => news.rebuild(keys, []);
  for (const [event, handler] of news.filters) filter(event, handler as any);
  for (const [event, handler] of news.actions) action(event, handler as any);

  // Live coverage entries (issue #30): who writes where, the publish rule, then the coverage's page and feed.
  const live = liveEntryHooks({ knex, notify });
  for (const [event, handler] of live.filters) filter(event, handler as any);
  for (const [event, handler] of live.actions) action(event, handler as any);

  // Corrections (issue #12, item 1): only on public stories; each write rebuilds its story (and /correcoes).
  const newsRow = (db: any, id: unknown) => db('news').where('id', id).first('status', 'published_at');
  filter('news_corrections.items.create', async (payload, _meta, { database: db }) => {
    assertCorrectable(await newsRow(db, (payload as { news_id?: unknown }).news_id), new Date());
    return payload;
  });
  filter('news_corrections.items.update', async (payload, meta, { database: db }) => {
    const keys = (meta as { keys: Keys }).keys ?? [];
    const moved = (payload as { news_id?: unknown }).news_id;
    if (moved !== undefined) assertCorrectable(await newsRow(db, moved), new Date());
    carry(keys, CORRECTED_NEWS, [...(await correctedNews(db, keys)), ...(moved ? [String(moved)] : [])]);
    return payload;
  });
  filter('news_corrections.items.delete', async (keys, _meta, { database: db }) => {
    carry(keys as Keys, CORRECTED_NEWS, await correctedNews(db, keys as Keys));
    return keys;
  });
  action('news_corrections.items.create', async ({ payload }) => afterNewsWrite([String((payload as { news_id: unknown }).news_id)]));
  action('news_corrections.items.update', async ({ keys }) => afterNewsWrite(carried<string[]>(keys, CORRECTED_NEWS) ?? []));
  action('news_corrections.items.delete', async ({ keys }) => afterNewsWrite(carried<string[]>(keys, CORRECTED_NEWS) ?? []));

  for (const collection of SITE_WIDE_COLLECTIONS) {
    const list = catalogueListOf(collection);
    if (!list) {
      for (const event of ['create', 'update', 'delete']) action(`${collection}.items.${event}`, async () => notify(siteWideRequest(collection)));
      continue;
    }
    // A category or municipality: its list's addresses before and after the change (a rename may move it).
    const slugsOf = (rows: ListSlug[] | undefined) => (rows ?? []).map((r) => r.slug);
    for (const event of ['update', 'delete']) {
      filter(`${collection}.items.${event}`, async (payload, meta, { database: db }) => {
        const keys = event === 'delete' ? payload : (meta as { keys?: Keys }).keys;
        if (Array.isArray(keys)) carry(keys, BEFORE_LIST_SLUGS, await listSlugs(db, list, keys));
        return payload;
      });
    }
    action(`${collection}.items.create`, async ({ key }) => notify(siteWideRequest(collection, { before: [], after: slugsOf(await listSlugs(knex, list, [key])) })));
    action(`${collection}.items.update`, async ({ keys }) => {
      const before = carried<ListSlug[]>(keys, BEFORE_LIST_SLUGS) ?? [];
      const after = await listSlugs(knex, list, keys);
      // Its old address redirects from the build this change asks for on.
      await recordListRedirects(knex, list, before, after, new Date());
      await notify(siteWideRequest(collection, { before: slugsOf(before), after: slugsOf(after) }));
    });
    action(`${collection}.items.delete`, async ({ keys }) =>
      notify(siteWideRequest(collection, { before: slugsOf(carried<ListSlug[]>(keys, BEFORE_LIST_SLUGS)), after: [] })),
    );
  }

  // Scheduled publishing: news whose time came since the last sweep go live
  // within a minute, with no manual step — once, whichever instance sweeps.
  const clock = sweepClock(env['REDIS'] as string | undefined, new Date(Date.now() - 5 * 60_000));
  schedule('*/20 * * * * *', async () => {
    const now = new Date();
    const lastSweep = await clock.advance(now);
    // Scheduled stories that became public (domain rule, SQL form) since the last sweep.
    const due = await wherePublicNews(knex('news'), knex, now)
      .whereNotNull('scheduled_at')
      .where('published_at', '>', dbDate(knex, lastSweep))
      .select('id', 'slug');
    if (due.length) {
      // An embargoed photo becomes readable with its story (and its live entries'), not before.
      const ids = due.map((r: any) => r.id);
      const files = [...candidateFiles('news', await storedRows(knex, 'news', ids), []), ...(await liveEntryFiles(knex, ids))];
      const rest = await openSavedFiles(knex, files, [
        ['news', (q) => q.whereIn('id', ids)],
        ['news_live_entries', (q) => q.whereIn('news_id', ids)],
      ]);
      await notify({ full: false, news: ids, slugs: due.map((r: any) => r.slug) });
      await refreshFileVisibility(knex, rest, now);
    }
    // Ads whose window opened or closed since the last sweep ("Agendado" → "Ativo" → "Expirado"): the
    // build that puts them on (or takes them off) the pages, within a minute of the date (decision 055).
    const [since, until] = [dbDate(knex, lastSweep), dbDate(knex, now)];
    const turned = await knex('ads')
      .where('is_active', true)
      .andWhere((w: any) => w.where((s: any) => s.where('start_date', '>', since).andWhere('start_date', '<=', until)).orWhere((e: any) => e.where('end_date', '>', since).andWhere('end_date', '<=', until)))
      .first('id');
    if (turned) await notify(siteWideRequest('ads'));
  });

  // LGPD: raw view rows older than 90 days go (their counts are already in news_daily).
  // The weekly digest of the most read stories to confirmed subscribers (issue #13).
  schedule(DIGEST_CRON, async () => {
    try {
      const digest = await composeDigest(database as any, { siteUrl, portalName: await portalName() });
      const sent = await sendDigestToAll(
        database as any,
        sendMail,
        digest,
        (id) => newsletterLinks(newsletter, id).unsubscribe,
        (m) => logger.warn(m),
      );
      logger.info(`newsletter: resumo semanal enviado a ${sent} inscritos`);
    } catch (e) {
      logger.error(e, 'newsletter: o resumo semanal falhou');
    }
  });

  schedule(VIEW_RETENTION_CRON, async () => {
    const removed = await purgeExpiredViews(knex);
    if (removed) logger.info(`visualizações com mais de 90 dias apagadas: ${removed}`);
    const stale = await purgeNewsletter(knex);
    if (stale) logger.info(`pedidos de newsletter não confirmados ou cancelados apagados: ${stale}`);
  });

  // Rádio Web / TV Web settings: the same validator as their admin screens (issue #13).
  const checkMediaSetting = (key: unknown, value: unknown) => {
    if (!(MEDIA_SETTING_KEYS as readonly unknown[]).includes(key)) return;
    const error = firstMediaError(validateMediaSettings({ [key as MediaSettingKey]: value == null ? '' : String(value) }));
    if (error) throw invalid(error);
  };
  filter('settings.items.create', async (payload) => {
    const p = payload as { key?: unknown; value?: unknown };
    checkMediaSetting(p.key, p.value);
    return payload;
  });
  filter('settings.items.update', async (payload, meta) => {
    const p = payload as { value?: unknown };
    if ('value' in p) for (const key of (meta as { keys?: Keys }).keys ?? []) checkMediaSetting(key, p.value);
    return payload;
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
    const row = await (db as any)('news')
      .whereIn('category_id', keys as Keys)
      .count({ n: '*' })
      .first();
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
    const rows = await (db as any)('municipalities')
      .whereIn('id', keys as Keys)
      .select('name');
    assertMunicipalityChangeAllowed(rows, { delete: true });
    const row = await (db as any)('news')
      .whereIn('municipality_id', keys as Keys)
      .count({ n: '*' })
      .first();
    assertNoNews(Number(row?.n ?? 0), MUNICIPALITY_IN_USE_ERROR);
    return keys;
  });

  // Every Directus user gets a profile; role and email stay in step both ways.
  action('users.create', async ({ key, payload }) => {
    // The site builder's account has no profile (decision 032).
    if ((payload as { role?: unknown }).role === SITE_READER.role) return;
    const row = profileFromUser(String(key), payload as Record<string, unknown>, dbDate(knex, new Date()));
    const exists = await knex('profiles').where({ user_id: row.user_id }).first('id');
    if (!exists) await knex('profiles').insert(row);
  });

  action('users.update', async ({ keys, payload }) => {
    await syncUserToProfile(knex, keys as string[], payload as Record<string, unknown>);
  });

  // A profile photo is public at once: only one's own upload, or a file already public (issue #32).
  for (const event of ['create', 'update'] as const) {
    filter(`profiles.items.${event}`, async (payload, _meta, { database: db, accountability }) => {
      const avatar = (payload as { avatar_url?: unknown }).avatar_url;
      if (avatar) await assertFileUse(db, await loadActor(accountability as any, db as any), [avatar], { always: true });
      return payload;
    });
  }

  action('profiles.items.update', async ({ keys, payload }) => {
    await syncProfileToUser(knex, keys as string[], payload as Record<string, unknown>);
  });
  // Registered last, so they see payloads as the other filters left them. The
  // filters only read (which files the rows used before and will use after);
  // flags change after commit, once Directus has checked the writer's access.
  for (const source of Object.keys(FILE_SOURCES) as FileSource[]) {
    // A story's and a live entry's files: from the one read their own hooks make (news-hooks.ts, live-entries.ts).
    if (source === 'news' || source === 'news_live_entries') continue;
    filter(`${source}.items.update`, async (payload, meta, { database: db }) => {
      const keys = (meta as { keys: Keys }).keys ?? [];
      carry(keys, FILE_CANDIDATES, candidateFiles(source, await storedRows(db, source, keys), [payload as Record<string, unknown>]));
      return payload;
    });
    filter(`${source}.items.delete`, async (keys, _meta, { database: db }) => {
      carry(keys as Keys, FILE_CANDIDATES, candidateFiles(source, await storedRows(db, source, keys as Keys), []));
      return keys;
    });
    // A new row has no "before": the files it uses are in its payload.
    const pk = FILE_SOURCES[source].pk;
    action(`${source}.items.create`, async ({ key, payload }) =>
      refreshAfterSave(knex, candidateFiles(source, [], [payload as Record<string, unknown>]), [[source, (q) => q.where(pk, key)]]),
    );
    action(`${source}.items.update`, async ({ keys }) => refreshAfterSave(knex, carried<string[]>(keys, FILE_CANDIDATES) ?? [], [[source, (q) => q.whereIn(pk, keys)]]));
    action(`${source}.items.delete`, async ({ keys }) => refreshFileVisibility(knex, carried<string[]>(keys, FILE_CANDIDATES) ?? []));
  }

  // An import of a portal (issue #27) wrote its rows straight into the database; closing its run here
  // (the importer does it through the API, which purges Directus's cache on every instance) makes the
  // files its public content uses public, and asks the builder for one full build of the site.
  action('import_runs.items.update', async ({ payload }) => {
    const p = payload as { status?: unknown; dry_run?: unknown };
    if (p.status !== 'done' || p.dry_run === true) return;
    await reconcileAllFiles(knex);
    await notify({ full: true });
  });
});
