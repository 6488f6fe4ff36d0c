/**
 * Staff roles and what each may reach (spec section 6). The admin sidebar and
 * the Directus access script are both derived from these tables.
 */

export const ROLES = ['super_admin', 'editor', 'producer'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

const ROLE_LABELS: Record<Role, string> = { super_admin: 'Super Admin', editor: 'Editor', producer: 'Produtor' };
const ROLE_COLORS: Record<Role, 'red' | 'blue' | 'green'> = { super_admin: 'red', editor: 'blue', producer: 'green' };

/** @example roleLabel('producer') // 'Produtor'; roleLabel(null) // 'Usuário' */
export function roleLabel(role: string | null | undefined): string {
  return isRole(role) ? ROLE_LABELS[role] : 'Usuário';
}

/** Badge colour; anything that is not a staff role is gray. */
export function roleColor(role: string | null | undefined): 'red' | 'blue' | 'green' | 'gray' {
  return isRole(role) ? ROLE_COLORS[role] : 'gray';
}

/** super_admin counts as admin. */
export const isAdmin = (role: string | null | undefined): boolean => role === 'super_admin';

/** editor or super_admin counts as editor-level. */
export const isEditorLevel = (role: string | null | undefined): boolean => role === 'editor' || role === 'super_admin';

/** Any of the three staff roles (they all see the public Admin link). */
export const isStaff = (role: string | null | undefined): boolean => isRole(role);

export const ADMIN_AREAS = [
  { key: 'dashboard', path: '/admin', label: 'Dashboard', roles: ['super_admin', 'editor', 'producer'] },
  { key: 'news', path: '/admin/news', label: 'Notícias', roles: ['super_admin', 'editor', 'producer'] },
  // Beyond the spec (issue #30): the live coverages' desk; producers write entries on those of their municipality.
  { key: 'live', path: '/admin/ao-vivo', label: 'Coberturas ao vivo', roles: ['super_admin', 'editor', 'producer'] },
  { key: 'categories', path: '/admin/categories', label: 'Categorias', roles: ['super_admin', 'editor'] },
  { key: 'municipalities', path: '/admin/municipalities', label: 'Municípios', roles: ['super_admin'] },
  { key: 'events', path: '/admin/events', label: 'Eventos', roles: ['super_admin', 'editor'] },
  { key: 'profiles', path: '/admin/profiles', label: 'Perfis', roles: ['super_admin'] },
  { key: 'ads', path: '/admin/ads', label: 'Publicidade', roles: ['super_admin'] },
  { key: 'radio', path: '/admin/radio', label: 'Rádio Web', roles: ['super_admin', 'editor'] },
  { key: 'tv', path: '/admin/tv', label: 'TV Web', roles: ['super_admin', 'editor'] },
  { key: 'reports', path: '/admin/reports', label: 'Relatórios', roles: ['super_admin', 'editor'] },
  // Beyond the spec (issue #13): the newsletter's subscribers, for super_admin.
  { key: 'newsletter', path: '/admin/newsletter', label: 'Newsletter', roles: ['super_admin'] },
  // Beyond the spec (issue #28): backups, builds, disk and mail, measured.
  { key: 'health', path: '/admin/health', label: 'Saúde do portal', roles: ['super_admin'] },
  { key: 'settings', path: '/admin/settings', label: 'Configurações', roles: ['super_admin'] },
] as const satisfies ReadonlyArray<{ key: string; path: string; label: string; roles: readonly Role[] }>;

export type AdminArea = (typeof ADMIN_AREAS)[number]['key'];

/** @example canAccessArea('editor', 'ads') // false */
export function canAccessArea(role: string | null | undefined, area: AdminArea): boolean {
  const entry = ADMIN_AREAS.find((a) => a.key === area);
  return !!entry && isRole(role) && (entry.roles as readonly Role[]).includes(role);
}

/** Sidebar entries a role sees, in the spec's order. */
export function sidebarFor(role: string | null | undefined) {
  return ADMIN_AREAS.filter((a) => canAccessArea(role, a.key));
}

/**
 * Collections each role may write through the API (beyond its own profile),
 * the server-side half of the table above. The access script builds Directus
 * permissions from it; news has finer rules of its own (see access files).
 */
export const WRITABLE_COLLECTIONS: Record<Role, readonly string[]> = {
  super_admin: ['news', 'categories', 'municipalities', 'events', 'ads', 'settings', 'profiles'],
  editor: ['news', 'categories', 'events'],
  producer: ['news'],
};

/** Fields every user may change on their own profile. */
export const OWN_PROFILE_FIELDS = ['full_name', 'whatsapp', 'instagram', 'avatar_url', 'bio'] as const;
