import { useQuery } from '@tanstack/react-query';
import { isStaff } from '@portal/domain/roles';
import { useAuth } from '../../../lib/auth.tsx';
import { healthQueries } from '../api/health-queries.ts';

/**
 * Staff see what puts the newsroom's work at risk (issue #28): the last backup
 * older than 36 h, the last full build failed, a disk nearly full. Silent when
 * all is well, or when the check itself cannot be read (the health page says why).
 */
export function HealthBanner() {
  const { role } = useAuth();
  const { data } = useQuery({ ...healthQueries.alerts(), enabled: isStaff(role) });
  if (!data?.length) return null;
  return (
    <div role="alert" aria-label="Avisos do portal" className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900">
      <ul className="space-y-0.5">
        {data.map((a) => (
          <li key={a.code}>⚠ {a.message}</li>
        ))}
      </ul>
    </div>
  );
}
