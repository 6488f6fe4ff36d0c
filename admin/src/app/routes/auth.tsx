/** /auth: "Área Administrativa" sign-in, sign-up, forgotten password and the landings of the reset and sign-up mails. */
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingText } from '../../components/ui/states.tsx';
import { paths } from '../../config/paths.ts';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';
import { SignUpForm } from '../../features/auth/components/sign-up-form.tsx';
import { VerifyEmail } from '../../features/auth/components/verify-email.tsx';
import { useAuth } from '../../lib/auth.tsx';

type Mode = 'sign-in' | 'sign-up' | 'forgot';

export function AuthRoute() {
  const { session, loading } = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  const [mode, setMode] = useState<Mode>('sign-in');

  if (token && params.has('confirmar')) {
    return (
      <AuthCard subtitle="Confirmar e-mail">
        <VerifyEmail token={token} onDone={() => setParams({}, { replace: true })} />
      </AuthCard>
    );
  }
  if (token && params.has('convite')) {
    return (
      <AuthCard subtitle="Bem-vindo à equipe: escolha sua senha">
        <ResetPasswordForm invite token={token} onDone={() => setParams({}, { replace: true })} />
      </AuthCard>
    );
  }
  if (token) {
    return (
      <AuthCard subtitle="Redefinir senha">
        <ResetPasswordForm token={token} onDone={() => setParams({}, { replace: true })} />
      </AuthCard>
    );
  }
  if (loading) return <LoadingText />;
  if (session) return <Navigate to={paths.admin.root} replace />;

  return (
    <AuthCard subtitle={mode === 'sign-up' ? 'Criar conta' : mode === 'forgot' ? 'Recuperar senha' : 'Entre com sua conta da equipe'}>
      {mode === 'sign-in' && <SignInForm onSignedIn={() => navigate(paths.admin.root, { replace: true })} />}
      {mode === 'sign-up' && <SignUpForm onDone={() => setMode('sign-in')} />}
      {mode === 'forgot' && <ForgotPasswordForm onDone={() => setMode('sign-in')} />}
      <div className="mt-4 flex justify-between text-sm">
        {mode === 'sign-in' ? (
          <>
            <button type="button" className="text-blue-700 underline" onClick={() => setMode('sign-up')}>
              Criar conta
            </button>
            <button type="button" className="text-blue-700 underline" onClick={() => setMode('forgot')}>
              Esqueci minha senha
            </button>
          </>
        ) : (
          <button type="button" className="text-blue-700 underline" onClick={() => setMode('sign-in')}>
            Já tenho conta
          </button>
        )}
      </div>
    </AuthCard>
  );
}

function AuthCard({ subtitle, children }: { subtitle: string; children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-4">
      <div className="w-full max-w-sm rounded-lg bg-white p-6 shadow">
        <h1 className="text-center text-2xl font-bold">Área Administrativa</h1>
        <p className="mb-6 text-center text-sm text-slate-600">{subtitle}</p>
        {children}
        <p className="mt-6 text-center text-sm">
          <a href={paths.home} className="inline-flex min-h-11 items-center text-slate-600 underline sm:min-h-0">
            Voltar ao portal
          </a>
        </p>
      </div>
    </main>
  );
}
