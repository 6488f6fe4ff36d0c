/**
 * Live coverage through the publish pipeline (issue #30), with a real
 * Directus and real Astro builds: an entry's save asks its coverage's
 * targeted build (directus/extensions/portal-hooks/src/live-entries.ts), which
 * writes the story's page and its feed (/news/<slug>/ao-vivo.json) together.
 */
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuilder } from '@portal/builder/service';
import type { LiveFeed } from '@portal/domain/live';
import { asEveryone, baseUrl, created as ok, eventually, newsFactory, type Api, type Who } from './support.ts';
import { startTestBuilder, type TestBuilder } from './test-builder.ts';

let who: Record<Who, Api>;
let builder: ReturnType<typeof startBuilder>;
let pipeline: TestBuilder;
const root = mkdtempSync(path.join(os.tmpdir(), 'portal-live-releases-'));
const file = (...p: string[]) => path.join(builder.releases.current, ...p);
const page = (slug: string) => (existsSync(file('news', slug, 'index.html')) ? readFileSync(file('news', slug, 'index.html'), 'utf8') : '');
const feedOf = (slug: string): LiveFeed | null => (existsSync(file('news', slug, 'ao-vivo.json')) ? JSON.parse(readFileSync(file('news', slug, 'ao-vivo.json'), 'utf8')) : null);

async function until(check: () => boolean, label: string, timeoutMs = 90_000) {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`tempo esgotado esperando: ${label}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  who = await asEveryone();
  pipeline = await startTestBuilder(root, { catchUpMs: 0 });
  builder = pipeline.builder;
}, 240_000);

afterAll(async () => {
  await pipeline.stop();
});

describe('live coverage pipeline', () => {
  let coverage: { id: string; slug: string; title: string };
  const entryIn = (id: string) => (feedOf(coverage.slug)?.entries ?? []).find((e) => e.id === id);
  const onPage = (id: string) => page(coverage.slug).includes(`id="atualizacao-${id}"`);

  it('an editor turns a published story live: its page says "Ao vivo" and its feed exists', async () => {
    coverage = ok(await who.editor.post('/items/news', newsFactory({ title: `Círio ao vivo ${Date.now()}`, status: 'published' }))) as typeof coverage;
    await until(() => page(coverage.slug).includes(coverage.title), 'página publicada');
    expect(feedOf(coverage.slug)).toBeNull();
    // Action
    expect((await who.editor.patch(`/items/news/${coverage.id}`, { live_status: 'live' })).status).toBe(200);
    // Assert
    await until(() => feedOf(coverage.slug)?.state === 'live', 'feed da cobertura');
    const html = page(coverage.slug);
    expect(html).toMatch(/data-testid="live-badge"[^>]*>Ao vivo</);
    expect(html).toContain('"@type":"LiveBlogPosting"');
    expect(feedOf(coverage.slug)).toMatchObject({ v: 1, state: 'live', total: 0, entries: [] });
  });

  it("a published entry reaches the feed and the page through the coverage's targeted build; a draft never shows", async () => {
    const since = new Date().toISOString();
    const other = ok(await who.editor.post('/items/news', newsFactory({ title: `Outra ${Date.now()}`, status: 'published' }))) as { slug: string };
    await until(() => page(other.slug) !== '', 'outra notícia no ar');
    const untouched = statSync(file('news', other.slug, 'index.html')).mtimeMs;
    const [home, rss] = [statSync(file('index.html')).mtimeMs, statSync(file('rss.xml')).mtimeMs];
    const draft = ok(await who.editor.post('/items/news_live_entries', { news_id: coverage.id, body: '<p>Rascunho secreto da redação</p>', status: 'draft' })) as { id: string };
    // Action
    const entry = ok(
      await who.editor.post('/items/news_live_entries', { news_id: coverage.id, body: '<p>A berlinda deixou a <strong>Catedral da Sé</strong>.</p><script>alert(1)</script>', status: 'published' }),
    ) as { id: string };
    // Assert
    await until(() => !!entryIn(entry.id) && onPage(entry.id), 'atualização no feed e na página');
    expect(entryIn(entry.id)!.html).toBe('<p>A berlinda deixou a <strong>Catedral da Sé</strong>.</p>');
    expect(page(coverage.slug)).toContain('Catedral da Sé');
    const requests = builder.received.filter((r) => r.at >= since).map((r) => r.request);
    expect(requests).toContainEqual({ full: false, news: [coverage.id], slugs: [coverage.slug], storiesOnly: true });
    expect(requests.some((r) => r.full)).toBe(false);
    // Only the coverage's own pages and the feeds that date it were rendered again: no other story, not the home page.
    expect(statSync(file('news', other.slug, 'index.html')).mtimeMs).toBe(untouched);
    expect(statSync(file('index.html')).mtimeMs).toBe(home);
    expect(statSync(file('rss.xml')).mtimeMs).toBeGreaterThan(rss);
    expect(entryIn(draft.id)).toBeUndefined();
    expect(page(coverage.slug)).not.toContain('Rascunho secreto');
    expect(readFileSync(file('news', coverage.slug, 'ao-vivo.json'), 'utf8')).not.toContain('Rascunho secreto');
  });

  it('a corrected entry shows its correction; a removed one leaves the feed and the page', async () => {
    const entry = ok(await who.editor.post('/items/news_live_entries', { news_id: coverage.id, body: '<p>Público estimado em 2 milhões.</p>', status: 'published' })) as { id: string };
    await until(() => onPage(entry.id), 'atualização no ar');
    // Action: corrected.
    expect((await who.editor.patch(`/items/news_live_entries/${entry.id}`, { correction_note: 'O público estimado é de 2,5 milhões.' })).status).toBe(200);
    await until(() => entryIn(entry.id)?.correction?.note === 'O público estimado é de 2,5 milhões.', 'correção no feed');
    await until(() => page(coverage.slug).includes('O público estimado é de 2,5 milhões.'), 'correção na página');
    expect(page(coverage.slug)).toMatch(/<strong[^>]*>Correção:<\/strong> <span[^>]*>O público estimado é de 2,5 milhões\./);
    // Action: removed.
    expect((await who.editor.del(`/items/news_live_entries/${entry.id}`)).status).toBe(204);
    await until(() => !entryIn(entry.id) && !onPage(entry.id), 'atualização retirada');
  });

  it("an entry's embargoed photo is private until the entry is public", async () => {
    const form = new FormData();
    form.append('title', 'Foto embargada da procissão');
    const jpeg = await sharp({ create: { width: 64, height: 36, channels: 3, background: { r: 20, g: 90, b: 160 } } })
      .jpeg()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'procissao.jpg');
    const res = await fetch(`${baseUrl()}/files`, { method: 'POST', headers: { authorization: `Bearer ${who.editor.token}` }, body: form });
    const fileId = ((await res.json()) as { data: { id: string } }).data.id;
    const asset = () => fetch(`${baseUrl()}/assets/${fileId}`).then((r) => r.status);
    const entry = ok(
      await who.editor.post('/items/news_live_entries', { news_id: coverage.id, body: '<p>A corda chega à Presidente Vargas.</p>', status: 'draft', image: `/api/assets/${fileId}`, image_caption: 'A corda' }),
    ) as { id: string };
    expect(await asset()).toBe(403);
    // Action
    expect((await who.editor.patch(`/items/news_live_entries/${entry.id}`, { status: 'published' })).status).toBe(200);
    // Assert
    // The photo turns public after the publish commits; on a loaded machine (CI runs three suites at once) that
    // took over 10 s: wait on that state as long as on the page below, not on eventually's default.
    await eventually(async () => (await asset()) === 200, 90_000);
    await until(() => entryIn(entry.id)?.image?.src === `/api/assets/${fileId}` && onPage(entry.id), 'atualização com foto no ar');
    expect(page(coverage.slug)).toContain('<figcaption class="mt-2 text-sm text-gray-600" data-part="caption">A corda</figcaption>');
  });

  it('a story made of an entry links its coverage, and the entry links the story', async () => {
    const entry = ok(await who.editor.post('/items/news_live_entries', { news_id: coverage.id, body: '<p>Romeiro passa mal na corda.</p>', status: 'published' })) as { id: string };
    const story = ok(await who.editor.post('/items/news', newsFactory({ title: `Romeiro atendido ${Date.now()}`, status: 'published', from_live_news_id: coverage.id }))) as { id: string; slug: string; title: string };
    await until(() => page(story.slug).includes('data-testid="from-live"'), 'notícia com a cobertura de origem');
    expect(page(story.slug)).toContain(`Esta notícia saiu da cobertura ao vivo <a href="/news/${coverage.slug}"`);
    // Action: the editor links the entry to the story it became.
    expect((await who.editor.patch(`/items/news_live_entries/${entry.id}`, { promoted_news_id: story.id })).status).toBe(200);
    await until(() => entryIn(entry.id)?.story?.slug === story.slug, 'atualização ligada à notícia');
    expect(page(coverage.slug)).toContain(`href="/news/${story.slug}"`);
  });

  it('ending the coverage freezes the page: the feed says ended and the page loads no poller; turning live mode off removes the feed', async () => {
    expect(page(coverage.slug)).toMatch(/<script type="module" src="[^"]*LivePoller[^"]*"/);
    // Action
    expect((await who.editor.patch(`/items/news/${coverage.id}`, { live_status: 'ended' })).status).toBe(200);
    // Assert
    await until(() => feedOf(coverage.slug)?.state === 'ended', 'feed encerrado');
    expect(feedOf(coverage.slug)!.endedAt).toBeTruthy();
    await until(() => /data-testid="live-badge"[^>]*>Cobertura encerrada</.test(page(coverage.slug)), 'página encerrada');
    expect(page(coverage.slug)).not.toContain('LivePoller');
    expect(page(coverage.slug)).toContain('"coverageEndTime"');
    // Live mode off: a story like any other, its feed gone with the mode.
    expect((await who.editor.patch(`/items/news/${coverage.id}`, { live_status: null })).status).toBe(200);
    await until(() => feedOf(coverage.slug) === null, 'feed retirado');
    expect(page(coverage.slug)).not.toContain('data-testid="live-badge"');
  });
});
