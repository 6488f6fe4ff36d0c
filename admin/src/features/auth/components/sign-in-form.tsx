/** "Entrar": email + password, then the TOTP code when the account has two-factor sign-in enabled. */
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { errorCode, errorMessage } from '../../../lib/errors.ts';
import { signInSchema } from '../api/sign-in.ts';
import { PasswordInput } from './password-input.tsx';

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { signIn } = useAuth();
  const { toast } = useToast();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [needsOtp, setNeedsOtp] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = signInSchema.safeParse({ email, password, otp: needsOtp ? otp : undefined });
    if (!parsed.success) {
      const out: { email?: string; password?: string } = {};
      for (const i of parsed.error.issues) out[i.path[0] as 'email' | 'password'] ??= i.message;
      setErrors(out);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await signIn(parsed.data.email, parsed.data.password, parsed.data.otp || undefined);
      onSignedIn();
    } catch (err) {
      if (errorCode(err) === 'INVALID_OTP' && !needsOtp) {
        // Two-factor account: ask for the code (aal2) instead of failing.
        setNeedsOtp(true);
      } else {
        toast({ title: 'Erro no login', description: errorMessage(err, 'Não foi possível entrar'), variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} required />
      <PasswordInput label="Senha" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} required />
      {needsOtp && (
        <TextField
          label="Código de verificação"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={otp}
          onChange={(e) => setOtp(e.target.value)}
          hint="Digite o código de 6 dígitos do seu aplicativo autenticador."
          autoFocus
        />
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Entrando...' : 'Entrar'}
      </Button>
    </form>
  );
}
