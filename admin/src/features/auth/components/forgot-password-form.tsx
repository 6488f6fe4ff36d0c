import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { MESSAGES } from '@portal/domain/validation';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useRequestPasswordReset } from '../../../lib/auth.tsx';

const emailSchema = z.email(MESSAGES.emailInvalid);

/** Same reset email as "Alterar Senha" on the profile, for users who cannot sign in. */
export function ForgotPasswordForm({ onDone }: { onDone: () => void }) {
  const { toast } = useToast();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const request = useRequestPasswordReset();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await request.mutateAsync(parsed.data);
      toast({ title: 'Email enviado', description: 'Verifique seu email para redefinir a senha.' });
      onDone();
    } catch {
      toast({ title: 'Erro', description: 'Erro ao enviar email de redefinição de senha.', variant: 'destructive' });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
      <Button type="submit" className="w-full" disabled={request.isPending}>
        Enviar link de redefinição
      </Button>
    </form>
  );
}
