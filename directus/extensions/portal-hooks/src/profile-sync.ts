/**
 * Profiles are 1:1 with Directus users. The Directus role decides access;
 * profile.role mirrors it for display, and a super_admin changing the
 * profile's role or email changes the user's (and vice versa). Writes go
 * straight through knex so they raise no further events (no loops).
 */
import { randomUUID } from 'node:crypto';
import { isRole, type Role } from '@portal/domain/roles';
import { ROLE_IDS, roleKeyFromId } from '../../../access/ids.ts';

type Knex = any;

export function profileFromUser(userId: string, user: Record<string, unknown>, createdAt: number | Date) {
  const full = [user.first_name, user.last_name].filter((p) => typeof p === 'string' && p.trim()).join(' ');
  return {
    id: randomUUID(),
    user_id: userId,
    full_name: full || null,
    email: (user.email as string) ?? null,
    role: roleKeyFromId(user.role as string),
    created_at: createdAt,
  };
}

export async function syncUserToProfile(knex: Knex, userIds: string[], payload: Record<string, unknown>) {
  const patch: Record<string, unknown> = {};
  if ('email' in payload) patch.email = payload.email;
  if ('role' in payload) patch.role = roleKeyFromId(payload.role as string);
  if (Object.keys(patch).length) await knex('profiles').whereIn('user_id', userIds).update(patch);
}

export async function syncProfileToUser(knex: Knex, profileIds: string[], payload: Record<string, unknown>) {
  const patch: Record<string, unknown> = {};
  if ('email' in payload && typeof payload.email === 'string' && payload.email) patch.email = payload.email;
  if ('role' in payload) patch.role = isRole(payload.role) ? ROLE_IDS[payload.role as Role] : null;
  if (!Object.keys(patch).length) return;
  const userIds = await knex('profiles').whereIn('id', profileIds).pluck('user_id');
  if (userIds.length) await knex('directus_users').whereIn('id', userIds).update(patch);
}
