/**
 * Files against a hostile public (issue #10), by route then role: uploads are
 * real images of at most 10 MB (by their bytes, not their name), renditions
 * only by preset, and readers fetch only files published content uses —
 * an embargoed story's photo stays private until the story is live.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { UPLOAD_ERROR } from '../../domain/src/files.ts';
import { SOCIAL_IMAGE } from '../../domain/src/images.ts';
import { openSavedFiles, refreshFileVisibility } from '../../directus/extensions/portal-hooks/src/file-visibility.ts';
import { dbDate } from '../../directus/extensions/shared/db-date.ts';
import { admin, asEveryone, baseUrl, created, eventually, message, newsFactory, rawDb, type Api, type Who } from './support.ts';

const pg = inject('dbKind') === 'postgres';
let who: Record<Who, Api>;
let jpeg: Buffer;
let png: Buffer;
let webp: Buffer;
beforeAll(async () => {
  who = await asEveryone();
  const img = () => sharp({ create: { width: 64, height: 36, channels: 3, background: { r: 200, g: 30, b: 30 } } });
  [jpeg, png, webp] = await Promise.all([img().jpeg().toBuffer(), img().png().toBuffer(), img().webp().toBuffer()]);
});

async function upload(api: Api, bytes: Buffer, filename: string, type: string, title = filename) {
  const form = new FormData();
  form.append('title', title);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await fetch(`${baseUrl()}/files`, { method: 'POST', headers: api.token ? { authorization: `Bearer ${api.token}` } : {}, body: form });
  const body = (await res.json().catch(() => ({}))) as { data?: { id: string; type: string }; errors?: Array<{ message: string }> };
  return { status: res.status, data: body.data, message: body.errors?.[0]?.message };
}

const filesTitled = async (title: string) => (await admin().get(`/files?filter[title][_eq]=${encodeURIComponent(title)}&fields=id`)).data as unknown[];
const asset = (id: string, query = '') => fetch(`${baseUrl()}/assets/${id}${query}`);

describe('POST /files (upload matrix, as producer)', () => {
  it.each([
    ['JPEG', () => jpeg, 'foto.jpg', 'image/jpeg'],
    ['PNG', () => png, 'foto.png', 'image/png'],
    ['WebP', () => webp, 'foto.webp', 'image/webp'],
  ])('accepts a real %s', async (_label, bytes, name, type) => {
    const r = await upload(who.producer, bytes(), name, type);
    expect(r.status).toBe(200);
    expect(r.data?.type).toBe(type);
  });

  it('stores the type the bytes are, not the one declared', async () => {
    const r = await upload(who.producer, png, 'na-verdade-png.jpg', 'image/jpeg');
    expect(r.status).toBe(200);
    const f = (await admin().get(`/files/${r.data!.id}?fields=type`)).data;
    expect(f.type).toBe('image/png');
  });

  it('refuses a text file named .jpg sent as image/jpeg, and keeps nothing of it', async () => {
    const title = `falso-${Date.now()}`;
    const r = await upload(who.producer, Buffer.from('isto não é uma imagem, é texto'), 'falso.jpg', 'image/jpeg', title);
    expect(r.status).toBe(400);
    expect(r.message).toBe(UPLOAD_ERROR);
    expect(await filesTitled(title)).toEqual([]);
  });

  it.each([
    ['an HTML page', '<!doctype html><form action="https://mal.example"><input name=senha></form>', 'entrar.html', 'text/html'],
    ['an SVG with a script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'logo.svg', 'image/svg+xml'],
    ['an HTML page sent as image/png', '<!doctype html><p>phishing</p>', 'pagina.png', 'image/png'],
  ])('refuses %s', async (_label, text, name, type) => {
    const title = `hostil-${Date.now()}-${name}`;
    const r = await upload(who.editor, Buffer.from(text), name, type, title);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(await filesTitled(title)).toEqual([]);
  });

  it('refuses a file over 10 MB', async () => {
    const big = Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024)]);
    const r = await upload(who.super_admin, big, 'grande.jpg', 'image/jpeg');
    expect(r.status).toBe(413);
  });

  it('anonymous cannot upload', async () => {
    expect((await upload(who.anonymous, jpeg, 'a.jpg', 'image/jpeg')).status).toBe(403);
  });
});

describe('embargoed images', () => {
  it("a draft's photo is private; public once published; private again when unpublished", async () => {
    const file = await upload(who.producer, jpeg, 'exclusiva.jpg', 'image/jpeg', 'Foto exclusiva embargada');
    expect(file.status).toBe(200);
    const id = file.data!.id;
    const news = created(await who.producer.post('/items/news', newsFactory({ status: 'pending', featured_image: `/api/assets/${id}` })));

    // Embargoed: no download, no listing, no metadata.
    expect((await asset(id)).status).toBe(403);
    expect((await who.anonymous.get(`/files/${id}`)).status).toBe(403);
    expect((await who.anonymous.get('/files')).status).toBe(403);

    // Action: the editor publishes.
    expect((await who.editor.patch(`/items/news/${news.id}`, { status: 'published' })).status).toBe(200);
    await eventually(async () => (await asset(id)).status === 200);
    const res = await asset(id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    // Readers see what they need of it, never its title.
    expect(Object.keys((await who.anonymous.get(`/files/${id}`)).data).sort()).toEqual(['filename_download', 'height', 'id', 'type', 'width']);

    // Unpublished: private again.
    expect((await who.editor.patch(`/items/news/${news.id}`, { status: 'archived' })).status).toBe(200);
    await eventually(async () => (await asset(id)).status === 403);
  });

  it("a story's 4:3 and 1:1 versions follow its photo (private, then public with the story); its original stays private (issue #29)", async () => {
    const [photo, square, fourThree, original] = await Promise.all(
      ['foto.jpg', 'foto-1x1.jpg', 'foto-4x3.jpg', 'foto-original.jpg'].map(async (name) => (await upload(who.producer, jpeg, name, 'image/jpeg')).data!.id),
    );
    const renditions = JSON.stringify({ original, '4:3': `/api/assets/${fourThree}`, '1:1': `/api/assets/${square}` });
    const news = created(await who.producer.post('/items/news', newsFactory({ status: 'pending', featured_image: `/api/assets/${photo}`, featured_image_renditions: renditions })));
    for (const id of [photo, square, fourThree, original]) expect((await asset(id!)).status, id).toBe(403);
    expect((await who.editor.patch(`/items/news/${news.id}`, { status: 'published' })).status).toBe(200);
    await eventually(async () => (await asset(square!)).status === 200 && (await asset(fourThree!)).status === 200);
    expect((await asset(photo!)).status).toBe(200);
    // What the crop cut away is the newsroom's, not the public's.
    expect((await asset(original!)).status).toBe(403);
    // Anything but the dialog's JSON is refused, in pt-BR, before it is stored.
    const bad = await who.editor.patch(`/items/news/${news.id}`, { featured_image_renditions: JSON.stringify({ '4:3': 'javascript:alert(1)', '1:1': `/api/assets/${square}` }) });
    expect(bad.status).toBe(400);
    expect(bad.data.errors[0].message).toBe('As versões 4:3 e 1:1 da imagem são inválidas: envie a imagem de novo');
  });

  it("two refreshes of one photo take turns: one that read the story as pending never writes after the publish's own (a story created and published a moment later)", async () => {
    const id = (await upload(who.producer, jpeg, 'corrida.jpg', 'image/jpeg')).data!.id;
    const news = created(await who.producer.post('/items/news', newsFactory({ status: 'pending' })));
    const db = await rawDb();
    // PostgreSQL: the publish from another instance's connection; SQLite: Directus's one connection, as in production.
    const other = pg ? await rawDb() : db;
    let release = () => {};
    try {
      // The photo put in by the database itself: no hook of Directus refreshes it meanwhile.
      await db('news').where('id', news.id).update({ featured_image: `/api/assets/${id}` });
      let read!: () => void;
      const [hasRead, gate] = [new Promise<void>((r) => (read = r)), new Promise<void>((r) => (release = r))];
      // The create's refresh: it reads the story as pending, then is held before it writes.
      const stale = refreshFileVisibility(db, [id], new Date(), {
        beforeWrite: async () => {
          read();
          await gate;
        },
      });
      await hasRead;
      // The publish commits, and its own refresh runs…
      const fresh = other('news')
        .where('id', news.id)
        .update({ status: 'published', published_at: dbDate(other, new Date(Date.now() - 60_000)) })
        .then(() => refreshFileVisibility(other, [id]));
      // …as far as it can (to its end, were the two not to take turns) before the stale one writes.
      await Promise.race([fresh, new Promise((r) => setTimeout(r, 1000))]);
      release();
      await Promise.all([stale, fresh]);
      expect(Boolean((await db('directus_files').where('id', id).first('portal_public')).portal_public)).toBe(true);
      expect((await asset(id)).status).toBe(200);
    } finally {
      release();
      await db.destroy();
      if (other !== db) await other.destroy();
    }
  });

  it('a story published with its photo opens it from its own row, no search of the archive; the one it no longer uses is left for the search after its build is asked for', async () => {
    const [photo, former] = await Promise.all(['nova.jpg', 'antiga.jpg'].map(async (name) => (await upload(who.producer, jpeg, name, 'image/jpeg')).data!.id));
    const news = created(await who.producer.post('/items/news', newsFactory({ status: 'pending' })));
    const db = await rawDb();
    const sql: string[] = [];
    try {
      await db('news')
        .where('id', news.id)
        .update({ featured_image: `/api/assets/${photo}`, status: 'published', published_at: dbDate(db, new Date(Date.now() - 60_000)) });
      db.on('query', (q: { sql: string }) => sql.push(q.sql));
      const rest = await openSavedFiles(db, [photo!, former!], [['news', (q) => q.where('id', news.id)]]);
      expect(rest).toEqual([former]);
      expect((await asset(photo!)).status).toBe(200);
      expect((await asset(former!)).status).toBe(403);
      // Every read went by the saved story's key: no LIKE over the stories' text.
      expect(sql.filter((q) => /\blike\b/i.test(q))).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('a producer cannot point the versions at a file that is not hers and not public (issue #29)', async () => {
    const theirs = (await upload(who.editor, jpeg, 'do-editor.jpg', 'image/jpeg')).data!.id;
    const mine = (await upload(who.producer, jpeg, 'minha.jpg', 'image/jpeg')).data!.id;
    const renditions = JSON.stringify({ original: null, '4:3': `/api/assets/${theirs}`, '1:1': `/api/assets/${mine}` });
    const res = await who.producer.post('/items/news', newsFactory({ status: 'pending', featured_image: `/api/assets/${mine}`, featured_image_renditions: renditions }));
    expect(res.status).toBe(403);
    expect(res.data.errors[0].message).toBe('Imagem indisponível: use uma imagem enviada por você ou já publicada no portal.');
  });

  it('a photo also used by another published story stays public when one of them is unpublished', async () => {
    const id = (await upload(who.editor, jpeg, 'compartilhada.jpg', 'image/jpeg')).data!.id;
    const a = created(await who.editor.post('/items/news', newsFactory({ status: 'published', featured_image: `/api/assets/${id}` })));
    created(await who.editor.post('/items/news', newsFactory({ status: 'published', content: `<p>Veja</p><img src="/api/assets/${id}" alt="">` })));
    await eventually(async () => (await asset(id)).status === 200);
    expect((await who.editor.patch(`/items/news/${a.id}`, { status: 'draft' })).status).toBe(200);
    // The flag is recomputed just after the write: watch it for a second; it must stay public.
    for (let i = 0; i < 10; i++) {
      expect((await asset(id)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('a scheduled story keeps its photo private until its time, and the sweep opens it within a minute of it', async () => {
    const id = (await upload(who.editor, jpeg, 'agendada.jpg', 'image/jpeg')).data!.id;
    // The sweep (portal-hooks, every 20 s) publishes what came due since its last run.
    const when = new Date(Date.now() + 8_000);
    created(await who.editor.post('/items/news', newsFactory({ status: 'published', scheduled_at: when.toISOString(), featured_image: `/api/assets/${id}` })));
    // Private on every look until its time.
    while (Date.now() < when.getTime() - 500) {
      expect((await asset(id)).status).toBe(403);
      await new Promise((r) => setTimeout(r, 250));
    }
    // Action: its time passes; no one touches the story.
    await eventually(async () => (await asset(id)).status === 200, 75_000);
    expect(Date.now() - when.getTime()).toBeLessThanOrEqual(60_000);
    expect((await asset(id)).headers.get('content-type')).toBe('image/jpeg');
  }, 100_000);

  it("a story scheduled for later keeps its photo private (an hour ahead: no sweep opens it)", async () => {
    const id = (await upload(who.editor, jpeg, 'agendada-depois.jpg', 'image/jpeg')).data!.id;
    const later = new Date(Date.now() + 3600_000).toISOString();
    created(await who.editor.post('/items/news', newsFactory({ status: 'published', scheduled_at: later, featured_image: `/api/assets/${id}` })));
    expect((await asset(id)).status).toBe(403);
  });
});

describe('GET /assets renditions', () => {
  let id: string;
  let large: string;
  const photo = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } }).jpeg().toBuffer();
  const published = async (name: string, bytes: Buffer) => {
    const fileId = (await upload(who.editor, bytes, name, 'image/jpeg')).data!.id;
    created(await who.editor.post('/items/news', newsFactory({ status: 'published', featured_image: `/api/assets/${fileId}` })));
    await eventually(async () => (await asset(fileId)).status === 200);
    return fileId;
  };
  const sizeOf = async (r: Response) => {
    const bytes = Buffer.from(await r.arrayBuffer());
    expect(r.status, bytes.toString('utf8').slice(0, 300)).toBe(200);
    const { width, height, format } = await sharp(bytes).metadata();
    return { width, height, format };
  };
  beforeAll(async () => {
    id = await published('publica.jpg', jpeg);
    // A crop saved large (issue #29: the crop dialog keeps up to 1920 px).
    large = await published('grande.jpg', await photo(1920, 1080));
  });

  it('serves the named presets', async () => {
    const r = await asset(id, '?key=w400h225');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/webp');
  });

  it('a large photo gives the article its 1200 and 1600 px renditions; a small one is never enlarged (issue #29)', async () => {
    expect(await sizeOf(await asset(large, '?key=w1200h675'))).toEqual({ width: 1200, height: 675, format: 'webp' });
    expect(await sizeOf(await asset(large, '?key=w1600h900'))).toEqual({ width: 1600, height: 900, format: 'webp' });
    expect(await sizeOf(await asset(large, '?key=w800h450'))).toEqual({ width: 800, height: 450, format: 'webp' });
    // 64x36 stays 64x36 whatever is asked: no blurry upscale.
    expect(await sizeOf(await asset(id, '?key=w1200h675'))).toEqual({ width: 64, height: 36, format: 'webp' });
  });

  it('serves the link-preview JPEG at 1200×630, under 300 KB (issue #29: WhatsApp shows no WebP)', async () => {
    const r = await asset(large, `?key=${SOCIAL_IMAGE.key}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await r.arrayBuffer());
    expect(bytes.length).toBeLessThanOrEqual(300 * 1024);
    const { width, height, format } = await sharp(bytes).metadata();
    expect({ width, height, format }).toEqual({ width: SOCIAL_IMAGE.width, height: SOCIAL_IMAGE.height, format: 'jpeg' });
  });

  it('refuses arbitrary sizes (they would fill the disk)', async () => {
    for (const q of ['?width=333', '?width=10&height=10&quality=1', '?transforms=[["blur",5]]']) {
      const r = await asset(id, q);
      expect(r.status, q).toBeGreaterThanOrEqual(400);
      expect(r.status, q).toBeLessThan(500);
    }
  });
});

describe('PATCH /files/:id (producer)', () => {
  it('may describe an own file but never hand it to someone else', async () => {
    const id = (await upload(who.producer, jpeg, 'minha.jpg', 'image/jpeg')).data!.id;
    expect((await who.producer.patch(`/files/${id}`, { title: 'Nova legenda' })).status).toBe(200);
    expect((await who.producer.patch(`/files/${id}`, { uploaded_by: who.editor.userId })).status).toBe(403);
    expect((await who.producer.patch(`/files/${id}`, { portal_public: true })).status).toBe(403);
    expect((await admin().get(`/files/${id}?fields=uploaded_by,portal_public`)).data).toEqual({ uploaded_by: who.producer.userId, portal_public: false });
  });

  it("cannot touch a colleague's file", async () => {
    const id = (await upload(who.editor, jpeg, 'do-editor.jpg', 'image/jpeg')).data!.id;
    expect((await who.producer.patch(`/files/${id}`, { title: 'x' })).status).toBe(403);
    expect(message(await who.producer.patch(`/files/${id}`, { title: 'x' }))).toBeTruthy();
  });
});
