/**
 * The health screen's "Importação" card (issue #27): the last real import in
 * a few lines, and the way to its report. Nothing shows until one ran.
 * The route composes it into the health screen (features do not import each other).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { importsQueries } from '../api/imports-queries.ts';
import { countWord, STATUS_COLOR, STATUS_LABEL, whenPtBR } from './import-labels.ts';

export default function ImportSummaryCard() {
  const { data: run } = useQuery(importsQueries.last());
  // No import, still loading, or unreadable: the health screen is about other things; the report page says why.
  if (!run) return null;
  const news = run.counts.news;
  return (
    <Card title="Importação">
      <p className="text-sm">
        <Badge color={STATUS_COLOR[run.status]}>{STATUS_LABEL[run.status]}</Badge> <span>{whenPtBR(run.finished_at ?? run.started_at)}</span>
      </p>
      <p className="mt-1 text-sm text-slate-800">
        {news
          ? `Notícias: ${countWord(news.created, 'nova', 'novas')}, ${countWord(news.updated, 'atualizada', 'atualizadas')}, ${countWord(news.skipped, 'deixada', 'deixadas')} de fora`
          : 'Nenhuma notícia contada'}
        {` · ${countWord(run.totals?.warnings ?? run.warnings.length, 'aviso', 'avisos')}`}
      </p>
      <Link to={paths.admin.import} className="mt-2 inline-flex min-h-11 items-center text-sm font-medium text-blue-700 underline">
        Ver relatório da importação
      </Link>
    </Card>
  );
}
