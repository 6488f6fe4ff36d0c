/**
 * Correções of a published story (issue #12, item 1): editor-level staff see
 * the notes readers see and add one. The server refuses anyone else and any
 * story that is not public; this panel only spares them the attempt.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CORRECTION_LABEL, canWriteCorrections } from '@portal/domain/corrections';
import { formatDateTimePtBR } from '@portal/domain/dates';
import type { Role } from '@portal/domain/roles';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { correctionInputSchema, useCreateNewsCorrection } from '../api/create-news-correction.ts';
import { useDeleteNewsCorrection } from '../api/delete-news-correction.ts';
import { newsCorrectionsQueries } from '../api/news-corrections-queries.ts';

type Props = { news: { id: string; status: string }; role: Role | null };

export function NewsCorrectionsPanel({ news, role }: Props) {
  const [open, setOpen] = useState(false);
  if (!canWriteCorrections(role) || news.status !== 'published') return null;
  return (
    <section className="mt-6 rounded-md border border-slate-200 p-3" aria-labelledby={`corrections-${news.id}`}>
      <h2 id={`corrections-${news.id}`} className="text-sm font-semibold">
        <button type="button" className="hover:underline" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          Correções
        </button>
      </h2>
      {open && <CorrectionsBody newsId={news.id} />}
    </section>
  );
}

function CorrectionsBody({ newsId }: { newsId: string }) {
  const toast = useToast();
  const list = useQuery(newsCorrectionsQueries.ofNews(newsId));
  const create = useCreateNewsCorrection();
  const remove = useDeleteNewsCorrection();
  const [removing, setRemoving] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    e.stopPropagation();
    const parsed = correctionInputSchema.safeParse({ news_id: newsId, note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await create.mutateAsync(parsed.data);
      setNote('');
      toast.success('Correção registrada; a notícia e a página de correções serão atualizadas');
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível registrar a correção'));
    }
  }

  async function onRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing);
      toast.success('Correção excluída');
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível excluir a correção'));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <div className="mt-3 space-y-3">
      {list.isPending ? (
        <p className="text-sm text-slate-600">Carregando...</p>
      ) : list.isError ? (
        <p className="text-sm text-red-600">Não foi possível carregar as correções</p>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhuma correção registrada.</p>
      ) : (
        <ul className="space-y-2 text-sm" aria-label="Correções registradas">
          {list.data.map((c) => (
            <li key={c.id}>
              <strong>{CORRECTION_LABEL}</strong> {c.note} <span className="text-slate-600">({formatDateTimePtBR(c.created_at)})</span>{' '}
              <Button variant="ghost" className="px-2 py-0.5 text-xs" aria-label={`Excluir correção: ${c.note}`} onClick={() => setRemoving(c.id)}>
                Excluir
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-2">
        <TextAreaField
          label="Nova correção"
          rows={2}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={error}
          hint="Aparece no fim da notícia e em /correcoes, com a data."
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Registrando...' : 'Registrar correção'}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={removing !== null}
        description="Tem certeza que deseja excluir esta correção? Ela sai da notícia e de /correcoes no próximo build."
        busy={remove.isPending}
        onConfirm={onRemove}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
