import { Link, Navigate } from 'react-router-dom';
import { LoadingText } from '../../components/ui/states.tsx';
import { paths } from '../../config/paths.ts';
import { ProfileForm } from '../../features/profile/components/profile-form.tsx';
import { TwoFactorSection } from '../../features/profile/components/two-factor-section.tsx';
import { useAuth } from '../../lib/auth.tsx';

/** /profile "Meu Perfil". */
export function ProfileRoute() {
  const { session, loading } = useAuth();
  if (loading) return <LoadingText />;
  if (!session) return <Navigate to={paths.auth} replace />;
  return (
    <main className="mx-auto max-w-2xl space-y-6 p-6">
      <Link to={paths.dashboard} className="text-sm text-blue-700 underline">
        ← Voltar ao Dashboard
      </Link>
      <h1 className="text-2xl font-bold">Meu Perfil</h1>
      <ProfileForm session={session} />
      {session.user.id && <TwoFactorSection enabled={session.user.tfa_enabled} />}
    </main>
  );
}
