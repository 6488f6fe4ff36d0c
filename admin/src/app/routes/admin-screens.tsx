/** Thin route components: each guards its area and renders its feature screen. */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { AdsScreen } from '../../features/ads/components/ads-screen.tsx';
import { CategoriesScreen } from '../../features/categories/components/categories-screen.tsx';
import { municipalitiesQueries } from '../../features/municipalities/api/municipalities-queries.ts';
import { MunicipalitiesScreen } from '../../features/municipalities/components/municipalities-screen.tsx';
import { SettingsScreen } from '../../features/settings/components/settings-screen.tsx';
import { SendAlertButton } from '../../features/alerts/components/send-alert-button.tsx';
import { RadioScreen, TvScreen } from '../../features/settings/components/media-screens.tsx';
import { LoadingText } from '../../components/ui/states.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { RequireArea, RequireSuperAdmin } from './require-area.tsx';

// Lazy screens show "Carregando..." meanwhile (the spec's "Loading..." in English, corrected by issue #34).
const EventsScreen = lazy(() => import('../../features/events/components/events-screen.tsx'));
const ProfilesScreen = lazy(() => import('../../features/profiles/components/profiles-screen.tsx'));
// Charts are heavy: the reports screen (and recharts) load only when opened.
const ReportsScreen = lazy(() => import('../../features/reports/components/reports-screen.tsx'));
const NewsletterScreen = lazy(() => import('../../features/newsletter/components/newsletter-screen.tsx'));
const HealthScreen = lazy(() => import('../../features/health/components/health-screen.tsx'));
const ImportScreen = lazy(() => import('../../features/imports/components/import-screen.tsx'));
const ImportSummaryCard = lazy(() => import('../../features/imports/components/import-summary-card.tsx'));
const loading = <LoadingText />;

export const AdminCategoriesRoute = () => (
  <RequireArea area="categories">
    <CategoriesScreen />
  </RequireArea>
);

export const AdminMunicipalitiesRoute = () => (
  <RequireArea area="municipalities">
    <MunicipalitiesScreen />
  </RequireArea>
);

export const AdminAdsRoute = () => (
  <RequireArea area="ads">
    <AdsScreen />
  </RequireArea>
);

export const AdminSettingsRoute = () => (
  <RequireArea area="settings">
    <SettingsScreen urgentActions={<SendAlertButton target={{ urgent: true }} label="Enviar como alerta" />} />
  </RequireArea>
);

export const AdminEventsRoute = () => (
  <RequireArea area="events">
    <Suspense fallback={loading}>
      <EventsScreen />
    </Suspense>
  </RequireArea>
);

function ProfilesWithOptions() {
  const { session } = useAuth();
  const municipalities = useQuery(municipalitiesQueries.options());
  return <ProfilesScreen municipalities={municipalities.data ?? []} currentUserId={session?.user.id ?? ''} />;
}

export const AdminProfilesRoute = () => (
  <RequireArea area="profiles">
    <Suspense fallback={loading}>
      <ProfilesWithOptions />
    </Suspense>
  </RequireArea>
);

export const AdminRadioRoute = () => (
  <RequireArea area="radio">
    <RadioScreen />
  </RequireArea>
);

export const AdminTvRoute = () => (
  <RequireArea area="tv">
    <TvScreen />
  </RequireArea>
);

export const AdminReportsRoute = () => (
  <RequireArea area="reports">
    <Suspense fallback={loading}>
      <ReportsScreen />
    </Suspense>
  </RequireArea>
);

export const AdminNewsletterRoute = () => (
  <RequireArea area="newsletter">
    <Suspense fallback={loading}>
      <NewsletterScreen />
    </Suspense>
  </RequireArea>
);

export const AdminHealthRoute = () => (
  <RequireArea area="health">
    <Suspense fallback={loading}>
      {/* The last import's card (issue #27) comes from its own feature; its own boundary keeps the health report from waiting on it. */}
      <HealthScreen
        extra={
          <Suspense fallback={null}>
            <ImportSummaryCard />
          </Suspense>
        }
      />
    </Suspense>
  </RequireArea>
);

export const AdminImportRoute = () => (
  <RequireSuperAdmin>
    <Suspense fallback={loading}>
      <ImportScreen />
    </Suspense>
  </RequireSuperAdmin>
);
