/**
 * The story form of the editor page (issue #34: a page with its own address,
 * no longer a modal) with every rule of spec sections 4–6: slug from the
 * title, status options per role, schedule only for editors publishing,
 * municipality fixed for producers and locked on edit for everyone but
 * super_admin. What is typed is kept as a local draft (use-news-draft.ts).
 */
import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { isDirectusAsset } from '@portal/domain/images';
import { MUNICIPALITY_CHANGE_ERROR } from '@portal/domain/municipalities';
import { NEWS_STATUS_LABELS, statusOptionsFor } from '@portal/domain/news-status';
import { choosesMunicipality, mayChangeMunicipality, mayFeature } from '@portal/domain/news-rules';
import { isEditorLevel, type Role } from '@portal/domain/roles';
import { isSlugLocked, SLUG_CHANGE_FORBIDDEN, SLUG_LOCKED_HINT } from '@portal/domain/permalinks';
import { newsSlug } from '@portal/domain/slug';
import { bodyToEditorHtml, lostText, lostTextMessage, readingStats, type LostText } from '@portal/domain/rich-text';
import { asUtc } from '@portal/domain/timestamps';
import { ImageUploadDialog, NEWS_IMAGE_UPLOAD } from '../../../components/image-upload-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { env } from '../../../config/env.ts';
import { errorMessage, isAuthError } from '../../../lib/errors.ts';
import { renderArticle, sanitizeArticle } from '../../../lib/sanitize.ts';
import { fromLocalInput, toLocalInput } from '../../../lib/datetime-input.ts';
import { newsInputSchema, useCreateNews, type NewsInput } from '../api/create-news.ts';
import type { NewsRow } from '../api/news-queries.ts';
import { useUpdateNews } from '../api/update-news.ts';
import { NewsCorrectionsPanel } from './news-corrections-panel.tsx';
import { NewsHistoryPanel } from './news-history-panel.tsx';
import { lengthHint, SEARCH_DESCRIPTION_MAX, SEARCH_TITLE_MAX, SearchAndSocialPreview } from './news-writing-aids.tsx';
import { useNewsDraft } from './use-news-draft.ts';

export type Option = { id: string; name: string };

/** What a successful save did, for the page to go on from. */
export type SavedNews = { id: string; status: NewsInput['status']; created: boolean };

type Props = {
  /** The story as the page loaded it (the version the save is based on); null for a new one. */
  news: NewsRow | null;
  role: Role | null;
  /** The signed-in user's profile municipality; null when no profile is loaded. */
  profile: { municipalityId: string | null; municipalityName: string | null } | null;
  categories: Option[];
  municipalities: Option[];
  /** The id of the page's heading, which names the form. */
  labelledBy?: string;
  onSaved: (saved: SavedNews) => void;
  onCancel: () => void;
  /** A past version was restored over the story: the page loads it again. */
  onRestored: () => void;
};

function initialValues(news: NewsRow | null, producerMunicipality: string | null): NewsInput {
  if (!news) {
    return {
      title: '',
      slug: '',
      summary: '',
      content: '',
      status: 'draft',
      category_id: null,
      municipality_id: producerMunicipality,
      featured_image: null,
      featured_image_caption: null,
      featured_image_renditions: null,
      is_featured: false,
      scheduled_at: null,
    };
  }
  return {
    title: news.title,
    slug: news.slug,
    summary: news.summary ?? '',
    content: news.content,
    status: news.status,
    category_id: news.category_id?.id ?? null,
    municipality_id: news.municipality_id?.id ?? null,
    featured_image: news.featured_image,
    featured_image_caption: news.featured_image_caption,
    featured_image_renditions: news.featured_image_renditions ?? null,
    is_featured: news.is_featured,
    // Editing preloads the schedule from published_at (spec section 4).
    scheduled_at: asUtc(news.published_at),
  };
}

// TipTap is about 130 KB gzip: its chunk is fetched once the news screen is up (see the effect below), not with every admin page.
const loadEditor = () => import('../../../components/ui/rich-text-editor.tsx');
const RichTextEditor = lazy(() => loadEditor().then((m) => ({ default: m.RichTextEditor })));

/** Stands in for the editor while it loads; the field's label and error are there already. */
function EditorLoading({ label, error }: { label: string; error?: string }) {
  return (
    <div className="space-y-1">
      <span className="block text-sm font-medium text-slate-700">{label}</span>
      {/* As tall as the editor (toolbar + body), so nothing moves when it arrives. */}
      <div className="min-h-[15.5rem] rounded-md border border-slate-300 p-3 text-sm text-slate-600">Carregando editor...</div>
      {error && <p className="text-xs text-red-600">{error}</p>}
    </div>
  );
}

/**
 * Why a save failed, in pt-BR. The form keeps every field as typed, and the
 * local draft keeps it across a reload or a new sign-in.
 */
export function saveFailureMessage(err: unknown): string {
  if (isAuthError(err)) return 'Sua sessão expirou. Entre novamente: o texto digitado fica guardado como rascunho neste navegador.';
  if (err instanceof TypeError) return 'Sem conexão com o servidor. O texto digitado foi mantido; tente salvar de novo.';
  return errorMessage(err, 'Não foi possível salvar a notícia');
}

/**
 * The toast after a save. A producer who sends a story for review is told so,
 * and where it is now (issue #34); otherwise the spec's messages.
 */
export function savedMessage(o: { role: Role | null; created: boolean; status: NewsInput['status']; previousStatus: string | null }): {
  title: string;
  description: string;
} {
  if (!isEditorLevel(o.role) && o.status === 'pending' && o.previousStatus !== 'pending') {
    return { title: 'Enviada para revisão', description: 'Um editor vai revisar a notícia. Ela continua na sua lista, com o status Pendente.' };
  }
  return { title: 'Sucesso', description: o.created ? 'Notícia criada com sucesso' : 'Notícia atualizada com sucesso' };
}

/** A stored draft has the form's fields and types (it may still be incomplete: that is what drafts are). */
const draftShape = z.object(newsInputSchema.shape);
const isDraftValues = (v: unknown) => draftShape.safeParse(v).success;

export function NewsForm({ news, role, profile, categories, municipalities, labelledBy, onSaved, onCancel, onRestored }: Props) {
  const toast = useToast();
  const editing = !!news;
  const editor = isEditorLevel(role);
  const producerMunicipality = choosesMunicipality(role) ? null : (profile?.municipalityId ?? null);
  const initial = useMemo(() => initialValues(news, producerMunicipality), [news, producerMunicipality]);
  // The form's values, kept as a local draft; a newer draft of this story comes back on opening.
  const draft = useNewsDraft<NewsInput>({ newsId: news?.id ?? null, updatedAt: news?.updated_at ?? null, initial, isValues: isDraftValues });
  const { values, setValues } = draft;
  const [errors, setErrors] = useState<Partial<Record<keyof NewsInput, string>>>({});
  const [uploading, setUploading] = useState(false);
  /** Where the next inline image goes, while its crop dialog is open. */
  const [inlineImage, setInlineImage] = useState<{ insert: (src: string) => void } | null>(null);
  const [editorKey, setEditorKey] = useState(0);
  const [showPreview, setShowPreview] = useState(false);
  /** Text the public sanitizer would drop, shown before saving; confirmed by saving again. */
  const [lossWarning, setLossWarning] = useState<LostText | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const create = useCreateNews();
  const update = useUpdateNews();
  const busy = create.isPending || update.isPending;
  useEffect(() => {
    void loadEditor();
  }, []);

  /** Back to the story as saved: the editor reloads the saved body. */
  function discardDraft() {
    draft.discard();
    setLossWarning(null);
    setEditorKey((k) => k + 1);
  }

  // The editor opens the stored body as HTML; a plain-text story stays byte for byte as it was until its body is edited.
  const editorInitial = useMemo(() => bodyToEditorHtml(values.content), [editorKey]); // eslint-disable-line react-hooks/exhaustive-deps -- read once per load
  const rendered = useMemo(() => sanitizeArticle(values.content), [values.content]);
  const stats = readingStats(rendered);

  const set = <K extends keyof NewsInput>(key: K, value: NewsInput[K]) => {
    if (key === 'content') setLossWarning(null);
    setValues((v) => ({ ...v, [key]: value }));
  };

  // Producers only see their own municipality; editors and super_admin see all.
  const municipalityOptions = choosesMunicipality(role)
    ? municipalities
    : municipalities
        .filter((m) => m.id === profile?.municipalityId)
        .concat(
          profile?.municipalityId && !municipalities.some((m) => m.id === profile.municipalityId)
            ? [{ id: profile.municipalityId, name: profile.municipalityName ?? '' }]
            : [],
        );
  // What the server allows (domain/news-rules); it decides, and its refusal is shown as any other.
  const municipalityLocked = !choosesMunicipality(role) || (editing && !mayChangeMunicipality(role));
  const statuses = statusOptionsFor(role);
  // A producer editing a news whose status it cannot pick still sees it (read-only choice).
  const statusChoices = statuses.includes(values.status) ? statuses : [values.status, ...statuses];

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = newsInputSchema.safeParse(values);
    if (!parsed.success) {
      const out: Partial<Record<keyof NewsInput, string>> = {};
      for (const issue of parsed.error.issues) out[issue.path[0] as keyof NewsInput] ??= issue.message;
      setErrors(out);
      return;
    }
    setErrors({});
    const lost = lostText(parsed.data.content, rendered);
    if (lost && !lossWarning) {
      setLossWarning(lost);
      return;
    }
    if (!profile) {
      toast.error('Usuário não autenticado');
      return;
    }
    try {
      const saved = news
        ? await update.mutateAsync({ id: news.id, input: parsed.data, role, slug: news.slug, version: news.updated_at ?? null })
        : await create.mutateAsync({ input: parsed.data, role });
      draft.clear();
      toast.toast(savedMessage({ role, created: !news, status: parsed.data.status, previousStatus: news?.status ?? null }));
      onSaved({ id: String((saved as { id?: unknown } | undefined)?.id ?? news?.id ?? ''), status: parsed.data.status, created: !news });
    } catch (err) {
      const message = saveFailureMessage(err);
      setSaveError(message);
      toast.error(message);
    }
  }

  const slug = newsSlug(values.title);
  // Once out, the address stays; only editors change it, and the old one redirects (issue #8).
  const slugLocked = !!news && isSlugLocked(news);

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby={labelledBy}>
        {draft.restored && (
          <div
            role="status"
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          >
            <span>
              Rascunho restaurado: este texto não salvo foi guardado neste navegador em{' '}
              {new Date(draft.restored.savedAt).toLocaleString('pt-BR', { timeZone: 'America/Belem' })}.
            </span>
            <span className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={draft.dismiss}>
                Manter rascunho
              </Button>
              <Button variant="outline" onClick={discardDraft}>
                Descartar rascunho
              </Button>
            </span>
          </div>
        )}
        <TextField
          label="Título"
          value={values.title}
          onChange={(e) => set('title', e.target.value)}
          error={errors.title}
          required
          hint={`${lengthHint(values.title, SEARCH_TITLE_MAX)}${!editing && slug ? ` · Slug: ${slug}` : ''}`}
        />
        {editing && (
          <TextField
            label="Endereço (slug)"
            value={values.slug}
            onChange={(e) => set('slug', e.target.value)}
            disabled={slugLocked && !editor}
            hint={slugLocked ? (editor ? SLUG_LOCKED_HINT : SLUG_CHANGE_FORBIDDEN) : 'Segue o título até a primeira publicação.'}
          />
        )}
        <TextAreaField
          label="Resumo"
          rows={2}
          value={values.summary}
          onChange={(e) => set('summary', e.target.value)}
          hint={lengthHint(values.summary, SEARCH_DESCRIPTION_MAX)}
        />
        <Suspense fallback={<EditorLoading label="Conteúdo" error={errors.content} />}>
          <RichTextEditor
            label="Conteúdo"
            initialHtml={editorInitial}
            resetKey={String(editorKey)}
            onChange={(html) => set('content', html)}
            onRequestImage={(insert) => setInlineImage({ insert })}
            error={errors.content}
            required
          />
        </Suspense>
        <p className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
          <span data-testid="reading-stats">{stats.label}</span>
          <button type="button" className="inline-flex min-h-11 items-center text-blue-800 underline" aria-expanded={showPreview} onClick={() => setShowPreview((s) => !s)}>
            {showPreview ? 'Ocultar prévia da página' : 'Prévia como na página pública'}
          </button>
        </p>
        {showPreview && (
          <section aria-label="Prévia do texto como na página pública" className="rounded-md border border-slate-200 bg-white p-4">
            <div
              className="prose-article text-lg leading-relaxed"
              data-testid="body-preview"
              dangerouslySetInnerHTML={{ __html: renderArticle(values.content) }}
            />
          </section>
        )}
        {lossWarning && (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            {lostTextMessage(lossWarning)} Clique em “{editing ? 'Atualizar' : 'Criar'}” de novo para confirmar.
          </p>
        )}
        <SearchAndSocialPreview
          title={values.title}
          summary={values.summary}
          content={rendered}
          slug={editing ? values.slug : slug}
          imageUrl={values.featured_image || null}
          origin={env.origin}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Categoria" value={values.category_id ?? ''} onChange={(e) => set('category_id', e.target.value || null)}>
            <option value="">Sem categoria</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Município"
            value={values.municipality_id ?? ''}
            onChange={(e) => set('municipality_id', e.target.value || null)}
            disabled={municipalityLocked}
            hint={editing && !mayChangeMunicipality(role) ? MUNICIPALITY_CHANGE_ERROR : undefined}
          >
            <option value="">Sem município</option>
            {municipalityOptions.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Status" value={values.status} onChange={(e) => set('status', e.target.value as NewsInput['status'])}>
            {statusChoices.map((s) => (
              <option key={s} value={s} disabled={!statuses.includes(s)}>
                {NEWS_STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
          {editor && values.status === 'published' && (
            <TextField
              label="Data de publicação"
              type="datetime-local"
              value={toLocalInput(values.scheduled_at)}
              onChange={(e) => set('scheduled_at', fromLocalInput(e.target.value))}
              hint="Deixe em branco para publicar imediatamente."
            />
          )}
        </div>
        <FeaturedImageField
          value={values.featured_image}
          caption={values.featured_image_caption}
          onUpload={() => setUploading(true)}
          onChange={(url) => {
            // Another address (or none): the versions cut from the old image no longer match it.
            set('featured_image', url);
            set('featured_image_renditions', null);
          }}
          onCaption={(caption) => set('featured_image_caption', caption)}
        />
        {mayFeature(role) && <CheckboxField label="Destaque" checked={values.is_featured} onChange={(e) => set('is_featured', e.target.checked)} />}
        {saveError && (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            Não foi salvo. O texto digitado continua neste formulário e num rascunho deste navegador.
          </p>
        )}
        {/* The actions stay in reach at the bottom of the screen while the story is written; toasts show at the top. */}
        <div className="sticky bottom-0 z-10 -mx-3 flex justify-end gap-2 border-t bg-white px-3 py-2 sm:-mx-6 sm:px-6">
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Salvando...' : editing ? 'Atualizar' : 'Criar'}
          </Button>
        </div>
      </form>
      {news && <NewsCorrectionsPanel news={news} role={role} />}
      {news && (
        <NewsHistoryPanel
          news={news}
          role={role}
          onRestored={() => {
            // The restored version is the story now: what this page held is no draft to bring back.
            draft.clear();
            onRestored();
          }}
        />
      )}
      <ImageUploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onUploaded={(url, extra) => {
          set('featured_image', url);
          set('featured_image_renditions', extra?.renditions ?? null);
        }}
        renditions
        {...NEWS_IMAGE_UPLOAD}
      />
      <ImageUploadDialog
        open={!!inlineImage}
        onClose={() => setInlineImage(null)}
        onUploaded={(url) => inlineImage?.insert(url)}
        title="Imagem no texto"
        {...NEWS_IMAGE_UPLOAD}
      />
    </>
  );
}

/**
 * "Imagem destacada": the picture itself (loaded with the staff session while
 * the story is not public), with buttons to send, change or remove it. An
 * image from another site can still be given by its address; an uploaded
 * one's internal address is never shown as text (issue #34).
 */
function FeaturedImageField({
  value,
  caption,
  onUpload,
  onChange,
  onCaption,
}: {
  value: string | null;
  caption: string | null;
  onUpload: () => void;
  onChange: (url: string | null) => void;
  onCaption: (caption: string | null) => void;
}) {
  const external = !!value && !isDirectusAsset(value);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Imagem destacada</legend>
      {value ? (
        <img src={value} alt="Imagem destacada" className="aspect-video w-full max-w-md rounded-md border object-cover" />
      ) : (
        <p className="flex aspect-video w-full max-w-md items-center justify-center rounded-md border border-dashed text-sm text-slate-600">
          Nenhuma imagem escolhida
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onUpload}>
          {value ? 'Trocar imagem' : 'Enviar imagem'}
        </Button>
        {value && (
          <Button variant="outline" onClick={() => onChange(null)}>
            Remover imagem
          </Button>
        )}
      </div>
      <details className="text-sm" open={external}>
        <summary className="cursor-pointer text-slate-700">Usar uma imagem de outro endereço</summary>
        <div className="mt-2">
          <TextField
            label="Endereço da imagem"
            placeholder="https://..."
            value={external ? value : ''}
            onChange={(e) => onChange(e.target.value || null)}
          />
        </div>
      </details>
      <TextField label="Legenda da imagem" value={caption ?? ''} onChange={(e) => onCaption(e.target.value || null)} />
    </fieldset>
  );
}
