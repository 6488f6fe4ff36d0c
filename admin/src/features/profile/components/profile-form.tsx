/** "Meu Perfil": avatar (square 200x200), own fields, read-only system info, reset password. */
import { useEffect, useState, type FormEvent } from 'react';
import { LIMITS } from '@portal/domain/limits';
import { roleColor, roleLabel } from '@portal/domain/roles';
import { ImageUploadDialog } from '../../../components/image-upload-dialog.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useRequestPasswordReset, type Session } from '../../../lib/auth.tsx';
import { avatarName } from '../../../lib/upload.ts';
import { profileInputSchema, useUpdateProfile, type ProfileInput } from '../api/update-profile.ts';

type Props = { session: Session };

export function ProfileForm({ session }: Props) {
  const { toast } = useToast();
  const profile = session.profile;
  const update = useUpdateProfile();
  const reset = useRequestPasswordReset();
  const [values, setValues] = useState<ProfileInput>({ full_name: '', whatsapp: '', instagram: '', avatar_url: null });
  const [error, setError] = useState<string>();
  const [uploading, setUploading] = useState(false);
  const email = profile?.email ?? session.user.email;

  useEffect(() => {
    setValues({ full_name: profile?.full_name ?? '', whatsapp: profile?.whatsapp ?? '', instagram: profile?.instagram ?? '', avatar_url: profile?.avatar_url ?? null, bio: profile?.bio ?? '' });
  }, [profile]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = profileInputSchema.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    if (!profile) {
      toast({ title: 'Erro', description: 'Erro ao atualizar perfil. Tente novamente.', variant: 'destructive' });
      return;
    }
    try {
      await update.mutateAsync({ profileId: profile.id, input: parsed.data });
      toast({ title: 'Perfil atualizado', description: 'Suas informações foram salvas com sucesso.' });
    } catch {
      toast({ title: 'Erro', description: 'Erro ao atualizar perfil. Tente novamente.', variant: 'destructive' });
    }
  }

  async function onChangePassword() {
    try {
      await reset.mutateAsync(email);
      toast({ title: 'Email enviado', description: 'Verifique seu email para redefinir a senha.' });
    } catch {
      toast({ title: 'Erro', description: 'Erro ao enviar email de redefinição de senha.', variant: 'destructive' });
    }
  }

  const initials = (values.full_name || email || '?').trim().charAt(0).toUpperCase();

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <Card>
        <div className="flex items-center gap-4">
          {values.avatar_url ? (
            <img src={values.avatar_url} alt="Foto de perfil" className="h-20 w-20 rounded-full object-cover" />
          ) : (
            <div aria-hidden="true" className="flex h-20 w-20 items-center justify-center rounded-full bg-blue-100 text-2xl font-bold text-blue-800">
              {initials}
            </div>
          )}
          <Button variant="outline" onClick={() => setUploading(true)}>
            Alterar foto
          </Button>
        </div>
      </Card>
      <Card>
        <div className="space-y-4">
          <TextField label="Nome Completo" value={values.full_name} onChange={(e) => setValues({ ...values, full_name: e.target.value })} error={error} required />
          <TextField label="Email" type="email" value={email} readOnly hint="Para alterar o email, entre em contato com o administrador." />
          <TextField label="WhatsApp" placeholder="(XX) XXXXX-XXXX" value={values.whatsapp} onChange={(e) => setValues({ ...values, whatsapp: e.target.value })} />
          <TextField label="Instagram" placeholder="@seuusuario" value={values.instagram} onChange={(e) => setValues({ ...values, instagram: e.target.value })} />
          <TextAreaField
            label="Biografia"
            hint="Opcional. Aparece na sua página de autor no site (até 500 caracteres)."
            maxLength={500}
            rows={3}
            value={values.bio ?? ''}
            onChange={(e) => setValues({ ...values, bio: e.target.value })}
          />
        </div>
      </Card>
      <Card title={<span className="text-base font-semibold text-slate-900">Informações do Sistema</span>}>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="text-slate-500">Tipo de usuário</dt>
          <dd>
            <Badge color={roleColor(profile?.role)}>{roleLabel(profile?.role)}</Badge>
          </dd>
          <dt className="text-slate-500">Município</dt>
          <dd>{profile?.municipality?.name ?? 'Não definido'}</dd>
        </dl>
        <p className="mt-2 text-xs text-slate-500">Apenas o administrador pode alterar essas informações.</p>
      </Card>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Salvando...' : 'Salvar Alterações'}
        </Button>
        <Button variant="outline" onClick={() => void onChangePassword()} disabled={reset.isPending}>
          Alterar Senha
        </Button>
      </div>
      <ImageUploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onUploaded={(url) => setValues((v) => ({ ...v, avatar_url: url }))}
        aspect={LIMITS.avatar.aspect}
        output={{ width: LIMITS.avatar.width, height: LIMITS.avatar.height, quality: LIMITS.newsImage.quality }}
        folder="avatars"
        fileName={() => avatarName()}
        title="Foto de perfil"
      />
    </form>
  );
}
