/** Fixed ids so the access script can upsert roles and policies idempotently. */
import type { Role } from '@portal/domain/roles';

export const PUBLIC_POLICY_ID = 'abf8a154-5b1c-4a46-ac9c-7300570f4f17';

export const ROLE_IDS: Record<Role, string> = {
  super_admin: '5a6c0d2e-0001-4b6e-9b1a-7a1f2c000001',
  editor: '5a6c0d2e-0002-4b6e-9b1a-7a1f2c000002',
  producer: '5a6c0d2e-0003-4b6e-9b1a-7a1f2c000003',
};

export const POLICY_IDS = {
  staff: '7b1e9c44-0000-4d2a-8f11-3c5e0a000000',
  super_admin: '7b1e9c44-0001-4d2a-8f11-3c5e0a000001',
  editor: '7b1e9c44-0002-4d2a-8f11-3c5e0a000002',
  producer: '7b1e9c44-0003-4d2a-8f11-3c5e0a000003',
  site_reader: '7b1e9c44-0009-4d2a-8f11-3c5e0a000009',
} as const;

/**
 * The site builder's own account (issue #32, decision 032): it reads exactly
 * what the public reads, with a static token only the builder holds, so the
 * public's requests can be bounded while a build still reads the archive.
 * Not a staff role: no profile, no admin.
 */
export const SITE_READER = {
  role: '5a6c0d2e-0009-4b6e-9b1a-7a1f2c000009',
  user: '5a6c0d2e-0009-4b6e-9b1a-7a1f2c0000a9',
} as const;

export function roleKeyFromId(id: string | null | undefined): Role | null {
  const hit = Object.entries(ROLE_IDS).find(([, v]) => v === id);
  return hit ? (hit[0] as Role) : null;
}
