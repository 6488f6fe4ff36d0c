/** Landing of the reset mail (/auth?token=…) and of a staff invitation (/auth?convite=1&token=…): choose a password. */
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useAcceptInvite } from '../api/accept-invite.ts';
import { resetPasswordSchema, useResetPassword } from '../api/reset-password.ts';
import { PasswordInput } from './password-input.tsx';

const TEXTS = {
  reset: { button: 'Redefinir senha', done: 'Senha redefinida. Entre com a nova senha.', failed: 'Não foi possível redefinir a senha' },
  invite: { button: 'Criar minha senha', done: 'Convite aceito. Entre com a sua nova senha.', failed: 'Convite inválido ou expirado' },
} as const;

export function ResetPasswordForm({ token, onDone, invite = false }: { token: string; onDone: () => void; invite?: boolean }) {
  const toast = useToast();
  const resetPassword = useResetPassword();
  const acceptInvite = useAcceptInvite();
  const reset = invite ? acceptInvite : resetPassword;
  const t = TEXTS[invite ? 'invite' : 'reset'];
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ password, confirm });
    if (!parsed.success) {
      const out: { password?: string; confirm?: string } = {};
      for (const i of parsed.error.issues) out[i.path[0] as 'password' | 'confirm'] ??= i.message;
      setErrors(out);
      return;
    }
    try {
      await reset.mutateAsync({ token, password: parsed.data.password });
      toast.success(t.done);
      onDone();
    } catch (err) {
      toast.error(errorMessage(err, t.failed));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <PasswordInput label="Nova senha" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
      <PasswordInput label="Confirmar nova senha" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} error={errors.confirm} />
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {t.button}
      </Button>
    </form>
  );
}
