/** Landing of the reset email (/auth?token=…): choose a new password. */
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { resetPasswordSchema, useResetPassword } from '../api/reset-password.ts';
import { PasswordInput } from './password-input.tsx';

export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const toast = useToast();
  const reset = useResetPassword();
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
      toast.success('Senha redefinida. Entre com a nova senha.');
      onDone();
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível redefinir a senha'));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <PasswordInput label="Nova senha" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
      <PasswordInput label="Confirmar nova senha" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} error={errors.confirm} />
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        Redefinir senha
      </Button>
    </form>
  );
}
