/**
 * "Importação do portal anterior" (super_admin, issue #27): the last real
 * import's report — where it came from, when, how it ended, what each
 * collection got, and every warning and record left out.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ErrorState, LoadingText } from '../../../components/ui/states.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import type { ImportRunReport } from '../api/get-last-import.ts';
import { importsQueries } from '../api/imports-queries.ts';
import { collectionLabel, countPtBR, orderedCollections, REPORT_LIST_MAX, SOURCE_LABEL, STATUS_COLOR, STATUS_LABEL, whenPtBR } from './import-labels.ts';

const COMMANDS = ['npm run import -- hosted <pasta>', 'npm run import -- wordpress <export.xml> --uploads <pasta>'];

function NoImportYet() {
  return (
    <div className="rounded-md border border-dashed p-6 text-slate-700">
      <p className="font-medium">Nenhuma importação feita ainda.</p>
      <p className="mt-2 text-sm">Para trazer o acervo de um portal anterior, rode no servidor, na pasta do portal, um destes comandos:</p>
      <ul className="mt-2 space-y-1 text-sm">
        {COMMANDS.map((c) => (
          <li key={c}>
            <code className="rounded bg-slate-100 px-1.5 py-0.5 [overflow-wrap:anywhere]">{c}</code>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        Com <code className="rounded bg-slate-100 px-1.5 py-0.5">--dry-run</code> o comando só mostra o que viria, sem mudar nada.
      </p>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-1 text-sm sm:flex-row sm:gap-2">
      <dt className="font-medium text-slate-700 sm:w-40 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 text-slate-800 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** What each collection got: new, updated, unchanged, left out. Below 640 px each collection is a card (the list-table layout). */
export function ImportCountsTable({ counts }: { counts: ImportRunReport['counts'] }) {
  const collections = orderedCollections(counts);
  if (collections.length === 0) return <p className="text-sm text-slate-600">Nenhum registro contado.</p>;
  const columns = [
    ['created', 'Novos'],
    ['updated', 'Atualizados'],
    ['unchanged', 'Sem mudança'],
    ['skipped', 'Deixados de fora'],
  ] as const;
  return (
    <div className="list-table overflow-x-auto rounded-lg border bg-white">
      <table className="w-full text-sm">
        <caption className="sr-only">Registros por coleção</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="px-3 py-2 text-left">
              Coleção
            </th>
            {columns.map(([key, label]) => (
              <th key={key} scope="col" className="px-3 py-2 text-right">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {collections.map((c) => (
            <tr key={c} className="border-t">
              <td className="px-3 py-2 font-medium" data-label="Coleção">
                {collectionLabel(c)}
              </td>
              {columns.map(([key, label]) => (
                <td key={key} className="px-3 py-2 text-right tabular-nums" data-label={label}>
                  {countPtBR(counts[c]![key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Entry = { collection: string; key: string; title: string; text: string };

/**
 * One of the report's lists, all of it: up to 2,000 plain items behind a
 * summary (closed when long, so the page opens on the counts).
 */
function EntryList({ heading, entries, total, none, noun }: { heading: string; entries: Entry[]; total: number | null; none: string; noun: string }) {
  // The real count (the report keeps the first REPORT_LIST_MAX of a longer list); older runs only have their list.
  const all = Math.max(total ?? 0, entries.length);
  const id = `lista-${heading.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-semibold">
        {heading} <span className="text-slate-600">({countPtBR(all)})</span>
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">{none}</p>
      ) : (
        <details open={entries.length <= 20} className="rounded-md border bg-white">
          <summary className="min-h-11 cursor-pointer px-3 py-2 text-sm font-medium">
            {entries.length === 1 ? `Ver o ${noun}` : `Ver os ${countPtBR(entries.length)} ${noun}s`}
          </summary>
          {all > entries.length ? (
            <p className="px-3 text-sm text-amber-900">
              O relatório guarda só os {countPtBR(entries.length)} primeiros de {countPtBR(all)}.
            </p>
          ) : (
            entries.length >= REPORT_LIST_MAX && (
              <p className="px-3 text-sm text-amber-900">A importação guarda no relatório só os {countPtBR(REPORT_LIST_MAX)} primeiros; a saída do comando traz o total.</p>
            )
          )}
          <ul className="divide-y px-3 text-sm">
            {entries.map((e, i) => (
              <li key={`${e.collection}:${e.key}:${i}`} className="py-2 [overflow-wrap:anywhere]">
                <span className="font-medium">{e.title || `(sem título, ${e.key})`}</span> <span className="text-slate-600">· {collectionLabel(e.collection)}</span>
                <br />
                {e.text}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

export function ImportReportView({ run }: { run: ImportRunReport }) {
  return (
    <div className="space-y-6">
      <Card>
        <dl>
          <Fact label="Origem">{SOURCE_LABEL[run.source]}</Fact>
          <Fact label="Arquivo ou pasta">{run.input ?? '—'}</Fact>
          <Fact label="Início">{whenPtBR(run.started_at)}</Fact>
          <Fact label="Fim">{run.finished_at ? whenPtBR(run.finished_at) : '—'}</Fact>
          <Fact label="Situação">
            <Badge color={STATUS_COLOR[run.status]}>{STATUS_LABEL[run.status]}</Badge>
            {run.status === 'failed' && <span className="mt-1 block text-red-800">{run.error ?? 'A importação parou sem dizer o motivo.'}</span>}
          </Fact>
        </dl>
      </Card>
      <section aria-labelledby="import-counts" className="space-y-2">
        <h2 id="import-counts" className="text-lg font-semibold">
          Registros por coleção
        </h2>
        <ImportCountsTable counts={run.counts} />
      </section>
      <EntryList heading="Avisos" noun="aviso" none="Nenhum aviso." total={run.totals?.warnings ?? null} entries={run.warnings.map((w) => ({ ...w, text: w.message }))} />
      <EntryList heading="Deixados de fora" noun="registro" none="Nenhum registro deixado de fora." total={run.totals?.skipped ?? null} entries={run.skipped.map((s) => ({ ...s, text: s.reason }))} />
    </div>
  );
}

export default function ImportScreen() {
  const { data, error, isPending, refetch } = useQuery(importsQueries.last());
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Importação do portal anterior</h1>
      {isPending && <LoadingText />}
      {error && data === undefined && <ErrorState message={errorMessage(error, 'Não foi possível carregar o relatório da importação.')} onRetry={() => void refetch()} />}
      {data === null && <NoImportYet />}
      {data && <ImportReportView run={data} />}
    </div>
  );
}
