/**
 * An entry's form (issue #30): the stories' rich text editor (same allowlist),
 * an optional photo with its caption (the stories' upload), the status a role
 * may pick, and for editors "Fixar no topo" and "Sem assinatura". Used to
 * write a new entry on the desk and to edit one in a dialog.
 */
import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from 'react';
import { NEWS_STATUS_LABELS, statusOptionsFor, type NewsStatus } from '@portal/domain/news-status';
import { isEditorLevel, type Role } from '@portal/domain/roles';
import { bodyToEditorHtml } from '@portal/domain/rich-text';
import { ImageUploadDialog, NEWS_IMAGE_UPLOAD } from '../../../components/image-upload-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { liveEntryInputSchema, liveEntryPayload, useCreateLiveEntry, type LiveEntryInput } from '../api/create-live-entry.ts';
import type { LiveEntryRow } from '../api/live-queries.ts';
import { useUpdateLiveEntry } from '../api/update-live-entry.ts';

// TipTap is large: its chunk loads with the desk, not with every admin page (as in the story editor).
const loadEditor = () => import('../../../components/ui/rich-text-editor.tsx');
const RichTextEditor = lazy(() => loadEditor().then((m) => ({ default: m.RichTextEditor })));

type Props = {
  coverageId: string;
  role: Role | null;
  userId: string;
  /** The entry edited; null writes a new one. */
  entry: LiveEntryRow | null;
  /** After a successful save. */
  onSaved?: () => void;
  onCancel?: () => void;
};

/** A new entry: an editor publishes at once unless she says otherwise; a producer sends hers for review. */
export const defaultEntryStatus = (role: Role | null): NewsStatus => (isEditorLevel(role) ? 'published' : 'pending');

function initialValues(coverageId: string, role: Role | null, entry: LiveEntryRow | null): LiveEntryInput {
  if (!entry) return { news_id: coverageId, body: '', status: defaultEntryStatus(role), image: null, image_caption: null, pinned: false, unsigned: false };
  return {
    news_id: entry.news_id,
    body: entry.body,
    status: entry.status,
    image: entry.image,
    image_caption: entry.image_caption,
    pinned: entry.pinned,
    unsigned: entry.author_id === null,
  };
}

/** The save button says what the save does. */
function submitLabel(editing: boolean, status: NewsStatus): string {
  if (editing) return 'Salvar alterações';
  return status === 'published' ? 'Publicar atualização' : status === 'pending' ? 'Enviar para revisão' : 'Salvar rascunho';
}

function savedText(editing: boolean, status: NewsStatus): string {
  if (editing) return 'Atualização salva';
  return status === 'published' ? 'Atualização publicada' : status === 'pending' ? 'Atualização enviada para revisão' : 'Rascunho salvo';
}

export function LiveEntryForm({ coverageId, role, userId, entry, onSaved, onCancel }: Props) {
  const toast = useToast();
  const editor = isEditorLevel(role);
  const initial = useMemo(() => initialValues(coverageId, role, entry), [coverageId, role, entry]);
  const [values, setValues] = useState<LiveEntryInput>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof LiveEntryInput, string>>>({});
  const [uploading, setUploading] = useState(false);
  // A new load of the editor's text: after a new entry is sent, it starts blank again.
  const [editorKey, setEditorKey] = useState(0);
  const create = useCreateLiveEntry();
  const update = useUpdateLiveEntry();
  const busy = create.isPending || update.isPending;
  useEffect(() => {
    void loadEditor();
  }, []);
  const editorInitial = useMemo(() => bodyToEditorHtml(values.body), [editorKey]); // eslint-disable-line react-hooks/exhaustive-deps -- read once per load

  const set = <K extends keyof LiveEntryInput>(key: K, value: LiveEntryInput[K]) => setValues((v) => ({ ...v, [key]: value }));
  // A new entry: draft, pending and (editors) published; an edit may also archive. A status the role cannot pick shows, disabled.
  const statuses = statusOptionsFor(role).filter((s) => entry || s !== 'archived');
  const statusChoices = statuses.includes(values.status) ? statuses : [values.status, ...statuses];

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    e.stopPropagation();
    const parsed = liveEntryInputSchema.safeParse(values);
    if (!parsed.success) {
      const out: Partial<Record<keyof LiveEntryInput, string>> = {};
      for (const issue of parsed.error.issues) out[issue.path[0] as keyof LiveEntryInput] ??= issue.message;
      setErrors(out);
      return;
    }
    setErrors({});
    const payload = liveEntryPayload(parsed.data, role, { userId, was: entry ? { unsigned: entry.author_id === null } : null });
    try {
      if (entry) await update.mutateAsync({ id: entry.id, changes: payload });
      else await create.mutateAsync(payload);
      toast.success(savedText(!!entry, parsed.data.status));
      if (!entry) {
        // Ready for the next one; the status and the byline stay as chosen.
        setValues((v) => ({ ...v, body: '', image: null, image_caption: null, pinned: false }));
        setEditorKey((k) => k + 1);
      }
      onSaved?.();
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível salvar a atualização'));
    }
  }

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={entry ? 'Editar atualização' : 'Nova atualização'}>
        <Suspense
          fallback={
            <div className="space-y-1">
              <span className="block text-sm font-medium text-slate-700">Texto da atualização</span>
              <div className="min-h-[15.5rem] rounded-md border border-slate-300 p-3 text-sm text-slate-600">Carregando editor...</div>
            </div>
          }
        >
          <RichTextEditor
            label="Texto da atualização"
            initialHtml={editorInitial}
            resetKey={String(editorKey)}
            onChange={(html) => set('body', html)}
            error={errors.body}
            required
          />
        </Suspense>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Imagem (opcional)</legend>
          {values.image && <img src={values.image} alt="Imagem da atualização" className="aspect-video w-full max-w-xs rounded-md border object-cover" />}
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setUploading(true)}>
              {values.image ? 'Trocar imagem' : 'Enviar imagem'}
            </Button>
            {values.image && (
              <Button variant="outline" onClick={() => set('image', null)}>
                Remover imagem
              </Button>
            )}
          </div>
          {values.image && (
            <TextField
              label="Legenda da imagem"
              value={values.image_caption ?? ''}
              onChange={(e) => set('image_caption', e.target.value || null)}
              error={errors.image_caption}
            />
          )}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField label="Status" value={values.status} onChange={(e) => set('status', e.target.value as NewsStatus)}>
            {statusChoices.map((s) => (
              <option key={s} value={s} disabled={!statuses.includes(s)}>
                {NEWS_STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
          {editor && (
            <div className="space-y-1 sm:pt-6">
              <CheckboxField label="Fixar no topo" checked={values.pinned} onChange={(e) => set('pinned', e.target.checked)} />
              <CheckboxField label="Sem assinatura" checked={values.unsigned} onChange={(e) => set('unsigned', e.target.checked)} />
            </div>
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          {onCancel && (
            <Button variant="outline" onClick={onCancel} disabled={busy}>
              Cancelar
            </Button>
          )}
          <Button type="submit" disabled={busy}>
            {busy ? 'Salvando...' : submitLabel(!!entry, values.status)}
          </Button>
        </div>
      </form>
      <ImageUploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onUploaded={(url) => set('image', url)}
        title="Imagem da atualização"
        {...NEWS_IMAGE_UPLOAD}
      />
    </>
  );
}
