/**
 * What the hostile public and colleagues may read of people (issue #10, items 8 and 11).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, anonymous, asEveryone, type Api, type Who } from './support.ts';

let who: Record<Who, Api>;
beforeAll(async () => {
  who = await asEveryone();
});

type ProfileRow = { user_id: string; full_name: string | null; email: string | null; whatsapp: string | null; role: string | null };

describe('/items/profiles', () => {
  it('anonymous never sees a sign-up (verified or not): only staff bylines are public', async () => {
    const name = `Leitora ${randomUUID().slice(0, 6)}`;
    const r = await anonymous().post('/users/register', {
      email: `leitora-${randomUUID().slice(0, 8)}@portal.test`,
      password: 'senha-forte-123',
      first_name: name,
      verification_url: 'http://localhost:4321/auth?confirmar=1',
    });
    expect(r.status).toBe(204);
    expect((await admin().get(`/items/profiles?filter[full_name][_eq]=${encodeURIComponent(name)}&fields=id`)).data).toHaveLength(1);
    // Assert
    expect((await who.anonymous.get(`/items/profiles?filter[full_name][_eq]=${encodeURIComponent(name)}&fields=id`)).data).toEqual([]);
    const bylines = (await who.anonymous.get('/items/profiles?fields=user_id,full_name&limit=100')).data as ProfileRow[];
    expect(bylines.length).toBeGreaterThan(0);
    const roles = (await admin().get(`/items/profiles?filter[user_id][_in]=${bylines.map((p) => p.user_id).join(',')}&fields=role&limit=-1`)).data as ProfileRow[];
    expect(roles.length).toBe(bylines.length);
    expect(roles.every((p) => p.role !== null)).toBe(true);
  });

  it.each(['producer', 'editor'] as const)("%s sees colleagues' names and roles, not their email or WhatsApp", async (role) => {
    const rows = (await who[role].get('/items/profiles?fields=user_id,full_name,role,email,whatsapp&limit=1000')).data as ProfileRow[];
    const others = rows.filter((p) => p.user_id !== who[role].userId);
    expect(others.length).toBeGreaterThan(1);
    expect(others.every((p) => p.email === null && p.whatsapp === null)).toBe(true);
    expect(others.some((p) => p.full_name && p.role)).toBe(true);
    // Their own profile, whole.
    const own = rows.find((p) => p.user_id === who[role].userId)!;
    expect(own.email).toMatch(/@portal\.test$/);
  });

  it('super_admin, who manages the staff, sees every email', async () => {
    const rows = (await who.super_admin.get('/items/profiles?fields=email,role&filter[role][_nnull]=true&limit=-1')).data as ProfileRow[];
    expect(rows.every((p) => !!p.email)).toBe(true);
  });
});
