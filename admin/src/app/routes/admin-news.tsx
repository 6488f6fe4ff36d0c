import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { categoriesQueries } from '../../features/categories/api/categories-queries.ts';
import { municipalitiesQueries } from '../../features/municipalities/api/municipalities-queries.ts';
import { NewsList } from '../../features/news/components/news-list.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { RequireArea } from './require-area.tsx';

/** Composes the news feature with the category and municipality options it needs (features stay apart). */
export function AdminNewsRoute() {
  const { session, role } = useAuth();
  const [params] = useSearchParams();
  const categories = useQuery(categoriesQueries.list());
  const municipalities = useQuery(municipalitiesQueries.options());
  const profile = session?.profile
    ? { municipalityId: session.profile.municipality?.id ?? null, municipalityName: session.profile.municipality?.name ?? null }
    : null;
  return (
    <RequireArea area="news">
      <NewsList
        role={role}
        userId={session?.user.id ?? ''}
        profile={profile}
        categories={(categories.data ?? []).map((c) => ({ id: c.id, name: c.name }))}
        municipalities={municipalities.data ?? []}
        startCreating={params.get('nova') === '1'}
      />
    </RequireArea>
  );
}
