/**
 * "Gerenciar Rádio Web" and "Gerenciar TV Web" (editor-level; issue #13):
 * what the public dialogs and sidebar cards show, validated by the same rules
 * the server applies (domain/media-settings).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { MEDIA_LIMITS, parseTvPrograms, validateMediaSettings, type MediaErrors, type TvProgram } from '@portal/domain/media-settings';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { LoadingText } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { settingsQueries } from '../api/settings-queries.ts';
import { useUpdateMediaSettings } from '../api/update-media-settings.ts';

function useMediaSave(what: string) {
  const toast = useToast();
  const save = useUpdateMediaSettings();
  return {
    busy: save.isPending,
    async run(values: Parameters<typeof save.mutateAsync>[0]) {
      try {
        await save.mutateAsync(values);
        toast.success(`${what} atualizada. O site mostra a mudança em segundos.`);
      } catch (err) {
        toast.error(errorMessage(err, `Não foi possível salvar a ${what}`));
      }
    },
  };
}

/** The shell both screens share: title, loading, the form in a card and its Salvar. */
function MediaForm({
  title,
  loading,
  busy,
  onSubmit,
  children,
}: {
  title: string;
  loading: boolean;
  busy: boolean;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      {loading ? (
        <LoadingText />
      ) : (
        <Card>
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            {children}
            <Button type="submit" disabled={busy}>
              Salvar
            </Button>
          </form>
        </Card>
      )}
    </div>
  );
}

export function RadioScreen() {
  const query = useQuery(settingsQueries.detail());
  useErrorToast(query.error, 'Não foi possível carregar as configurações.');
  const save = useMediaSave('Rádio Web');
  const [values, setValues] = useState({
    radio_stream_url: '',
    radio_program_name: '',
  });
  const [errors, setErrors] = useState<MediaErrors>({});
  useEffect(() => {
    if (query.data)
      setValues({
        radio_stream_url: query.data.values.radio_stream_url,
        radio_program_name: query.data.values.radio_program_name,
      });
  }, [query.data]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const found = validateMediaSettings(values);
    setErrors(found);
    if (Object.keys(found).length === 0) await save.run(values);
  }

  return (
    <MediaForm title="Gerenciar Rádio Web" loading={query.isPending} busy={save.busy} onSubmit={onSubmit}>
      <div className="max-w-xl space-y-4">
        <TextField
          label="Programa no ar"
          hint={`Aparece no cartão e no player da rádio (até ${MEDIA_LIMITS.name} caracteres).`}
          value={values.radio_program_name}
          onChange={(e) => setValues((v) => ({ ...v, radio_program_name: e.target.value }))}
          error={errors.radio_program_name}
          required
        />
        <TextField
          label="URL do stream da rádio"
          type="url"
          placeholder="https://"
          hint="Deixe em branco enquanto não houver transmissão."
          value={values.radio_stream_url}
          onChange={(e) => setValues((v) => ({ ...v, radio_stream_url: e.target.value }))}
          error={errors.radio_stream_url}
        />
      </div>
    </MediaForm>
  );
}

const EMPTY_PROGRAM: TvProgram = { time: '', title: '', youtube_url: '' };

export function TvScreen() {
  const query = useQuery(settingsQueries.detail());
  useErrorToast(query.error, 'Não foi possível carregar as configurações.');
  const save = useMediaSave('TV Web');
  const [title, setTitle] = useState('');
  const [liveUrl, setLiveUrl] = useState('');
  const [programs, setPrograms] = useState<TvProgram[]>([]);
  const [errors, setErrors] = useState<MediaErrors>({});
  useEffect(() => {
    if (!query.data) return;
    setTitle(query.data.values.tv_live_title);
    setLiveUrl(query.data.values.tv_live_url);
    setPrograms(parseTvPrograms(query.data.values.tv_programs));
  }, [query.data]);
  const setProgram = (i: number, patch: Partial<TvProgram>) => setPrograms((ps) => ps.map((p, j) => (j === i ? { ...p, ...patch } : p)));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const values = {
      tv_live_title: title,
      tv_live_url: liveUrl.trim(),
      tv_programs: JSON.stringify(
        programs.map((p) => ({
          time: p.time.trim(),
          title: p.title.trim(),
          youtube_url: p.youtube_url.trim(),
        })),
      ),
    };
    const found = validateMediaSettings(values);
    setErrors(found);
    if (Object.keys(found).length === 0) await save.run(values);
  }

  return (
    <MediaForm title="Gerenciar TV Web" loading={query.isPending} busy={save.busy} onSubmit={onSubmit}>
      <div className="max-w-xl space-y-4">
        <TextField
          label="Transmissão ao vivo"
          hint="O título do item AO VIVO."
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={errors.tv_live_title}
          required
        />
        <TextField
          label="Link da transmissão ao vivo"
          type="url"
          placeholder="https://www.youtube.com/..."
          hint={'O site mostra "AO VIVO" só enquanto houver um link aqui. Deixe em branco quando não houver transmissão.'}
          value={liveUrl}
          onChange={(e) => setLiveUrl(e.target.value)}
          error={errors.tv_live_url}
        />
      </div>
      <fieldset className="space-y-3">
        <legend className="font-semibold">Programação</legend>
        {programs.map((p, i) => (
          <div key={i} className="grid items-start gap-2 sm:grid-cols-[7rem_1fr_1fr_auto]" role="group" aria-label={`Programa ${i + 1}`}>
            <TextField
              label="Horário"
              placeholder="HH:MM"
              value={p.time}
              onChange={(e) => setProgram(i, { time: e.target.value })}
              error={errors.programs?.[i]?.time}
            />
            <TextField label="Título" value={p.title} onChange={(e) => setProgram(i, { title: e.target.value })} error={errors.programs?.[i]?.title} />
            <TextField
              label="Link do YouTube"
              type="url"
              placeholder="https://www.youtube.com/..."
              value={p.youtube_url}
              onChange={(e) => setProgram(i, { youtube_url: e.target.value })}
              error={errors.programs?.[i]?.youtube_url}
            />
            <Button
              variant="outline"
              className="sm:mt-6"
              onClick={() => setPrograms((ps) => ps.filter((_, j) => j !== i))}
              aria-label={`Remover programa ${i + 1}`}
            >
              Remover
            </Button>
          </div>
        ))}
        {errors.tv_programs && !errors.programs && (
          <p role="alert" className="text-sm text-red-700">
            {errors.tv_programs}
          </p>
        )}
        <Button variant="outline" onClick={() => setPrograms((ps) => [...ps, { ...EMPTY_PROGRAM }])} disabled={programs.length >= MEDIA_LIMITS.programs}>
          Adicionar programa
        </Button>
      </fieldset>
    </MediaForm>
  );
}
