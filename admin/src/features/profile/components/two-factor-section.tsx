/** Two-factor sign-in (TOTP): password → secret for the authenticator app → confirm with a code. */
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { otpSchema, useEnableTwoFactor } from '../api/enable-two-factor.ts';
import { useGenerateTwoFactorSecret } from '../api/generate-two-factor-secret.ts';

export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const toast = useToast();
  const generate = useGenerateTwoFactorSecret();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [secret, setSecret] = useState<{ secret: string; otpauth_url: string } | null>(null);
  const [error, setError] = useState<string>();

  async function onGenerate(e: FormEvent) {
    e.preventDefault();
    try {
      setSecret(await generate.mutateAsync(password));
      setPassword('');
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível iniciar a verificação em duas etapas'));
    }
  }

  async function onEnable(e: FormEvent) {
    e.preventDefault();
    const code = otpSchema.safeParse(otp);
    if (!code.success || !secret) {
      setError(code.error?.issues[0]?.message);
      return;
    }
    try {
      await enable.mutateAsync({ secret: secret.secret, otp: code.data });
      toast.success('Verificação em duas etapas ativada');
      setSecret(null);
      setOtp('');
      setError(undefined);
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível ativar a verificação em duas etapas'));
    }
  }

  async function onDisable(e: FormEvent) {
    e.preventDefault();
    const code = otpSchema.safeParse(otp);
    if (!code.success) {
      setError(code.error.issues[0]?.message);
      return;
    }
    try {
      await disable.mutateAsync(code.data);
      toast.success('Verificação em duas etapas desativada');
      setOtp('');
      setError(undefined);
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível desativar a verificação em duas etapas'));
    }
  }

  return (
    <Card title={<span className="text-base font-semibold text-slate-900">Verificação em duas etapas</span>}>
      {enabled ? (
        <form onSubmit={onDisable} noValidate className="space-y-3">
          <p className="text-sm text-green-700">Ativada: o login pede um código do aplicativo autenticador.</p>
          <TextField label="Código do autenticador" inputMode="numeric" value={otp} onChange={(e) => setOtp(e.target.value)} error={error} />
          <Button type="submit" variant="outline" disabled={disable.isPending}>
            Desativar verificação em duas etapas
          </Button>
        </form>
      ) : secret ? (
        <form onSubmit={onEnable} noValidate className="space-y-3">
          <p className="text-sm">Adicione esta chave ao seu aplicativo autenticador (Google Authenticator, Authy…):</p>
          <p className="rounded bg-slate-100 p-2 font-mono text-sm break-all" aria-label="Chave secreta">
            {secret.secret}
          </p>
          <a href={secret.otpauth_url} className="text-sm text-blue-700 underline">
            Abrir no aplicativo autenticador
          </a>
          <TextField label="Código do autenticador" inputMode="numeric" value={otp} onChange={(e) => setOtp(e.target.value)} error={error} />
          <Button type="submit" disabled={enable.isPending}>
            Confirmar e ativar
          </Button>
        </form>
      ) : (
        <form onSubmit={onGenerate} noValidate className="space-y-3">
          <p className="text-sm text-slate-600">Proteja sua conta pedindo um código de 6 dígitos a cada login.</p>
          <TextField label="Senha atual" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <Button type="submit" variant="outline" disabled={generate.isPending || !password}>
            Ativar verificação em duas etapas
          </Button>
        </form>
      )}
    </Card>
  );
}
