/**
 * Live coverage (issue #30): the list of coverages and a coverage's desk. The
 * route composes what other features bring to the desk (features stay apart):
 * the coverage's live control from the story editor, and "Enviar alerta" for
 * a published entry.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { isEditorLevel } from '@portal/domain/roles';
import { SendAlertButton } from '../../features/alerts/components/send-alert-button.tsx';
import { liveQueries } from '../../features/live/api/live-queries.ts';
import { LiveCoveragesScreen } from '../../features/live/components/live-coverages-screen.tsx';
import { LiveDesk } from '../../features/live/components/live-desk.tsx';
import { LiveCoverageControl } from '../../features/news/components/live-coverage-control.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { RequireArea } from './require-area.tsx';

export function AdminLiveRoute() {
  const { role } = useAuth();
  return (
    <RequireArea area="live">
      <LiveCoveragesScreen role={role} />
    </RequireArea>
  );
}

export function AdminLiveDeskRoute() {
  const { session, role } = useAuth();
  const { newsId = '' } = useParams();
  const queryClient = useQueryClient();
  const editor = isEditorLevel(role);
  return (
    <RequireArea area="live">
      <LiveDesk
        key={newsId}
        newsId={newsId}
        role={role}
        userId={session?.user.id ?? ''}
        municipalityId={session?.profile?.municipality?.id ?? null}
        actions={(coverage) => (
          <LiveCoverageControl
            news={coverage}
            role={role}
            deskLink={false}
            onChanged={() => void queryClient.invalidateQueries({ queryKey: liveQueries.all() })}
          />
        )}
        // An entry readers can see may go out as an alert to the coverage's readers (issue #30, item 6); the server checks it is public.
        entryActions={(entry) => (editor && entry.status === 'published' ? <SendAlertButton target={{ entryId: entry.id }} /> : null)}
      />
    </RequireArea>
  );
}
