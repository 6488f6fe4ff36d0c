/**
 * Login brute force (issue #10): 429 with back-off long before Directus's own
 * lockout, and no attacker can suspend a staff account. Each test speaks from
 * its own client address (X-Forwarded-For, trusted only from loopback, as
 * from the front server or nginx).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { admin, baseUrl, createStaff, EMAILS, PASSWORD } from './support.ts';

let n = 0;
/** A fresh documentation-range address per caller. */
const address = () => `198.51.100.${++n}`;

async function login(email: string, password: string, from: string) {
  const res = await fetch(`${baseUrl()}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json().catch(() => ({}))) as { errors?: Array<{ message: string; extensions?: { code?: string } }> };
  return { status: res.status, retryAfter: res.headers.get('retry-after'), error: body.errors?.[0] };
}

async function userStatus(email: string) {
  return (await admin().get(`/users?filter[email][_eq]=${encodeURIComponent(email)}&fields=status`)).data[0].status as string;
}

describe('/auth/login under brute force', () => {
  it('30 wrong passwords for the editor: 429 after 5, never a suspension; the editor still signs in', async () => {
    const attacker = address();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof login>> | undefined;
    for (let i = 0; i < 30; i++) {
      last = await login(EMAILS.editor, `errada-${i}`, attacker);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    expect(last!.error?.message).toMatch(/^Muitas tentativas\. Tente novamente em \d+ minutos?\.$/);
    expect(Number(last!.retryAfter)).toBeGreaterThan(0);
    // Even the right password waits from that address…
    expect((await login(EMAILS.editor, PASSWORD, attacker)).status).toBe(429);
    // …but the account is not suspended and the editor, elsewhere, signs in.
    expect(await userStatus(EMAILS.editor)).toBe('active');
    expect((await login(EMAILS.editor, PASSWORD, address())).status).toBe(200);
  });

  it('40 wrong passwords at once: each is counted before its check, so exactly 5 reach the password and 35 get 429 (issue #32)', async () => {
    const staff = await createStaff('producer');
    const email = (await staff.get('/users/me?fields=email')).data.email as string;
    const attacker = address();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => login(email, `errada-${i}`, attacker)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    // The refused ones did not count against the account: from elsewhere its owner signs in.
    expect((await login(email, PASSWORD, address())).status).toBe(200);
  });

  it('a successful login gives its reservation back: signing in often is never limited', async () => {
    const from = address();
    for (let i = 0; i < 8; i++) expect((await login(EMAILS.producer, PASSWORD, from)).status).toBe(200);
  });

  it('one address guessing across many accounts is stopped after 20 failures', async () => {
    const attacker = address();
    const results = await Promise.all(Array.from({ length: 20 }, () => login(`ninguem-${randomUUID()}@portal.test`, 'x', attacker)));
    expect(results.every((r) => r.status === 401)).toBe(true);
    expect((await login(`outro-${randomUUID()}@portal.test`, 'x', attacker)).status).toBe(429);
    expect((await login(EMAILS.producer, PASSWORD, attacker)).status).toBe(429);
  });

  it('guessing one account from many addresses is stopped after 50 failures, still without suspension', async () => {
    const staff = await createStaff('producer');
    const email = (await staff.get('/users/me?fields=email')).data.email as string;
    for (let batch = 0; batch < 5; batch++) {
      const results = await Promise.all(Array.from({ length: 10 }, () => login(email, 'errada', address())));
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(401));
    }
    expect((await login(email, 'errada', address())).status).toBe(429);
    expect(await userStatus(email)).toBe('active');
    // 50 password checks (argon2, slow on purpose): CI runs the SQLite and PostgreSQL suites side by side.
  }, 240_000);

  it('a successful login clears that address\'s count on the account', async () => {
    const staff = await createStaff('producer');
    const email = (await staff.get('/users/me?fields=email')).data.email as string;
    const me = address();
    for (let i = 0; i < 4; i++) expect((await login(email, 'errada', me)).status).toBe(401);
    expect((await login(email, PASSWORD, me)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(email, 'errada', me)).status).toBe(401);
  });
});

describe('reset mails and sign-ups per address', () => {
  it('the 11th reset request within an hour from one address gets 429', async () => {
    const from = address();
    const ask = () =>
      fetch(`${baseUrl()}/auth/password/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
        body: JSON.stringify({ email: `ninguem-${randomUUID()}@portal.test`, reset_url: 'http://localhost:4321/auth' }),
      });
    for (let i = 0; i < 10; i++) expect((await ask()).status).toBe(204);
    const r = await ask();
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBeTruthy();
  });
});
