/**
 * A coverage's desk (issue #30, /admin/ao-vivo/:newsId): its title, state and
 * public page; a form to write an entry for whoever may write on it (editors
 * while it runs; a producer on a running coverage of her municipality); and
 * its entries, newest first, a page at a time, with the actions each role may
 * take. The server holds every rule; what it would refuse is not offered.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { canEditEntry, ENTRY_MUNICIPALITY_ERROR, ENTRY_NEEDS_LIVE, LIVE_BADGE, LIVE_ENDED_BADGE, producerMayWriteOn } from '@portal/domain/live';
import { formatDateTimePtBR } from '@portal/domain/dates';
import { isPubliclyVisible } from '@portal/domain/news-access';
import { NEWS_STATUS_LABELS } from '@portal/domain/news-status';
import { isEditorLevel, type Role } from '@portal/domain/roles';
import { asUtc } from '@portal/domain/timestamps';
import { MESSAGES } from '@portal/domain/validation';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../../components/ui/dialog.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { ErrorState, LoadingText } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { entryCorrectionSchema, useCorrectLiveEntry } from '../api/correct-live-entry.ts';
import { useDeleteLiveEntry } from '../api/delete-live-entry.ts';
import { liveQueries, type Coverage, type LiveEntryRow } from '../api/live-queries.ts';
import { promotedTitle, usePromoteLiveEntry } from '../api/promote-live-entry.ts';
import { useUpdateLiveEntry } from '../api/update-live-entry.ts';
import { entryTime, LiveEntryCard } from './live-entry-card.tsx';
import { LiveEntryForm } from './live-entry-form.tsx';

type Props = {
  newsId: string;
  role: Role | null;
  userId: string;
  /** The signed-in user's municipality (a producer writes on coverages of hers). */
  municipalityId: string | null;
  /** Under the title (the route composes the coverage's live control for editors). */
  actions?: (coverage: Coverage) => ReactNode;
  /** Among an entry's actions (the route composes "Enviar alerta" for published entries). */
  entryActions?: (entry: LiveEntryRow, coverage: Coverage) => ReactNode;
};

/** Whether this user may write on the coverage now, or why not (the server's own words). */
export function writeRule(
  coverage: Pick<Coverage, 'live_status' | 'municipality_id'>,
  role: Role | null,
  municipalityId: string | null,
): { ok: true } | { ok: false; why: string } {
  if (coverage.live_status !== 'live') return { ok: false, why: ENTRY_NEEDS_LIVE };
  if (isEditorLevel(role) || producerMayWriteOn({ live_status: coverage.live_status, municipality_id: coverage.municipality_id?.id ?? null }, municipalityId))
    return { ok: true };
  return { ok: false, why: ENTRY_MUNICIPALITY_ERROR };
}

function Header({ coverage }: { coverage: Coverage | null }) {
  return (
    <div className="space-y-2">
      <Link to={paths.admin.live} className="inline-flex min-h-11 items-center text-sm text-blue-800 underline sm:min-h-0">
        ← Coberturas ao vivo
      </Link>
      <h1 className="text-2xl font-bold break-words">{coverage ? coverage.title : 'Cobertura ao vivo'}</h1>
    </div>
  );
}

export function LiveDesk({ newsId, role, userId, municipalityId, actions, entryActions }: Props) {
  const query = useQuery(liveQueries.coverage(newsId));
  const coverage = query.data ?? null;
  if (!coverage) {
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <Header coverage={null} />
        {query.isError ? (
          <ErrorState message={errorMessage(query.error, 'Não foi possível carregar a cobertura')} onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <LoadingText />
        ) : (
          <ErrorState message="Cobertura não encontrada" />
        )}
      </div>
    );
  }
  const write = writeRule(coverage, role, municipalityId);
  const published = isPubliclyVisible({ status: coverage.status, published_at: coverage.published_at }, new Date());
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Header coverage={coverage} />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
        {coverage.live_status === 'live' ? (
          <Badge color="red">{LIVE_BADGE}</Badge>
        ) : coverage.live_status === 'ended' ? (
          <Badge>{LIVE_ENDED_BADGE}</Badge>
        ) : (
          <Badge>Fora do modo ao vivo</Badge>
        )}
        {coverage.municipality_id && <span>{coverage.municipality_id.name}</span>}
        {coverage.live_started_at && <span>Início: {formatDateTimePtBR(asUtc(coverage.live_started_at))}</span>}
        {coverage.live_status === 'ended' && coverage.live_ended_at && <span>Fim: {formatDateTimePtBR(asUtc(coverage.live_ended_at))}</span>}
      </div>
      <div className="flex flex-wrap gap-2">
        {published ? (
          <a href={paths.article(coverage.slug)} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline')}>
            Ver página pública<span className="sr-only"> (abre em nova aba)</span>
          </a>
        ) : (
          <p className="text-sm text-slate-600">Página pública: a notícia ainda não foi publicada ({NEWS_STATUS_LABELS[coverage.status]}).</p>
        )}
        {isEditorLevel(role) && (
          <Link to={paths.admin.newsEdit(coverage.id)} className={buttonClasses('outline')}>
            Editar notícia
          </Link>
        )}
      </div>
      {actions?.(coverage)}
      <section aria-labelledby="new-entry" className="rounded-md border border-slate-200 bg-white p-3">
        <h2 id="new-entry" className="mb-2 text-lg font-semibold">
          Nova atualização
        </h2>
        {write.ok ? (
          <LiveEntryForm coverageId={coverage.id} role={role} userId={userId} entry={null} />
        ) : (
          <p className="text-sm text-slate-700" data-testid="write-refusal">
            {write.why}
          </p>
        )}
      </section>
      <Entries coverage={coverage} role={role} userId={userId} mayWrite={write.ok} entryActions={entryActions} />
    </div>
  );
}

type EntriesProps = { coverage: Coverage; role: Role | null; userId: string; mayWrite: boolean; entryActions?: Props['entryActions'] };

function Entries({ coverage, role, userId, mayWrite, entryActions }: EntriesProps) {
  const toast = useToast();
  const entries = useInfiniteQuery(liveQueries.entries(coverage.id));
  const count = useQuery(liveQueries.entryCount(coverage.id));
  const update = useUpdateLiveEntry();
  const remove = useDeleteLiveEntry();
  const [editing, setEditing] = useState<LiveEntryRow | null>(null);
  const [correcting, setCorrecting] = useState<LiveEntryRow | null>(null);
  const [promoting, setPromoting] = useState<LiveEntryRow | null>(null);
  const [removing, setRemoving] = useState<LiveEntryRow | null>(null);
  const editor = isEditorLevel(role);
  const rows = entries.data?.pages.flat() ?? [];

  function change(entry: LiveEntryRow, changes: { status?: 'published'; pinned?: boolean }, done: string) {
    update.mutate(
      { id: entry.id, changes },
      { onSuccess: () => toast.success(done), onError: (err) => toast.error(errorMessage(err, 'Não foi possível salvar a atualização')) },
    );
  }

  async function onRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success('Atualização removida');
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível remover a atualização'));
    } finally {
      setRemoving(null);
    }
  }

  function actionsFor(entry: LiveEntryRow): ReactNode {
    // A producer edits her own drafts and pending entries while she may write on the coverage.
    const mayEdit = canEditEntry(role, userId, entry) && (editor || mayWrite);
    return (
      <>
        {mayEdit && (
          <Button variant="outline" onClick={() => setEditing(entry)}>
            Editar
          </Button>
        )}
        {editor && (entry.status === 'pending' || entry.status === 'draft') && (
          <Button onClick={() => change(entry, { status: 'published' }, 'Atualização publicada')} disabled={update.isPending}>
            {entry.status === 'pending' ? 'Aprovar e publicar' : 'Publicar'}
          </Button>
        )}
        {editor && (
          <Button
            variant="outline"
            onClick={() => change(entry, { pinned: !entry.pinned }, entry.pinned ? 'Atualização desafixada' : 'Atualização fixada no topo')}
            disabled={update.isPending}
          >
            {entry.pinned ? 'Desafixar' : 'Fixar no topo'}
          </Button>
        )}
        {editor && (
          <Button variant="outline" onClick={() => setCorrecting(entry)}>
            Corrigir
          </Button>
        )}
        {editor && !entry.promoted_news_id && (
          <Button variant="outline" onClick={() => setPromoting(entry)}>
            Transformar em notícia
          </Button>
        )}
        {entryActions?.(entry, coverage)}
        {editor && (
          <Button variant="destructive" onClick={() => setRemoving(entry)}>
            Remover
          </Button>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="entries" className="space-y-3">
      <h2 id="entries" className="text-lg font-semibold">
        Atualizações{count.data !== undefined && <span className="font-normal text-slate-600"> ({count.data.toLocaleString('pt-BR')})</span>}
      </h2>
      {entries.isPending ? (
        <LoadingText />
      ) : entries.isError ? (
        <ErrorState message={errorMessage(entries.error, 'Não foi possível carregar as atualizações')} onRetry={() => void entries.refetch()} />
      ) : rows.length === 0 ? (
        <p className="rounded-md border border-dashed p-4 text-center text-slate-600">Nenhuma atualização ainda</p>
      ) : (
        <ol className="space-y-3" aria-label="Atualizações da cobertura">
          {rows.map((e) => (
            <li key={e.id}>
              <LiveEntryCard entry={e} actions={actionsFor(e)} />
            </li>
          ))}
        </ol>
      )}
      {entries.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void entries.fetchNextPage()} disabled={entries.isFetchingNextPage}>
            {entries.isFetchingNextPage ? 'Carregando...' : 'Carregar mais atualizações'}
          </Button>
        </div>
      )}
      <Dialog open={!!editing} title="Editar atualização" onClose={() => setEditing(null)} size="lg">
        {editing && (
          <LiveEntryForm
            coverageId={coverage.id}
            role={role}
            userId={userId}
            entry={editing}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Dialog>
      {correcting && <CorrectDialog entry={correcting} onClose={() => setCorrecting(null)} />}
      {promoting && <PromoteDialog entry={promoting} coverage={coverage} onClose={() => setPromoting(null)} />}
      <ConfirmDialog
        open={!!removing}
        title="Remover atualização"
        description="Tem certeza que deseja remover esta atualização? Ela sai da página da cobertura e das páginas abertas pelos leitores."
        confirmLabel="Remover"
        busy={remove.isPending}
        onConfirm={() => void onRemove()}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}

/** "Corrigir": the note readers see with the entry; an empty one withdraws it. */
function CorrectDialog({ entry, onClose }: { entry: LiveEntryRow; onClose: () => void }) {
  const toast = useToast();
  const correct = useCorrectLiveEntry();
  const [note, setNote] = useState(entry.correction_note ?? '');
  const [error, setError] = useState<string | undefined>();
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = entryCorrectionSchema.safeParse({ id: entry.id, note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    if (!parsed.data.note && !entry.correction_note) {
      // Nothing to withdraw either: the stories' message.
      setError(MESSAGES.correctionNoteRequired);
      return;
    }
    try {
      await correct.mutateAsync({ id: entry.id, note });
      toast.success(parsed.data.note ? 'Correção registrada; os leitores a verão junto da atualização' : 'Correção retirada');
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível registrar a correção'));
    }
  }
  return (
    <Dialog open title="Corrigir atualização" onClose={onClose} size="md">
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <p className="text-sm text-slate-600">Atualização de {entryTime(entry)}.</p>
        <TextAreaField
          label="Nota de correção"
          rows={3}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={error}
          hint="Aparece para os leitores junto da atualização, com a data. Corrija também o texto, se for o caso. Deixe em branco para retirar a correção."
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={correct.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={correct.isPending}>
            {correct.isPending ? 'Registrando...' : 'Registrar correção'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** "Transformar em notícia": says what will be made, makes it, then offers to open it. */
function PromoteDialog({ entry, coverage, onClose }: { entry: LiveEntryRow; coverage: Coverage; onClose: () => void }) {
  const toast = useToast();
  const promote = usePromoteLiveEntry();
  const [created, setCreated] = useState<string | null>(null);
  const title = promotedTitle(entry.body);
  if (created) {
    return (
      <Dialog open title="Notícia criada" onClose={onClose} size="sm">
        <p className="text-sm text-slate-700">
          A notícia “{title}” foi criada como rascunho, ligada a esta cobertura. Revise o título e o texto antes de publicá-la.
        </p>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Fechar
          </Button>
          <Link to={paths.admin.newsEdit(created)} className={buttonClasses()}>
            Abrir a notícia
          </Link>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog
      open
      title="Transformar em notícia?"
      description="Será criada uma notícia em rascunho com o texto e a imagem desta atualização, no município e na categoria da cobertura, ligada a ela nos dois sentidos."
      onClose={onClose}
      role="alertdialog"
      size="sm"
    >
      <p className="text-sm text-slate-700">
        Título (das primeiras palavras): <strong>{title}</strong>
      </p>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="outline" onClick={onClose} disabled={promote.isPending}>
          Cancelar
        </Button>
        <Button
          onClick={() =>
            promote.mutate(
              { entry, coverage },
              {
                onSuccess: ({ newsId }) => {
                  toast.success('Notícia criada como rascunho');
                  setCreated(newsId);
                },
                onError: (err) => toast.error(errorMessage(err, 'Não foi possível criar a notícia')),
              },
            )
          }
          disabled={promote.isPending}
        >
          {promote.isPending ? 'Criando...' : 'Criar notícia'}
        </Button>
      </div>
    </Dialog>
  );
}
