/** "Configurações": five sections of key/value settings (the last, the institutional pages' texts), saved together. */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { INSTITUTIONAL_PAGE_MAX, INSTITUTIONAL_PAGES, type SettingKey } from '@portal/domain/settings';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { ErrorState } from '../../../components/ui/states.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { settingsQueries, type SettingsValues } from '../api/settings-queries.ts';
import { settingsInputSchema, useUpdateSettings } from '../api/update-settings.ts';

const SECTIONS: Array<{ title: string; hint?: string; fields: Array<{ key: SettingKey; label: string; type?: string; placeholder?: string; multiline?: boolean; rows?: number }> }> = [
  {
    title: 'Informações Gerais',
    fields: [
      { key: 'portal_name', label: 'Nome do Portal' },
      { key: 'contact_phone', label: 'Telefone de Contato' },
      { key: 'contact_email', label: 'Email de Contato', type: 'email' },
      { key: 'contact_address', label: 'Endereço' },
    ],
  },
  {
    title: 'Redes Sociais',
    fields: [
      { key: 'facebook_url', label: 'Facebook', type: 'url', placeholder: 'https://facebook.com/...' },
      { key: 'twitter_url', label: 'Twitter', type: 'url', placeholder: 'https://twitter.com/...' },
      { key: 'instagram_url', label: 'Instagram', type: 'url', placeholder: 'https://instagram.com/...' },
      { key: 'youtube_url', label: 'YouTube', type: 'url', placeholder: 'https://youtube.com/...' },
      { key: 'whatsapp_channel_url', label: 'Canal no WhatsApp', type: 'url', placeholder: 'https://whatsapp.com/channel/...' },
    ],
  },
  {
    title: 'Configurações de Mídia',
    fields: [
      { key: 'radio_stream_url', label: 'URL do Stream da Rádio', type: 'url', placeholder: 'https://' },
      { key: 'youtube_channel_url', label: 'URL do Canal do YouTube (TV Web)', type: 'url', placeholder: 'https://youtube.com/@...' },
    ],
  },
  { title: 'Configurações do Site', fields: [{ key: 'urgent_message', label: 'Mensagem da Seção Urgente', multiline: true }] },
  {
    title: 'Páginas institucionais',
    hint: `Texto simples, até ${INSTITUTIONAL_PAGE_MAX.toLocaleString('pt-BR')} caracteres: uma linha em branco separa os parágrafos. Em branco, a página mostra o texto padrão.`,
    fields: INSTITUTIONAL_PAGES.map((p) => ({ key: p.key, label: `${p.title} (${p.path})`, multiline: true, rows: 8 })),
  },
];

/** `urgentActions`: beside the urgent message (the route composes them: sending it as an alert, issue #29). */
export function SettingsScreen({ urgentActions }: { urgentActions?: ReactNode } = {}) {
  const toast = useToast();
  const query = useQuery(settingsQueries.detail());
  useErrorToast(query.error, 'Não foi possível carregar as configurações.');
  const save = useUpdateSettings();
  const [values, setValues] = useState<SettingsValues | null>(null);
  const [errors, setErrors] = useState<Partial<Record<SettingKey, string>>>({});
  useEffect(() => {
    if (query.data) setValues(query.data.values);
  }, [query.data]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!values) return;
    const parsed = settingsInputSchema.safeParse(values);
    if (!parsed.success) {
      const out: Partial<Record<SettingKey, string>> = {};
      for (const i of parsed.error.issues) out[i.path[0] as SettingKey] ??= i.message;
      setErrors(out);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ input: parsed.data, existing: query.data?.existing ?? [], loaded: query.data?.values });
      toast.success('Configurações salvas com sucesso!');
    } catch {
      toast.error('Não foi possível salvar as configurações.');
    }
  }

  if (query.isPending) return <Spinner />;
  if (query.isError || !values) return <ErrorState message="Não foi possível carregar as configurações." onRetry={() => void query.refetch()} />;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">Configurações</h1>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner label="Salvando..." />}
          Salvar
        </Button>
      </div>
      {SECTIONS.map((s) => (
        <Card key={s.title} title={<span className="text-base font-semibold text-slate-900">{s.title}</span>}>
          {s.hint && <p className="mb-3 text-sm text-slate-600">{s.hint}</p>}
          {s.fields.some((f) => f.key === 'urgent_message') && urgentActions && <div className="mb-3 flex flex-wrap gap-2">{urgentActions}</div>}
          <div className="grid gap-4 sm:grid-cols-2">
            {s.fields.map((f) =>
              f.multiline ? (
                <div key={f.key} className="sm:col-span-2">
                  <TextAreaField label={f.label} rows={f.rows ?? 3} value={values[f.key]} onChange={(e) => setValues({ ...values, [f.key]: e.target.value })} error={errors[f.key]} />
                </div>
              ) : (
                <TextField
                  key={f.key}
                  label={f.label}
                  type={f.type ?? 'text'}
                  placeholder={f.placeholder}
                  value={values[f.key]}
                  onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
                  error={errors[f.key]}
                />
              ),
            )}
          </div>
        </Card>
      ))}
    </form>
  );
}
