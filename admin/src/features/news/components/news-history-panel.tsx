/**
 * Histórico of a story (issue #12, item 2): every save with who, when and the
 * status it left; the chosen version's title, summary and content diffed word
 * by word against the story as this dialog loaded it; "Restaurar esta versão"
 * for who may edit the story. The server decides both (portal-api).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDateTimePtBR } from '@portal/domain/dates';
import { NEWS_STATUS_LABELS, isNewsStatus } from '@portal/domain/news-status';
import { canRestoreRevision, canSeeRevisions, DIFFED_FIELDS } from '@portal/domain/revisions';
import type { Role } from '@portal/domain/roles';
import { wordDiff } from '@portal/domain/word-diff';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { newsRevisionsQueries, type RevisionRow } from '../api/news-revisions-queries.ts';
import { useRestoreNewsRevision } from '../api/restore-news-revision.ts';

type Story = { id: string; author_id: string | null; status: string; title: string; summary: string | null; content: string; updated_at?: string | null };
type Props = { news: Story; role: Role | null; onRestored: () => void };

const FIELD_LABELS: Record<(typeof DIFFED_FIELDS)[number], string> = { title: 'Título', summary: 'Resumo', content: 'Conteúdo' };
const ACTION_LABELS: Record<string, string> = { create: 'Criação', update: 'Edição' };

export function NewsHistoryPanel({ news, role, onRestored }: Props) {
  const { session } = useAuth();
  const userId = session?.user.id ?? '';
  const [open, setOpen] = useState(false);
  if (!canSeeRevisions(role, userId, news)) return null;
  return (
    <section className="mt-6 rounded-md border border-slate-200 p-3" aria-labelledby={`history-${news.id}`}>
      <h3 id={`history-${news.id}`} className="text-sm font-semibold">
        <button type="button" className="hover:underline" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          Histórico de versões
        </button>
      </h3>
      {open && <HistoryBody news={news} canRestore={canRestoreRevision(role, userId, news)} onRestored={onRestored} />}
    </section>
  );
}

function HistoryBody({ news, canRestore, onRestored }: { news: Story; canRestore: boolean; onRestored: () => void }) {
  const toast = useToast();
  const revisions = useQuery(newsRevisionsQueries.ofNews(news.id));
  const restore = useRestoreNewsRevision();
  const [chosen, setChosen] = useState<number | null>(null);

  if (revisions.isPending) return <p className="mt-3 text-sm text-slate-600">Carregando...</p>;
  if (revisions.isError) return <p className="mt-3 text-sm text-red-600">{errorMessage(revisions.error, 'Não foi possível carregar o histórico')}</p>;
  if (revisions.data.length === 0) return <p className="mt-3 text-sm text-slate-600">Nenhuma versão registrada.</p>;
  const selected = revisions.data.find((r) => r.id === chosen) ?? null;

  async function onRestore(r: RevisionRow) {
    try {
      await restore.mutateAsync({ newsId: news.id, revisionId: r.id, version: news.updated_at ?? null });
      toast.success('Versão restaurada com sucesso');
      onRestored();
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível restaurar a versão'));
    }
  }

  return (
    <div className="mt-3 space-y-3">
      <ol className="space-y-1 text-sm" aria-label="Versões salvas">
        {revisions.data.map((r) => (
          <li key={r.id}>
            <button
              type="button"
              className={`w-full rounded px-2 py-1 text-left hover:bg-slate-100 ${r.id === chosen ? 'bg-slate-100 font-medium' : ''}`}
              aria-pressed={r.id === chosen}
              onClick={() => setChosen(r.id)}
            >
              {r.at ? formatDateTimePtBR(r.at) : 'Data desconhecida'} · {r.user ?? 'Autor não informado'} · {ACTION_LABELS[r.action] ?? r.action} ·{' '}
              {r.status && isNewsStatus(r.status) ? NEWS_STATUS_LABELS[r.status] : 'Sem status'}
            </button>
          </li>
        ))}
      </ol>
      {selected && (
        <div className="space-y-3 rounded border border-slate-200 p-3" data-testid="revision-diff">
          <p className="text-xs text-slate-600">
            Diferenças desta versão para a atual: <del className="bg-red-100 text-red-900">removido na atual</del> e{' '}
            <ins className="bg-green-100 text-green-900 no-underline">acrescentado na atual</ins>.
          </p>
          {DIFFED_FIELDS.map((field) => (
            <div key={field}>
              <h4 className="text-xs font-semibold uppercase text-slate-700">{FIELD_LABELS[field]}</h4>
              <p className="whitespace-pre-wrap text-sm">
                {wordDiff(selected[field] ?? '', (news[field] as string | null) ?? '').map((part, i) =>
                  part.type === 'same' ? (
                    <span key={i}>{part.text}</span>
                  ) : part.type === 'removed' ? (
                    <del key={i} className="bg-red-100 text-red-900">
                      {part.text}
                    </del>
                  ) : (
                    <ins key={i} className="bg-green-100 text-green-900 no-underline">
                      {part.text}
                    </ins>
                  ),
                )}
              </p>
            </div>
          ))}
          {canRestore && (
            <div className="flex justify-end">
              <Button variant="outline" disabled={restore.isPending} onClick={() => onRestore(selected)}>
                {restore.isPending ? 'Restaurando...' : 'Restaurar esta versão'}
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
