/**
 * Live coverage (issue #30, decision 062) by route, then by role: who starts
 * and ends a coverage (/items/news live_status), who writes, approves, pins,
 * corrects, promotes and removes entries (/items/news_live_entries), and what
 * the public reads. The server holds every rule; the pt-BR refusals are the
 * ones the admin shows as they are.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, asEveryone, created, createStaff, eventually, message, municipalityId, newsFactory, seedNews, type Api, type Who } from './support.ts';

let who: Record<Who, Api>;
let belem: string;
let santarem: string;
beforeAll(async () => {
  who = await asEveryone();
  [belem, santarem] = await Promise.all([municipalityId('Belém'), municipalityId('Santarém')]);
});

/** A published story of Belém (the demo producer's municipality) put live by the editor. */
async function coverage(overrides: Record<string, unknown> = {}) {
  const n = await seedNews({ status: 'published', municipality_id: belem, title: `Círio de Nazaré ${Date.now()}`, ...overrides });
  const r = await who.editor.patch(`/items/news/${n.id}`, { live_status: 'live' });
  expect(r.status).toBe(200);
  return { ...n, ...(r.data as { live_status: string; live_started_at: string }) };
}
const entry = (news_id: string, o: Record<string, unknown> = {}) => ({ news_id, body: `<p>A berlinda passa pela Presidente Vargas ${Date.now()}</p>`, ...o });
const publicEntries = async (newsId: string) =>
  ((await who.anonymous.get(`/items/news_live_entries?filter[news_id][_eq]=${newsId}&fields=id,body,status&sort=-published_at`)).data ?? []) as Array<{ id: string }>;

describe('/items/news live_status (starting and ending a coverage)', () => {
  it('an editor starts a coverage: the server stamps its start; ending it stamps the end and keeps the start; a forged time is ignored', async () => {
    const n = await seedNews({ status: 'published' });
    const before = Date.now();
    const on = await who.editor.patch(`/items/news/${n.id}`, { live_status: 'live', live_started_at: '2020-01-01T00:00:00Z' });
    expect(on.status).toBe(200);
    expect(on.data.live_status).toBe('live');
    expect(new Date(on.data.live_started_at).getTime()).toBeGreaterThanOrEqual(before - 2000);
    expect(on.data.live_ended_at).toBeNull();
    // The form sends the state it already has: nothing moves.
    const again = await who.editor.patch(`/items/news/${n.id}`, { live_status: 'live', title: on.data.title });
    expect(again.data.live_started_at).toBe(on.data.live_started_at);
    const off = await who.super_admin.patch(`/items/news/${n.id}`, { live_status: 'ended' });
    expect(off.data).toMatchObject({ live_status: 'ended', live_started_at: on.data.live_started_at });
    expect(off.data.live_ended_at).not.toBeNull();
    // Resumed: the first start is kept, the end cleared.
    const resumed = await who.editor.patch(`/items/news/${n.id}`, { live_status: 'live' });
    expect(resumed.data).toMatchObject({ live_status: 'live', live_started_at: on.data.live_started_at, live_ended_at: null });
  });

  it('a producer may not start a coverage, not even on their own draft (pt-BR refusal); an unknown state is refused', async () => {
    const own = created(await who.producer.post('/items/news', newsFactory({ status: 'draft' })));
    const r = await who.producer.patch(`/items/news/${own.id}`, { live_status: 'live' });
    expect([r.status, message(r)]).toEqual([403, 'Apenas editores podem iniciar ou encerrar uma cobertura ao vivo']);
    const create = await who.producer.post('/items/news', newsFactory({ status: 'draft', live_status: 'live' }));
    expect([create.status, message(create)]).toEqual([403, 'Apenas editores podem iniciar ou encerrar uma cobertura ao vivo']);
    const n = await seedNews({ status: 'published' });
    const bad = await who.editor.patch(`/items/news/${n.id}`, { live_status: 'sempre' });
    expect([bad.status, message(bad)]).toEqual([400, 'Estado da cobertura ao vivo inválido']);
  });
});

describe('/items/news_live_entries', () => {
  describe('editor', () => {
    it('publishes an entry on a running coverage: the server dates it and signs it; readers see it', async () => {
      const c = await coverage();
      const before = Date.now();
      const r = await who.editor.post('/items/news_live_entries', entry(c.id, { status: 'published', published_at: '2020-01-01T00:00:00Z', author_id: who.producer.userId }));
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ status: 'published', created_by: who.editor.userId, author_id: who.producer.userId, pinned: false });
      expect(new Date(r.data.published_at).getTime()).toBeGreaterThanOrEqual(before - 2000);
      expect((await publicEntries(c.id)).map((e) => e.id)).toEqual([r.data.id]);
      // Without a byline, when the editor says so; signed by the editor when nothing is said.
      const unsigned = created(await who.editor.post('/items/news_live_entries', entry(c.id, { author_id: null })));
      expect(unsigned).toMatchObject({ author_id: null });
      expect(created(await who.editor.post('/items/news_live_entries', entry(c.id))).author_id).toBe(who.editor.userId);
    });

    it('refuses, in pt-BR: an entry on a story that is not live, an empty text, a text too long, moving an entry to another coverage', async () => {
      const plain = await seedNews({ status: 'published' });
      const notLive = await who.editor.post('/items/news_live_entries', entry(plain.id));
      expect([notLive.status, message(notLive)]).toEqual([400, 'Só é possível escrever atualizações em uma cobertura ao vivo em andamento']);
      const c = await coverage();
      const empty = await who.editor.post('/items/news_live_entries', entry(c.id, { body: '<p> </p>' }));
      expect([empty.status, message(empty)]).toEqual([400, 'Escreva o texto da atualização']);
      const long = await who.editor.post('/items/news_live_entries', entry(c.id, { body: `<p>${'a'.repeat(20_001)}</p>` }));
      expect(long.status).toBe(400);
      expect(message(long)).toMatch(/^Texto da atualização deve ter no máximo/);
      const e = created(await who.editor.post('/items/news_live_entries', entry(c.id)));
      const other = await coverage();
      const moved = await who.editor.patch(`/items/news_live_entries/${e.id}`, { news_id: other.id });
      expect([moved.status, message(moved)]).toEqual([400, 'Uma atualização não muda de cobertura']);
    });

    it('approves a pending entry (dated then), pins it, corrects it (dated by the server), removes it', async () => {
      const c = await coverage();
      const pending = created(await who.producer.post('/items/news_live_entries', entry(c.id, { status: 'pending' })));
      expect(pending.published_at).toBeNull();
      expect(await publicEntries(c.id)).toEqual([]);
      const approved = await who.editor.patch(`/items/news_live_entries/${pending.id}`, { status: 'published', pinned: true });
      expect(approved.status).toBe(200);
      expect(approved.data.published_at).not.toBeNull();
      expect(approved.data.pinned).toBe(true);
      const corrected = await who.editor.patch(`/items/news_live_entries/${pending.id}`, { correction_note: 'A procissão saiu às 7h, não às 6h.', corrected_at: '2020-01-01T00:00:00Z' });
      expect(corrected.status).toBe(200);
      expect(Math.abs(new Date(corrected.data.corrected_at).getTime() - Date.now())).toBeLessThan(60_000);
      // Publishing again keeps the first date.
      const resaved = await who.editor.patch(`/items/news_live_entries/${pending.id}`, { status: 'published' });
      expect(resaved.data.published_at).toBe(approved.data.published_at);
      expect((await who.editor.del(`/items/news_live_entries/${pending.id}`)).status).toBe(204);
      expect(await publicEntries(c.id)).toEqual([]);
    });

    it('an ended coverage takes no new entry, but its entries can still be corrected', async () => {
      const c = await coverage();
      const e = created(await who.editor.post('/items/news_live_entries', entry(c.id, { status: 'published' })));
      await who.editor.patch(`/items/news/${c.id}`, { live_status: 'ended' });
      const r = await who.editor.post('/items/news_live_entries', entry(c.id));
      expect([r.status, message(r)]).toEqual([400, 'Só é possível escrever atualizações em uma cobertura ao vivo em andamento']);
      expect((await who.editor.patch(`/items/news_live_entries/${e.id}`, { correction_note: 'O horário foi 18h.' })).status).toBe(200);
      // Readers still see an ended coverage's entries.
      expect((await publicEntries(c.id)).map((x) => x.id)).toEqual([e.id]);
    });

    it('turns an entry into its own story, linked both ways', async () => {
      const c = await coverage();
      const e = created(await who.editor.post('/items/news_live_entries', entry(c.id, { status: 'published' })));
      const story = created(await who.editor.post('/items/news', newsFactory({ title: 'Berlinda chega à Basílica', content: e.body, status: 'draft', from_live_news_id: c.id })));
      const linked = await who.editor.patch(`/items/news_live_entries/${e.id}`, { promoted_news_id: story.id });
      expect(linked.status).toBe(200);
      const back = await who.editor.get(`/items/news/${story.id}?fields=from_live_news_id`);
      expect(back.data.from_live_news_id).toBe(c.id);
      expect((await who.editor.get(`/items/news_live_entries?filter[promoted_news_id][_eq]=${story.id}&fields=id`)).data).toEqual([{ id: e.id }]);
    });
  });

  describe('producer', () => {
    it('writes on a running coverage of their municipality, as themselves, as a draft or pending; never published', async () => {
      const c = await coverage();
      const r = await who.producer.post('/items/news_live_entries', entry(c.id, { status: 'pending', author_id: who.editor.userId }));
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ status: 'pending', author_id: who.producer.userId, created_by: who.producer.userId, published_at: null });
      const pub = await who.producer.post('/items/news_live_entries', entry(c.id, { status: 'published' }));
      expect([pub.status, message(pub)]).toEqual([403, 'Produtores só podem salvar atualizações como rascunho ou pendente']);
      const up = await who.producer.patch(`/items/news_live_entries/${r.data.id}`, { status: 'published' });
      expect([up.status, message(up)]).toEqual([403, 'Produtores só podem salvar atualizações como rascunho ou pendente']);
    });

    it('may not pin, correct or promote; may not delete', async () => {
      const c = await coverage();
      const pinned = await who.producer.post('/items/news_live_entries', entry(c.id, { pinned: true }));
      expect([pinned.status, message(pinned)]).toEqual([403, 'Apenas editores podem fixar, corrigir ou transformar atualizações em notícia']);
      const own = created(await who.producer.post('/items/news_live_entries', entry(c.id)));
      const fix = await who.producer.patch(`/items/news_live_entries/${own.id}`, { correction_note: 'x' });
      expect([fix.status, message(fix)]).toEqual([403, 'Apenas editores podem fixar, corrigir ou transformar atualizações em notícia']);
      expect((await who.producer.del(`/items/news_live_entries/${own.id}`)).status).toBe(403);
    });

    it('edits their own entry while it is a draft or pending, not once published, never a colleague’s', async () => {
      const c = await coverage();
      const own = created(await who.producer.post('/items/news_live_entries', entry(c.id)));
      const edited = await who.producer.patch(`/items/news_live_entries/${own.id}`, { body: '<p>Texto revisto</p>', status: 'pending' });
      expect(edited.status).toBe(200);
      await who.editor.patch(`/items/news_live_entries/${own.id}`, { status: 'published' });
      expect((await who.producer.patch(`/items/news_live_entries/${own.id}`, { body: '<p>Depois de publicada</p>' })).status).toBe(403);
      const colleague = await createStaff('producer', 'Belém');
      const theirs = created(await colleague.post('/items/news_live_entries', entry(c.id)));
      expect((await who.producer.get(`/items/news_live_entries/${theirs.id}`)).status).toBe(403);
      expect((await who.producer.patch(`/items/news_live_entries/${theirs.id}`, { body: '<p>Mudado</p>' })).status).toBe(403);
    });

    it('is refused on a coverage of another municipality, and on one that ended', async () => {
      const elsewhere = await coverage({ municipality_id: santarem });
      const r = await who.producer.post('/items/news_live_entries', entry(elsewhere.id));
      expect([r.status, message(r)]).toEqual([403, 'Produtores só escrevem atualizações em coberturas do seu município']);
      const c = await coverage();
      await who.editor.patch(`/items/news/${c.id}`, { live_status: 'ended' });
      const ended = await who.producer.post('/items/news_live_entries', entry(c.id));
      expect([ended.status, message(ended)]).toEqual([400, 'Só é possível escrever atualizações em uma cobertura ao vivo em andamento']);
    });
  });

  describe('anonymous', () => {
    it('reads only published entries of public coverages in live mode, without who created them', async () => {
      const c = await coverage();
      const pub = created(await who.editor.post('/items/news_live_entries', entry(c.id, { status: 'published' })));
      created(await who.editor.post('/items/news_live_entries', entry(c.id, { status: 'draft' })));
      created(await who.producer.post('/items/news_live_entries', entry(c.id, { status: 'pending' })));
      expect((await publicEntries(c.id)).map((e) => e.id)).toEqual([pub.id]);
      const one = await who.anonymous.get(`/items/news_live_entries/${pub.id}?fields=*`);
      expect(one.status).toBe(200);
      expect(one.data).not.toHaveProperty('created_by');
      // Unpublished, or with its live mode turned off, the coverage takes its entries with it.
      await admin().patch(`/items/news/${c.id}`, { live_status: null });
      expect(await publicEntries(c.id)).toEqual([]);
      await admin().patch(`/items/news/${c.id}`, { live_status: 'live' });
      expect((await publicEntries(c.id)).map((e) => e.id)).toEqual([pub.id]);
      await admin().patch(`/items/news/${c.id}`, { status: 'draft' });
      expect(await publicEntries(c.id)).toEqual([]);
    });

    it('writes nothing', async () => {
      const c = await coverage();
      expect((await who.anonymous.post('/items/news_live_entries', entry(c.id))).status).toBe(403);
      const e = created(await who.editor.post('/items/news_live_entries', entry(c.id, { status: 'published' })));
      expect((await who.anonymous.patch(`/items/news_live_entries/${e.id}`, { body: '<p>x</p>' })).status).toBe(403);
      expect((await who.anonymous.del(`/items/news_live_entries/${e.id}`)).status).toBe(403);
    });

    it('an entry’s photo is readable while the entry is public, not before, not after', async () => {
      const c = await coverage();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await tinyPng())], { type: 'image/png' }), 'berlinda.png');
      const up = await fetch(`${who.editor.base}/files`, { method: 'POST', headers: { authorization: `Bearer ${who.editor.token}` }, body: form });
      const file = ((await up.json()) as { data: { id: string } }).data.id;
      const e = created(await who.editor.post('/items/news_live_entries', entry(c.id, { status: 'draft', image: `/api/assets/${file}`, image_caption: 'A berlinda' })));
      const asset = async () => (await fetch(`${who.anonymous.base}/assets/${file}`)).status;
      expect(await asset()).toBe(403);
      // The flag changes after commit (an action hook): readers get it within moments.
      await who.editor.patch(`/items/news_live_entries/${e.id}`, { status: 'published' });
      await eventually(async () => (await asset()) === 200);
      // The coverage taken out of live mode takes its entries' photos with it; back live, they are readable again.
      await who.editor.patch(`/items/news/${c.id}`, { live_status: null });
      await eventually(async () => (await asset()) === 403);
      await who.editor.patch(`/items/news/${c.id}`, { live_status: 'live' });
      await eventually(async () => (await asset()) === 200);
      await who.editor.del(`/items/news_live_entries/${e.id}`);
      await eventually(async () => (await asset()) === 403);
    });
  });
});

/** A real image (uploads are sniffed). */
const tinyPng = async (): Promise<Buffer> => sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } }).png().toBuffer();
