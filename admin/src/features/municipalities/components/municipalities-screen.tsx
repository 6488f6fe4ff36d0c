/** "Gerenciar Municípios": paged table, create/edit dialog with name→slug, protected rows. */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { formatDatePtBR } from '@portal/domain/dates';
import { isProtectedMunicipality } from '@portal/domain/municipalities';
import type { Municipality } from '@portal/domain/schema';
import { municipalitySlug } from '@portal/domain/slug';
import { asUtc } from '@portal/domain/timestamps';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Pagination, SortHeader } from '../../../components/ui/pagination.tsx';
import { LoadingText } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { RowActions } from '../../../components/ui/row-actions.tsx';
import { SearchBox } from '../../../components/ui/search-box.tsx';
import { useConfirmAction, useFormDialog } from '../../../lib/use-crud-dialogs.ts';
import { ListTable } from '../../../components/ui/list-table.tsx';
import { env } from '../../../config/env.ts';
import { errorReason } from '../../../lib/errors.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { municipalityInputSchema, useCreateMunicipality } from '../api/create-municipality.ts';
import { useDeleteMunicipality } from '../api/delete-municipality.ts';
import { municipalitiesQueries } from '../api/municipalities-queries.ts';
import { useUpdateMunicipality } from '../api/update-municipality.ts';

function MunicipalityFormDialog({ open, municipality, onClose }: { open: boolean; municipality: Municipality | null; onClose: () => void }) {
  const toast = useToast();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [errors, setErrors] = useState<{ name?: string; slug?: string }>({});
  const create = useCreateMunicipality();
  const update = useUpdateMunicipality();
  const busy = create.isPending || update.isPending;
  useEffect(() => {
    if (open) {
      setName(municipality?.name ?? '');
      setSlug(municipality?.slug ?? '');
      setErrors({});
    }
  }, [open, municipality]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = municipalityInputSchema.safeParse({ name, slug });
    if (!parsed.success) {
      const out: { name?: string; slug?: string } = {};
      for (const i of parsed.error.issues) out[i.path[0] as 'name' | 'slug'] ??= i.message;
      setErrors(out);
      return;
    }
    try {
      if (municipality) {
        await update.mutateAsync({ id: municipality.id, input: parsed.data });
        toast.success('Município atualizado com sucesso!');
      } else {
        await create.mutateAsync(parsed.data);
        toast.success('Município criado com sucesso!');
      }
      onClose();
    } catch (err) {
      toast.error(`${municipality ? 'Erro ao atualizar município' : 'Erro ao criar município'}: ${errorReason(err)}`);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={municipality ? 'Editar Município' : 'Novo Município'} size="sm">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Nome"
          value={name}
          onChange={(e) => {
            // Editing the name regenerates the slug, overwriting a hand-edited one (spec section 5).
            setName(e.target.value);
            setSlug(municipalitySlug(e.target.value));
          }}
          error={errors.name}
          required
        />
        <TextField label="Slug" value={slug} onChange={(e) => setSlug(e.target.value)} error={errors.slug} required />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" disabled={busy}>
            {municipality ? 'Atualizar' : 'Criar'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function MunicipalitiesScreen() {
  const list = useListParams('name');
  const query = useQuery(municipalitiesQueries.list(list.params));
  const form = useFormDialog<Municipality>();
  const remove = useDeleteMunicipality();
  const deletion = useConfirmAction<Municipality>({
    run: (m) => remove.mutateAsync(m.id),
    busy: remove.isPending,
    success: () => 'Município excluído com sucesso!',
    failure: (_m, err) => `Erro ao excluir município: ${errorReason(err)}`,
  });

  const items = query.data?.items ?? [];
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">Gerenciar Municípios</h1>
        <Button onClick={form.create}>Novo Município</Button>
      </div>
      <SearchBox label="Buscar municípios" placeholder="Buscar municípios..." list={list} />
      <ListTable query={query} empty={items.length === 0} errorMessage={`Erro ao carregar municípios: ${errorReason(query.error)}`} emptyText="Nenhum município encontrado" loading={<LoadingText />}>
        <thead className="bg-slate-50">
          <tr>
            <SortHeader label="Nome" field="name" sort={list.params.sort} onSort={list.setSort} />
            <SortHeader label="Slug" field="slug" sort={list.params.sort} onSort={list.setSort} />
            <SortHeader label="Criado em" field="created_at" sort={list.params.sort} onSort={list.setSort} />
            <th scope="col" className="px-3 py-2 text-left">Ações</th>
          </tr>
        </thead>
        <tbody>
          {items.map((m) => {
            const locked = isProtectedMunicipality(m.name);
            return (
              <tr key={m.id} className="border-t">
                <td className="px-3 py-2 font-medium">
                  {m.name} {locked && <Badge color="blue">Sistema</Badge>}
                </td>
                <td className="px-3 py-2 text-slate-600">{m.slug}</td>
                <td className="px-3 py-2">{m.created_at ? formatDatePtBR(asUtc(m.created_at)) : '—'}</td>
                <td className="px-3 py-2">
                  <RowActions label={m.name} onEdit={() => form.edit(m)} onDelete={locked ? undefined : () => deletion.ask(m)} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </ListTable>
      <Pagination page={list.params.page} pageSize={env.pageSize} total={query.data?.total ?? 0} onPage={list.setPage} />
      <MunicipalityFormDialog open={form.open} municipality={form.editing} onClose={form.close} />
      <ConfirmDialog {...deletion.dialog} description="Tem certeza que deseja excluir este município?" />
    </div>
  );
}
