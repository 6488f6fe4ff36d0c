/** Query factory of profiles (staff management, super_admin only): paged list joined with user status. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { isRole, type Role } from '@portal/domain/roles';
import { env } from '../../../config/env.ts';
import { aggregate, directus, readItems, readRoles, readUsers } from '../../../lib/directus.ts';
import type { ListParams, Page } from '../../../lib/list-params.ts';

export type StaffRow = {
  id: string;
  user_id: string;
  full_name: string | null;
  email: string | null;
  role: Role | null;
  municipality: { id: string; name: string } | null;
  status: string;
};

async function fetchPage(p: ListParams): Promise<Page<StaffRow>> {
  const search = p.search.trim() || undefined;
  const [rows, count] = await Promise.all([
    directus.request(
      readItems('profiles', {
        fields: ['id', 'user_id', 'full_name', 'email', 'role', { municipality_id: ['id', 'name'] }],
        search,
        sort: [p.sort] as never,
        limit: env.pageSize,
        page: p.page,
      }),
    ),
    directus.request(aggregate('profiles', { aggregate: { count: '*' }, query: { search } })),
  ]);
  const list = rows;
  const ids = list.map((r) => r.user_id).filter(Boolean);
  const users = ids.length ? ((await directus.request(readUsers({ filter: { id: { _in: ids } }, fields: ['id', 'status'], limit: -1 }))) as Array<{ id: string; status: string }>) : [];
  const status = new Map(users.map((u) => [u.id, u.status]));
  return {
    items: list.map((r) => ({
      id: r.id,
      user_id: r.user_id,
      full_name: r.full_name,
      email: r.email,
      role: isRole(r.role) ? r.role : null,
      municipality: r.municipality_id && typeof r.municipality_id === 'object' ? { id: r.municipality_id.id, name: r.municipality_id.name } : null,
      status: status.get(r.user_id) ?? 'active',
    })),
    total: Number((count as Array<{ count: unknown }>)[0]?.count ?? 0),
  };
}

export const profilesQueries = {
  all: () => ['profiles'] as const,
  lists: () => [...profilesQueries.all(), 'list'] as const,
  list: (p: ListParams) => queryOptions({ queryKey: [...profilesQueries.lists(), p] as const, queryFn: () => fetchPage(p), placeholderData: keepPreviousData }),
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
      queryFn: async () => Number(((await directus.request(aggregate('profiles', { aggregate: { count: '*' } }))) as Array<{ count: unknown }>)[0]?.count ?? 0),
    }),
};
