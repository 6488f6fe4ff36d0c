/**
 * "Cobertura ao vivo" in the story editor (issue #30): editors and
 * super_admins start a story's live coverage, end it and resume it, each after
 * a confirmation saying what readers will see; producers never see it (the
 * server refuses them anyway). A running or ended coverage links to its desk.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LIVE_BADGE, LIVE_ENDED_BADGE, mayRunCoverage, type LiveState } from '@portal/domain/live';
import { formatDateTimePtBR } from '@portal/domain/dates';
import { isPubliclyVisible } from '@portal/domain/news-access';
import type { Role } from '@portal/domain/roles';
import { asUtc } from '@portal/domain/timestamps';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useUpdateLiveMode, type LiveModeSaved } from '../api/update-live-mode.ts';

type Props = {
  news: {
    id: string;
    status: string;
    published_at: string | null;
    live_status: LiveState | null;
    live_started_at: string | null;
    live_ended_at: string | null;
    updated_at?: string | null;
  };
  role: Role | null;
  /** The mode as the server saved it (the page keeps the story's new version). */
  onChanged: (saved: LiveModeSaved) => void;
  /** Link to the coverage's desk (not on the desk itself). */
  deskLink?: boolean;
};

/** Each change the control offers: its button, its confirmation and its outcome. */
const CHANGES = {
  start: {
    to: 'live',
    button: 'Iniciar cobertura ao vivo',
    title: 'Iniciar cobertura ao vivo?',
    confirm: 'Iniciar cobertura',
    done: 'Cobertura ao vivo iniciada',
  },
  end: {
    to: 'ended',
    button: 'Encerrar cobertura',
    title: 'Encerrar a cobertura ao vivo?',
    confirm: 'Encerrar cobertura',
    done: 'Cobertura encerrada',
  },
  resume: {
    to: 'live',
    button: 'Retomar cobertura',
    title: 'Retomar a cobertura ao vivo?',
    confirm: 'Retomar cobertura',
    done: 'Cobertura retomada',
  },
} as const satisfies Record<string, { to: LiveState; button: string; title: string; confirm: string; done: string }>;
type Change = keyof typeof CHANGES;

function explanation(change: Change, published: boolean): string {
  if (change === 'end')
    return 'A página da cobertura fica congelada como está: não recebe novas atualizações, e as páginas abertas pelos leitores param de se atualizar. Você poderá retomá-la depois.';
  const what =
    change === 'start'
      ? 'A notícia passa a receber atualizações curtas, escritas na mesa da cobertura, e a página mostra o selo “Ao vivo”; as páginas abertas pelos leitores mostram as novas atualizações sem recarregar.'
      : 'A cobertura volta a receber atualizações, e as páginas abertas pelos leitores voltam a se atualizar.';
  return published ? what : `${what} Os leitores só a verão depois que a notícia for publicada.`;
}

export function LiveCoverageControl({ news, role, onChanged, deskLink = true }: Props) {
  const [asking, setAsking] = useState<Change | null>(null);
  const update = useUpdateLiveMode();
  const toast = useToast();
  if (!mayRunCoverage(role)) return null;
  const state = news.live_status;
  const offered: Change[] = state === 'live' ? ['end'] : state === 'ended' ? ['resume'] : ['start'];
  const published = isPubliclyVisible({ status: news.status, published_at: news.published_at }, new Date());

  function confirm(change: Change) {
    update.mutate(
      { id: news.id, live_status: CHANGES[change].to, version: news.updated_at ?? null },
      {
        onSuccess: (saved) => {
          toast.success(CHANGES[change].done);
          onChanged(saved);
          setAsking(null);
        },
        onError: (err) => {
          toast.error(errorMessage(err, 'Não foi possível alterar a cobertura ao vivo'));
          setAsking(null);
        },
      },
    );
  }

  return (
    <section aria-labelledby={`live-${news.id}`} className="rounded-md border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`live-${news.id}`} className="text-sm font-semibold">
          Cobertura ao vivo
        </h2>
        {state === 'live' && <Badge color="red">{LIVE_BADGE}</Badge>}
        {state === 'ended' && <Badge>{LIVE_ENDED_BADGE}</Badge>}
      </div>
      <p className="mt-1 text-sm text-slate-600" data-testid="live-state">
        {state === 'live' && news.live_started_at
          ? `Em andamento desde ${formatDateTimePtBR(asUtc(news.live_started_at))}.`
          : state === 'ended' && news.live_ended_at
            ? `Encerrada em ${formatDateTimePtBR(asUtc(news.live_ended_at))}.`
            : 'Para acontecimentos que se desenrolam ao longo de horas: a notícia recebe atualizações curtas, as mais novas primeiro.'}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {offered.map((c) => (
          <Button key={c} variant={c === 'end' ? 'destructive' : 'outline'} onClick={() => setAsking(c)}>
            {CHANGES[c].button}
          </Button>
        ))}
        {state && deskLink && (
          <Link to={paths.admin.liveDesk(news.id)} className={buttonClasses('outline')}>
            Abrir mesa da cobertura
          </Link>
        )}
      </div>
      <Dialog
        open={asking !== null}
        title={asking ? CHANGES[asking].title : ''}
        description={asking ? explanation(asking, published) : undefined}
        onClose={() => setAsking(null)}
        role="alertdialog"
        size="sm"
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setAsking(null)} disabled={update.isPending}>
            Cancelar
          </Button>
          <Button variant={asking === 'end' ? 'destructive' : 'default'} onClick={() => asking && confirm(asking)} disabled={update.isPending}>
            {asking ? CHANGES[asking].confirm : ''}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
