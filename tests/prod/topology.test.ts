/**
 * Two Directus instances behind nginx, sharing PostgreSQL, Redis and the
 * uploads folder (issue #11): either instance publishes, sessions and login
 * limits are shared, an upload made through one is served by the other, and
 * losing an instance fails no read and loses no acknowledged write.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { startNginx } from '../../scripts/lib/prod/nginx.ts';

const PASSWORD = 'portal-demo-2026';
const nginx = () => inject('nginxUrl');
const instance = (i: number) => inject('directusUrls')[i]!;

async function login(base: string, email: string, password = PASSWORD) {
  const res = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  return { status: res.status, token: ((await res.json()) as { data?: { access_token: string } }).data?.access_token };
}

async function until(check: () => Promise<boolean>, ms: number, label: string) {
  const t0 = Date.now();
  while (!(await check())) {
    if (Date.now() - t0 > ms) throw new Error(`tempo esgotado esperando: ${label}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const json = (token: string) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });

describe('nginx in front', () => {
  it('serves pages from a data folder other users cannot enter, as a checkout cloned under /root (issue #32)', async () => {
    const above = path.dirname(inject('prodDataDir'));
    expect((statSync(above).mode & 0o777).toString(8)).toBe('700');
    for (const p of ['/', '/auth', '/category/politica/']) {
      const res = await fetch(nginx() + p);
      expect(res.status, p).toBe(200);
      expect(await res.text(), p).toMatch(/<html/i);
    }
  });

  it('is not called up until it serves a real page: otherwise it says why and what to do', async () => {
    const prefix = mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-'));
    const port = Number(new URL(nginx()).port) + 90;
    const n = await startNginx(
      {
        listen: `127.0.0.1:${port}`,
        siteRoot: path.join(prefix, 'site-que-nao-existe'),
        adminRoot: path.join(prefix, 'admin-que-nao-existe'),
        directus: ['127.0.0.1:9'],
        builder: '127.0.0.1:9',
        readers: '127.0.0.1:9',
        cacheDir: path.join(prefix, 'cache'),
      },
      prefix,
    );
    try {
      // It accepts connections: that alone is not up.
      expect((await fetch(`${n.url}/`)).status).not.toBe(200);
      await expect(n.serves(['/'])).rejects.toThrow(/^o nginx respondeu \d{3} para \/ em http:\/\/127\.0\.0\.1:\d+ \(esperava 200\)[^]*error\.log[^]*Permission denied/);
    } finally {
      await n.stop();
      rmSync(prefix, { recursive: true, force: true });
    }
  });
});

describe('two Directus instances, one product', () => {
  it('a story published through either instance is live on the site', async () => {
    for (const i of [0, 1]) {
      const { token } = await login(instance(i), 'editor@portal.test');
      const res = await fetch(`${instance(i)}/items/news`, {
        method: 'POST',
        headers: json(token!),
        body: JSON.stringify({ title: `Publicada pela instância ${i + 1} ${Date.now()}`, summary: 'Resumo.', content: '<p>Texto.</p>', status: 'published' }),
      });
      expect(res.status).toBe(200);
      const { slug } = ((await res.json()) as { data: { slug: string } }).data;
      await until(async () => (await fetch(`${nginx()}/news/${slug}/`)).status === 200, 90_000, `publicação pela instância ${i + 1}`);
    }
  });

  it('a renamed municipality: its old address and the pages under it answer with a 301 to the new one, from nginx and the front server alike; deleted, it is gone', async () => {
    const headers = json(inject('prodAdminToken'));
    const stamp = Date.now();
    const [first, moved] = [`vila-da-topologia-${stamp}`, `vila-renomeada-${stamp}`];
    const created = await fetch(`${nginx()}/api/items/municipalities`, { method: 'POST', headers, body: JSON.stringify({ name: `Vila da Topologia ${stamp}`, slug: first }) });
    expect(created.status).toBe(200);
    const { id } = ((await created.json()) as { data: { id: string } }).data;
    await until(async () => (await fetch(`${nginx()}/municipio/${first}/`)).status === 200, 90_000, 'município no ar');
    // Action
    const renamed = await fetch(`${nginx()}/api/items/municipalities/${id}`, { method: 'PATCH', headers, body: JSON.stringify({ name: `Vila Renomeada ${stamp}`, slug: moved }) });
    expect(renamed.status).toBe(200);
    // Assert
    const at = async (base: string, p: string) => {
      const r = await fetch(base + p, { redirect: 'manual' });
      await r.arrayBuffer();
      return `${r.status} ${r.headers.get('location') ?? ''}`;
    };
    await until(async () => (await at(nginx(), `/municipio/${first}/`)) === `301 /municipio/${moved}/`, 90_000, 'endereço antigo redirecionado');
    for (const base of [nginx(), inject('frontUrl')]) {
      expect(await at(base, `/municipio/${first}/arquivo/`)).toBe(`301 /municipio/${moved}/arquivo/`);
      expect(await at(base, `/municipio/${moved}/`)).toBe('200 ');
    }
    // Action: deleted (it has no stories)
    expect((await fetch(`${nginx()}/api/items/municipalities/${id}`, { method: 'DELETE', headers })).status).toBe(204);
    // Assert: neither address has a page or a redirect any more.
    await until(async () => (await at(nginx(), `/municipio/${moved}/`)) === '404 ', 90_000, 'município apagado fora do ar');
    for (const base of [nginx(), inject('frontUrl')]) expect(await at(base, `/municipio/${first}/`)).toBe('404 ');
  });

  it('a session made on one instance works on the other', async () => {
    const { token } = await login(instance(0), 'produtor@portal.test');
    const me = await fetch(`${instance(1)}/users/me?fields=email`, { headers: json(token!) });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe('produtor@portal.test');
  });

  it('an upload made through one instance is served by the other', async () => {
    const { token } = await login(instance(0), 'editor@portal.test');
    const bytes = await sharp({ create: { width: 32, height: 18, channels: 3, background: { r: 10, g: 120, b: 60 } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('title', `Foto compartilhada ${Date.now()}`);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'foto.jpg');
    const up = await fetch(`${instance(0)}/files`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(up.status).toBe(200);
    const { id } = ((await up.json()) as { data: { id: string } }).data;
    const got = await fetch(`${instance(1)}/assets/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('who has a story open ("Fulano está editando") is seen from either instance', async () => {
    const editor = await login(instance(0), 'editor@portal.test');
    const admin = await login(instance(1), 'admin@portal.test');
    const made = await fetch(`${instance(0)}/items/news`, {
      method: 'POST',
      headers: json(editor.token!),
      body: JSON.stringify({ title: `Presença entre instâncias ${Date.now()}`, summary: 'Resumo.', content: '<p>Texto.</p>', status: 'draft' }),
    });
    expect(made.status).toBe(200);
    const { id } = ((await made.json()) as { data: { id: string } }).data;
    const beat = async (base: string, token: string) => {
      const r = await fetch(`${base}/portal/news/${id}/presence`, { method: 'POST', headers: json(token) });
      expect(r.status).toBe(200);
      return ((await r.json()) as { data: { editors: Array<{ user_id: string; name: string | null }> } }).data.editors;
    };
    // Action: the editor beats through instance 1, the super_admin through instance 2.
    expect(await beat(instance(0), editor.token!)).toEqual([]);
    const seenOnTwo = await beat(instance(1), admin.token!);
    const seenOnOne = await beat(instance(0), editor.token!);
    // Assert: each sees the other, whatever instance answered.
    expect(seenOnTwo).toHaveLength(1);
    expect(seenOnTwo[0]!.name).toBeTruthy();
    expect(seenOnOne).toHaveLength(1);
    expect(seenOnOne[0]!.user_id).not.toBe(seenOnTwo[0]!.user_id);
    // Leaving through one instance is seen by the other at once.
    expect((await fetch(`${instance(1)}/portal/news/${id}/presence`, { method: 'DELETE', headers: json(admin.token!) })).status).toBe(200);
    expect(await beat(instance(0), editor.token!)).toEqual([]);
  });

  it('login limits are shared: guessing across both instances is refused on both', async () => {
    const email = `alvo-${Date.now()}@portal.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await login(instance(i % 2), email, 'senha-errada')).status);
    // Five wrong guesses for one account from one address, wherever they landed; then 429 from either.
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

describe('logins through nginx', () => {
  it('a forged X-Forwarded-For neither dodges nor resets the login limits: nginx\'s address is the one counted', async () => {
    const email = `alvo-nginx-${Date.now()}@portal.test`;
    // Each guess claims another client; nginx appends the address it saw and Directus trusts one hop only.
    const guess = (claimed: string, password = 'senha-errada') =>
      fetch(`${nginx()}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': claimed, 'x-real-ip': claimed },
        body: JSON.stringify({ email, password }),
      }).then((r) => r.status);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await guess(`198.51.100.${i + 1}`));
    // Decision 009: 5 failures per address and account in 15 minutes, whatever each request claimed.
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // Action: a fresh forged address, a list of them, nginx's own — none starts a new count.
    expect(await guess('203.0.113.77')).toBe(429);
    expect(await guess('203.0.113.78, 203.0.113.79')).toBe(429);
    expect(await guess('127.0.0.1')).toBe(429);
  });
});

describe('reader caps across instances', () => {
  it('one address gets 20 counted views of an article a minute in all, not 20 per instance', async () => {
    const { token } = await login(instance(0), 'editor@portal.test');
    const made = await fetch(`${instance(0)}/items/news`, {
      method: 'POST',
      headers: json(token!),
      body: JSON.stringify({ title: `Contagem limitada ${Date.now()}`, summary: 'Resumo.', content: '<p>Texto.</p>', status: 'published' }),
    });
    expect(made.status).toBe(200);
    const { id } = ((await made.json()) as { data: { id: number } }).data;
    // The caps count per clock minute: start where the whole burst fits in one.
    if (new Date().getSeconds() > 45) await new Promise((r) => setTimeout(r, (61 - new Date().getSeconds()) * 1000));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fetch(`${instance(i % 2)}/portal/article-view`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131 Mobile' },
          body: JSON.stringify({ news_id: id }),
        }).then(async (r) => ({ status: r.status, ...((await r.json()) as { counted: boolean; views: number }) })),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.counted)).toHaveLength(20);
    const row = await fetch(`${instance(1)}/items/news/${id}?fields=view_count`, { headers: json(token!) });
    expect(((await row.json()) as { data: { view_count: number } }).data.view_count).toBe(20);
  });
});

describe('article views through nginx (reader edge)', () => {
  it('are counted, answered only once stored, and capped by the address nginx saw, whatever the request claims', async () => {
    const { token } = await login(instance(0), 'editor@portal.test');
    const made = await fetch(`${instance(0)}/items/news`, {
      method: 'POST',
      headers: json(token!),
      body: JSON.stringify({ title: `Leituras pela borda ${Date.now()}`, summary: 'Resumo.', content: '<p>Texto.</p>', status: 'published' }),
    });
    const { id } = ((await made.json()) as { data: { id: string } }).data;
    if (new Date().getSeconds() > 45) await new Promise((r) => setTimeout(r, (61 - new Date().getSeconds()) * 1000));
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        fetch(`${nginx()}/api/portal/article-view`, {
          method: 'POST',
          // A forged address in either header is replaced by nginx's $remote_addr.
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131 Mobile',
            'x-real-ip': `198.51.100.${i + 1}`,
            'x-forwarded-for': `198.51.100.${i + 1}`,
          },
          body: JSON.stringify({ news_id: id, session_id: crypto.randomUUID() }),
        }).then(async (r) => ({ status: r.status, cache: r.headers.get('cache-control'), ...((await r.json()) as { counted: boolean; views: number }) })),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.counted)).toHaveLength(20);
    expect(Math.max(...answers.map((a) => a.views))).toBe(20);
    expect(answers[0]!.cache).toBe('no-store');
    // Acknowledged means stored: the counter is already there.
    const row = await fetch(`${instance(1)}/items/news/${id}?fields=view_count`, { headers: json(token!) });
    expect(((await row.json()) as { data: { view_count: number } }).data.view_count).toBe(20);
  });

  it('a malformed view gets the same pt-BR error through the edge, and the edge route refuses the public', async () => {
    const bad = await fetch(`${nginx()}/api/portal/article-view`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 Chrome/131' },
      body: JSON.stringify({ news_id: 'x' }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Array<{ message: string }> }).errors[0]!.message).toBe('Identificador de notícia inválido');
    const forged = await fetch(`${nginx()}/api/portal/edge/article-views`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ views: [] }),
    });
    expect(forged.status).toBe(403);
  });
});

describe('scheduled publishing across instances', () => {
  it('a scheduled story fires exactly once, though both instances run the schedule', async () => {
    const { token } = await login(instance(1), 'editor@portal.test');
    const at = new Date(Date.now() + 25_000).toISOString();
    const res = await fetch(`${instance(1)}/items/news`, {
      method: 'POST',
      headers: json(token!),
      body: JSON.stringify({ title: `Agendada para as duas instâncias ${Date.now()}`, content: '<p>Texto.</p>', status: 'published', scheduled_at: at }),
    });
    expect(res.status).toBe(200);
    const { id, slug } = ((await res.json()) as { data: { id: string; slug: string } }).data;
    // Assert: live within a minute of its time…
    await until(async () => (await fetch(`${nginx()}/news/${slug}/`)).status === 200, 110_000, 'agendada no ar');
    // …asked for once by the schedule (one sweep on one instance), not once per instance.
    await new Promise((r) => setTimeout(r, 21_000)); // one more tick of the 20 s schedule, on either instance
    const received = (await (await fetch(`${inject('controlUrl')}/builder/received`)).json()) as Array<{ request: { news?: string[] } }>;
    expect(received.filter((r) => r.request.news?.includes(id))).toHaveLength(1);
  }, 180_000);
});

describe('failover', () => {
  it('with one instance killed, reads keep answering and every acknowledged write is stored; it rejoins', async () => {
    const control = inject('controlUrl');
    const { token } = await login(nginx() + '/api', 'editor@portal.test');
    const reads: number[] = [];
    const acknowledged: string[] = [];
    let running = true;
    // Readers and an editor keep working through nginx the whole time.
    const readers = (async () => {
      while (running) {
        const r = await fetch(`${nginx()}/api/items/categories?limit=1`).catch(() => null);
        reads.push(r?.status ?? 0);
        await new Promise((res) => setTimeout(res, 50));
      }
    })();
    const editor = (async () => {
      for (let n = 0; running; n++) {
        const r = await fetch(`${nginx()}/api/items/news`, {
          method: 'POST',
          headers: json(token!),
          body: JSON.stringify({ title: `Rascunho durante a falha ${n} ${Date.now()}`, content: '<p>Texto.</p>', status: 'draft' }),
        }).catch(() => null);
        if (r?.status === 200) acknowledged.push(((await r.json()) as { data: { id: string } }).data.id);
        await new Promise((res) => setTimeout(res, 200));
      }
    })();
    await new Promise((r) => setTimeout(r, 1000));
    // Action: instance 2 is killed (SIGKILL), then started again.
    expect((await fetch(`${control}/directus/1/kill`, { method: 'POST' })).status).toBe(204);
    await new Promise((r) => setTimeout(r, 3000));
    expect((await fetch(`${control}/directus/1/start`, { method: 'POST' })).status).toBe(204);
    await new Promise((r) => setTimeout(r, 2000));
    running = false;
    await Promise.all([readers, editor]);
    // Assert
    expect(reads.length).toBeGreaterThan(20);
    expect(reads.filter((s) => s !== 200)).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(5);
    const stored = await fetch(`${instance(1)}/items/news?filter[id][_in]=${acknowledged.join(',')}&fields=id&limit=1000`, { headers: json(token!) });
    expect(stored.status).toBe(200);
    expect(((await stored.json()) as { data: unknown[] }).data).toHaveLength(acknowledged.length);
  }, 120_000);
});
