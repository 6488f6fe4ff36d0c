import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { signUpSchema, useSignUp, type SignUpInput } from '../api/sign-up.ts';
import { PasswordInput } from './password-input.tsx';

export function SignUpForm({ onDone }: { onDone: () => void }) {
  const { toast } = useToast();
  const signUp = useSignUp();
  const [values, setValues] = useState<SignUpInput>({ full_name: '', email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof SignUpInput, string>>>({});

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = signUpSchema.safeParse(values);
    if (!parsed.success) {
      const out: Partial<Record<keyof SignUpInput, string>> = {};
      for (const i of parsed.error.issues) out[i.path[0] as keyof SignUpInput] ??= i.message;
      setErrors(out);
      return;
    }
    try {
      await signUp.mutateAsync(parsed.data);
      toast({ title: 'Cadastro realizado', description: 'Verifique seu email para confirmar a conta.' });
      onDone();
    } catch (err) {
      toast({ title: 'Erro no cadastro', description: errorMessage(err, 'Não foi possível concluir o cadastro'), variant: 'destructive' });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField label="Nome Completo" value={values.full_name} onChange={(e) => setValues({ ...values, full_name: e.target.value })} error={errors.full_name} required />
      <TextField label="Email" type="email" value={values.email} onChange={(e) => setValues({ ...values, email: e.target.value })} error={errors.email} required />
      <PasswordInput label="Senha" autoComplete="new-password" value={values.password} onChange={(e) => setValues({ ...values, password: e.target.value })} error={errors.password} required />
      <Button type="submit" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? 'Cadastrando...' : 'Cadastrar'}
      </Button>
    </form>
  );
}
