import { useQuery } from '@tanstack/react-query';
import { isPubliclyVisible } from '@portal/domain/news-access';
import { isEditorLevel } from '@portal/domain/roles';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { categoriesQueries } from '../../features/categories/api/categories-queries.ts';
import { municipalitiesQueries } from '../../features/municipalities/api/municipalities-queries.ts';
import { NewsEditorPage } from '../../features/news/components/news-editor-page.tsx';
import { NewsList } from '../../features/news/components/news-list.tsx';
import { SendAlertButton } from '../../features/alerts/components/send-alert-button.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { RequireArea } from './require-area.tsx';

export function AdminNewsRoute() {
  const { session, role } = useAuth();
  const [params] = useSearchParams();
  // The old quick link (?nova=1) opened the create dialog; the editor is a page now.
  if (params.get('nova') === '1') return <Navigate to={paths.admin.newsNew} replace />;
  return (
    <RequireArea area="news">
      <NewsList
        role={role}
        userId={session?.user.id ?? ''}
        // Breaking-news alerts (issue #29): editors and super_admins may send the urgent message as one.
        actions={isEditorLevel(role) ? <SendAlertButton target={{ urgent: true }} label="Alerta da mensagem urgente" /> : null}
      />
    </RequireArea>
  );
}

/** /admin/news/new and /admin/news/:id: composes the editor with the category and municipality options it needs (features stay apart). */
export function AdminNewsEditorRoute() {
  const { session, role } = useAuth();
  const { newsId = 'new' } = useParams();
  const categories = useQuery(categoriesQueries.list());
  const municipalities = useQuery(municipalitiesQueries.options());
  const profile = session?.profile
    ? { municipalityId: session.profile.municipality?.id ?? null, municipalityName: session.profile.municipality?.name ?? null }
    : null;
  const id = newsId === 'new' ? null : newsId;
  return (
    <RequireArea area="news">
      <NewsEditorPage
        // One page per story: another address is another story, loaded afresh.
        key={newsId}
        newsId={id}
        role={role}
        userId={session?.user.id ?? ''}
        profile={profile}
        categories={(categories.data ?? []).map((c) => ({ id: c.id, name: c.name }))}
        municipalities={municipalities.data ?? []}
        // A story readers can see now may go out as an alert (issue #29).
        actions={(n) => (isEditorLevel(role) && isPubliclyVisible({ status: n.status, published_at: n.published_at }, new Date()) ? <SendAlertButton target={{ newsId: n.id }} /> : null)}
      />
    </RequireArea>
  );
}
