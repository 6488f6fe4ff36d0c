import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOADED_VERSION_FIELD } from '@portal/domain/edit-conflict';
import type { BuildRequest } from '@portal/domain/build-contract';
import { newsHooks } from './news-hooks.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'news-hooks-'));
let knex: Knex;
/** Every SELECT of news rows by id (the reads a save makes of the story itself). */
let storyReads: string[] = [];
const photo = '0000000a-0000-4000-8000-000000000000';
/** The photo's 4:3 and 1:1 versions and its original (issue #29). */
const versions = ['0000000b', '0000000c', '0000000d'].map((p) => `${p}-0000-4000-8000-000000000000`);
const T0 = Date.parse('2026-11-01T12:00:00Z');

beforeAll(async () => {
  knex = knexFactory({ client: 'sqlite3', connection: { filename: path.join(dir, 'db.sqlite') }, useNullAsDefault: true, pool: { min: 1, max: 1 } });
  await knex.schema.createTable('news', (t) => {
    t.string('id').primary();
    for (const c of ['slug', 'title', 'content', 'status', 'municipality_id', 'author_id', 'featured_image', 'featured_image_renditions', 'summary', 'category_id', 'featured_image_caption', 'live_status']) t.text(c);
    for (const c of ['published_at', 'first_published_at', 'updated_at', 'scheduled_at', 'live_started_at']) t.bigInteger(c);
    t.boolean('is_featured');
  });
  await knex.schema.createTable('news_redirects', (t) => {
    t.string('slug').primary();
    t.string('news_id');
    t.bigInteger('created_at');
  });
  await knex.schema.createTable('profiles', (t) => {
    for (const c of ['id', 'user_id', 'municipality_id', 'role', 'full_name', 'avatar_url']) t.text(c);
  });
  await knex.schema.createTable('directus_files', (t) => {
    t.string('id').primary();
    t.string('uploaded_by');
    t.boolean('portal_public');
  });
  // A story's live entries (issue #30): their files follow the story's visibility.
  await knex.schema.createTable('news_live_entries', (t) => (t.string('id'), t.string('news_id'), t.text('status'), t.bigInteger('published_at'), t.text('image'), t.text('body')));
  await knex.schema.createTable('events', (t) => (t.string('id'), t.text('image_url'), t.boolean('is_active')));
  await knex.schema.createTable('ads', (t) => (t.string('id'), t.text('content'), t.boolean('is_active')));
  await knex.schema.createTable('settings', (t) => (t.string('key'), t.text('value')));
  await knex('profiles').insert({ id: 'p1', user_id: 'u-editor', role: 'editor', full_name: 'Editora' });
  knex.on('query', (q: { sql: string }) => {
    if (/^select .* from `news` where `id` in/i.test(q.sql)) storyReads.push(q.sql);
  });
});
afterAll(async () => {
  await knex.destroy();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await knex('news').delete();
  await knex('news_redirects').delete();
  await knex('directus_files').delete();
  await knex('news').insert({
    id: 'n1',
    slug: 'chuva-em-belem',
    title: 'Chuva em Belém',
    content: '<p>Texto.</p>',
    status: 'pending',
    author_id: 'u-producer',
    municipality_id: 'm-belem',
    featured_image: `/api/assets/${photo}`,
    featured_image_renditions: JSON.stringify({ original: versions[2], '4:3': `/api/assets/${versions[0]}`, '1:1': `/api/assets/${versions[1]}` }),
    updated_at: T0,
  });
  for (const id of [photo, ...versions]) await knex('directus_files').insert({ id, uploaded_by: 'u-producer', portal_public: false });
  storyReads = [];
});

const editor = { user: 'u-editor', role: null };

describe('a story saved through its hooks (issue #31, item 3)', () => {
  it('an editor publishing a pending story: one read of the row before the write, one after; the photo turns public before the build is asked', async () => {
    const asked: BuildRequest[] = [];
    const hooks = newsHooks({ knex, notify: async (r) => void asked.push(r) });
    const filter = hooks.filters.find(([e]) => e === 'news.items.update')![1];
    const action = hooks.actions.find(([e]) => e === 'news.items.update')![1];
    const keys = ['n1'];
    const out = (await filter({ status: 'published', [LOADED_VERSION_FIELD]: new Date(T0).toISOString() }, { keys }, { database: knex, accountability: editor })) as Record<string, unknown>;
    expect(storyReads).toHaveLength(1);
    // The rules applied: published now, the loaded version taken out of the payload.
    expect(out).toMatchObject({ status: 'published' });
    expect(typeof out.published_at).toBe('string');
    expect(out).not.toHaveProperty(LOADED_VERSION_FIELD);

    // The write, as Directus makes it between the filter and the action.
    await knex('news').where('id', 'n1').update({ status: 'published', published_at: Date.parse(out.published_at as string) });
    await action({ keys });
    expect(storyReads).toHaveLength(2);
    const row = await knex('news').where('id', 'n1').first();
    expect(row.first_published_at).not.toBeNull();
    // The photo and its 4:3 and 1:1 versions: public with the story. The original stays private (it holds what the crop cut away).
    for (const id of [photo, versions[0]!, versions[1]!]) expect((await knex('directus_files').where('id', id).first()).portal_public, id).toBeTruthy();
    expect((await knex('directus_files').where('id', versions[2]).first()).portal_public).toBeFalsy();
    expect(asked).toEqual([expect.objectContaining({ full: false, news: ['n1'] })]);
  });

  it('a save based on an older version is refused, naming who wrote last; nothing is asked of the build', async () => {
    await knex('news').where('id', 'n1').update({ updated_at: T0 + 60_000 });
    const hooks = newsHooks({ knex, notify: async () => {} });
    const filter = hooks.filters.find(([e]) => e === 'news.items.update')![1];
    await knex.schema.createTable('directus_activity', (t) => (t.increments('id'), t.string('collection'), t.string('item'), t.string('action'), t.string('user')));
    await expect(filter({ title: 'Outro', [LOADED_VERSION_FIELD]: new Date(T0).toISOString() }, { keys: ['n1'] }, { database: knex, accountability: editor })).rejects.toThrow(
      'Esta notícia foi alterada por outra pessoa às 09:01; recarregue para ver as mudanças',
    );
    expect(storyReads).toHaveLength(1);
  });

  it("the form's rules hold on the row as it will be: a blank title is refused", async () => {
    const hooks = newsHooks({ knex, notify: async () => {} });
    const filter = hooks.filters.find(([e]) => e === 'news.items.update')![1];
    await expect(filter({ title: '  ' }, { keys: ['n1'] }, { database: knex, accountability: editor })).rejects.toThrow('Título é obrigatório');
    // A status alone is checked with the stored title and content.
    await expect(filter({ status: 'draft' }, { keys: ['n1'] }, { database: knex, accountability: editor })).resolves.toMatchObject({ status: 'draft' });
  });

  it('a delete reads the row once before and asks the build to take a public page down', async () => {
    await knex('news').where('id', 'n1').update({ status: 'published', published_at: T0 });
    const asked: BuildRequest[] = [];
    const hooks = newsHooks({ knex, notify: async (r) => void asked.push(r) });
    const keys = ['n1'];
    await hooks.filters.find(([e]) => e === 'news.items.delete')![1](keys, {}, { database: knex });
    expect(storyReads).toHaveLength(1);
    await knex('news').where('id', 'n1').delete();
    await hooks.actions.find(([e]) => e === 'news.items.delete')![1]({ keys });
    expect(asked).toEqual([expect.objectContaining({ full: false, slugs: ['chuva-em-belem'] })]);
  });
});
