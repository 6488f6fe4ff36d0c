/** "Gerenciar Eventos": what the public "Eventos do Mês" shows (title, date, place, image, link, active). */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { formatDateTimePtBR } from '@portal/domain/dates';
import type { PortalEvent } from '@portal/domain/schema';
import { asUtc } from '@portal/domain/timestamps';
import { ImageUploadDialog, NEWS_IMAGE_UPLOAD } from '../../../components/image-upload-dialog.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../../components/ui/dialog.tsx';
import { CheckboxField, TextField } from '../../../components/ui/field.tsx';
import { Pagination, SortHeader } from '../../../components/ui/pagination.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { RowActions } from '../../../components/ui/row-actions.tsx';
import { SearchBox } from '../../../components/ui/search-box.tsx';
import { ListTable } from '../../../components/ui/list-table.tsx';
import { env } from '../../../config/env.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useConfirmAction, useFormDialog } from '../../../lib/use-crud-dialogs.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { fromLocalInput, toLocalInput } from '../../../lib/datetime-input.ts';
import { eventInputSchema, useCreateEvent, type EventInput } from '../api/create-event.ts';
import { useDeleteEvent } from '../api/delete-event.ts';
import { eventsQueries } from '../api/events-queries.ts';
import { useUpdateEvent } from '../api/update-event.ts';

const EMPTY: EventInput = { title: '', event_date: '', location: '', image_url: '', url: '', is_active: true };

function EventFormDialog({ open, event, onClose }: { open: boolean; event: PortalEvent | null; onClose: () => void }) {
  const toast = useToast();
  const [values, setValues] = useState<EventInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof EventInput, string>>>({});
  const [uploading, setUploading] = useState(false);
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const busy = create.isPending || update.isPending;
  useEffect(() => {
    if (!open) return;
    setErrors({});
    setValues(
      event
        ? { title: event.title, event_date: event.event_date, location: event.location ?? '', image_url: event.image_url ?? '', url: event.url ?? '', is_active: event.is_active }
        : EMPTY,
    );
  }, [open, event]);
  const set = <K extends keyof EventInput>(k: K, v: EventInput[K]) => setValues((s) => ({ ...s, [k]: v }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = eventInputSchema.safeParse(values);
    if (!parsed.success) {
      const out: Partial<Record<keyof EventInput, string>> = {};
      for (const i of parsed.error.issues) out[i.path[0] as keyof EventInput] ??= i.message;
      setErrors(out);
      return;
    }
    try {
      if (event) await update.mutateAsync({ id: event.id, input: parsed.data });
      else await create.mutateAsync(parsed.data);
      toast.success(event ? 'Evento atualizado com sucesso' : 'Evento criado com sucesso');
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível salvar o evento'));
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={event ? 'Editar Evento' : 'Novo Evento'}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField label="Título" value={values.title} onChange={(e) => set('title', e.target.value)} error={errors.title} required />
        <TextField
          label="Data do evento"
          type="datetime-local"
          value={toLocalInput(asUtc(values.event_date))}
          onChange={(e) => set('event_date', fromLocalInput(e.target.value) ?? '')}
          error={errors.event_date}
          required
        />
        <TextField label="Local" value={values.location} onChange={(e) => set('location', e.target.value)} />
        <div className="space-y-2">
          <TextField label="Imagem (URL)" value={values.image_url} onChange={(e) => set('image_url', e.target.value)} error={errors.image_url} />
          <Button variant="outline" onClick={() => setUploading(true)}>
            Enviar imagem
          </Button>
        </div>
        <TextField label="Link do evento" type="url" placeholder="https://" value={values.url} onChange={(e) => set('url', e.target.value)} error={errors.url} />
        <CheckboxField label="Ativo" checked={values.is_active} onChange={(e) => set('is_active', e.target.checked)} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" disabled={busy}>
            {event ? 'Atualizar' : 'Criar'}
          </Button>
        </div>
      </form>
      <ImageUploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onUploaded={(url) => set('image_url', url)}
        {...NEWS_IMAGE_UPLOAD}
      />
    </Dialog>
  );
}

export default function EventsScreen() {
  const list = useListParams('-event_date');
  const query = useQuery(eventsQueries.list(list.params));
  useErrorToast(query.error, 'Não foi possível carregar os eventos');
  const form = useFormDialog<PortalEvent>();
  const remove = useDeleteEvent();
  const deletion = useConfirmAction<PortalEvent>({
    run: (ev) => remove.mutateAsync(ev.id),
    busy: remove.isPending,
    success: () => 'Evento excluído com sucesso',
    failure: (_ev, err) => errorMessage(err, 'Não foi possível excluir o evento'),
  });

  const items = query.data?.items ?? [];
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">Gerenciar Eventos</h1>
        <Button onClick={form.create}>Novo Evento</Button>
      </div>
      <SearchBox label="Buscar eventos" placeholder="Buscar eventos..." list={list} />
      <ListTable query={query} empty={items.length === 0} errorMessage="Não foi possível carregar os eventos" emptyText="Nenhum evento cadastrado">
        <thead className="bg-slate-50">
          <tr>
            <SortHeader label="Título" field="title" sort={list.params.sort} onSort={list.setSort} />
            <SortHeader label="Data" field="event_date" sort={list.params.sort} onSort={list.setSort} />
            <th scope="col" className="px-3 py-2 text-left">Local</th>
            <th scope="col" className="px-3 py-2 text-left">Status</th>
            <th scope="col" className="px-3 py-2 text-left">Ações</th>
          </tr>
        </thead>
        <tbody>
          {items.map((ev) => (
            <tr key={ev.id} className="border-t">
              <td className="px-3 py-2 font-medium">{ev.title}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTimePtBR(asUtc(ev.event_date))}</td>
              <td className="px-3 py-2">{ev.location ?? '—'}</td>
              <td className="px-3 py-2">
                <Badge color={ev.is_active ? 'green' : 'gray'}>{ev.is_active ? 'Ativo' : 'Inativo'}</Badge>
              </td>
              <td className="px-3 py-2">
                <RowActions label={ev.title} onEdit={() => form.edit(ev)} onDelete={() => deletion.ask(ev)} />
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <Pagination page={list.params.page} pageSize={env.pageSize} total={query.data?.total ?? 0} onPage={list.setPage} />
      <EventFormDialog open={form.open} event={form.editing} onClose={form.close} />
      <ConfirmDialog {...deletion.dialog} description="Tem certeza que deseja excluir este evento? Esta ação não pode ser desfeita." />
    </div>
  );
}
