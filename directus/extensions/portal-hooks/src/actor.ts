import type { Role } from '@portal/domain/roles';
import { roleKeyFromId } from '../../../access/ids.ts';

/** Who is writing: a signed-in staff member, or the system itself (seed, scripts). */
export type Actor =
  | { kind: 'system' }
  | { kind: 'user'; userId: string; role: Role | null; admin: boolean; municipalityId: string | null };

export type Accountability = { user?: string | null; role?: string | null; admin?: boolean } | null | undefined;

type Db = (table: string) => { where(q: Record<string, unknown>): { first(...cols: string[]): Promise<any> } };

/** Anonymous requests never reach write hooks (permissions refuse them first). */
export async function loadActor(accountability: Accountability, db: Db): Promise<Actor> {
  if (!accountability?.user) return { kind: 'system' };
  const profile = await db('profiles').where({ user_id: accountability.user }).first('municipality_id', 'role');
  const role = roleKeyFromId(accountability.role) ?? (profile?.role as Role | null) ?? null;
  return {
    kind: 'user',
    userId: accountability.user,
    role: accountability.admin ? 'super_admin' : role,
    admin: !!accountability.admin,
    municipalityId: profile?.municipality_id ?? null,
  };
}
