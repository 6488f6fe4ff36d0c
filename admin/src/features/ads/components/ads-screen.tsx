/** "Gerenciar Publicidade": searchable, type-filtered, paged list with a status switch; the form swaps in. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AD_POSITION_LABELS, AD_STATUS_LABELS, adPlace, adPreview, adStatus, type AdStatus } from '@portal/domain/ads';
import { relativeTimePtBR } from '@portal/domain/dates';
import type { Ad } from '@portal/domain/schema';
import { asUtc } from '@portal/domain/timestamps';
import { Badge, type BadgeColor } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Switch } from '../../../components/ui/field.tsx';
import { Pagination, SortHeader } from '../../../components/ui/pagination.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { RowActions } from '../../../components/ui/row-actions.tsx';
import { SearchBox } from '../../../components/ui/search-box.tsx';
import { useConfirmAction } from '../../../lib/use-crud-dialogs.ts';
import { ListTable } from '../../../components/ui/list-table.tsx';
import { env } from '../../../config/env.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { adsQueries } from '../api/ads-queries.ts';
import { useDeleteAd } from '../api/delete-ad.ts';
import { useToggleAd } from '../api/toggle-ad.ts';
import { AD_TYPE_LABELS, AdForm } from './ad-form.tsx';

const TYPE_FILTERS = ['banner', 'sidebar', 'popup', 'inline'] as const;
const STATUS_COLORS: Record<AdStatus, BadgeColor> = { active: 'green', inactive: 'gray', scheduled: 'blue', expired: 'red' };

export function AdsScreen() {
  const toast = useToast();
  const list = useListParams('-created_at');
  const [type, setType] = useState('');
  const query = useQuery(adsQueries.list({ ...list.params, type }));
  useErrorToast(query.error, 'Não foi possível carregar os anúncios.');
  const [form, setForm] = useState<{ ad: Ad | null } | null>(null);
  const toggle = useToggleAd();
  const remove = useDeleteAd();
  const deletion = useConfirmAction<Ad>({
    run: (ad) => remove.mutateAsync(ad.id),
    busy: remove.isPending,
    success: () => 'Anúncio excluído com sucesso!',
    failure: () => 'Não foi possível excluir o anúncio.',
  });

  async function onToggle(ad: Ad, active: boolean) {
    try {
      await toggle.mutateAsync({ id: ad.id, is_active: active });
      toast.success(`Anúncio ${active ? 'ativado' : 'desativado'} com sucesso!`);
    } catch {
      toast.error('Não foi possível alterar o status do anúncio.');
    }
  }


  if (form) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold">Gerenciar Publicidade</h1>
        <AdForm ad={form.ad} onDone={() => setForm(null)} />
      </div>
    );
  }

  const items = query.data?.items ?? [];
  // The switch is the flag; the badge is what readers get now: Agendado/Expirado from the window (decision 055).
  const now = new Date();
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">Gerenciar Publicidade</h1>
        <Button onClick={() => setForm({ ad: null })}>Novo Anúncio</Button>
      </div>
      <div className="flex flex-wrap gap-2">
        <SearchBox label="Buscar anúncios" placeholder="Buscar anúncios..." list={list} />
        <select aria-label="Filtrar por tipo" value={type} onChange={(e) => { setType(e.target.value); list.setPage(1); }} className="rounded-md border border-slate-300 px-3 py-2 text-sm">
          <option value="">Todos os tipos</option>
          {TYPE_FILTERS.map((t) => (
            <option key={t} value={t}>
              {AD_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <ListTable query={query} empty={items.length === 0} errorMessage="Não foi possível carregar os anúncios." emptyText="Nenhum anúncio encontrado">
        <thead className="bg-slate-50">
          <tr>
            <SortHeader label="Título" field="title" sort={list.params.sort} onSort={list.setSort} />
            <th scope="col" className="px-3 py-2 text-left">Tipo</th>
            <th scope="col" className="px-3 py-2 text-left">Posição</th>
            <th scope="col" className="px-3 py-2 text-left">Status</th>
            <SortHeader label="Criado" field="created_at" sort={list.params.sort} onSort={list.setSort} />
            <th scope="col" className="px-3 py-2 text-left">Ações</th>
          </tr>
        </thead>
        <tbody>
          {items.map((ad) => (
            <tr key={ad.id} className="border-t align-top">
              <td className="max-w-sm px-3 py-2">
                <p className="font-medium">{ad.title}</p>
                <p className="text-xs text-slate-600">{adPreview(ad.content)}</p>
              </td>
              <td className="px-3 py-2">{AD_TYPE_LABELS[ad.ad_type] ?? ad.ad_type}</td>
              <td className="px-3 py-2">
                {AD_POSITION_LABELS[ad.position] ?? ad.position}
                {!adPlace(ad.ad_type, ad.position) && <p className="text-xs text-red-700">Não aparece no site</p>}
              </td>
              <td className="px-3 py-2">
                <div className="flex items-center gap-2">
                  <Switch checked={ad.is_active} label={`Status de ${ad.title}`} disabled={toggle.isPending} onChange={(v) => void onToggle(ad, v)} />
                  <Badge color={STATUS_COLORS[adStatus(ad, now)]}>{AD_STATUS_LABELS[adStatus(ad, now)]}</Badge>
                </div>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{relativeTimePtBR(asUtc(ad.created_at))}</td>
              <td className="px-3 py-2">
                <RowActions label={ad.title} onEdit={() => setForm({ ad })} onDelete={() => deletion.ask(ad)} />
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <Pagination page={list.params.page} pageSize={env.pageSize} total={query.data?.total ?? 0} onPage={list.setPage} />
      <ConfirmDialog {...deletion.dialog} description="Tem certeza que deseja excluir este anúncio? Esta ação não pode ser desfeita." />
    </div>
  );
}
