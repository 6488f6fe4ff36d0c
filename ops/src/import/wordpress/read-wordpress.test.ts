import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ImportInputError, type ImportRecord, type NewsRecord } from '../records.ts';
import { bulkWordpressSite, SAMPLE_UPLOADS, sampleWordpressSite, writeWxr } from '../fixtures/wxr.ts';
import { oldPaths, readWordpress, wpInstant } from './read-wordpress.ts';

const dir = mkdtempSync(join(tmpdir(), 'wp-reader-'));
const xml = join(dir, 'export.xml');
const uploads = join(dir, 'uploads');
const UP = 'https://portalantigo.com.br/wp-content/uploads';

async function read(opts?: { uploads?: string | null }): Promise<ImportRecord[]> {
  const out: ImportRecord[] = [];
  for await (const r of readWordpress(xml, opts)) out.push(r);
  return out;
}
const news = (rs: ImportRecord[], key: string) => rs.find((r): r is NewsRecord => r.kind === 'news' && r.key === key)!;
const warningsOf = (rs: ImportRecord[], key: string) =>
  rs.flatMap((r) => (r.kind === 'warning' && r.collection === 'news' && r.key === key ? [r.message] : []));

let records: ImportRecord[];
beforeAll(async () => {
  await writeWxr(xml, sampleWordpressSite());
  for (const f of SAMPLE_UPLOADS) {
    mkdirSync(dirname(join(uploads, f)), { recursive: true });
    writeFileSync(join(uploads, f), 'jpeg');
  }
  records = await read({ uploads });
});

describe('readWordpress over a WXR export written as WordPress writes it', () => {
  it('yields in dependency order: users, categories, files, news, list paths', () => {
    const order = ['user', 'category', 'file', 'news', 'list_path'];
    const kinds = records.filter((r) => order.includes(r.kind)).map((r) => order.indexOf(r.kind));
    expect(kinds).toEqual([...kinds].sort((a, b) => a - b));
  });

  it('authors → producers to review (the role is not in WXR); one without e-mail is left out; one without posts comes', () => {
    const users = records.filter((r) => r.kind === 'user');
    expect(users.map((u) => [u.key, u.email, u.full_name, u.role, u.had_2fa])).toEqual([
      ['maria', 'maria@portalantigo.com.br', 'Maria Editora', 'producer', false],
      ['joao', 'joao@portalantigo.com.br', 'João Repórter', 'producer', false],
      ['ana', 'ana@portalantigo.com.br', 'Ana Sem Posts', 'producer', false],
    ]);
    expect(records.filter((r) => r.kind === 'warning' && r.collection === 'users').map((r) => r.kind === 'warning' && r.message)).toEqual(
      Array(3).fill('Papel não vem do WordPress: revise em Perfis'),
    );
    expect(records).toContainEqual(
      expect.objectContaining({ kind: 'skipped', collection: 'users', key: 'semmail', title: 'Colaborador Sem E-mail' }),
    );
  });

  it('categories by nicename, names decoded, a parent dropped with a warning', () => {
    expect(records.filter((r) => r.kind === 'category').map((c) => c.kind === 'category' && [c.key, c.name, c.slug, c.description])).toEqual([
      ['politica', 'Política', 'politica', 'Poder & cidade'],
      ['cultura-lazer', 'Cultura & Lazer', 'cultura-lazer', null],
      ['belem', 'Belém', 'belem', null],
    ]);
    expect(records).toContainEqual(
      expect.objectContaining({ kind: 'warning', collection: 'categories', key: 'belem', message: expect.stringContaining('"Política"') }),
    );
  });

  it('attachments → files placed in the uploads folder; the one the folder lacks has no path', () => {
    const files = records.filter((r) => r.kind === 'file');
    expect(files.map((f) => f.kind === 'file' && [f.key, f.file.path, f.alt])).toEqual([
      ['101', '2024/03/camara.jpg', 'Fachada da Câmara'],
      ['102', '2024/03/ver-o-peso.jpg', 'Ver-o-Peso'],
      ['103', '2024/03/cirio.jpg', null],
      ['104', null, 'Arquivo que sumiu'],
      ['105', '2024/04/acai.jpg', 'Tigela de açaí'],
    ]);
    expect(files[0]).toMatchObject({ file: { url: `${UP}/2024/03/camara.jpg` }, origin: { file: xml, line: expect.any(Number) } });
  });

  it('a Gutenberg post: decoded title, first category, sticky, thumbnail with its caption, body within the allowlist, body images', () => {
    const n = news(records, '201');
    expect(n).toMatchObject({
      title: '“Câmara” aprova orçamento & metas',
      summary: 'Orçamento de 2024 aprovado.',
      slug: 'camara-aprova-orcamento',
      status: 'published',
      is_featured: true,
      category: 'politica',
      author: 'maria',
      published_at: '2024-03-10T12:30:00Z',
      created_at: '2024-03-10T12:30:00Z',
      scheduled_at: null,
      featured_image: { url: `${UP}/2024/03/camara.jpg`, path: '2024/03/camara.jpg' },
      featured_image_caption: 'Câmara Municipal de Belém',
      old_paths: ['/2024/03/10/camara-aprova-orcamento/', '/?p=201', '/camara-aprova-orcamento/'],
    });
    expect(n.content).toBe(
      '<p>A Câmara de Belém aprovou o orçamento de 2024 com <strong>23 votos</strong> a favor. Código: a[b[0]]&gt;1 🎉</p><h2>O que muda</h2>' +
        `<img src="${UP}/2024/03/camara-1024x683.jpg" alt="Fachada da Câmara"><p><em>Sessão de terça-feira</em></p>` +
        '<ul><li>Saúde: R$ 1 bilhão</li><li>Educação &amp; cultura</li></ul><blockquote><p>É um orçamento possível.</p><p>Presidente da Câmara</p></blockquote>' +
        '<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">https://www.youtube.com/watch?v=dQw4w9WgXcQ</a></p><p><em>A votação na íntegra</em></p>' +
        `<img src="${UP}/2024/03/ver-o-peso.jpg" alt="Ver-o-Peso"><img src="${UP}/2024/03/cirio.jpg" alt=""><p><em>Círio de Nazaré</em></p>`,
    );
    expect(n.body_images).toEqual([
      { url: `${UP}/2024/03/camara-1024x683.jpg`, path: '2024/03/camara-1024x683.jpg' },
      { url: `${UP}/2024/03/ver-o-peso.jpg`, path: '2024/03/ver-o-peso.jpg' },
      { url: `${UP}/2024/03/cirio.jpg`, path: '2024/03/cirio.jpg' },
    ]);
    expect(warningsOf(records, '201')).toEqual([
      'Só a primeira editoria vem (Política); ficaram de fora: outras editorias (Cultura & Lazer) e tags (Eleições)',
    ]);
  });

  it('a classic post: [caption] → image and caption (also the featured caption), autop, gallery, embed', () => {
    const n = news(records, '202');
    expect(n.content).toBe(
      `<img src="${UP}/2024/03/ver-o-peso.jpg" alt="Ver-o-Peso"><p><em>Mercado do Ver-o-Peso ao amanhecer</em></p>` +
        '<p>O mercado abre às 4h. Os feirantes chegam de barco<br>com açaí, peixe e ervas.</p>' +
        '<p>Segundo parágrafo, com <em>ênfase</em> e um link para <a href="https://www.belem.pa.gov.br/">a prefeitura</a>.</p>' +
        `<img src="${UP}/2024/03/ver-o-peso.jpg" alt="Ver-o-Peso"><img src="${UP}/2024/03/cirio.jpg" alt=""><p><em>Círio de Nazaré</em></p>` +
        '<p><a href="https://twitter.com/prefeitura/status/1234567890">https://twitter.com/prefeitura/status/1234567890</a></p>',
    );
    expect(n.featured_image_caption).toBe('Mercado do Ver-o-Peso ao amanhecer');
    expect(warningsOf(records, '202')).toEqual([]);
  });

  it('what cannot come over is reported with the post: an unknown shortcode, a table, an iframe, a script; a "]]>" survives', () => {
    const n = news(records, '203');
    expect(n.title).toBe('Festival de açaí 🍇 em Belém');
    expect(n.slug).toBe('festival-de-acai-🍇-em-belem');
    expect(n.content).toContain('<p>Dia | Atração</p><p>Sexta | Carimbó</p>');
    expect(n.content).toContain('<p>Um trecho com ]]&gt; no meio, que o WordPress divide em duas seções CDATA.</p>');
    expect(n.featured_image).toEqual({ url: `${UP}/2024/04/acai.jpg`, path: '2024/04/acai.jpg' });
    expect(n.featured_image_caption).toBe('Açaí com farinha');
    expect(warningsOf(records, '203')).toEqual([
      'Shortcode [contact-form-7] não existe no portal: removido',
      'Tabela convertida em texto (uma linha por parágrafo, células separadas por " | ")',
      'Conteúdo incorporado (iframe) trocado por um link: https://www.google.com/maps/embed?pb=xyz',
      'Removido do corpo: <script> com o texto "window.festival = "sem texto para o leitor";"',
    ]);
    expect(records.filter((r) => r.kind === 'warning' && r.key === '203').every((r) => r.kind === 'warning' && r.title === n.title)).toBe(true);
  });

  it('statuses: future → published in the future (scheduled), draft and pending kept, private and password-protected → draft, reported', () => {
    expect(news(records, '204')).toMatchObject({ status: 'published', published_at: '2099-10-10T11:00:00Z', scheduled_at: '2099-10-10T11:00:00Z' });
    expect(news(records, '205')).toMatchObject({
      status: 'draft',
      published_at: null,
      created_at: '2024-05-01T10:00:00-03:00',
      slug: null,
      old_paths: ['/?p=205'],
    });
    expect(news(records, '208')).toMatchObject({ status: 'pending', published_at: null });
    for (const key of ['206', '207']) {
      expect(news(records, key)).toMatchObject({ status: 'draft', published_at: null });
      expect(warningsOf(records, key)).toEqual(['Post privado/protegido por senha no WordPress: importado como rascunho']);
    }
    expect(news(records, '402').title).toBe('Título antigo & escapado');
  });

  it('a missing file is a FileRef without path, for the featured image and a resized copy in the body', () => {
    const n = news(records, '205');
    expect(n.featured_image).toEqual({ url: `${UP}/2024/03/faltando.jpg`, path: null });
    expect(n.body_images).toEqual([{ url: `${UP}/2024/03/faltando-300x200.jpg`, path: null }]);
  });

  it('trash, revisions, pages and menu items are skipped with the reason', () => {
    const skipped = records
      .filter((r) => r.kind === 'skipped' && r.collection === 'news')
      .map((r) => r.kind === 'skipped' && [r.key, r.title, r.reason]);
    expect(skipped).toEqual([
      ['209', 'Post apagado', 'Post na lixeira do WordPress'],
      ['210', 'Revisão de “Câmara”', 'Revisão antiga de um post (só a versão atual vem)'],
      ['301', 'Quem somos', 'Página do WordPress não é notícia'],
      ['401', '(sem título)', 'Item de menu do WordPress (o menu do portal é montado pelas editorias)'],
    ]);
    expect(records.filter((r) => r.kind === 'news')).toHaveLength(9);
  });

  it('list paths: /category/<nicename>/ (with its parent too) and /?cat=<term_id>', () => {
    expect(records.filter((r) => r.kind === 'list_path')).toEqual([
      { kind: 'list_path', category: 'politica', paths: ['/category/politica/', '/?cat=2'] },
      { kind: 'list_path', category: 'cultura-lazer', paths: ['/category/cultura-lazer/', '/?cat=3'] },
      { kind: 'list_path', category: 'belem', paths: ['/category/belem/', '/category/politica/belem/', '/?cat=4'] },
    ]);
  });

  it('without --uploads no file has a path (the writer reports them missing); a missing uploads folder is an input error', async () => {
    const rs = await read();
    expect(rs.filter((r) => r.kind === 'file').every((r) => r.kind === 'file' && r.file.path === null)).toBe(true);
    expect(news(rs, '201').body_images.map((f) => f.path)).toEqual([null, null, null]);
    const missing = join(dir, 'nao-ha');
    const err = await read({ uploads: missing }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportInputError);
    expect((err as ImportInputError).message).toBe(`${missing}: pasta de uploads do WordPress não encontrada`);
  });

  it('a truncated export fails before any record is yielded', async () => {
    const cut = join(dir, 'cortado.xml');
    writeFileSync(cut, readFileSync(xml, 'utf8').slice(0, 20_000));
    const seen: string[] = [];
    const err = await (async () => {
      for await (const r of readWordpress(cut)) seen.push(r.kind);
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportInputError);
    expect((err as ImportInputError).message).toMatch(/cortado\.xml, linha \d+: XML incompleto ou inválido/);
    expect(seen).toEqual([]);
  });
});

describe('an export of posts only', () => {
  it('has no <wp:category>: the categories the posts name stand in (no ?cat= address without a term id)', async () => {
    const f = join(dir, 'so-posts.xml');
    await writeWxr(f, { ...sampleWordpressSite(), categories: [], tags: [] });
    const rs: ImportRecord[] = [];
    for await (const r of readWordpress(f)) rs.push(r);
    expect(rs.filter((r) => r.kind === 'category').map((c) => c.kind === 'category' && [c.key, c.name])).toEqual([
      ['politica', 'Política'],
      ['cultura-lazer', 'Cultura & Lazer'],
    ]);
    expect(rs.filter((r) => r.kind === 'list_path').map((r) => r.kind === 'list_path' && r.paths)).toEqual([
      ['/category/politica/'],
      ['/category/cultura-lazer/'],
    ]);
  });
});

describe('dates and old addresses', () => {
  it('post_date_gmt when set, else post_date as Belém time, else null', () => {
    expect(wpInstant('2024-03-10 12:30:00', '2024-03-10 09:30:00')).toBe('2024-03-10T12:30:00Z');
    expect(wpInstant('0000-00-00 00:00:00', '2024-05-01 10:00:00')).toBe('2024-05-01T10:00:00-03:00');
    expect(wpInstant('0000-00-00 00:00:00', '0000-00-00 00:00:00')).toBeNull();
  });

  it('the permalink with its query, /?p=ID, /YYYY/MM/DD/name/ and /name/, unique', () => {
    expect(oldPaths({ link: 'https://s.com/2020/05/03/ola/', post_id: '12', post_name: 'ola', post_date: '2020-05-03 10:00:00' })).toEqual([
      '/2020/05/03/ola/',
      '/?p=12',
      '/ola/',
    ]);
    expect(oldPaths({ link: 'https://s.com/noticias/ola-mundo.html?amp=1', post_id: '3', post_name: '', post_date: '2020-05-03 10:00:00' })).toEqual([
      '/noticias/ola-mundo.html?amp=1',
      '/?p=3',
    ]);
  });
});

describe('a large export', () => {
  it('bulkWordpressSite(2000) is read as a stream, with bounded memory', async () => {
    const big = join(dir, 'bulk.xml');
    await writeWxr(big, bulkWordpressSite(2000));
    const size = statSync(big).size;
    // What stays alive after a collection, not what garbage happens to sit in the young generation.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const live = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const before = live();
    const during: number[] = [];
    const counts: Record<string, number> = {};
    for await (const r of readWordpress(big)) {
      counts[r.kind] = (counts[r.kind] ?? 0) + 1;
      if (r.kind === 'news' && counts.news! % 500 === 0) during.push(live() - before);
    }
    expect(counts).toMatchObject({ user: 5, category: 10, file: 2000, news: 2000, list_path: 10 });
    expect(counts.skipped ?? 0).toBe(0);
    // Only the attachment index and the chunk being parsed stay alive: under half the export's size,
    // and nothing grows from the 500th post to the 2000th (posts held would add ~5 KB each).
    expect(Math.max(...during)).toBeLessThan(size / 2);
    expect(during.at(-1)! - during[0]!).toBeLessThan(1024 * 1024);
  }, 60_000);
});
