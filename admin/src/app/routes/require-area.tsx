import type { ReactNode } from 'react';
import { canAccessArea, type AdminArea } from '@portal/domain/roles';
import { AccessDenied } from '../../components/ui/states.tsx';
import { useAuth } from '../../lib/auth.tsx';

/**
 * A screen reached by URL by a role the sidebar hides it from shows the
 * spec's denial (section 6); the categories page has its own wording.
 */
export function RequireArea({ area, children }: { area: AdminArea; children: ReactNode }) {
  const { role } = useAuth();
  if (!canAccessArea(role, area)) {
    return <AccessDenied message={area === 'categories' ? 'Você não tem permissão para gerenciar categorias.' : undefined} />;
  }
  return <>{children}</>;
}
