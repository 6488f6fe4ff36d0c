/**
 * Hostile public, round two (issue #32): what one request may ask of Directus
 * and who may ask it, by route then role. Each test arranges its own data.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mailsTo } from '../../scripts/lib/mail-catcher.ts';
import { FILE_USE_ERROR } from '../../directus/extensions/portal-hooks/src/file-use.ts';
import { admin, anonymous, Api, asEveryone, baseUrl, code, created, eventually, message, newsFactory, PASSWORD, signIn, type Who } from './support.ts';

let who: Record<Who, Api>;
/** A self-registered reader: signed in, no staff role. */
let reader: Api;
let siteReader: Api;

beforeAll(async () => {
  who = await asEveryone();
  const email = `leitor-${randomUUID().slice(0, 8)}@portal.test`;
  created(await admin().post('/users', { email, password: PASSWORD, status: 'active' }));
  reader = await signIn(email);
  siteReader = new Api(baseUrl(), inject('siteReaderToken'));
});

async function upload(api: Api, bytes: Buffer, type = 'image/jpeg') {
  const form = new FormData();
  form.append('title', `foto-${randomUUID().slice(0, 6)}`);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'foto.jpg');
  const res = await fetch(`${baseUrl()}/files`, { method: 'POST', headers: { authorization: `Bearer ${api.token}` }, body: form });
  const body = (await res.json()) as { data: { id: string } };
  expect(res.status).toBe(200);
  return body.data.id;
}
const jpeg = () => sharp({ create: { width: 64, height: 36, channels: 3, background: { r: 10, g: 120, b: 60 } } }).jpeg().toBuffer();

describe('/graphql', () => {
  const query = { query: '{ a1: news(limit: -1) { id title content } a2: news(limit: -1) { id title content } }' };
  it.each(['anonymous', 'producer', 'editor'] as const)('%s: refused (one request could hold hundreds of aliased reads)', async (w) => {
    for (const path of ['/graphql', '/graphql/system']) {
      const r = await who[w].post(path, query);
      expect(r.status, path).toBe(403);
      expect(message(r)).toBe('A API GraphQL não está disponível.');
    }
  });
  it('a signed-in reader without a staff role: refused too', async () => expect((await reader.post('/graphql', query)).status).toBe(403));
  it('super_admin (the Data Studio): answered', async () => expect((await who.super_admin.post('/graphql', { query: '{ categories(limit: 1) { id } }' })).status).toBe(200));
});

describe('GET /items/:collection, anonymous: the cost of one request does not grow with the archive', () => {
  it.each([
    ['limit=-1', 'Peça no máximo 100 itens por vez (limit entre 1 e 100).'],
    ['limit=101', 'Peça no máximo 100 itens por vez (limit entre 1 e 100).'],
    ['limit=100&offset=1950', 'A consulta pública vai no máximo até o item 2000.'],
    ['limit=50&page=41', 'A consulta pública vai no máximo até o item 2000.'],
    ['filter[title][_contains]=a', 'Operador “_contains” não permitido em consultas públicas.'],
    ['search=bel', 'Busca não permitida nesta coleção.'],
    ['aggregate[count]=*', 'Contagens e agrupamentos não são permitidos nesta consulta.'],
    ['meta=total_count', 'Contagens e agrupamentos não são permitidos nesta consulta.'],
    ['groupBy[]=category_id', 'Contagens e agrupamentos não são permitidos nesta consulta.'],
    ['sort=content', 'Não é permitido filtrar ou ordenar por “content”.'],
    ['deep[category_id][_filter][name][_eq]=x', 'Filtros em relações (deep) não são permitidos.'],
  ])('%s → 400, in pt-BR', async (query, text) => {
    const r = await anonymous().get(`/items/news?fields=id,title,content&${query}`);
    expect(r.status).toBe(400);
    expect(message(r)).toBe(text);
  });

  it('what readers need is answered: a page of published news by indexed fields, newest first', async () => {
    const r = await anonymous().get('/items/news?fields=id,slug&limit=100&sort=-published_at&filter[status][_eq]=published');
    expect(r.status).toBe(200);
    expect(r.data.length).toBeLessThanOrEqual(100);
  });

  it('a signed-in reader without a staff role gets the same bounds', async () => {
    expect((await reader.get('/items/news?limit=-1')).status).toBe(400);
  });

  it('SEARCH (a query in the body, past these checks) is refused', async () => {
    for (const api of [anonymous(), reader, who.producer]) {
      const r = await api.req('SEARCH', '/items/news', { query: { limit: -1 } });
      expect(r.status).toBe(405);
    }
  });
});

describe('filters, search and sorts on fields the caller cannot read (producer)', () => {
  it.each([
    ['/items/profiles?filter[whatsapp][_starts_with]=9', 'whatsapp'],
    ['/items/profiles?filter[email][_contains]=portal', 'email'],
    ['/items/profiles?sort=whatsapp', 'whatsapp'],
    ['/items/news?filter[author_id][email][_starts_with]=e', 'author_id.email'],
    ['/items/news?filter[author_id][tfa_secret][_nnull]=true', 'author_id.tfa_secret'],
    ['/items/news?filter[_or][0][author_id][email][_eq]=x', 'author_id.email'],
    ['/items/profiles?aggregate[max]=whatsapp', 'whatsapp'],
    ['/items/profiles?groupBy[]=whatsapp&aggregate[count]=*', 'whatsapp'],
    ['/users?filter[email][_starts_with]=editor', 'email'],
  ])('%s → 400 naming the field', async (path, field) => {
    const r = await who.producer.get(path);
    expect(r.status).toBe(400);
    expect(message(r)).toBe(`Não é permitido filtrar ou ordenar por “${field}”.`);
  });

  it('search over colleagues (where it would read their WhatsApp) is refused; over news it is answered', async () => {
    expect((await who.producer.get('/items/profiles?search=9')).status).toBe(400);
    expect((await who.producer.get('/items/news?search=bel&limit=5')).status).toBe(200);
  });

  it("the admin's own reads still work: her list with its count, the catalogue, her profile", async () => {
    const list = await who.producer.get(`/items/news?fields=id,title&filter[author_id][_eq]=${who.producer.userId}&sort=-created_at&limit=20&page=1&meta=filter_count`);
    expect(list.status).toBe(200);
    expect((await who.producer.get(`/items/news?aggregate[count]=*&filter[author_id][_eq]=${who.producer.userId}`)).status).toBe(200);
    expect((await who.producer.get('/items/municipalities?fields=id,name&limit=1000')).status).toBe(200);
    expect((await who.producer.get(`/items/profiles?filter[user_id][_eq]=${who.producer.userId}&fields=*`)).status).toBe(200);
  });

  it('staff ask for at most 1000 rows, and never "all"', async () => {
    expect(message(await who.editor.get('/items/news?limit=-1'))).toBe('Peça no máximo 1000 itens por vez (limit entre 1 e 1000).');
    expect((await who.producer.get('/items/news?limit=1001')).status).toBe(400);
    expect((await who.editor.get('/items/categories?limit=1000')).status).toBe(200);
  });

  it('a batch write by query is refused (items must be named)', async () => {
    const r = await who.editor.req('PATCH', '/items/news', { query: { filter: { title: { _contains: 'a' } } }, data: { summary: 'x' } });
    expect(r.status).toBe(400);
  });
});

describe('the site builder account (decision 032)', () => {
  it('reads what the public reads, without its bounds', async () => {
    expect((await siteReader.get('/items/news?fields=id&limit=-1')).status).toBe(200);
    expect((await siteReader.get('/items/news?aggregate[count]=*')).status).toBe(200);
  });
  it('never a draft, and writes nothing', async () => {
    const draft = created(await admin().post('/items/news', newsFactory({ status: 'draft' })));
    expect((await siteReader.get(`/items/news/${draft.id}`)).status).toBe(403);
    expect((await siteReader.patch(`/items/categories/${(await admin().get('/items/categories?limit=1&fields=id')).data[0].id}`, { name: 'x' })).status).toBe(403);
  });
  it('has no profile: it is nobody’s byline and nobody’s colleague', async () => {
    const me = (await siteReader.get('/users/me?fields=id')).data.id;
    expect((await admin().get(`/items/profiles?filter[user_id][_eq]=${me}`)).data).toEqual([]);
  });
});

describe('files', () => {
  it('a producer does not list a colleague’s private files, even asking for them by flag', async () => {
    const editorFile = await upload(who.editor, await jpeg());
    const mine = await upload(who.producer, await jpeg());
    const listed = (await who.producer.get('/files?filter[portal_public][_eq]=false&fields=id&limit=1000')).data as Array<{ id: string }>;
    expect(listed.map((f) => f.id)).toContain(mine);
    expect(listed.map((f) => f.id)).not.toContain(editorFile);
    expect((await who.producer.get(`/files/${editorFile}`)).status).toBe(403);
    // Editors review and publish: they see every upload.
    expect((await who.editor.get(`/files/${mine}`)).status).toBe(200);
  });

  it('a profile photo must be one’s own upload (or already public): pointing it at a private file would publish it', async () => {
    const editorFile = await upload(who.editor, await jpeg());
    const profile = (await who.producer.get(`/items/profiles?filter[user_id][_eq]=${who.producer.userId}&fields=id`)).data[0].id;
    const r = await who.producer.patch(`/items/profiles/${profile}`, { avatar_url: `/api/assets/${editorFile}` });
    expect(r.status).toBe(403);
    expect(message(r)).toBe(FILE_USE_ERROR);
    expect((await admin().get(`/files/${editorFile}?fields=portal_public`)).data.portal_public).toBe(false);
    const mine = await upload(who.producer, await jpeg());
    expect((await who.producer.patch(`/items/profiles/${profile}`, { avatar_url: `/api/assets/${mine}` })).status).toBe(200);
  });

  it('a producer’s story may not use a colleague’s private photo either', async () => {
    const editorFile = await upload(who.editor, await jpeg());
    const r = await who.producer.post('/items/news', newsFactory({ status: 'draft', featured_image: `/api/assets/${editorFile}` }));
    expect(r.status).toBe(403);
    expect(message(r)).toBe(FILE_USE_ERROR);
    const inBody = await who.producer.post('/items/news', newsFactory({ status: 'draft', content: `<p>a</p><img src="/api/assets/${editorFile}">` }));
    expect(inBody.status).toBe(403);
  });

  it('a signed-in reader without a staff role lists no files and reads no site status', async () => {
    expect((await reader.get('/files?fields=id')).status).toBe(403);
    expect((await reader.get('/portal/site-status')).status).toBe(403);
    expect((await who.producer.get('/portal/site-status')).status).toBe(200);
  });

  it('a camera’s metadata (GPS) does not survive the upload: the original served is clean and upright', async () => {
    const withGps = await sharp({ create: { width: 80, height: 40, channels: 3, background: { r: 200, g: 100, b: 0 } } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'Camera' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '1/1 27/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '48/1 30/1 0/1' } })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    expect((await sharp(withGps).metadata()).orientation).toBe(6);
    const id = await upload(who.producer, withGps);
    const original = Buffer.from(await (await fetch(`${baseUrl()}/assets/${id}`, { headers: { authorization: `Bearer ${who.producer.token}` } })).arrayBuffer());
    const m = await sharp(original).metadata();
    expect(m.exif).toBeUndefined();
    expect(m.xmp).toBeUndefined();
    // Orientation 6 (rotated 90°) was applied before the tag went: 40×80 now.
    expect([m.width, m.height]).toEqual([40, 80]);
    const stored = (await admin().get(`/files/${id}?fields=width,height,metadata`)).data;
    expect(JSON.stringify(stored.metadata ?? {})).not.toMatch(/GPS|gps/);
  });
});

describe('POST /files/import (the server fetching a URL)', () => {
  let internal: http.Server;
  let port: number;
  beforeAll(async () => {
    internal = http.createServer((_req, res) => res.end('{"segredo":"interno"}')).listen(0, '127.0.0.1');
    await new Promise((r) => internal.once('listening', r));
    port = (internal.address() as { port: number }).port;
  });
  afterAll(() => internal.close());

  it.each(['producer', 'editor'] as const)('%s: refused', async (w) => {
    const r = await who[w].post('/files/import', { url: `http://0.0.0.0:${port}/status` });
    expect(r.status).toBe(403);
    expect(message(r)).toBe('Importar arquivos por endereço não é permitido.');
  });

  it.each(['0.0.0.0', '0.0.0.1', '127.0.0.1', '127.1.2.3', 'localhost', '[::1]', '[::ffff:127.0.0.1]', '169.254.169.254', '10.0.0.1'])(
    'super_admin: %s is never fetched, and the error tells nothing of what answered',
    async (host) => {
      const r = await who.super_admin.post('/files/import', { url: `http://${host}:${port}/status` });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(r.errors)).not.toMatch(/segredo|json|text\/|content-type/i);
    },
  );
});

describe('malformed addresses', () => {
  it('/assets/%E0%A4%A is the client’s error: 400, not 500', async () => {
    const res = await fetch(`${baseUrl()}/assets/%E0%A4%A`);
    expect(res.status).toBe(400);
  });
});

describe('news: a producer cannot feature a story by sending the flag another way', () => {
  it.each([true, 1, '1', 'true', 'TRUE', 't'])('%j → 403', async (flag) => {
    const r = await who.producer.post('/items/news', { ...newsFactory({ status: 'draft' }), is_featured: flag });
    expect(r.status).toBe(403);
    expect(message(r)).toBe('Apenas editores podem destacar notícias');
  });
  it('an editor’s "1" is stored as true; junk is refused in pt-BR', async () => {
    const n = created(await who.editor.post('/items/news', { ...newsFactory({ status: 'draft' }), is_featured: '1' }));
    expect((await admin().get(`/items/news/${n.id}?fields=is_featured`)).data.is_featured).toBe(true);
    const junk = await who.editor.post('/items/news', { ...newsFactory({ status: 'draft' }), is_featured: 'talvez' });
    expect(junk.status).toBe(400);
    expect(code(junk)).toBe('PORTAL_INVALID');
  });
});

describe('reader mails (newsletter, privacy): a bare address, escaped, a few an hour per recipient', () => {
  const post = (path: string, body: unknown, ip: string) =>
    fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify(body) });
  const ip = () => `10.32.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

  it.each(['/portal/newsletter/subscribe', '/portal/privacy/request'])('%s refuses a display name with markup around the victim’s address', async (path) => {
    const victim = `vitima-${randomUUID().slice(0, 8)}@exemplo.com`;
    const res = await post(path, { email: `"<a href=https://evil.test>CONFIRME_AQUI</a>"<${victim}>`, kind: 'copia' }, ip());
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Array<{ message: string }> }).errors[0]!.message).toBe('Informe um e-mail válido.');
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsTo(inject('inboxUrl'), victim)).toEqual([]);
  });

  it('one recipient gets at most 3 confirmations an hour, however many addresses ask; every answer is the same', async () => {
    const victim = `alvo-${randomUUID().slice(0, 8)}@exemplo.com`;
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await post('/portal/newsletter/subscribe', { email: victim }, ip());
      answers.push(`${res.status} ${((await res.json()) as { message: string }).message}`);
    }
    expect(new Set(answers)).toEqual(new Set(['200 Quase lá! Enviamos um link de confirmação para o seu e-mail.']));
    await eventually(async () => (await mailsTo(inject('inboxUrl'), victim)).length >= 3);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await mailsTo(inject('inboxUrl'), victim)).toHaveLength(3);
  });

  it('a reader’s mails have their own budget per address: they never use up a reset mail', async () => {
    const from = ip();
    for (let i = 0; i < 10; i++) await post('/portal/newsletter/subscribe', { email: `x-${randomUUID().slice(0, 6)}@exemplo.com` }, from);
    expect((await post('/portal/newsletter/subscribe', { email: 'y@exemplo.com' }, from)).status).toBe(429);
    expect((await post('/auth/password/request', { email: `ninguem-${randomUUID().slice(0, 6)}@portal.test` }, from)).status).toBe(204);
  });

  it('password reset mails to one inbox: at most 3 an hour, whoever asks, with the same answer', async () => {
    const email = `staff-${randomUUID().slice(0, 8)}@portal.test`;
    created(await admin().post('/users', { email, password: PASSWORD, status: 'active' }));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await post('/auth/password/request', { email }, ip())).status);
    expect(new Set(statuses)).toEqual(new Set([204]));
    await eventually(async () => (await mailsTo(inject('inboxUrl'), email)).length >= 3);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await mailsTo(inject('inboxUrl'), email)).toHaveLength(3);
  });

  it('what the portal writes into a mail is escaped (a portal name with markup stays text)', async () => {
    const setting = (await admin().get('/items/settings/portal_name')).data;
    await admin().patch('/items/settings/portal_name', { value: 'Portal <b>Negrito</b>' });
    try {
      const email = `esc-${randomUUID().slice(0, 8)}@exemplo.com`;
      expect((await post('/portal/newsletter/subscribe', { email }, ip())).status).toBe(200);
      await eventually(async () => (await mailsTo(inject('inboxUrl'), email)).length >= 1);
      const [mail] = await mailsTo(inject('inboxUrl'), email);
      expect(mail!.html).toContain('Portal &lt;b&gt;Negrito&lt;/b&gt;');
      expect(mail!.html).not.toContain('<b>Negrito</b>');
    } finally {
      await admin().patch('/items/settings/portal_name', { value: setting.value });
    }
  });
});
