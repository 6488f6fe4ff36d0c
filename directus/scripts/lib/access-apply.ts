/** Applies directus/access/policies.ts: policies, roles, their links and permissions, by fixed ids. */
import {
  createPermissions,
  createPolicy,
  createRole,
  deletePermissions,
  readPermissions,
  readPolicies,
  readRoles,
  updatePermission,
  updatePolicy,
  updateRole,
  type PortalClient,
} from './client.ts';
import { permissions, policies, roles, type PermissionDef } from '../../access/policies.ts';
import { POLICY_IDS, PUBLIC_POLICY_ID } from '../../access/ids.ts';

const MANAGED_POLICIES = new Set<string>([PUBLIC_POLICY_ID, ...Object.values(POLICY_IDS)]);
const key = (p: { policy: string; collection: string; action: string }) => `${p.policy}|${p.collection}|${p.action}`;
const norm = (v: unknown) => JSON.stringify(v ?? null);

type LivePermission = PermissionDef & { id: number };

function samePermission(want: PermissionDef, have: LivePermission) {
  return (
    norm([...want.fields].sort()) === norm([...(have.fields ?? [])].sort()) &&
    norm(want.permissions) === norm(have.permissions) &&
    norm(want.validation) === norm(have.validation) &&
    norm(want.presets) === norm(have.presets)
  );
}

export async function accessDrift(client: PortalClient): Promise<string[]> {
  const live = (await client.request(readPermissions({ limit: -1 }))) as unknown as LivePermission[];
  const drift: string[] = [];
  const managed = live.filter((p) => MANAGED_POLICIES.has(p.policy));
  const liveByKey = new Map(managed.map((p) => [key(p), p]));
  for (const want of permissions) {
    const have = liveByKey.get(key(want));
    if (!have) drift.push(`permissão ausente: ${key(want)}`);
    else if (!samePermission(want, have)) drift.push(`permissão diferente: ${key(want)}`);
  }
  const wanted = new Set(permissions.map(key));
  for (const p of managed) if (!wanted.has(key(p))) drift.push(`permissão a mais: ${key(p)}`);
  return drift;
}

export async function applyAccess(client: PortalClient, log: (s: string) => void) {
  const livePolicies = new Set(((await client.request(readPolicies({ fields: ['id'], limit: -1 }))) as Array<{ id: string }>).map((p) => p.id));
  for (const p of policies) {
    if (livePolicies.has(p.id)) await client.request(updatePolicy(p.id, p as any));
    else {
      await client.request(createPolicy(p as any));
      log(`política criada: ${p.name}`);
    }
  }
  const liveRoles = (await client.request(readRoles({ fields: ['id', 'policies.policy'], limit: -1 } as any))) as unknown as Array<{
    id: string;
    policies: Array<{ policy: string }>;
  }>;
  for (const r of roles) {
    const base = { name: r.name, icon: r.icon, description: r.description };
    const have = liveRoles.find((l) => l.id === r.id);
    if (!have) {
      await client.request(createRole({ id: r.id, ...base, policies: r.policies.map((policy) => ({ policy })) } as any));
      log(`papel criado: ${r.name}`);
      continue;
    }
    const missing = r.policies.filter((policy) => !have.policies.some((p) => p.policy === policy));
    await client.request(updateRole(r.id, { ...base, ...(missing.length ? { policies: { create: missing.map((policy) => ({ policy })) } } : {}) } as any));
  }

  const live = (await client.request(readPermissions({ limit: -1 }))) as unknown as LivePermission[];
  const managed = live.filter((p) => MANAGED_POLICIES.has(p.policy));
  const liveByKey = new Map(managed.map((p) => [key(p), p]));
  const toCreate: PermissionDef[] = [];
  for (const want of permissions) {
    const have = liveByKey.get(key(want));
    const body = { ...want, permissions: want.permissions ?? null, validation: want.validation ?? null, presets: want.presets ?? null };
    if (!have) toCreate.push(body);
    else if (!samePermission(want, have)) await client.request(updatePermission(have.id, body as any));
  }
  if (toCreate.length) await client.request(createPermissions(toCreate as any));
  const wanted = new Set(permissions.map(key));
  const extra = managed.filter((p) => !wanted.has(key(p))).map((p) => p.id);
  if (extra.length) await client.request(deletePermissions(extra));
  if (toCreate.length || extra.length) log(`permissões: ${toCreate.length} criadas, ${extra.length} removidas`);
}
