/**
 * The publish pipeline with a real Directus and real Astro builds of the site:
 * Directus hooks → builder webhook → coalesced builds → atomic release.
 */
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startBuilder } from '../../scripts/lib/builder/service.ts';
import { asEveryone, newsFactory, type Api, type Who } from './support.ts';

let who: Record<Who, Api>;
let builder: ReturnType<typeof startBuilder>;
let server: http.Server;
const root = mkdtempSync(path.join(os.tmpdir(), 'portal-releases-'));
const page = (slug: string) => path.join(builder.releases.current, 'news', slug, 'index.html');

async function until(check: () => boolean, timeoutMs: number, label: string) {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`tempo esgotado esperando: ${label}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return Date.now() - t0;
}

beforeAll(async () => {
  who = await asEveryone();
  builder = startBuilder({
    releasesRoot: root,
    directusUrl: inject('directusUrl'),
    siteUrl: 'http://localhost:4321',
    token: inject('builderToken'),
    catchUpMs: 0,
  });
  server = http.createServer(builder.handler).listen(inject('builderPort'), '127.0.0.1');
  await builder.trigger({ full: true });
  expect(builder.status.lastError).toBeNull();
}, 180_000);

afterAll(async () => {
  builder.stop();
  await builder.idle();
  await new Promise((r) => server.close(r));
});

describe('publish pipeline', () => {
  it('a full build is live with its home and not-found pages', () => {
    expect(existsSync(path.join(builder.releases.current, 'index.html'))).toBe(true);
    expect(existsSync(path.join(builder.releases.current, '404.html'))).toBe(true);
  });

  it('staff see when the site was last updated; anonymous readers do not', async () => {
    const r = await who.editor.get('/portal/site-status');
    expect(r.data).toMatchObject({ available: true, lastError: null });
    expect(new Date(r.data.lastSuccessAt).getTime()).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect((await who.anonymous.get('/portal/site-status')).status).toBe(403);
  });

  it('refuses a webhook without the token', async () => {
    const res = await fetch(`http://127.0.0.1:${inject('builderPort')}/hooks/rebuild`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
  });

  it('publishing puts the article live, unpublishing takes it down', async () => {
    const created = await who.editor.post('/items/news', newsFactory({ title: `Pipeline publica ${Date.now()}`, status: 'draft' }));
    const slug = created.data.slug as string;
    // Action
    await who.editor.patch(`/items/news/${created.data.id}`, { status: 'published' });
    // Assert
    const ms = await until(() => existsSync(page(slug)), 90_000, 'página publicada');
    expect(readFileSync(page(slug), 'utf8')).toContain(created.data.title);
    console.log(`publicação → no ar: ${ms} ms`);
    await who.editor.patch(`/items/news/${created.data.id}`, { status: 'draft' });
    await until(() => !existsSync(page(slug)), 90_000, 'página retirada');
  });

  it('two concurrent edits of one story: the unpublish among them still takes the page down', async () => {
    // Each write carries its own "before" from filter to action (no map shared between requests).
    const created = await who.editor.post('/items/news', newsFactory({ title: `Concorrente ${Date.now()}`, status: 'published' }));
    const slug = created.data.slug as string;
    await until(() => existsSync(page(slug)), 90_000, 'página publicada');
    // Action: both at once.
    const [a, b] = await Promise.all([
      who.editor.patch(`/items/news/${created.data.id}`, { summary: 'Resumo corrigido' }),
      who.editor.patch(`/items/news/${created.data.id}`, { status: 'archived' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // Assert
    await until(() => !existsSync(page(slug)), 90_000, 'página retirada');
  });

  it('saving a draft does not rebuild', async () => {
    await builder.idle();
    const before = builder.status.builds;
    await who.producer.post('/items/news', newsFactory({ title: `Rascunho ${Date.now()}` }));
    await new Promise((r) => setTimeout(r, 1500));
    expect(builder.status.builds).toBe(before);
  });

  it('a burst of edits coalesces into at most one follow-up build and ends on the last state', async () => {
    const created = await who.editor.post('/items/news', newsFactory({ title: `Rajada ${Date.now()}`, status: 'published' }));
    await builder.idle();
    const before = builder.status.builds;
    // Action: eight quick edits while the first build runs.
    for (let i = 1; i <= 8; i++) await who.editor.patch(`/items/news/${created.data.id}`, { summary: `Versão ${i} do resumo` });
    await new Promise((r) => setTimeout(r, 300));
    await builder.idle();
    // Assert
    expect(builder.status.builds - before).toBeLessThanOrEqual(2);
    expect(readFileSync(page(created.data.slug), 'utf8')).toContain('Versão 8 do resumo');
  });

  it('a failed build keeps the last good site online and reports the failure', async () => {
    await builder.idle();
    const liveBefore = builder.releases.active();
    const broken = startBuilder({ releasesRoot: root, directusUrl: 'http://127.0.0.1:9', siteUrl: 'http://localhost:4321', token: '', catchUpMs: 0 });
    await broken.trigger({ full: true });
    expect(broken.status.lastError).toMatch(/astro build falhou/);
    expect(broken.status.lastFailureAt).not.toBeNull();
    expect(builder.releases.active()).toBe(liveBefore);
    expect(existsSync(path.join(builder.releases.current, 'index.html'))).toBe(true);
  });

  it('a news scheduled for later goes live within 60 s of its time, with no manual step', async () => {
    const when = new Date(Date.now() + 10_000);
    const created = await who.editor.post(
      '/items/news',
      newsFactory({ title: `Agendada ${Date.now()}`, status: 'published', scheduled_at: when.toISOString() }),
    );
    await builder.idle();
    expect(existsSync(page(created.data.slug))).toBe(false);
    await until(() => existsSync(page(created.data.slug)), 100_000, 'publicação agendada');
    const lateBy = Date.now() - when.getTime();
    console.log(`agendada: no ar ${lateBy} ms após o horário`);
    expect(lateBy).toBeLessThanOrEqual(60_000);
  }, 120_000);
});
