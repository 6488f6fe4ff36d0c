/**
 * Moving in (issue #27): the importer's writer and run against the real
 * Directus and database of the API suite (SQLite, and PostgreSQL in CI).
 * Records come from a small reader written here, so each rule is seen alone:
 * what comes over and where, what is left out and why, a re-run that changes
 * nothing, a newer export that changes one story, a run that crashes halfway
 * and finishes on the next, a dry run and a broken export that write nothing,
 * and the close through Directus (files public, one full build asked).
 * The two real readers are tested end to end in tests/api/import-readers.test.ts.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mailsTo } from '../../scripts/lib/mail-catcher.ts';
import { placeFromEnv } from '../../ops/src/place.ts';
import { ImportInputError, type ImportRecord, type NewsRecord } from '../../ops/src/import/records.ts';
import { importId } from '../../ops/src/import/rules.ts';
import { inviteImported, openPlaceDb, runImport, type RunOptions } from '../../ops/src/import/run.ts';
import { admin, anonymous, eventually, rawDb } from './support.ts';

const tag = Date.now().toString(36);
const dataDir = inject('dataDir');
const place = placeFromEnv({ ...inject('dbEnv'), STORAGE_LOCATIONS: 'local', STORAGE_LOCAL_ROOT: path.join(dataDir, 'uploads') }, { dataDir });
const api = { url: inject('directusUrl'), token: inject('adminToken'), siteUrl: 'http://localhost:4321' };
const exportDir = mkdtempSync(path.join(os.tmpdir(), 'portal-import-'));
const origin = { file: 'teste.csv', line: 2 };
const id = (kind: string, key: string) => importId('hosted', kind, `${tag}-${key}`);
const wordpressId = `/?p=9${Date.now() % 100000}`;

/** What the fake builder was asked (the close of a run asks for one full build). */
const asked: unknown[] = [];
let builder: http.Server;

beforeAll(async () => {
  builder = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      asked.push(JSON.parse(body || '{}'));
      res.writeHead(202).end('{}');
    });
  });
  await new Promise<void>((r) => builder.listen(inject('builderPort'), '127.0.0.1', r));
  // A photo as a camera writes it: EXIF with the place it was taken (stripped on the way in, issue #32).
  mkdirSync(path.join(exportDir, 'news-images'), { recursive: true });
  const photo = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#0f4c81' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Redação', Artist: 'Fotógrafa' } })
    .toBuffer();
  writeFileSync(path.join(exportDir, 'news-images', `ponte-${tag}.jpg`), photo);
  writeFileSync(path.join(exportDir, 'news-images', `nao-e-imagem-${tag}.jpg`), 'texto, não uma imagem');
});
afterAll(async () => {
  await new Promise((r) => builder.close(r));
});

const photoRef = { url: `https://abc.supabase.co/storage/v1/object/public/news-images/ponte-${tag}.jpg`, path: `news-images/ponte-${tag}.jpg` };

/** The export: every kind of record, the awkward cases among them. `title` changes story 1's headline (a newer export). */
function records(o: { title?: string } = {}): ImportRecord[] {
  const k = (key: string) => `${tag}-${key}`;
  return [
    { kind: 'user', key: k('u1'), email: `reporter-${tag}@portal.test`, full_name: 'Ana Maria Ribeiro', role: 'editor', municipality: k('m1'), whatsapp: null, instagram: null, avatar: null, bio: null, had_2fa: true, created_at: '2023-01-02T10:00:00Z', origin },
    { kind: 'category', key: k('c1'), name: 'Política', slug: 'pol-tica', description: null, origin },
    { kind: 'category', key: k('c2'), name: `Cidades ${tag}`, slug: null, description: 'Do portal anterior', origin },
    { kind: 'municipality', key: k('m1'), name: 'Pará', slug: 'par', created_at: null, origin },
    { kind: 'municipality', key: k('m2'), name: `Vila Nova ${tag}`, slug: `vila-nova-${tag}-old`, created_at: '2022-05-01T00:00:00Z', origin },
    { kind: 'setting', key: 'chave_que_nao_existe', value: 'x', origin },
    { kind: 'event', key: k('e1'), title: 'Círio de Nazaré', event_date: '2030-10-13T09:00:00Z', location: 'Belém', image: null, url: null, is_active: true, origin },
    {
      kind: 'ad', key: k('a1'), title: 'Anúncio sem fim', content: '<p>Loja</p>', ad_type: 'banner', position: 'top', link_url: 'https://loja.example', is_active: false,
      start_date: '2024-01-01T00:00:00Z', end_date: null, google_ad_client: null, google_ad_slot: null, google_ad_format: null, google_ad_responsive: true, created_at: null, origin,
    },
    {
      kind: 'news', key: k('n1'), title: o.title ?? `Câmara de Belém aprova ponte ${tag} 🌉`, summary: 'Resumo', content: `<p>Texto com foto.</p><img src="https://abc.supabase.co/storage/v1/object/public/news-images/sumiu-${tag}.jpg"><p>Fim.</p>`,
      slug: `c-mara-de-bel-m-aprova-ponte-${tag}`, status: 'published', is_featured: true, featured_image: photoRef, featured_image_caption: 'Foto: Redação',
      category: k('c1'), municipality: k('m2'), author: k('u1'), published_at: '2024-03-05T14:00:00Z', scheduled_at: null, created_at: '2024-03-05T13:00:00Z',
      body_images: [{ url: `https://abc.supabase.co/storage/v1/object/public/news-images/sumiu-${tag}.jpg`, path: `news-images/sumiu-${tag}.jpg` }],
      old_paths: [`/2024/03/05/ponte-${tag}/`, wordpressId], origin,
    },
    {
      kind: 'news', key: k('n2'), title: `Rascunho sem data ${tag}`, summary: null, content: 'Linha um.\nLinha dois.', slug: null, status: 'draft', is_featured: false,
      featured_image: { url: `https://x/nao-e-imagem-${tag}.jpg`, path: `news-images/nao-e-imagem-${tag}.jpg` }, featured_image_caption: null,
      category: k('c2'), municipality: null, author: k('sem-perfil'), published_at: null, scheduled_at: null, created_at: null, body_images: [], old_paths: [], origin,
    },
    {
      kind: 'news', key: k('n3'), title: `Câmara de Belém aprova ponte ${tag} 🌉`, summary: null, content: '<p>Mesma manchete, outra notícia.</p><iframe src="https://www.youtube.com/embed/abc"></iframe>', slug: `c-mara-de-bel-m-aprova-ponte-${tag}-2`,
      status: 'published', is_featured: false, featured_image: null, featured_image_caption: null, category: null, municipality: null, author: null,
      published_at: '2024-03-06T14:00:00Z', scheduled_at: null, created_at: null, body_images: [], old_paths: [], origin,
    },
    {
      kind: 'news', key: k('n4'), title: `Com script ${tag}`, summary: null, content: '<p>a</p><script>alert(1)</script>', slug: null, status: 'published', is_featured: false,
      featured_image: null, featured_image_caption: null, category: null, municipality: null, author: null, published_at: '2024-03-06T14:00:00Z', scheduled_at: null, created_at: null, body_images: [], old_paths: [], origin,
    },
    { kind: 'skipped', collection: 'profiles', key: k('leitor'), title: 'Leitor', reason: 'Conta de leitor: não é da equipe', origin },
    { kind: 'counts', news: k('n1'), day: '2024-03-05', views: 10, likes: 2 },
    { kind: 'counts', news: k('n1'), day: null, views: 5, likes: 0 },
  ];
}

async function* reader(list: ImportRecord[], crashAfter = Infinity): AsyncGenerator<ImportRecord> {
  let n = 0;
  for (const r of list) {
    if (n++ >= crashAfter) throw new Error('o processo caiu');
    yield r;
  }
}

const run = (o: Partial<RunOptions> & { list?: ImportRecord[] } = {}) =>
  runImport({
    source: 'hosted',
    input: exportDir,
    read: () => reader(o.list ?? records()),
    filesDir: exportDir,
    place,
    storageLocation: 'local',
    api,
    dryRun: false,
    invite: false,
    log: () => {},
    ...o,
  });

/** What the import left in the database, for before/after comparisons. */
async function snapshot() {
  const db = await rawDb();
  try {
    const count = async (t: string, where?: (q: any) => void) => Number(((await db(t).modify((q) => where?.(q)).count({ n: '*' }).first()) as { n: number | string }).n);
    return {
      news: await count('news'),
      records: await count('import_records', (q) => q.where('id', 'like', `hosted:%${tag}%`)),
      files: await count('directus_files'),
      users: await count('directus_users'),
      redirects: await count('news_redirects'),
      legacy: await count('legacy_paths'),
      daily: await count('news_daily'),
    };
  } finally {
    await db.destroy();
  }
}

describe('npm run import: a first run brings everything the export holds', () => {
  let first: Awaited<ReturnType<typeof run>>;
  beforeAll(async () => {
    first = await run();
  });

  it('reports per collection what came over, what was left out and why, and the caveats', () => {
    const { counts, skipped, warnings } = first.report;
    expect(counts.news).toEqual({ created: 3, updated: 0, unchanged: 0, skipped: 1 });
    expect(skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ collection: 'news', title: `Com script ${tag}`, reason: expect.stringContaining('iframe, script ou embed') }),
        expect.objectContaining({ collection: 'settings', reason: 'Chave de configuração desconhecida: chave_que_nao_existe' }),
        expect.objectContaining({ collection: 'profiles', reason: 'Conta de leitor: não é da equipe' }),
      ]),
    );
    const messages = warnings.map((w) => `${w.title}: ${w.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Ana Maria Ribeiro: Tinha verificação em duas etapas/),
        expect.stringContaining(`Arquivo não encontrado na exportação: news-images/sumiu-${tag}.jpg`),
        expect.stringContaining(`Arquivo não é uma imagem JPEG, PNG, WebP ou AVIF: news-images/nao-e-imagem-${tag}.jpg`),
        `Rascunho sem data ${tag}: Autor não veio do portal anterior: notícia sem autor`,
        expect.stringContaining('incorporação(ões) <iframe> virou(aram) link'),
      ]),
    );
  });

  it('stories keep status, dates, flags and relations; new addresses are folded, the old ones kept', async () => {
    const db = await rawDb();
    try {
      const n1 = await db('news').where('id', id('news', 'n1')).first();
      const n3 = await db('news').where('id', id('news', 'n3')).first();
      const n2 = await db('news').where('id', id('news', 'n2')).first();
      const politica = await db('categories').where('name', 'Política').first('id');
      expect(n1).toMatchObject({ status: 'published', slug: `camara-de-belem-aprova-ponte-${tag}`, featured_image_caption: 'Foto: Redação', category_id: politica.id, author_id: id('user', 'u1') });
      expect(new Date(Number.isFinite(Number(n1.published_at)) ? Number(n1.published_at) : n1.published_at).toISOString()).toBe('2024-03-05T14:00:00.000Z');
      expect(Boolean(n1.is_featured)).toBe(true);
      // The same headline twice: the second story gets the next free address.
      expect(n3.slug).toBe(`camara-de-belem-aprova-ponte-${tag}-2`);
      expect(n3.content).toContain('<p><a href="https://www.youtube.com/embed/abc">');
      // A missing body image is gone from the body, never a broken picture.
      expect(n1.content).toBe('<p>Texto com foto.</p><p>Fim.</p>');
      expect(n2).toMatchObject({ status: 'draft', published_at: null, first_published_at: null, featured_image: null, author_id: null });
      // The old portal's addresses: its slug (the spec's literal rule) and its other paths.
      const aliases = await db('news_redirects').where('news_id', id('news', 'n1')).pluck('slug');
      expect(aliases).toEqual([`c-mara-de-bel-m-aprova-ponte-${tag}`]);
      expect(await db('legacy_paths').where('news_id', id('news', 'n1')).pluck('path')).toContain(`/2024/03/05/ponte-${tag}/`);
      // Counts: totals on the story, per-day totals where the rows had dates.
      expect(n1).toMatchObject({ view_count: 15, like_count: 2 });
      expect(await db('news_daily').where('news_id', id('news', 'n1')).select('day', 'views', 'likes')).toEqual([{ day: '2024-03-05', views: 10, likes: 2 }]);
    } finally {
      await db.destroy();
    }
  });

  it('catalogue: known categories and protected municipalities are used as they are, new ones come with their old address', async () => {
    const db = await rawDb();
    try {
      expect(Number((await db('categories').where('name', 'Política').count({ n: '*' }).first())!.n)).toBe(1);
      expect(Number((await db('municipalities').where('name', 'Pará').count({ n: '*' }).first())!.n)).toBe(1);
      const vila = await db('municipalities').where('id', id('municipality', 'm2')).first();
      expect(vila).toMatchObject({ name: `Vila Nova ${tag}`, slug: `vila-nova-${tag}` });
      expect(await db('list_redirects').where('municipality_id', vila.id).pluck('slug')).toEqual([`vila-nova-${tag}-old`]);
      expect(await db('categories').where('id', id('category', 'c2')).first()).toMatchObject({ slug: `cidades-${tag}`, description: 'Do portal anterior' });
    } finally {
      await db.destroy();
    }
  });

  it('staff come as invited accounts with their role and municipality, and no password', async () => {
    const db = await rawDb();
    try {
      const user = await db('directus_users').where('id', id('user', 'u1')).first();
      expect(user).toMatchObject({ email: `reporter-${tag}@portal.test`, status: 'invited', first_name: 'Ana', last_name: 'Maria Ribeiro', password: null });
      const profile = await db('profiles').where('user_id', user.id).first();
      expect(profile).toMatchObject({ full_name: 'Ana Maria Ribeiro', role: 'editor' });
      expect(profile.municipality_id).toBe((await db('municipalities').where('name', 'Pará').first('id')).id);
    } finally {
      await db.destroy();
    }
    // Nobody was mailed by surprise.
    expect(await mailsTo(inject('inboxUrl'), `reporter-${tag}@portal.test`)).toEqual([]);
  });

  it('the photo is a Directus file without its EXIF, public once the run is closed, and the site is rebuilt once', async () => {
    expect(first.rebuilt).toBe(true);
    expect(asked.filter((r) => JSON.stringify(r) === '{"full":true}')).toHaveLength(1);
    const n1 = (await admin().get(`/items/news/${id('news', 'n1')}?fields=featured_image`)).data as { featured_image: string };
    const fileId = n1.featured_image.replace('/api/assets/', '');
    const asset = () => fetch(`${inject('directusUrl')}/assets/${fileId}`);
    await eventually(async () => (await asset()).status === 200);
    const bytes = Buffer.from(await (await asset()).arrayBuffer());
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    const run = (await admin().get(`/items/import_runs/${first.runId}`)).data as { status: string; counts: Record<string, unknown> };
    expect(run.status).toBe('done');
    expect(run.counts).toMatchObject({ news: { created: 3, skipped: 1 } });
    // Readers see the published story; the draft stays private.
    expect((await anonymous().get(`/items/news/${id('news', 'n1')}?fields=title`)).status).toBe(200);
    expect((await anonymous().get(`/items/news/${id('news', 'n2')}?fields=title`)).status).toBe(403);
  });

  it('the same export again changes nothing and adds nothing', async () => {
    const before = await snapshot();
    const again = await run();
    expect(await snapshot()).toEqual(before);
    expect(again.report.counts.news).toEqual({ created: 0, updated: 0, unchanged: 3, skipped: 1 });
  });

  it('a newer export writes only what changed; the story keeps its address', async () => {
    const before = await snapshot();
    const newer = await run({ list: records({ title: `Câmara de Belém aprova ponte nova ${tag}` }) });
    expect(newer.report.counts.news).toEqual({ created: 0, updated: 1, unchanged: 2, skipped: 1 });
    expect(await snapshot()).toEqual(before);
    const db = await rawDb();
    try {
      expect(await db('news').where('id', id('news', 'n1')).first('title', 'slug')).toEqual({ title: `Câmara de Belém aprova ponte nova ${tag}`, slug: `camara-de-belem-aprova-ponte-${tag}` });
    } finally {
      await db.destroy();
    }
  });

  it('imported staff get the pt-BR invitation only when asked', async () => {
    const db = openPlaceDb(place);
    try {
      expect(await inviteImported(db, api, 'hosted')).toBeGreaterThanOrEqual(1);
    } finally {
      await db.destroy();
    }
    await eventually(async () => (await mailsTo(inject('inboxUrl'), `reporter-${tag}@portal.test`)).length === 1);
    const [mail] = await mailsTo(inject('inboxUrl'), `reporter-${tag}@portal.test`);
    expect(mail!.subject).toMatch(/^Convite para a equipe do /);
  });
});

describe('npm run import: runs that must write nothing, and one that must finish', () => {
  const extra = (key: string, title: string): NewsRecord => ({
    kind: 'news', key: `${tag}-${key}`, title, summary: null, content: 'Texto.', slug: null, status: 'published', is_featured: false, featured_image: null,
    featured_image_caption: null, category: null, municipality: null, author: null, published_at: '2024-04-01T10:00:00Z', scheduled_at: null, created_at: null, body_images: [], old_paths: [], origin,
  });

  it('--dry-run reports what would come over and changes nothing', async () => {
    const before = await snapshot();
    const dry = await run({ dryRun: true, list: [...records(), extra('d1', `Só na simulação ${tag}`)] });
    expect(dry.runId).toBeNull();
    expect(dry.report.counts.news).toMatchObject({ created: 1 });
    expect(await snapshot()).toEqual(before);
  });

  it('a broken export is refused with its file and line before anything is written', async () => {
    const before = await snapshot();
    async function* broken(): AsyncGenerator<ImportRecord> {
      yield extra('b1', `Antes do erro ${tag}`);
      throw new ImportInputError('XML incompleto ou inválido: fim inesperado', 'export.xml', 812);
    }
    await expect(run({ read: broken })).rejects.toThrow('export.xml, linha 812: XML incompleto ou inválido: fim inesperado');
    expect(await snapshot()).toEqual(before);
  });

  it('a run that dies halfway finishes on the next one, with nothing twice and nothing missing', async () => {
    const many = Array.from({ length: 1500 }, (_, i) => extra(`r${i}`, `Arquivo ${i} ${tag}`));
    let calls = 0;
    // The check reads everything; the write dies after 1,200 records (two batches of 500 done) (a crash, Ctrl-C).
    await expect(run({ list: many, read: () => reader(many, ++calls === 2 ? 1200 : Infinity) })).rejects.toThrow('o processo caiu');
    const db = await rawDb();
    try {
      const done = Number((await db('news').whereIn('id', many.map((r) => id('news', r.key.slice(tag.length + 1)))).count({ n: '*' }).first())!.n);
      expect(done).toBeGreaterThan(0);
      expect(done).toBeLessThan(1500);
      expect(await db('import_runs').where('status', 'failed').andWhere('error', 'o processo caiu').count({ n: '*' }).first()).toBeTruthy();
      const resumed = await run({ list: many });
      expect(resumed.report.counts.news).toEqual({ created: 1500 - done, updated: 0, unchanged: done, skipped: 0 });
      expect(Number((await db('news').whereIn('id', many.map((r) => id('news', r.key.slice(tag.length + 1)))).count({ n: '*' }).first())!.n)).toBe(1500);
      expect(new Set(await db('news').where('title', 'like', `Arquivo % ${tag}`).pluck('slug')).size).toBe(1500);
    } finally {
      await db.destroy();
    }
  });
});
