/**
 * /portal/newsletter/* (issue #13): double opt-in through the real mail
 * (local inbox), one answer whatever the address's state, HMAC links,
 * one-click unsubscribe, who may read subscribers, the digest test mail.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { linkIn, mailHeader, mailsTo, type CaughtMail } from '../../scripts/lib/mail-catcher.ts';
import { purgeNewsletter } from '../../directus/extensions/portal-hooks/src/newsletter/store.ts';
import { sendDigestToAll } from '../../directus/extensions/portal-hooks/src/newsletter/digest.ts';
import { admin, anonymous, baseUrl, eventually, message, rawDb, signIn, EMAILS } from './support.ts';

const SENT = 'Quase lá! Enviamos um link de confirmação para o seu e-mail.';

/** Each test from its own client address: the per-address mail limit is shared with reset and sign-up. */
const from = () => `10.13.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

async function subscribe(email: unknown, ip = from()) {
  const res = await fetch(`${baseUrl()}/portal/newsletter/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email }),
  });
  const body = (await res.json()) as { message?: string; errors?: Array<{ message: string }> };
  return { status: res.status, message: body.message ?? body.errors?.[0]?.message };
}

async function mails(address: string, atLeast: number): Promise<CaughtMail[]> {
  let found: CaughtMail[] = [];
  await eventually(async () => (found = await mailsTo(inject('inboxUrl'), address)).length >= atLeast);
  return found;
}

const header = (mail: CaughtMail, name: string) => mailHeader(inject('inboxUrl'), mail.id, name);


/** A mail's link, asked of Directus itself (the site's /api prefix is the front server's). */
const direct = (link: string) => link.replace(/^https?:\/\/[^/]+\/api/, baseUrl());

async function row(email: string) {
  const r = await admin().get(`/items/newsletter_subscribers?filter[email][_eq]=${encodeURIComponent(email)}`);
  expect(r.status).toBe(200);
  return r.data as Array<Record<string, any>>;
}

const fresh = () => `leitor-${randomUUID().slice(0, 8)}@exemplo.com.br`;

describe('POST /portal/newsletter/subscribe', () => {
  it('refuses what is not an address, in pt-BR, and stores nothing', async () => {
    for (const bad of ['', 'sem-arroba', 'a@b', 42, null]) {
      const r = await subscribe(bad);
      expect(r.status).toBe(400);
      expect(r.message).toBe('Informe um e-mail válido.');
    }
  });

  it('keeps a pending request with the consent version and a hashed address, and mails the confirmation in pt-BR', async () => {
    const email = fresh();
    const r = await subscribe(`  ${email.toUpperCase()} `, '10.13.0.7');
    expect(r).toEqual({ status: 200, message: SENT });
    const [sub] = await row(email);
    expect(sub).toMatchObject({ email, status: 'pending', consent_version: '2026-11', confirmed_at: null });
    expect(sub!.ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(sub)).not.toContain('10.13.0.7');
    const [mail] = await mails(email, 1);
    expect(mail!.subject).toBe('Confirme sua inscrição na newsletter do Portal Pará');
    expect(await header(mail!, 'List-Unsubscribe')).toMatch(/^<http:\/\/localhost:4321\/api\/portal\/newsletter\/unsubscribe\?id=.+&t=.+>/);
    expect(await header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(linkIn(mail!, 'Confirmar inscrição')).toMatch(/^http:\/\/localhost:4321\/api\/portal\/newsletter\/confirm\?id=/);
  });

  it('answers the same whatever the state of the address, never duplicates it, and mails no one already confirmed', async () => {
    const email = fresh();
    expect((await subscribe(email)).message).toBe(SENT);
    expect((await subscribe(email)).message).toBe(SENT); // pending: the mail again
    const sent = await mails(email, 2);
    const confirm = await fetch(direct(linkIn(sent[0]!, 'Confirmar inscrição')), { redirect: 'manual' });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe('http://localhost:4321/newsletter/confirmada');
    const [sub] = await row(email);
    expect(sub).toMatchObject({ status: 'confirmed' });
    expect(sub!.confirmed_at).toBeTruthy();
    expect(await subscribe(email)).toEqual({ status: 200, message: SENT });
    expect(await row(email)).toHaveLength(1);
    expect((await row(email))[0]).toMatchObject({ status: 'confirmed', confirmed_at: sub!.confirmed_at });
    // Give a wrongly sent mail time to arrive, then count.
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsTo(inject('inboxUrl'), email)).toHaveLength(2);
  });
});

describe('links', () => {
  it('a forged or swapped token is refused; one click unsubscribes (GET and RFC 8058 POST)', async () => {
    const email = fresh();
    await subscribe(email);
    const [mail] = await mails(email, 1);
    const confirmLink = direct(linkIn(mail!, 'Confirmar inscrição'));
    const unsubscribeLink = direct(/^<([^>]+)>/.exec((await header(mail!, 'List-Unsubscribe'))!)![1]!);
    const forged = confirmLink.replace(/t=[^&]+/, 't=forjado');
    expect((await fetch(forged, { redirect: 'manual' })).headers.get('location')).toBe('http://localhost:4321/newsletter/link-invalido');
    // The confirmation token does not unsubscribe, nor the other way round.
    const swapped = unsubscribeLink.replace(/t=[^&]+/, /t=([^&]+)/.exec(confirmLink)![0]);
    expect((await fetch(swapped, { redirect: 'manual' })).headers.get('location')).toBe('http://localhost:4321/newsletter/link-invalido');
    expect((await row(email))[0]).toMatchObject({ status: 'pending' });
    const oneClick = await fetch(unsubscribeLink, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect((await row(email))[0]).toMatchObject({ status: 'unsubscribed' });
    expect((await row(email))[0]!.unsubscribed_at).toBeTruthy();
    expect((await fetch(unsubscribeLink, { redirect: 'manual' })).headers.get('location')).toBe('http://localhost:4321/newsletter/cancelada');
    // A cancelled address can ask again: pending, with a new mail.
    expect((await subscribe(email)).message).toBe(SENT);
    expect((await row(email))[0]).toMatchObject({ status: 'pending', unsubscribed_at: null });
  });
});

describe('who reads subscribers', () => {
  it('only super_admin; anonymous, producer and editor are refused', async () => {
    const email = fresh();
    await subscribe(email);
    expect((await anonymous().get('/items/newsletter_subscribers')).status).toBe(403);
    for (const role of ['producer', 'editor'] as const) {
      expect((await (await signIn(EMAILS[role])).get('/items/newsletter_subscribers')).status).toBe(403);
    }
    const sa = await signIn(EMAILS.super_admin);
    const r = await sa.get(`/items/newsletter_subscribers?filter[email][_eq]=${encodeURIComponent(email)}&fields=email,status`);
    expect(r.data).toEqual([{ email, status: 'pending' }]);
  });
});

describe('POST /portal/newsletter/digest/test', () => {
  it('sends this week’s digest to the super_admin who asks; anyone else is refused', async () => {
    const editor = await signIn(EMAILS.editor);
    const refused = await editor.post('/portal/newsletter/digest/test', {});
    expect(refused.status).toBe(403);
    expect(message(refused)).toBe('Apenas super admin pode enviar o teste da newsletter');
    expect((await anonymous().post('/portal/newsletter/digest/test', {})).status).toBe(403);
    const before = (await mailsTo(inject('inboxUrl'), EMAILS.super_admin)).length;
    const sa = await signIn(EMAILS.super_admin);
    const ok = await sa.post('/portal/newsletter/digest/test', {});
    expect(ok.status).toBe(200);
    const [mail] = await mails(EMAILS.super_admin, before + 1);
    expect(mail!.subject).toBe('[Teste] As mais lidas da semana no Portal Pará');
    expect(mail!.text).toContain('Para não receber mais esta newsletter:');
    expect(await header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });
});

async function askPrivacy(email: string, kind: string) {
  const res = await fetch(`${baseUrl()}/portal/privacy/request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from() },
    body: JSON.stringify({ email, kind }),
  });
  return { status: res.status, body: (await res.json()) as { message?: string; errors?: Array<{ message: string }> } };
}

describe('LGPD requests (/portal/privacy/*)', () => {
  it('a copy goes only to the address itself, after its confirmation, and lists what is held', async () => {
    const email = fresh();
    await subscribe(email);
    expect((await askPrivacy(email, 'outra-coisa')).body.errors?.[0]?.message).toBe('Escolha o que deseja pedir.');
    expect((await askPrivacy('sem-arroba', 'copia')).status).toBe(400);
    const r = await askPrivacy(email, 'copia');
    expect(r).toEqual({ status: 200, body: { message: 'Enviamos um e-mail para confirmar o pedido. O link vale por 24 horas.' } });
    const ask = (await mails(email, 2)).find((m) => m.subject === 'Confirme seu pedido sobre seus dados no Portal Pará')!;
    const link = direct(linkIn(ask, 'Receber a cópia'));
    // A tampered link (another address, or the kind changed) does nothing.
    for (const bad of [link.replace(/e=[^&]+/, 'e=outra%40exemplo.com'), link.replace('k=copia', 'k=exclusao')]) {
      expect((await fetch(bad, { redirect: 'manual' })).headers.get('location')).toBe('http://localhost:4321/privacidade/link-invalido');
    }
    expect((await row(email))).toHaveLength(1);
    const ok = await fetch(link, { redirect: 'manual' });
    expect(ok.headers.get('location')).toBe('http://localhost:4321/privacidade/copia-enviada');
    const copy = (await mails(email, 3)).find((m) => m.subject === 'Seus dados no Portal Pará')!;
    expect(copy.text).toContain('Situação: Aguardando confirmação');
    expect(copy.text).toContain('Versão do consentimento: 2026-11');
  });

  it('a confirmed deletion removes the subscription; an unknown address gets the same answer', async () => {
    const email = fresh();
    await subscribe(email);
    expect((await askPrivacy(`ninguem-${email}`, 'exclusao')).status).toBe(200);
    await askPrivacy(email, 'exclusao');
    const ask = (await mails(email, 2)).find((m) => m.subject.startsWith('Confirme seu pedido'))!;
    const done = await fetch(direct(linkIn(ask, 'Confirmar exclusão')), { redirect: 'manual' });
    expect(done.headers.get('location')).toBe('http://localhost:4321/privacidade/dados-excluidos');
    expect(await row(email)).toEqual([]);
  });
});

describe('newsletter retention', () => {
  it('deletes requests never confirmed in 7 days and subscriptions cancelled 30 days ago, keeps the rest', async () => {
    const db = await rawDb();
    try {
      const sqlite = String(db.client.config.client).includes('sqlite');
      const at = (daysAgo: number) => {
        const d = new Date(Date.now() - daysAgo * 86_400_000);
        return sqlite ? d.getTime() : d;
      };
      const base = { consent_version: '2026-11', ip_hash: 'c'.repeat(64) };
      const rows = {
        oldPending: { ...base, id: randomUUID(), email: fresh(), status: 'pending', requested_at: at(8) },
        newPending: { ...base, id: randomUUID(), email: fresh(), status: 'pending', requested_at: at(6) },
        oldCancelled: { ...base, id: randomUUID(), email: fresh(), status: 'unsubscribed', requested_at: at(90), unsubscribed_at: at(31) },
        newCancelled: { ...base, id: randomUUID(), email: fresh(), status: 'unsubscribed', requested_at: at(90), unsubscribed_at: at(29) },
        oldConfirmed: { ...base, id: randomUUID(), email: fresh(), status: 'confirmed', requested_at: at(400), confirmed_at: at(400) },
      };
      await db('newsletter_subscribers').insert(Object.values(rows));
      // Action: the scheduled job's work.
      expect(await purgeNewsletter(db)).toBeGreaterThanOrEqual(2);
      const left = await db('newsletter_subscribers').whereIn('id', Object.values(rows).map((r) => r.id)).pluck('id');
      expect(left.sort()).toEqual([rows.newPending.id, rows.newCancelled.id, rows.oldConfirmed.id].sort());
    } finally {
      await db.destroy();
    }
  });
});

describe('the weekly digest job', () => {
  it('goes once to each confirmed subscriber with their own unsubscribe link, to nobody pending or cancelled, past a failing address', async () => {
    const db = await rawDb();
    try {
      const sqlite = String(db.client.config.client).includes('sqlite');
      const now = sqlite ? Date.now() : new Date();
      const base = { consent_version: '2026-11', ip_hash: 'd'.repeat(64), requested_at: now };
      const rows = ['confirmed', 'confirmed', 'confirmed', 'pending', 'unsubscribed'].map((status) => ({ ...base, id: randomUUID(), email: fresh(), status }));
      await db('newsletter_subscribers').insert(rows);
      const confirmed = await db('newsletter_subscribers').where('status', 'confirmed').pluck('email');
      const sent: Array<Record<string, any>> = [];
      const failing = rows[1]!.email;
      // Action: the job's work, with a mailer that records (and fails for one address).
      const n = await sendDigestToAll(
        db,
        async (mail) => {
          if (mail.to === failing) throw new Error('caixa cheia');
          sent.push(mail);
        },
        { portalName: 'Portal Pará', siteUrl: 'http://localhost:4321', stories: [] },
        (id) => `http://localhost:4321/api/portal/newsletter/unsubscribe?id=${id}`,
        () => {},
      );
      expect(n).toBe(confirmed.length - 1);
      expect(sent.map((m) => m.to).sort()).toEqual(confirmed.filter((e: string) => e !== failing).sort());
      expect(sent.map((m) => m.to)).not.toContain(rows[3]!.email);
      expect(sent.map((m) => m.to)).not.toContain(rows[4]!.email);
      const mine = sent.find((m) => m.to === rows[0]!.email)!;
      expect(mine.list.unsubscribe.url).toBe(`http://localhost:4321/api/portal/newsletter/unsubscribe?id=${rows[0]!.id}`);
      expect(mine.subject).toBe('As mais lidas da semana no Portal Pará');
    } finally {
      await db.destroy();
    }
  });
});
