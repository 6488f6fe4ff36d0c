/**
 * "Relatórios" (editor-level; issue #13): views and TOPs per day for 30 days
 * (a line chart with its table), publishing volume, most read and most liked
 * by 24 h / 7 / 30 days, totals by category, municipality and author, and a
 * CSV of each table.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { RANKING_WINDOWS, type RankingWindow } from '@portal/domain/reader-traffic';
import { REPORT_CSV, type ChannelRow, type TotalRow } from '@portal/domain/reports';
import { Card } from '../../../components/ui/card.tsx';
import { LoadingText } from '../../../components/ui/states.tsx';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { reportsQueries, type RankedStory } from '../api/reports-queries.ts';
import { DownloadCsv } from './download-csv.tsx';

const WINDOW_LABELS: Record<RankingWindow, string> = {
  '24h': '24 horas',
  '7d': '7 dias',
  '30d': '30 dias',
};
const number = new Intl.NumberFormat('pt-BR');
/** '2026-11-23' → '23/11' */
const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

function Section({ id, title, actions, children }: { id: string; title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <section aria-labelledby={id} className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          {actions}
        </div>
        {children}
      </section>
    </Card>
  );
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: Array<Array<string | number>> }) {
  return (
    // A scrolling box keyboard users can reach (and scroll) too.
    <div className="max-h-96 overflow-auto" tabIndex={0} role="region" aria-label={`Tabela: ${caption}`}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={`px-3 py-2 ${i === 0 ? 'text-left' : 'text-right'}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-t">
              {r.map((c, j) => (
                <td key={j} className={`px-3 py-1.5 ${j === 0 ? 'text-left' : 'text-right tabular-nums'}`}>
                  {typeof c === 'number' ? number.format(c) : c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p className="px-3 py-4 text-sm text-slate-600">Nenhum dado no período.</p>}
    </div>
  );
}

function Totals({ id, title, rows, file }: { id: string; title: string; rows: TotalRow[]; file: string }) {
  return (
    <Section id={id} title={title} actions={<DownloadCsv name={file} label={title} header={REPORT_CSV.totals.header} rows={rows.map(REPORT_CSV.totals.row)} />}>
      <Table caption={title} head={['Nome', 'Visualizações', 'TOPs', 'Notícias lidas']} rows={rows.map((t) => [t.label, t.views, t.likes, t.stories])} />
    </Section>
  );
}

function Rankings() {
  const [window, setWindow] = useState<RankingWindow>('7d');
  const q = useQuery(reportsQueries.ranking(window));
  useErrorToast(q.error, 'Não foi possível carregar os mais lidos');
  const list = (title: string, items: RankedStory[] | undefined, metric: string) => (
    <div>
      <div className="mb-1 flex items-center justify-between gap-2">
        <h3 className="font-medium">{title}</h3>
        <DownloadCsv
          name={`${title === 'Mais lidas' ? 'mais-lidas' : 'mais-tops'}-${window}`}
          label={`${title} em ${WINDOW_LABELS[window]}`}
          header={REPORT_CSV.ranking.header}
          rows={(items ?? []).map((n) => REPORT_CSV.ranking.row(n))}
        />
      </div>
      <Table caption={`${title} em ${WINDOW_LABELS[window]}`} head={['Notícia', metric]} rows={(items ?? []).map((n) => [n.title, n.count])} />
    </div>
  );
  return (
    <Section
      id="report-rankings"
      title="Mais lidas e mais TOPs"
      actions={
        <div role="group" aria-label="Período" className="flex gap-1">
          {RANKING_WINDOWS.map((w) => (
            <button
              key={w}
              type="button"
              aria-pressed={w === window}
              onClick={() => setWindow(w)}
              className={`rounded-md border px-3 py-1 text-sm ${w === window ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-300'}`}
            >
              {WINDOW_LABELS[w]}
            </button>
          ))}
        </div>
      }
    >
      {q.isPending ? (
        <LoadingText />
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {list('Mais lidas', q.data?.most_read, 'Visualizações')}
          {list('Mais TOPs', q.data?.most_liked, 'TOPs')}
        </div>
      )}
    </Section>
  );
}

/** Visits by where they came from (issue #29): WhatsApp, Google, Discover, alerts… */
function Channels({ rows }: { rows: ChannelRow[] }) {
  const title = 'Visitas por canal';
  return (
    <Section id="report-channels" title={title} actions={<DownloadCsv name="visitas-por-canal" label={title} header={REPORT_CSV.channels.header} rows={rows.map(REPORT_CSV.channels.row)} />}>
      <Table caption={title} head={['Canal', 'Visitas', '%']} rows={rows.map((c) => [c.label, c.views, `${c.share}%`])} />
      <p className="px-3 pt-2 text-xs text-slate-600">Pelo endereço de origem e pela marcação dos links compartilhados (utm_source).</p>
    </Section>
  );
}

export default function ReportsScreen() {
  const q = useQuery(reportsQueries.report());
  useErrorToast(q.error, 'Não foi possível carregar os relatórios');
  const r = q.data;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Relatórios</h1>
      {q.isPending && <LoadingText />}
      {r && (
        <>
          <p className="text-sm text-slate-600">
            Últimos {r.days} dias, de {shortDay(r.from)} a {shortDay(r.to)} (horário de Belém).
          </p>
          <Section
            id="report-daily"
            title="Visualizações e TOPs por dia"
            actions={
              <DownloadCsv
                name="leitura-por-dia"
                label="Visualizações e TOPs por dia"
                header={REPORT_CSV.daily.header}
                rows={r.daily.map(REPORT_CSV.daily.row)}
              />
            }
          >
            {/* The chart is for the eye; the table below it says the same to everyone. */}
            <div aria-hidden="true" className="h-64">
              <ResponsiveContainer width="100%" height="100%">
                <LineChart
                  accessibilityLayer={false}
                  data={r.daily.map((d) => ({ ...d, label: shortDay(d.day) }))}
                  margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
                >
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                  <XAxis dataKey="label" fontSize={12} />
                  <YAxis allowDecimals={false} fontSize={12} width={48} />
                  <Tooltip />
                  <Legend />
                  <Line type="monotone" dataKey="views" name="Visualizações" stroke="#b91c1c" strokeWidth={2} dot={false} isAnimationActive={false} />
                  <Line type="monotone" dataKey="likes" name="TOPs" stroke="#1d4ed8" strokeWidth={2} dot={false} isAnimationActive={false} />
                </LineChart>
              </ResponsiveContainer>
            </div>
            <details>
              <summary className="cursor-pointer text-sm text-slate-700">Ver tabela</summary>
              <Table
                caption="Visualizações, TOPs e notícias publicadas por dia"
                head={['Dia', 'Visualizações', 'TOPs', 'Publicadas']}
                rows={r.daily.map((d) => [shortDay(d.day), d.views, d.likes, d.published])}
              />
            </details>
          </Section>
          <Section id="report-published" title="Notícias publicadas por dia">
            <Table
              caption="Notícias publicadas por dia"
              head={['Dia', 'Publicadas']}
              rows={r.daily.filter((d) => d.published > 0).map((d) => [shortDay(d.day), d.published])}
            />
          </Section>
          <Rankings />
          <Channels rows={r.byChannel} />
          <div className="grid gap-4 lg:grid-cols-3">
            <Totals id="report-categories" title="Por categoria" rows={r.byCategory} file="leitura-por-categoria" />
            <Totals id="report-municipalities" title="Por município" rows={r.byMunicipality} file="leitura-por-municipio" />
            <Totals id="report-authors" title="Por autor" rows={r.byAuthor} file="leitura-por-autor" />
          </div>
        </>
      )}
    </div>
  );
}
