import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths.ts';
import { AdminHomeRoute } from './routes/admin-home.tsx';
import { AdminLayout } from './routes/admin-layout.tsx';
import { AdminLiveDeskRoute, AdminLiveRoute } from './routes/admin-live.tsx';
import { AdminNewsEditorRoute, AdminNewsRoute } from './routes/admin-news.tsx';
import {
  AdminAdsRoute,
  AdminCategoriesRoute,
  AdminEventsRoute,
  AdminMunicipalitiesRoute,
  AdminProfilesRoute,
  AdminRadioRoute,
  AdminReportsRoute,
  AdminNewsletterRoute,
  AdminHealthRoute,
  AdminImportRoute,
  AdminSettingsRoute,
  AdminTvRoute,
} from './routes/admin-screens.tsx';
import { AuthRoute } from './routes/auth.tsx';
import { DashboardRoute } from './routes/dashboard.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { ProfileRoute } from './routes/profile.tsx';

export const routes: RouteObject[] = [
  { path: paths.auth, element: <AuthRoute /> },
  { path: paths.dashboard, element: <DashboardRoute /> },
  { path: paths.profile, element: <ProfileRoute /> },
  {
    path: paths.admin.root,
    element: <AdminLayout />,
    children: [
      { index: true, element: <AdminHomeRoute /> },
      { path: 'news', element: <AdminNewsRoute /> },
      // The story editor, a page with its own address (issue #34): 'new' or the story's id.
      { path: 'news/:newsId', element: <AdminNewsEditorRoute /> },
      // Live coverage (issue #30): the coverages, and one coverage's desk.
      { path: 'ao-vivo', element: <AdminLiveRoute /> },
      { path: 'ao-vivo/:newsId', element: <AdminLiveDeskRoute /> },
      { path: 'categories', element: <AdminCategoriesRoute /> },
      { path: 'municipalities', element: <AdminMunicipalitiesRoute /> },
      { path: 'events', element: <AdminEventsRoute /> },
      { path: 'profiles', element: <AdminProfilesRoute /> },
      { path: 'ads', element: <AdminAdsRoute /> },
      { path: 'radio', element: <AdminRadioRoute /> },
      { path: 'tv', element: <AdminTvRoute /> },
      { path: 'reports', element: <AdminReportsRoute /> },
      { path: 'newsletter', element: <AdminNewsletterRoute /> },
      { path: 'health', element: <AdminHealthRoute /> },
      // Not in the sidebar: reached from the health screen's import card (issue #27).
      { path: 'import', element: <AdminImportRoute /> },
      { path: 'settings', element: <AdminSettingsRoute /> },
    ],
  },
  { path: '*', element: <NotFoundRoute /> },
];

export function AppRouter() {
  const router = createBrowserRouter(routes);
  return <RouterProvider router={router} />;
}
