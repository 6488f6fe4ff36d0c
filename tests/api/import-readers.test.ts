/**
 * Moving in (issue #27), as a newsroom runs it: `npm run import` (the CLI, a
 * child process) over exports written the way the hosted service and
 * WordPress write them (ops/src/import/fixtures), into the API suite's real
 * Directus and database. The same data in another shape changes nothing; a
 * dry run and a broken export write nothing; an importer killed mid-run
 * finishes on the next run with exact counts.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../directus/scripts/lib/paths.ts';
import { bulkHostedData, SAMPLE, sampleHostedData, TINY_JPEG, writeHostedExport } from '../../ops/src/import/fixtures/hosted-export.ts';
import { SAMPLE_UPLOADS, sampleWordpressSite, writeWxr } from '../../ops/src/import/fixtures/wxr.ts';
import { importId } from '../../ops/src/import/rules.ts';
import { rawDb } from './support.ts';

const work = mkdtempSync(path.join(os.tmpdir(), 'portal-import-cli-'));
const env = {
  ...inject('dbEnv'),
  STORAGE_LOCATIONS: 'local',
  STORAGE_LOCAL_ROOT: path.join(inject('dataDir'), 'uploads'),
  ADMIN_TOKEN: inject('adminToken'),
  PORTAL_DIRECTUS_URL: inject('directusUrl'),
  PORTAL_SITE_URL: 'http://localhost:4321',
  PORTAL_BACKUP_DIR: path.join(work, 'backups'),
};

/** `npm run import -- …` as a newsroom runs it (the same Node the suite runs on). */
function cli(args: string[], o: { onOutput?: (out: string, kill: () => void) => void; env?: Record<string, string> } = {}) {
  return new Promise<{ code: number | null; signal: string | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'ops/src/cli/import.ts'), ...args], { cwd: ROOT, env: { ...process.env, ...(o.env ?? env) }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      o.onOutput?.(out, () => child.kill('SIGKILL'));
    });
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code, signal) => resolve({ code, signal, out }));
  });
}

async function count(table: string, where: (q: any) => void = () => {}): Promise<number> {
  const db = await rawDb();
  try {
    return Number(((await db(table).modify(where).count({ n: '*' }).first()) as { n: number | string }).n);
  } finally {
    await db.destroy();
  }
}

const totals = async () => ({
  news: await count('news'),
  files: await count('directus_files'),
  users: await count('directus_users'),
  records: await count('import_records'),
  legacy: await count('legacy_paths'),
  redirects: await count('news_redirects'),
  settings: JSON.stringify(await settings()),
});
async function settings() {
  const db = await rawDb();
  try {
    return await db('settings').orderBy('key').select('key', 'value');
  } finally {
    await db.destroy();
  }
}

let savedSettings: Array<{ key: string; value: string | null }> = [];
beforeAll(async () => {
  savedSettings = await settings();
});
afterAll(async () => {
  // The samples set the portal's name and contact: later files expect the suite's own.
  const db = await rawDb();
  try {
    await db('settings').delete();
    if (savedSettings.length) await db('settings').insert(savedSettings);
    // Imported ads and events would show on other files' builds.
    for (const t of ['ads', 'events']) {
      const ids = await db('import_records').where('collection', t).pluck('target');
      if (ids.length) await db(t).whereIn('id', ids).delete();
    }
    // And 20,000 imported stories would make every later full build of the suite ten times longer
    // (they timed out in CI, and the builds they left running starved the files after them).
    const stories = (await db('import_records').where('collection', 'news').pluck('target')) as string[];
    for (let i = 0; i < stories.length; i += 500) {
      const slice = stories.slice(i, i + 500);
      // Their dependants first: the raw connection does not turn SQLite's foreign keys on.
      for (const t of ['legacy_paths', 'news_redirects', 'news_views', 'news_likes', 'news_daily', 'news_corrections', 'news_presence']) await db(t).whereIn('news_id', slice).delete();
      await db('news').whereIn('id', slice).delete();
    }
    await db('import_records').where('collection', 'news').delete();
  } finally {
    await db.destroy();
  }
});

describe('npm run import -- hosted', () => {
  const sql = path.join(work, 'hosted-sql');
  const csv = path.join(work, 'hosted-csv');
  let first: { code: number | null; out: string };
  beforeAll(async () => {
    await writeHostedExport(sql, sampleHostedData(), { shape: 'sql-copy' });
    await writeHostedExport(csv, sampleHostedData(), { shape: 'csv' });
    first = await cli(['hosted', sql]);
  });

  it('brings the SQL dump over and says what it did, in pt-BR', () => {
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain('Importação concluída:');
    expect(first.out).toMatch(/Notícias: 6 novos, 0 atualizados, 0 sem mudança, 0 deixados de fora/);
    expect(first.out).toContain('Perfis “Leitor”: Conta de leitor');
    expect(first.out).toContain('Tinha verificação em duas etapas');
    expect(first.out).toContain('Arquivo não encontrado na exportação: news-images/evento-cirio.jpg');
    expect(first.out).toContain('O site está sendo reconstruído uma vez');
    expect(first.out).toContain('Nenhum convite foi enviado');
  });

  it('stories keep their data; literal-rule slugs that collide get folded addresses and answer from the old ones', async () => {
    const db = await rawDb();
    try {
      const id = (key: string) => importId('hosted', 'news', key);
      const camara = await db('news').where('id', id(SAMPLE.camara)).first();
      const camara2 = await db('news').where('id', id(SAMPLE.camara2)).first();
      expect(camara).toMatchObject({ title: 'Câmara de Belém', status: 'published', featured_image: expect.stringMatching(/^\/api\/assets\//), featured_image_caption: 'Foto: Ana "Fotógrafa", Belém' });
      expect(camara.slug).toMatch(/^camara-de-belem(-\d+)?$/);
      expect(camara2.slug).toMatch(/^camara-de-belem-\d+$/);
      expect(camara.content).toContain('/api/assets/');
      expect(camara.content).not.toContain('supabase');
      expect(await db('news_redirects').where('news_id', camara.id).pluck('slug')).toEqual(['c-mara-de-bel-m']);
      expect(await db('news_redirects').where('news_id', camara2.id).pluck('slug')).toEqual(['c-mara-de-belem']);
      const scheduled = await db('news').where('id', id(SAMPLE.scheduled)).first();
      expect(scheduled.status).toBe('published');
      expect(new Date(Number.isFinite(Number(scheduled.published_at)) ? Number(scheduled.published_at) : scheduled.published_at).getUTCFullYear()).toBe(2030);
      expect(await db('news').where('id', id(SAMPLE.draft)).first('status', 'published_at')).toEqual({ status: 'draft', published_at: null });
      expect(await db('news').where('id', id(SAMPLE.orphan)).first('author_id')).toEqual({ author_id: null });
      const likes = await db('news').where('id', id(SAMPLE.camara)).first('like_count', 'view_count');
      expect(likes.like_count + likes.view_count).toBeGreaterThan(0);
      // The protected Pará is the portal's own, not a second one.
      expect(await count('municipalities', (q) => q.where('name', 'Pará'))).toBe(1);
      expect(await db('settings').where('key', 'portal_name').first('value')).toEqual({ value: 'Portal do Pará 🌴' });
    } finally {
      await db.destroy();
    }
  });

  it('the same data as CSV changes nothing', async () => {
    const before = await totals();
    const again = await cli(['hosted', csv]);
    expect(again.code, again.out).toBe(0);
    expect(again.out).toMatch(/Notícias: 0 novos, 0 atualizados, 6 sem mudança/);
    expect(await totals()).toEqual(before);
  });

  it('--dry-run of the INSERT form shows what would come and writes nothing', async () => {
    const dir = path.join(work, 'hosted-insert');
    const data = sampleHostedData();
    const news = [...data.news];
    data.news = [...news, { ...news[1]!, id: '99999999-0000-4000-8000-000000000001', title: 'Só na simulação', slug: 's-na-simula-o' }];
    await writeHostedExport(dir, data, { shape: 'sql-insert' });
    const before = await totals();
    const dry = await cli(['hosted', dir, '--dry-run']);
    expect(dry.code, dry.out).toBe(0);
    expect(dry.out).toContain('Simulação (nada foi gravado):');
    expect(dry.out).toMatch(/Notícias: 1 a criar, 0 a atualizar, 6 sem mudança/);
    expect(await totals()).toEqual(before);
  });

  it('a CSV with a wrong header is refused with the file and the line, and nothing is written', async () => {
    const dir = path.join(work, 'hosted-bad');
    await writeHostedExport(dir, sampleHostedData(), { shape: 'csv' });
    const { readFileSync } = await import('node:fs');
    const file = path.join(dir, 'news.csv');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^id,title,/, 'id,titulo,'));
    const before = await totals();
    const bad = await cli(['hosted', dir]);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('A importação não foi feita: news.csv, linha 1: falta a coluna "title"');
    expect(bad.out).toContain('Nada foi gravado');
    expect(await totals()).toEqual(before);
  });

  it('killed halfway, it finishes on the next run: every story once, nothing missing', async () => {
    const dir = path.join(work, 'hosted-bulk');
    // Killed once its own progress line says 10,000 records are in (a state, not a clock): half the stories are still to come.
    const N = 20_000;
    await writeHostedExport(dir, bulkHostedData(N, { images: 3 }), { shape: 'sql-copy' });
    const before = await count('news');
    const recordsBefore = await count('import_records', (q) => q.where('id', 'like', 'hosted:news:%'));
    const killed = await cli(['hosted', dir], {
      onOutput: (out, kill) => {
        if (/» \d+\.\d{3} registros gravados/.test(out)) kill();
      },
    });
    expect(killed.signal).toBe('SIGKILL');
    const halfway = (await count('news')) - before;
    expect(halfway).toBeGreaterThan(0);
    expect(halfway).toBeLessThan(N);
    const resumed = await cli(['hosted', dir]);
    expect(resumed.code, resumed.out).toBe(0);
    expect(resumed.out).toMatch(new RegExp(`Notícias: ${(N - halfway).toLocaleString('pt-BR').replace('.', '\\.')} novos, 0 atualizados, ${halfway.toLocaleString('pt-BR').replace('.', '\\.')} sem mudança`));
    expect((await count('news')) - before).toBe(N);
    expect(await count('import_records', (q) => q.where('id', 'like', 'hosted:news:%'))).toBe(recordsBefore + N);
  }, 300_000);
});

describe('npm run import -- wordpress', () => {
  const xml = path.join(work, 'wordpress.xml');
  const uploads = path.join(work, 'uploads');
  let first: { code: number | null; out: string };
  beforeAll(async () => {
    await writeWxr(xml, sampleWordpressSite());
    for (const f of SAMPLE_UPLOADS) {
      mkdirSync(path.dirname(path.join(uploads, f)), { recursive: true });
      writeFileSync(path.join(uploads, f), TINY_JPEG);
    }
    first = await cli(['wordpress', xml, '--uploads', uploads]);
  });

  it('brings posts, authors, categories and attachments, and lists what it left out', () => {
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain('Importação concluída:');
    expect(first.out).toMatch(/Página do WordPress não é notícia/);
    expect(first.out).toContain('Quem somos');
    expect(first.out).toContain('Post apagado');
  });

  it('a post keeps its words, its featured image and category, and every old address points at it', async () => {
    const db = await rawDb();
    try {
      const post = await db('news').where('id', importId('wordpress', 'news', '201')).first();
      expect(post).toMatchObject({ title: '“Câmara” aprova orçamento & metas', slug: 'camara-aprova-orcamento', status: 'published', featured_image: expect.stringMatching(/^\/api\/assets\//) });
      expect(post.content).toContain('<strong>23 votos</strong>');
      expect(post.content).not.toContain('wp:');
      expect(post.category_id).toBe((await db('categories').where('slug', 'politica').first('id')).id);
      const paths = await db('legacy_paths').where('news_id', post.id).pluck('path');
      expect(paths).toEqual(expect.arrayContaining(['/?p=201', '/2024/03/10/camara-aprova-orcamento/', '/camara-aprova-orcamento/']));
      // Private and password-protected posts do not go public.
      expect(await db('news').where('id', importId('wordpress', 'news', '206')).first('status')).toEqual({ status: 'draft' });
      expect(await db('news').where('id', importId('wordpress', 'news', '207')).first('status')).toEqual({ status: 'draft' });
      expect(await db('news').where('id', importId('wordpress', 'news', '301')).first()).toBeUndefined();
      const future = await db('news').where('id', importId('wordpress', 'news', '204')).first('status', 'published_at');
      expect(future.status).toBe('published');
    } finally {
      await db.destroy();
    }
  });

  it('a truncated export is refused with the file and the line, and nothing is written', async () => {
    const { readFileSync } = await import('node:fs');
    const cut = path.join(work, 'cortado.xml');
    const text = readFileSync(xml, 'utf8');
    writeFileSync(cut, text.slice(0, Math.floor(text.length * 0.6)));
    const before = await totals();
    const bad = await cli(['wordpress', cut, '--uploads', uploads]);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/A importação não foi feita: \S*cortado\.xml, linha \d+: XML incompleto/);
    expect(await totals()).toEqual(before);
  });

  it('the same export again changes nothing', async () => {
    const before = await totals();
    const again = await cli(['wordpress', xml, '--uploads', uploads]);
    expect(again.code, again.out).toBe(0);
    expect(again.out).toMatch(/Notícias: 0 novos, 0 atualizados/);
    expect(await totals()).toEqual(before);
  });

  it.runIf(inject('dbKind') === 'sqlite')("into the embedded portal of `npm start` (--data: its database, files and admin token; Directus on DIRECTUS_PORT)", async () => {
    const before = await totals();
    const embedded = await cli(['wordpress', xml, '--uploads', uploads, '--data', inject('dataDir')], {
      env: { DIRECTUS_PORT: new URL(inject('directusUrl')).port, PORT: '4321' },
    });
    expect(embedded.code, embedded.out).toBe(0);
    expect(embedded.out).toMatch(/Notícias: 0 novos, 0 atualizados/);
    expect(embedded.out).toContain('O site está sendo reconstruído uma vez');
    expect(await totals()).toEqual(before);
  });
});
