import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, bucketUrl, sampleHostedData, writeHostedExport, type WriteOptions } from '../fixtures/hosted-export.ts';
import { ImportInputError, type ImportRecord } from '../records.ts';
import { AUTHOR_NOT_STAFF, AUTHOR_WITHOUT_PROFILE, READER_ACCOUNT } from './map-rows.ts';
import { readHosted } from './read-hosted.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'hosted-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

let n = 0;
async function exportOf(opts: WriteOptions, data = sampleHostedData()): Promise<string> {
  const dir = join(root, `e${++n}`);
  await writeHostedExport(dir, data, opts);
  return dir;
}

async function readAll(dir: string): Promise<ImportRecord[]> {
  const out: ImportRecord[] = [];
  for await (const r of readHosted(dir)) out.push(r);
  return out;
}

async function inputError(dir: string): Promise<ImportInputError> {
  const e = await readAll(dir).catch((err: unknown) => err);
  if (e instanceof ImportInputError) return e;
  throw new Error(`expected an ImportInputError, got ${String(e)}`);
}

const withoutOrigin = (records: ImportRecord[]) => records.map((r) => ('origin' in r ? { ...r, origin: undefined } : r));
const of = <K extends ImportRecord['kind']>(records: ImportRecord[], kind: K) => records.filter((r): r is Extract<ImportRecord, { kind: K }> => r.kind === kind);

describe('readHosted over the sample export', () => {
  let records: ImportRecord[];
  beforeAll(async () => {
    records = await readAll(await exportOf({ shape: 'sql-copy' }));
  });

  it('yields in dependency order: users, categories, municipalities, settings, events, ads, news, counts', () => {
    const order = ['user', 'category', 'municipality', 'setting', 'event', 'ad', 'news', 'counts'];
    const kinds = records.filter((r) => order.includes(r.kind)).map((r) => order.indexOf(r.kind));
    expect(kinds).toEqual([...kinds].sort((a, b) => a - b));
  });

  it('staff profiles become users joined to their auth user; a reader is left out', () => {
    const users = of(records, 'user');
    expect(users.map((u) => [u.key, u.email, u.full_name, u.role, u.had_2fa])).toEqual([
      [SAMPLE.admin, 'ana@portal.test', 'Ana Admin', 'super_admin', true],
      [SAMPLE.editor, 'joao@portal.test', 'João Editor', 'editor', false],
      [SAMPLE.producer, 'maria@portal.test', 'Maria Produtora', 'producer', false],
    ]);
    expect(users[0]).toMatchObject({
      municipality: SAMPLE.belem,
      whatsapp: '+55 91 99999-0001',
      avatar: { url: bucketUrl('avatars', 'ana.jpg'), path: 'avatars/ana.jpg' },
      created_at: '2023-05-01T10:00:00.000Z',
    });
    expect(of(records, 'skipped')).toEqual([expect.objectContaining({ collection: 'users', key: SAMPLE.reader, reason: READER_ACCOUNT, origin: { file: 'dump.sql', line: expect.any(Number) } })]);
  });

  it('keeps the lists, settings, events and ads with their windows and AdSense fields', () => {
    expect(of(records, 'category').map((c) => [c.name, c.slug, c.description])).toEqual([
      ['Política', 'politica', 'Poder, eleições; câmaras'],
      ['Esportes', 'esportes', null],
      ['Cultura & Lazer 🎭', 'cultura-lazer', 'Linha 1\nLinha 2'],
    ]);
    expect(of(records, 'municipality').map((m) => m.name)).toEqual(['Pará', 'Belém', 'Santarém']);
    expect(of(records, 'setting').map((s) => [s.key, s.value])).toEqual([
      ['portal_name', 'Portal do Pará 🌴'],
      ['urgent_message', ''],
      ['contact_phone', '(91) 3333-4444'],
      ['radio_stream_url', null],
    ]);
    const [cirio, acai] = of(records, 'event');
    expect(cirio).toMatchObject({ event_date: '2024-10-13T09:00:00.000Z', image: { path: 'news-images/evento-cirio.jpg' }, is_active: true });
    expect(acai).toMatchObject({ title: 'Festival "Açaí"', event_date: null, image: { url: 'https://example.org/acai.png', path: null }, is_active: false });
    const [banner, adsense] = of(records, 'ad');
    expect(banner).toMatchObject({ start_date: '2024-03-01T03:00:00.000Z', end_date: null, is_active: true, ad_type: 'banner', position: 'top' });
    expect(adsense).toMatchObject({ ad_type: 'google_adsense', position: 'bottom', content: null, google_ad_client: 'ca-pub-1234567890', google_ad_slot: '9876543210', google_ad_format: 'auto', google_ad_responsive: false });
  });

  it('news keep their old literal slugs, body as stored, bucket images and dates', () => {
    const news = of(records, 'news');
    expect(news.map((x) => x.slug)).toEqual(['c-mara-de-bel-m', 'c-mara-de-belem', 'rascunho-bidos-em-festa', 'c-rio-2030-programa-o', 'autor-sumido', 'antiga-de-um-leitor']);
    const [camara, camara2, draft, scheduled] = news;
    expect(camara).toMatchObject({
      title: 'Câmara de Belém',
      status: 'published',
      is_featured: true,
      featured_image: { url: bucketUrl('news-images', 'news-1709650000000.jpg'), path: 'news-images/news-1709650000000.jpg' },
      featured_image_caption: 'Foto: Ana "Fotógrafa", Belém',
      category: SAMPLE.politica,
      municipality: SAMPLE.belem,
      author: SAMPLE.admin,
      published_at: '2024-03-05T14:22:01.123Z',
      scheduled_at: null,
      body_images: [{ url: bucketUrl('news-images', '2024/03/foto chuva.jpg'), path: 'news-images/2024/03/foto chuva.jpg' }],
      old_paths: [],
      origin: { file: 'dump.sql', line: expect.any(Number) },
    });
    expect(camara!.content).toContain('Sessão "histórica"\tna Câmara.</p>\n<p>Linha 2 com vírgula, aspas \' e barra \\ invertida 🌧️');
    expect(camara2).toMatchObject({ content: 'Texto simples\r\nsem HTML', summary: null, municipality: SAMPLE.para, author: SAMPLE.editor });
    expect(draft).toMatchObject({ status: 'draft', summary: '', published_at: null, created_at: '2024-03-07T12:00:00.000Z' });
    expect(scheduled).toMatchObject({ status: 'published', published_at: '2030-10-13T09:00:00.000Z', scheduled_at: '2030-10-13T09:00:00.000Z' });
  });

  it('a story whose author has no profile, or is a reader, comes over without author and with a warning', () => {
    const news = of(records, 'news');
    expect(news.find((x) => x.key === SAMPLE.orphan)!.author).toBeNull();
    expect(news.find((x) => x.key === SAMPLE.byReader)!.author).toBeNull();
    const warnings = of(records, 'warning').filter((w) => w.collection === 'news');
    expect(warnings.map((w) => [w.key, w.message])).toEqual([
      [SAMPLE.orphan, AUTHOR_WITHOUT_PROFILE],
      [SAMPLE.byReader, AUTHOR_NOT_STAFF],
    ]);
  });

  it('sums likes and views per story and Belém day, undated ones apart, and drops those of unknown stories', () => {
    expect(of(records, 'counts')).toEqual([
      { kind: 'counts', news: SAMPLE.camara, day: '2024-03-05', views: 2, likes: 2 },
      { kind: 'counts', news: SAMPLE.camara, day: '2024-03-06', views: 0, likes: 1 },
      { kind: 'counts', news: SAMPLE.camara, day: '2024-03-07', views: 1, likes: 0 },
      { kind: 'counts', news: SAMPLE.camara2, day: null, views: 1, likes: 1 },
      { kind: 'counts', news: SAMPLE.camara2, day: '2024-03-06', views: 1, likes: 0 },
    ]);
    const warning = of(records, 'warning').find((w) => w.collection === 'counts');
    expect(warning?.message).toMatch(/^1 curtida\(s\) e 1 visualização\(ões\)/);
    expect(records.at(-1)).toBe(warning);
  });

  it('the origin of a row is the line where it starts in the dump', async () => {
    const dir = join(root, `e${n}`);
    const lines = (await readFile(join(dir, 'dump.sql'), 'utf8')).split('\n');
    const camara = of(records, 'news')[0]!;
    expect(lines[camara.origin.line - 1]).toMatch(new RegExp(`^${SAMPLE.camara}\\t`));
  });
});

describe('readHosted gives the same records from every shape', () => {
  it.each<WriteOptions>([
    { shape: 'sql-insert' },
    { shape: 'sql-insert', columnInserts: true, rowsPerInsert: 3 },
    { shape: 'csv' },
  ])('%o', async (opts) => {
    const copy = await readAll(await exportOf({ shape: 'sql-copy' }));
    const other = await readAll(await exportOf(opts));
    expect(withoutOrigin(other)).toEqual(withoutOrigin(copy));
  });

  it('CSV origins name the table file and the line the record starts on', async () => {
    const dir = await exportOf({ shape: 'csv' });
    const records = await readAll(dir);
    const camara2 = of(records, 'news')[1]!;
    // The first story's body spans four lines after the header.
    expect(camara2.origin).toEqual({ file: 'news.csv', line: 6 });
    expect(of(records, 'user')[0]!.origin).toEqual({ file: 'profiles.csv', line: 2 });
  });
});

describe('a broken export is an error naming file and line, before any record', () => {
  it('a CSV with a wrong header', async () => {
    const dir = await exportOf({ shape: 'csv' });
    const text = await readFile(join(dir, 'news.csv'), 'utf8');
    await writeFile(join(dir, 'news.csv'), text.replace(/^id,title,/, 'id,titulo,'));
    const e = await inputError(dir);
    expect(e.message).toBe('news.csv, linha 1: falta a coluna "title"');
  });

  it('a COPY block without a required column names the COPY line', async () => {
    const dir = await exportOf({ shape: 'sql-copy' });
    const text = await readFile(join(dir, 'dump.sql'), 'utf8');
    const broken = text.replace('COPY public.categories (id, name, slug, description, created_at)', 'COPY public.categories (id, nome, slug, description, created_at)');
    await writeFile(join(dir, 'dump.sql'), broken);
    const e = await inputError(dir);
    const line = broken.split('\n').findIndex((l) => l.startsWith('COPY public.categories')) + 1;
    expect(e.message).toBe(`dump.sql, linha ${line}: falta a coluna "name"`);
  });

  it('a dump cut in the middle of a COPY block', async () => {
    const dir = await exportOf({ shape: 'sql-copy' });
    const text = await readFile(join(dir, 'dump.sql'), 'utf8');
    const cut = text.slice(0, text.indexOf(SAMPLE.camara2, text.indexOf('COPY public.news ')));
    await writeFile(join(dir, 'dump.sql'), cut);
    const e = await inputError(dir);
    expect(e.file).toBe('dump.sql');
    expect(e.line).toBe(cut.split('\n').findIndex((l) => l.startsWith('COPY public.news ')) + 1);
    expect(e.message).toMatch(/o bloco COPY de public\.news não termina/);
  });

  it('rows point into the bucket but its folder is missing', async () => {
    const dir = await exportOf({ shape: 'csv', withoutFiles: true });
    const e = await inputError(dir);
    expect(e.file).toBe('news-images');
    expect(e.message).toMatch(/^news-images: pasta não encontrada, mas \S+ \(linha \d+\) usa imagens do bucket news-images/);
  });

  it('a folder that is not an export', async () => {
    const dir = join(root, 'vazia');
    await writeHostedExport(dir, { ...sampleHostedData(), files: [] }, { shape: 'csv' });
    await rm(join(dir, 'categories.csv'));
    expect((await inputError(dir)).message).toBe('categories.csv: arquivo não encontrado na exportação (um CSV por tabela)');
    await rm(join(dir, 'news.csv'));
    expect((await inputError(dir)).message).toMatch(/nenhum dump \.sql nem news\.csv/);
  });

  it('nothing is yielded before the error', async () => {
    const dir = await exportOf({ shape: 'csv' });
    await writeFile(join(dir, 'news_views.csv'), 'news_id,user_id\n');
    const seen: string[] = [];
    const e = await (async () => {
      for await (const r of readHosted(dir)) seen.push(r.kind);
    })().catch((err: unknown) => err);
    expect(e).toBeInstanceOf(ImportInputError);
    expect(seen).toEqual([]);
  });
});
