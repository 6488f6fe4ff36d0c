/** Query factory of profiles (staff management, super_admin only): paged list joined with user status and import origin. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { isRole, type Role } from '@portal/domain/roles';
import type { Profile } from '@portal/domain/schema';
import { aggregate, directus, readItems, readRoles, readUsers } from '../../../lib/directus.ts';
import type { ListParams, Page } from '../../../lib/list-params.ts';
import { countOf, fetchPage } from '../../../lib/paged-list.ts';

export type StaffRow = {
  id: string;
  user_id: string;
  full_name: string | null;
  email: string | null;
  role: Role | null;
  municipality: { id: string; name: string } | null;
  status: string;
  /** Came over from the previous portal (import_records, issue #27) and has not accepted an invitation yet: nobody has sent one. */
  imported: boolean;
};

type ProfileRow = Pick<Profile, 'id' | 'user_id' | 'full_name' | 'email' | 'role'> & { municipality_id: { id: string; name: string } | null };

/** Which of these users the importer created (its profiles rows point at the user: target = user id). */
async function importedAmong(userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await directus.request(readItems('import_records', { filter: { collection: { _eq: 'profiles' }, target: { _in: userIds } }, fields: ['target'], limit: -1 }));
  return new Set(rows.map((r) => r.target));
}

async function fetchStaff(p: ListParams): Promise<Page<StaffRow>> {
  const { items: list, total } = await fetchPage<ProfileRow>('profiles', { ...p, fields: ['id', 'user_id', 'full_name', 'email', 'role', { municipality_id: ['id', 'name'] }], collate: ['full_name'] });
  const ids = list.map((r) => r.user_id).filter(Boolean);
  const users = ids.length ? ((await directus.request(readUsers({ filter: { id: { _in: ids } }, fields: ['id', 'status'], limit: -1 }))) as Array<{ id: string; status: string }>) : [];
  const status = new Map(users.map((u) => [u.id, u.status]));
  const imported = await importedAmong(users.filter((u) => u.status === 'invited').map((u) => u.id));
  return {
    items: list.map((r) => ({
      id: r.id,
      user_id: r.user_id,
      full_name: r.full_name,
      email: r.email,
      role: isRole(r.role) ? r.role : null,
      municipality: r.municipality_id ? { id: r.municipality_id.id, name: r.municipality_id.name } : null,
      status: status.get(r.user_id) ?? 'active',
      imported: imported.has(r.user_id),
    })),
    total,
  };
}

export const profilesQueries = {
  all: () => ['profiles'] as const,
  lists: () => [...profilesQueries.all(), 'list'] as const,
  list: (p: ListParams) => queryOptions({ queryKey: [...profilesQueries.lists(), p] as const, queryFn: () => fetchStaff(p), placeholderData: keepPreviousData }),
  /** Directus role ids by staff role name (roles are named super_admin, editor, producer). */
  roleIds: () =>
    queryOptions({
      queryKey: [...profilesQueries.all(), 'role-ids'] as const,
      queryFn: async () => {
        const roles = (await directus.request(readRoles({ fields: ['id', 'name'], limit: -1 }))) as Array<{ id: string; name: string }>;
        const out: Partial<Record<Role, string>> = {};
        for (const r of roles) if (isRole(r.name)) out[r.name] = r.id;
        return out;
      },
      staleTime: Infinity,
    }),
  count: () =>
    queryOptions({
      queryKey: [...profilesQueries.all(), 'count'] as const,
      queryFn: async () => countOf(await directus.request(aggregate('profiles', { aggregate: { count: '*' } }))),
    }),
};
