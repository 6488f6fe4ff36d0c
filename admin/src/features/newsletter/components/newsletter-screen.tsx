/** "Newsletter" (super_admin): who subscribed, in which state, CSV export and a test of the weekly digest. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTimePtBR } from '@portal/domain/dates';
import { NEWSLETTER_STATUSES, NEWSLETTER_STATUS_LABELS, type NewsletterStatus } from '@portal/domain/newsletter';
import { asUtc } from '@portal/domain/timestamps';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LabelledOptions, SelectField } from '../../../components/ui/field.tsx';
import { ListTable } from '../../../components/ui/list-table.tsx';
import { Pagination, SortHeader } from '../../../components/ui/pagination.tsx';
import { SearchBox } from '../../../components/ui/search-box.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { env } from '../../../config/env.ts';
import { downloadCsv } from '../../../lib/download.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useExportSubscribers } from '../api/export-subscribers.ts';
import { newsletterQueries } from '../api/newsletter-queries.ts';
import { useSendDigestTest } from '../api/send-digest-test.ts';

const STATUS_COLOR: Record<NewsletterStatus, 'green' | 'blue' | 'gray'> = {
  confirmed: 'green',
  pending: 'blue',
  unsubscribed: 'gray',
};

export default function NewsletterScreen() {
  const toast = useToast();
  const list = useListParams('-requested_at');
  const [status, setStatus] = useState<NewsletterStatus | ''>('');
  const params = { ...list.params, status };
  const query = useQuery(newsletterQueries.list(params));
  const counts = useQuery(newsletterQueries.counts());
  useErrorToast(query.error, 'Não foi possível carregar os inscritos');
  const exporting = useExportSubscribers();
  const digestTest = useSendDigestTest();
  const items = query.data?.items ?? [];

  async function onExport() {
    try {
      downloadCsv(await exporting.mutateAsync({ search: list.params.search, status }), 'inscritos-newsletter.csv');
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível exportar os inscritos'));
    }
  }
  async function onDigestTest() {
    try {
      toast.success((await digestTest.mutateAsync()).message);
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível enviar o teste'));
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Newsletter</h1>
        <div className="flex gap-2">
          <Button variant="outline" onClick={onDigestTest} disabled={digestTest.isPending}>
            Enviar teste para mim
          </Button>
          <Button onClick={onExport} disabled={exporting.isPending}>
            Exportar CSV
          </Button>
        </div>
      </div>
      <ul className="flex flex-wrap gap-4 text-sm" aria-label="Inscritos por situação">
        {NEWSLETTER_STATUSES.map((s) => (
          <li key={s}>
            {NEWSLETTER_STATUS_LABELS[s]}: <strong data-testid={`count-${s}`}>{counts.data?.[s] ?? '…'}</strong>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-end gap-4">
        <SearchBox label="Buscar inscritos" placeholder="Buscar por e-mail..." list={list} />
        <div className="w-56">
          <SelectField
            label="Situação"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as NewsletterStatus | '');
              list.setPage(1);
            }}
          >
            <option value="">Todas</option>
            <LabelledOptions values={NEWSLETTER_STATUSES} labels={NEWSLETTER_STATUS_LABELS} />
          </SelectField>
        </div>
      </div>
      <ListTable query={query} empty={items.length === 0} errorMessage="Não foi possível carregar os inscritos" emptyText="Nenhum inscrito encontrado">
        <thead className="bg-slate-50">
          <tr>
            <SortHeader label="E-mail" field="email" sort={list.params.sort} onSort={list.setSort} />
            <th scope="col" className="px-3 py-2 text-left">
              Situação
            </th>
            <SortHeader label="Pedido em" field="requested_at" sort={list.params.sort} onSort={list.setSort} />
            <SortHeader label="Confirmado em" field="confirmed_at" sort={list.params.sort} onSort={list.setSort} />
          </tr>
        </thead>
        <tbody>
          {items.map((s) => (
            <tr key={s.id} className="border-t">
              <td className="px-3 py-2 font-medium">{s.email}</td>
              <td className="px-3 py-2">
                <Badge color={STATUS_COLOR[s.status]}>{NEWSLETTER_STATUS_LABELS[s.status]}</Badge>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTimePtBR(asUtc(s.requested_at))}</td>
              <td className="px-3 py-2 whitespace-nowrap">{s.confirmed_at ? formatDateTimePtBR(asUtc(s.confirmed_at)) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <Pagination page={list.params.page} pageSize={env.pageSize} total={query.data?.total ?? 0} onPage={list.setPage} />
    </div>
  );
}
