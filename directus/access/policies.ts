/**
 * Roles, policies and permissions (spec section 6 and issue #2), as data.
 * Access in Directus 11: user → role → policies → permissions; permissions
 * add up (fields unioned, item rules OR-ed). Finer rules that permissions
 * cannot express with a clear message (publish rule, municipality lock,
 * protected municipalities, forced author) live in the portal-hooks extension.
 */
import { PRODUCER_EDITABLE_STATUSES } from '@portal/domain/news-status';
import { PUBLIC_CORRECTION_FILTER } from '@portal/domain/corrections';
import { AD_WINDOW_FILTER, ME, producerNewsUpdateFilter, PUBLIC_NEWS_FILTER } from '@portal/domain/news-access';
import { OWN_PROFILE_FIELDS, WRITABLE_COLLECTIONS, type Role } from '@portal/domain/roles';
import { PUBLIC_CORRECTION_FIELDS, PUBLIC_LIVE_ENTRY_FIELDS, PUBLIC_NEWS_FIELDS, PUBLIC_PROFILE_FIELDS } from '@portal/domain/schema';
import { producerEntryUpdateFilter, PUBLIC_LIVE_ENTRY_FILTER } from '@portal/domain/live';
import { PUBLIC_SETTING_KEYS } from '@portal/domain/settings';
import { MEDIA_SETTING_KEYS } from '@portal/domain/media-settings';
import { POLICY_IDS, PUBLIC_POLICY_ID, ROLE_IDS, SITE_READER } from './ids.ts';

export type Action = 'create' | 'read' | 'update' | 'delete';
export type PermissionDef = {
  policy: string;
  collection: string;
  action: Action;
  fields: string[];
  permissions?: Record<string, unknown> | null;
  validation?: Record<string, unknown> | null;
  presets?: Record<string, unknown> | null;
};
export type PolicyDef = {
  id: string;
  name: string;
  icon: string;
  description: string;
  admin_access: boolean;
  app_access: boolean;
};
export type RoleDef = { id: string; key: Role | 'site_reader'; name: string; icon: string; description: string; policies: string[] };

export const policies: PolicyDef[] = [
  {
    id: POLICY_IDS.staff,
    name: 'Equipe (base)',
    icon: 'group',
    description: 'O que toda a equipe pode: ler o conteúdo, enviar imagens e editar o próprio perfil.',
    admin_access: false,
    app_access: false,
  },
  {
    id: POLICY_IDS.super_admin,
    name: 'Super Admin',
    icon: 'shield',
    description: 'Acesso total, inclusive usuários, papéis e municípios.',
    admin_access: true,
    app_access: true,
  },
  {
    id: POLICY_IDS.editor,
    name: 'Editor',
    icon: 'edit_note',
    description: 'Lê, edita, publica e exclui notícias; gerencia categorias e eventos.',
    admin_access: false,
    app_access: false,
  },
  {
    id: POLICY_IDS.producer,
    name: 'Produtor',
    icon: 'draw',
    description: 'Cria notícias no próprio município como rascunho ou pendente e edita as suas não publicadas.',
    admin_access: false,
    app_access: false,
  },
  {
    id: POLICY_IDS.site_reader,
    name: 'Construtor do site',
    icon: 'construction',
    description: 'Lê exatamente o que o público lê, sem os limites de consulta do público: só o construtor do site tem o token.',
    admin_access: false,
    app_access: false,
  },
];

export const roles: RoleDef[] = [
  {
    id: ROLE_IDS.super_admin,
    key: 'super_admin',
    name: 'super_admin',
    icon: 'shield',
    description: 'Super Admin',
    policies: [POLICY_IDS.staff, POLICY_IDS.super_admin],
  },
  {
    id: ROLE_IDS.editor,
    key: 'editor',
    name: 'editor',
    icon: 'edit_note',
    description: 'Editor',
    policies: [POLICY_IDS.staff, POLICY_IDS.editor],
  },
  {
    id: ROLE_IDS.producer,
    key: 'producer',
    name: 'producer',
    icon: 'draw',
    description: 'Produtor',
    policies: [POLICY_IDS.staff, POLICY_IDS.producer],
  },
  {
    id: SITE_READER.role,
    key: 'site_reader',
    name: 'site_reader',
    icon: 'construction',
    description: 'Construtor do site',
    policies: [POLICY_IDS.site_reader],
  },
];

const ALL = ['*'];

// The rules themselves live in domain/src/news-access.ts (predicate and filter, tested to agree).
const publishedNow = PUBLIC_NEWS_FILTER;
const adInWindow = AD_WINDOW_FILTER;

/** Fields staff may send when writing news. author_id, published_at and the
 * municipality are accepted but overwritten or checked by the hooks. Counters never. */
const NEWS_WRITE_FIELDS = [
  'title',
  'summary',
  'content',
  'slug',
  'status',
  'is_featured',
  'featured_image',
  'featured_image_caption',
  'featured_image_renditions',
  'category_id',
  'municipality_id',
  'author_id',
  'published_at',
  'scheduled_at',
];
/** Producers may send is_featured (forms do) but the hook refuses `true`. Live mode is editors' (issue #30). */
const PRODUCER_NEWS_FIELDS = NEWS_WRITE_FIELDS;
/** Editors also start and end live coverage; the times are the hook's (domain/live liveModeChange). */
const EDITOR_NEWS_FIELDS = [...NEWS_WRITE_FIELDS, 'live_status', 'live_started_at', 'live_ended_at', 'from_live_news_id'];
/** What a producer sends of a live entry (issue #30); pinning, correcting and promoting are editors'. */
const PRODUCER_ENTRY_FIELDS = ['news_id', 'body', 'status', 'image', 'image_caption', 'author_id', 'published_at'];
const EDITOR_ENTRY_FIELDS = [...PRODUCER_ENTRY_FIELDS, 'pinned', 'correction_note', 'corrected_at', 'promoted_news_id'];

/** What staff see of a colleague: name, photo, role and municipality. */
const COLLEAGUE_PROFILE_FIELDS = ['id', 'user_id', 'full_name', 'avatar_url', 'bio', 'role', 'municipality_id', 'created_at'];

/**
 * What an upload may set. Never `portal_public` (the portal decides it from
 * published content) nor the bookkeeping Directus fills in (uploaded_by…).
 */
const FILE_CREATE_FIELDS = ['id', 'storage', 'filename_download', 'title', 'type', 'folder', 'description', 'tags', 'location', 'focal_point_x', 'focal_point_y'] as const;
/** What a staff member may change of their own files: descriptive metadata only (issue #10). */
const FILE_UPDATE_FIELDS = ['title', 'description', 'tags', 'location', 'focal_point_x', 'focal_point_y'] as const;

const read = (policy: string, collection: string, fields: readonly string[] = ALL, permissions: Record<string, unknown> | null = null): PermissionDef => ({
  policy,
  collection,
  action: 'read',
  fields: [...fields],
  permissions,
});
const crud = (policy: string, collection: string, fields: string[] = ALL): PermissionDef[] =>
  (['create', 'read', 'update', 'delete'] as const).map((action) => ({ policy, collection, action, fields }));

/** Collection writes granted wholesale by WRITABLE_COLLECTIONS (news is handled by hand below). */
function wholesaleWrites(role: Exclude<Role, 'super_admin'>): PermissionDef[] {
  const policy = POLICY_IDS[role];
  return WRITABLE_COLLECTIONS[role]
    .filter((c) => c !== 'news' && c !== 'profiles')
    .flatMap((collection) => crud(policy, collection).filter((p) => p.action !== 'read'));
}

const publicReads: PermissionDef[] = [
  read(PUBLIC_POLICY_ID, 'news', PUBLIC_NEWS_FIELDS, publishedNow),
  read(PUBLIC_POLICY_ID, 'categories'),
  read(PUBLIC_POLICY_ID, 'municipalities', ['id', 'name', 'slug']),
  read(PUBLIC_POLICY_ID, 'events', ALL, { is_active: { _eq: true } }),
  read(PUBLIC_POLICY_ID, 'ads', ALL, adInWindow),
  // Old addresses of public stories only (the build turns them into 301s; issue #8).
  read(PUBLIC_POLICY_ID, 'news_redirects', ['slug', 'news_id'], { news_id: publishedNow }),
  // Old addresses of renamed categories and municipalities (lists are public, so are the addresses they had).
  read(PUBLIC_POLICY_ID, 'list_redirects', ['slug', 'category_id', 'municipality_id']),
  // An imported portal's addresses (issue #27): those of public stories, and of lists (public too).
  read(PUBLIC_POLICY_ID, 'legacy_paths', ['path', 'news_id', 'category_id'], { _or: [{ news_id: publishedNow }, { category_id: { _nnull: true } }] }),
  read(PUBLIC_POLICY_ID, 'settings', ALL, { key: { _in: [...PUBLIC_SETTING_KEYS] } }),
  // Corrections of public stories only: the news rule, through the relation (issue #12, item 1).
  read(PUBLIC_POLICY_ID, 'news_corrections', PUBLIC_CORRECTION_FIELDS, PUBLIC_CORRECTION_FILTER),
  // Published entries of public stories in live mode (issue #30): the rule in domain/live.
  read(PUBLIC_POLICY_ID, 'news_live_entries', PUBLIC_LIVE_ENTRY_FIELDS, PUBLIC_LIVE_ENTRY_FILTER),
  // Bylines are staff; a sign-up (verified or not) has no role and is nobody's byline (issue #10).
  read(PUBLIC_POLICY_ID, 'profiles', PUBLIC_PROFILE_FIELDS, { role: { _nnull: true } }),
  // Images are served through /assets, which checks read access to the file: only
  // files published content uses (embargoed photos stay private; issue #10), and
  // no title (it may say what the story is). Listing /files is refused by a hook.
  read(PUBLIC_POLICY_ID, 'directus_files', ['id', 'type', 'width', 'height', 'filename_download'], { portal_public: { _eq: true } }),
];

export const permissions: PermissionDef[] = [
  // Anonymous readers.
  ...publicReads,
  // The site builder reads what readers read, field for field and row for row (decision 032).
  ...publicReads.map((p) => ({ ...p, policy: POLICY_IDS.site_reader })),

  // Every staff member.
  read(POLICY_IDS.staff, 'news', ALL, { _or: [{ author_id: { _eq: ME } }, publishedNow] }),
  read(POLICY_IDS.staff, 'categories'),
  read(POLICY_IDS.staff, 'municipalities'),
  read(POLICY_IDS.staff, 'events'),
  read(POLICY_IDS.staff, 'ads'),
  read(POLICY_IDS.staff, 'settings'),
  read(POLICY_IDS.staff, 'news_redirects'),
  read(POLICY_IDS.staff, 'list_redirects'),
  // Producers read corrections as readers do (public stories only); editors read and write them all.
  read(POLICY_IDS.producer, 'news_corrections', PUBLIC_CORRECTION_FIELDS, PUBLIC_CORRECTION_FILTER),
  read(POLICY_IDS.editor, 'news_corrections'),
  // Live entries (issue #30): a producer reads the public ones and their own, writes their own while draft or
  // pending (the hook checks the coverage is running and in their municipality); editors read and write them all.
  read(POLICY_IDS.producer, 'news_live_entries', ALL, { _or: [{ created_by: { _eq: ME } }, PUBLIC_LIVE_ENTRY_FILTER] }),
  { policy: POLICY_IDS.producer, collection: 'news_live_entries', action: 'create', fields: PRODUCER_ENTRY_FIELDS, presets: { status: 'draft' } },
  { policy: POLICY_IDS.producer, collection: 'news_live_entries', action: 'update', fields: PRODUCER_ENTRY_FIELDS, permissions: producerEntryUpdateFilter(ME) },
  read(POLICY_IDS.editor, 'news_live_entries'),
  { policy: POLICY_IDS.editor, collection: 'news_live_entries', action: 'create', fields: EDITOR_ENTRY_FIELDS, presets: { status: 'draft' } },
  { policy: POLICY_IDS.editor, collection: 'news_live_entries', action: 'update', fields: EDITOR_ENTRY_FIELDS },
  { policy: POLICY_IDS.editor, collection: 'news_live_entries', action: 'delete', fields: ALL },
  // Who wrote a correction is Directus's own (user-created); the note and its story are all an editor sends.
  { policy: POLICY_IDS.editor, collection: 'news_corrections', action: 'create', fields: ['news_id', 'note'] },
  { policy: POLICY_IDS.editor, collection: 'news_corrections', action: 'update', fields: ['note'] },
  { policy: POLICY_IDS.editor, collection: 'news_corrections', action: 'delete', fields: ALL },
  // Per-day reader totals: for the reports screen (Relatórios is editor-level); readers get
  // only the aggregated rankings from /portal/rankings, raw view rows are nobody's to read.
  read(POLICY_IDS.editor, 'news_daily'),
  // news_presence (who has a story open in the editor, issue #34): no policy reads or writes it; only
  // /portal/news/:id/presence does, for staff who may read that story (decision 044).
  // push_subscriptions and push_alerts (issue #29): no policy either; readers subscribe and editors send
  // through /portal/push/* (decision 061), so an endpoint or a reader's keys are never listed to anyone.
  // Rádio Web and TV Web are editor-level screens (spec role table): editors change only their settings (issue #13).
  { policy: POLICY_IDS.editor, collection: 'settings', action: 'update', fields: ['value'], permissions: { key: { _in: [...MEDIA_SETTING_KEYS] } } },
  // Colleagues: who they are and what they do, never their email or WhatsApp (issue #10).
  read(POLICY_IDS.staff, 'profiles', COLLEAGUE_PROFILE_FIELDS),
  // One's own profile, whole (granted by the role policies, so Directus 11 merges the
  // fields per row: a colleague's row still has only the fields above).
  read(POLICY_IDS.producer, 'profiles', ALL, { user_id: { _eq: ME } }),
  read(POLICY_IDS.editor, 'profiles', ALL, { user_id: { _eq: ME } }),
  {
    policy: POLICY_IDS.staff,
    collection: 'profiles',
    action: 'update',
    fields: [...OWN_PROFILE_FIELDS],
    permissions: { user_id: { _eq: ME } },
  },
  read(POLICY_IDS.staff, 'directus_users', ['id', 'email', 'first_name', 'last_name', 'role', 'tfa_secret', 'status'], {
    id: { _eq: ME },
  }),
  // TOTP: Directus's /users/me/tfa/enable|disable write tfa_secret with the user's own rights.
  {
    policy: POLICY_IDS.staff,
    collection: 'directus_users',
    action: 'update',
    fields: ['tfa_secret'],
    permissions: { id: { _eq: ME } },
  },
  read(POLICY_IDS.staff, 'directus_roles', ['id', 'name']),
  // Files: editors see every upload (they review and publish); a producer sees public files and her own
  // uploads, never a colleague's embargoed photo (issue #32, item 4).
  read(POLICY_IDS.editor, 'directus_files'),
  read(POLICY_IDS.producer, 'directus_files', ALL, { _or: [{ portal_public: { _eq: true } }, { uploaded_by: { _eq: ME } }] }),
  { policy: POLICY_IDS.staff, collection: 'directus_files', action: 'create', fields: [...FILE_CREATE_FIELDS] },
  {
    policy: POLICY_IDS.staff,
    collection: 'directus_files',
    action: 'update',
    fields: [...FILE_UPDATE_FIELDS],
    permissions: { uploaded_by: { _eq: ME } },
  },
  read(POLICY_IDS.staff, 'directus_folders'),

  // Producer: own news, draft or pending only, never delete.
  {
    policy: POLICY_IDS.producer,
    collection: 'news',
    action: 'create',
    fields: PRODUCER_NEWS_FIELDS,
    validation: { status: { _in: [...PRODUCER_EDITABLE_STATUSES] } },
    presets: { status: 'draft' },
  },
  {
    policy: POLICY_IDS.producer,
    collection: 'news',
    action: 'update',
    fields: PRODUCER_NEWS_FIELDS,
    permissions: producerNewsUpdateFilter(ME),
    validation: { status: { _in: [...PRODUCER_EDITABLE_STATUSES] } },
  },

  // Editor: all news, categories and events.
  read(POLICY_IDS.editor, 'news'),
  { policy: POLICY_IDS.editor, collection: 'news', action: 'create', fields: EDITOR_NEWS_FIELDS, presets: { status: 'draft' } },
  { policy: POLICY_IDS.editor, collection: 'news', action: 'update', fields: EDITOR_NEWS_FIELDS },
  { policy: POLICY_IDS.editor, collection: 'news', action: 'delete', fields: ALL },
  ...wholesaleWrites('editor'),
  ...wholesaleWrites('producer'),
];
