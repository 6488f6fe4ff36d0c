import { beforeAll, describe, expect, it } from 'vitest';
import { admin, asEveryone, createStaff, eventually, municipalityId, signIn, type Api, type Who } from './support.ts';

let who: Record<Who, Api>;
beforeAll(async () => {
  who = await asEveryone();
});

const ownProfile = async (api: Api) => (await api.get(`/items/profiles?filter[user_id][_eq]=${api.userId}&fields=id,role,municipality_id,full_name,email`)).data[0];

describe('/items/profiles', () => {
  describe('anonymous', () => {
    it('reads public names only', async () => {
      const r = await who.anonymous.get('/items/profiles?fields=user_id,full_name&limit=5');
      expect(r.status).toBe(200);
      expect((await who.anonymous.get('/items/profiles?fields=whatsapp')).status).toBe(403);
    });

    it("reads a staff member's photo and short bio (author pages, issue #12 item 5)", async () => {
      const p = await ownProfile(who.producer);
      await admin().patch(`/items/profiles/${p.id}`, { bio: 'Repórter em Belém.' });
      const r = await who.anonymous.get(`/items/profiles?filter[user_id][_eq]=${who.producer.userId}&fields=full_name,avatar_url,bio`);
      expect(r.status).toBe(200);
      expect(r.data[0].bio).toBe('Repórter em Belém.');
    });
  });

  describe.each(['producer', 'editor'] as const)('%s', (role) => {
    it('edits own name, whatsapp, instagram and avatar', async () => {
      const p = await ownProfile(who[role]);
      const r = await who[role].patch(`/items/profiles/${p.id}`, { full_name: p.full_name, whatsapp: '(91) 99999-0000', instagram: '@portal', avatar_url: null });
      expect(r.status).toBe(200);
    });
    it('writes an own short bio, within its limit', async () => {
      const p = await ownProfile(who[role]);
      expect((await who[role].patch(`/items/profiles/${p.id}`, { bio: 'Cobre política e cidades.' })).status).toBe(200);
      const long = await who[role].patch(`/items/profiles/${p.id}`, { bio: 'x'.repeat(501) });
      expect(long.status).toBe(400);
      expect(long.errors?.[0]?.message).toBe('Biografia deve ter no máximo 500 caracteres');
    });
    it('cannot change own role, municipality or email', async () => {
      const p = await ownProfile(who[role]);
      expect((await who[role].patch(`/items/profiles/${p.id}`, { role: 'super_admin' })).status).toBe(403);
      expect((await who[role].patch(`/items/profiles/${p.id}`, { municipality_id: await municipalityId('Marabá') })).status).toBe(403);
      expect((await who[role].patch(`/items/profiles/${p.id}`, { email: 'outro@portal.test' })).status).toBe(403);
    });
    it("cannot edit someone else's profile", async () => {
      const other = await ownProfile(who.super_admin);
      expect((await who[role].patch(`/items/profiles/${other.id}`, { full_name: 'Invasor' })).status).toBe(403);
    });
    it('cannot change own Directus role, email or status through /users/me', async () => {
      const roles = await admin().get('/roles?filter[name][_eq]=super_admin&fields=id');
      expect((await who[role].patch('/users/me', { role: roles.data[0].id })).status).toBe(403);
      expect((await who[role].patch('/users/me', { email: 'x@portal.test' })).status).toBe(403);
      expect((await who[role].patch('/users/me', { status: 'active' })).status).toBe(403);
    });
    it('cannot create users or read other users', async () => {
      expect((await who[role].post('/users', { email: 'novo@portal.test', password: 'x' })).status).toBe(403);
      const me = await who[role].get('/users/me?fields=id,email');
      expect(me.status).toBe(200);
      const others = await who[role].get('/users?fields=id,email');
      expect(others.data.map((u: { id: string }) => u.id)).toEqual([who[role].userId]);
    });
  });

  describe('super_admin', () => {
    it('a new user gets a profile; changing its role and municipality reaches Directus access', async () => {
      const staff = await createStaff('producer');
      const p = await ownProfile(staff);
      expect(p.role).toBe('producer');
      // Action: promote to editor through the profile.
      const r = await who.super_admin.patch(`/items/profiles/${p.id}`, { role: 'editor', municipality_id: await municipalityId('Marabá') });
      expect(r.status).toBe(200);
      // Assert: the user's Directus role followed, so the server now grants editor rights. The profile
      // → user sync is an action hook, which Directus runs after the response (1 CI run in 4 read it first).
      const roles = await admin().get('/roles?fields=id,name');
      const roleName = async () => {
        const user = await admin().get(`/users/${staff.userId}?fields=role`);
        return roles.data.find((x: { id: string }) => x.id === user.data.role)?.name;
      };
      await eventually(async () => (await roleName()) === 'editor').catch(() => {});
      expect(await roleName()).toBe('editor');
      const relogged = await signIn((await admin().get(`/users/${staff.userId}?fields=email`)).data.email);
      expect((await relogged.post('/items/categories', { name: `Cat ${Date.now()}` })).status).toBe(200);
    });

    it("changing a user's email keeps the profile email in step", async () => {
      const staff = await createStaff('editor');
      const email = `renomeado-${Date.now()}@portal.test`;
      await who.super_admin.patch(`/users/${staff.userId}`, { email });
      expect((await ownProfile(staff)).email).toBe(email);
    });

    it('a suspended user can no longer sign in', async () => {
      const staff = await createStaff('producer');
      const email = (await admin().get(`/users/${staff.userId}?fields=email`)).data.email;
      await who.super_admin.patch(`/users/${staff.userId}`, { status: 'suspended' });
      await expect(signIn(email)).rejects.toThrow(/401/);
    });
  });
});
