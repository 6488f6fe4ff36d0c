/**
 * Histórico of a story (issue #12, item 2): every save with who, when and the
 * status it left; the chosen version's title, summary and content diffed word
 * by word against the story as the editor loaded it, as readable text (no
 * markup; long unchanged stretches left out; issue #34); "Restaurar esta
 * versão" for who may edit the story, after a confirmation. The server
 * decides both (portal-api).
 */
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDateTimePtBR } from '@portal/domain/dates';
import { NEWS_STATUS_LABELS, isNewsStatus } from '@portal/domain/news-status';
import { canRestoreRevision, canSeeRevisions, DIFFED_FIELDS, revisionText } from '@portal/domain/revisions';
import type { Role } from '@portal/domain/roles';
import { condenseDiff, wordDiff, type CondensedPart } from '@portal/domain/word-diff';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
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
      <h2 id={`history-${news.id}`} className="text-sm font-semibold">
        <button type="button" className="hover:underline" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          Histórico de versões
        </button>
      </h2>
      {open && <HistoryBody news={news} canRestore={canRestoreRevision(role, userId, news)} onRestored={onRestored} />}
    </section>
  );
}

function HistoryBody({ news, canRestore, onRestored }: { news: Story; canRestore: boolean; onRestored: () => void }) {
  const toast = useToast();
  const revisions = useQuery(newsRevisionsQueries.ofNews(news.id));
  const restore = useRestoreNewsRevision();
  const [chosen, setChosen] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);

  if (revisions.isPending) return <p className="mt-3 text-sm text-slate-600">Carregando...</p>;
  if (revisions.isError) return <p className="mt-3 text-sm text-red-600">{errorMessage(revisions.error, 'Não foi possível carregar o histórico')}</p>;
  if (revisions.data.length === 0) return <p className="mt-3 text-sm text-slate-600">Nenhuma versão registrada.</p>;
  const selected = revisions.data.find((r) => r.id === chosen) ?? null;

  async function onRestore(r: RevisionRow) {
    setConfirming(false);
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
            Diferenças desta versão para a atual: <Removed>riscado</Removed>, o que a atual não tem mais; <Added>sublinhado</Added>, o que a atual
            acrescentou.
          </p>
          {DIFFED_FIELDS.map((field) => (
            <div key={field}>
              <h3 className="text-xs font-semibold uppercase text-slate-700">{FIELD_LABELS[field]}</h3>
              <FieldDiff before={selected[field]} after={news[field] as string | null} />
            </div>
          ))}
          {canRestore && (
            <div className="flex justify-end">
              <Button variant="outline" disabled={restore.isPending} onClick={() => setConfirming(true)}>
                {restore.isPending ? 'Restaurando...' : 'Restaurar esta versão'}
              </Button>
            </div>
          )}
          <ConfirmDialog
            open={confirming}
            title="Restaurar esta versão?"
            description={
              news.status === 'published'
                ? 'Esta notícia está publicada: o título, o resumo, o texto e a imagem desta versão vão substituir, em instantes, o que os leitores veem agora. A versão atual continua no histórico.'
                : 'O título, o resumo, o texto e a imagem desta versão vão substituir os atuais, e o que não foi salvo neste formulário será descartado. A versão atual continua no histórico.'
            }
            confirmLabel="Restaurar"
            busy={restore.isPending}
            onConfirm={() => void onRestore(selected)}
            onCancel={() => setConfirming(false)}
          />
        </div>
      )}
    </div>
  );
}

const Removed = ({ children }: { children: ReactNode }) => <del className="bg-red-100 text-red-900 decoration-2">{children}</del>;
const Added = ({ children }: { children: ReactNode }) => <ins className="bg-green-100 text-green-900 underline decoration-2 underline-offset-2">{children}</ins>;

/** One field's difference as text a reader would see, with the unchanged stretches far from a change left out. */
function FieldDiff({ before, after }: { before: string | null; after: string | null }) {
  const parts: CondensedPart[] = condenseDiff(wordDiff(revisionText(before), revisionText(after)));
  if (parts.length === 0) return <p className="text-sm text-slate-600">(vazio)</p>;
  if (parts.every((p) => p.type === 'same')) return <p className="text-sm text-slate-600">Sem diferenças.</p>;
  return (
    <p className="text-sm break-words whitespace-pre-wrap" data-field-diff>
      {parts.map((part, i) =>
        part.type === 'skipped' ? (
          <span key={i} className="my-1 block text-xs text-slate-500 italic">
            … {part.words} {part.words === 1 ? 'palavra igual' : 'palavras iguais'} …
          </span>
        ) : part.type === 'same' ? (
          <span key={i}>{part.text}</span>
        ) : part.type === 'removed' ? (
          <Removed key={i}>{part.text}</Removed>
        ) : (
          <Added key={i}>{part.text}</Added>
        ),
      )}
    </p>
  );
}
