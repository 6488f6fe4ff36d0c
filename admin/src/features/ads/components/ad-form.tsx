/** "Criar Anúncio" / "Editar Anúncio": replaces the list while open (spec section 2). */
import DOMPurify from 'dompurify';
import { useState, type FormEvent } from 'react';
import { AD_FORMATS, AD_PLACE_HELP, AD_POSITION_LABELS, AD_TYPES, adPlace, adPositionsFor } from '@portal/domain/ads';
import type { Ad } from '@portal/domain/schema';
import { AD_SANITIZE_CONFIG } from '@portal/domain/sanitize';
import { toBelemInput } from '@portal/domain/dates';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { AD_DEFAULTS, adInputSchema, useCreateAd, type AdInput } from '../api/create-ad.ts';
import { useUpdateAd } from '../api/update-ad.ts';

export const AD_TYPE_LABELS: Record<(typeof AD_TYPES)[number], string> = {
  banner: 'Banner',
  sidebar: 'Sidebar',
  popup: 'Popup',
  inline: 'Inline',
  google_adsense: 'Google AdSense',
};

/** Stored ISO timestamp → date-only input value, in Belém time (inverse of adDateToIso). */
export const isoToDateInput = (iso: string | null): string => toBelemInput(iso, 'date');

function fromAd(ad: Ad | null): AdInput {
  if (!ad) return { ...AD_DEFAULTS };
  return {
    title: ad.title,
    content: ad.content ?? '',
    ad_type: ad.ad_type,
    position: ad.position,
    link_url: ad.link_url ?? '',
    is_active: ad.is_active,
    start_date: isoToDateInput(ad.start_date),
    end_date: isoToDateInput(ad.end_date),
    google_ad_client: ad.google_ad_client ?? '',
    google_ad_slot: ad.google_ad_slot ?? '',
    google_ad_format: ad.google_ad_format ?? 'auto',
    google_ad_responsive: ad.google_ad_responsive ?? true,
  };
}

export function AdForm({ ad, onDone }: { ad: Ad | null; onDone: () => void }) {
  const toast = useToast();
  const [values, setValues] = useState<AdInput>(() => fromAd(ad));
  const [errors, setErrors] = useState<Partial<Record<keyof AdInput, string>>>({});
  const create = useCreateAd();
  const update = useUpdateAd();
  const busy = create.isPending || update.isPending;
  const adsense = values.ad_type === 'google_adsense';
  const set = <K extends keyof AdInput>(k: K, v: AdInput[K]) => setValues((s) => ({ ...s, [k]: v }));
  // Only the positions where this type appears (decision 055); a type change keeps the position if it still shows.
  const positions = adPositionsFor(values.ad_type);
  const place = adPlace(values.ad_type, values.position);
  const setType = (t: AdInput['ad_type']) =>
    setValues((s) => {
      const offered = adPositionsFor(t);
      return { ...s, ad_type: t, position: offered.includes(s.position) ? s.position : offered[0]! };
    });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = adInputSchema.safeParse(values);
    if (!parsed.success) {
      const out: Partial<Record<keyof AdInput, string>> = {};
      for (const i of parsed.error.issues) out[i.path[0] as keyof AdInput] ??= i.message;
      setErrors(out);
      return;
    }
    setErrors({});
    try {
      if (ad) {
        await update.mutateAsync({ id: ad.id, input: parsed.data });
        toast.success('Anúncio atualizado com sucesso!');
      } else {
        await create.mutateAsync(parsed.data);
        toast.success('Anúncio criado com sucesso!');
      }
      onDone();
    } catch (err) {
      // Spec: a failed save is logged and the form stays open.
      console.warn('Falha ao salvar anúncio', err);
      toast.error(ad ? 'Não foi possível atualizar o anúncio.' : 'Não foi possível criar o anúncio.');
    }
  }

  const preview = !adsense && values.content ? DOMPurify.sanitize(values.content, { ...AD_SANITIZE_CONFIG }) : '';

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-lg border bg-white p-6">
      <h2 className="text-xl font-semibold">{ad ? 'Editar Anúncio' : 'Criar Anúncio'}</h2>
      <TextField label="Título" value={values.title} onChange={(e) => set('title', e.target.value)} error={errors.title} required />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Tipo" value={values.ad_type} onChange={(e) => setType(e.target.value as AdInput['ad_type'])}>
          {AD_TYPES.map((t) => (
            <option key={t} value={t}>
              {AD_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Posição"
          value={values.position}
          onChange={(e) => set('position', e.target.value as AdInput['position'])}
          error={errors.position}
          aria-describedby="ad-position-help"
          hint={
            <span id="ad-position-help" data-testid="ad-position-help">
              {place ? `Onde aparece: ${AD_PLACE_HELP[place]}` : 'Esta posição não aparece no site para este tipo: escolha outra.'}
            </span>
          }
        >
          {/* An ad saved before with a position that shows nowhere keeps it listed, marked, until changed. */}
          {(place ? positions : [values.position, ...positions]).map((p) => (
            <option key={p} value={p}>
              {AD_POSITION_LABELS[p]}
              {adPlace(values.ad_type, p) ? '' : ' (não aparece no site)'}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        label="Conteúdo (HTML)"
        rows={5}
        value={values.content}
        onChange={(e) => set('content', e.target.value)}
        error={errors.content}
        required={!adsense}
      />
      {preview && (
        <div>
          <p className="text-sm font-medium text-slate-700">Pré-visualização</p>
          <div className="rounded border p-2" dangerouslySetInnerHTML={{ __html: preview }} />
        </div>
      )}
      <TextField
        label="URL de destino"
        type="url"
        value={adsense ? '' : values.link_url}
        onChange={(e) => set('link_url', e.target.value)}
        disabled={adsense}
        error={errors.link_url}
        placeholder="https://"
        hint={adsense ? 'Gerenciado pelo provedor de anúncios.' : 'O link abre em uma nova aba.'}
      />
      {adsense && (
        <fieldset className="space-y-4 rounded-md border p-4">
          <legend className="px-1 text-sm font-medium">Google AdSense</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Publisher ID" placeholder="ca-pub-XXXXXXXXX" value={values.google_ad_client} onChange={(e) => set('google_ad_client', e.target.value)} error={errors.google_ad_client} required />
            <TextField label="Ad Unit ID" value={values.google_ad_slot} onChange={(e) => set('google_ad_slot', e.target.value)} error={errors.google_ad_slot} required />
            <SelectField label="Formato" value={values.google_ad_format} onChange={(e) => set('google_ad_format', e.target.value as AdInput['google_ad_format'])}>
              {AD_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </SelectField>
          </div>
          <CheckboxField label="Responsivo" checked={values.google_ad_responsive} onChange={(e) => set('google_ad_responsive', e.target.checked)} />
        </fieldset>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Data de início" type="date" value={values.start_date} onChange={(e) => set('start_date', e.target.value)} error={errors.start_date} />
        <TextField label="Data de término" type="date" value={values.end_date} onChange={(e) => set('end_date', e.target.value)} error={errors.end_date} />
      </div>
      <CheckboxField label="Ativo" checked={values.is_active} onChange={(e) => set('is_active', e.target.checked)} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Salvando...' : 'Salvar'}
        </Button>
      </div>
    </form>
  );
}
