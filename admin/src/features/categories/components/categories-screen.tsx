/** Categories: list, create/edit dialog, delete with the spec's confirmation and error messages. */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { categorySlug } from '@portal/domain/slug';
import type { Category } from '@portal/domain/schema';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../../components/ui/dialog.tsx';
import { TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { RowActions } from '../../../components/ui/row-actions.tsx';
import { ListTable } from '../../../components/ui/list-table.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useConfirmAction, useFormDialog } from '../../../lib/use-crud-dialogs.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { categoriesQueries } from '../api/categories-queries.ts';
import { categoryInputSchema, useCreateCategory, type CategoryInput } from '../api/create-category.ts';
import { useDeleteCategory } from '../api/delete-category.ts';
import { useUpdateCategory } from '../api/update-category.ts';

function CategoryFormDialog({ open, category, onClose }: { open: boolean; category: Category | null; onClose: () => void }) {
  const toast = useToast();
  const [values, setValues] = useState<CategoryInput>({ name: '', description: '' });
  const [error, setError] = useState<string>();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const busy = create.isPending || update.isPending;
  useEffect(() => {
    if (open) {
      setValues({ name: category?.name ?? '', description: category?.description ?? '' });
      setError(undefined);
    }
  }, [open, category]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = categoryInputSchema.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      if (category) await update.mutateAsync({ id: category.id, input: parsed.data });
      else await create.mutateAsync(parsed.data);
      toast.success(category ? 'Categoria atualizada com sucesso' : 'Categoria criada com sucesso');
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível salvar a categoria'));
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={category ? 'Editar Categoria' : 'Nova Categoria'}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Nome"
          value={values.name}
          onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
          error={error}
          required
          hint={values.name ? `Slug: ${categorySlug(values.name)}` : undefined}
        />
        <TextAreaField label="Descrição" rows={3} value={values.description} onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" disabled={busy}>
            {category ? 'Atualizar' : 'Criar'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function CategoriesScreen() {
  const query = useQuery(categoriesQueries.list());
  useErrorToast(query.error, 'Não foi possível carregar as categorias');
  const form = useFormDialog<Category>();
  const remove = useDeleteCategory();
  const deletion = useConfirmAction<Category>({
    run: (c) => remove.mutateAsync(c.id),
    busy: remove.isPending,
    success: () => 'Categoria excluída com sucesso',
    failure: (_c, err) => errorMessage(err, 'Não foi possível excluir a categoria'),
  });

  const items = query.data ?? [];
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">Gerenciar Categorias</h1>
        <Button onClick={form.create}>Nova Categoria</Button>
      </div>
      <ListTable query={query} empty={items.length === 0} errorMessage="Não foi possível carregar as categorias" emptyText="Nenhuma categoria cadastrada">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="px-3 py-2 text-left">Nome</th>
            <th scope="col" className="px-3 py-2 text-left">Slug</th>
            <th scope="col" className="px-3 py-2 text-left">Descrição</th>
            <th scope="col" className="px-3 py-2 text-left">Ações</th>
          </tr>
        </thead>
        <tbody>
          {items.map((c) => (
            <tr key={c.id} className="border-t">
              <td className="px-3 py-2 font-medium">{c.name}</td>
              <td className="px-3 py-2 text-slate-600">{c.slug}</td>
              <td className="px-3 py-2 text-slate-600">{c.description ?? ''}</td>
              <td className="px-3 py-2">
                <RowActions label={c.name} onEdit={() => form.edit(c)} onDelete={() => deletion.ask(c)} />
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <CategoryFormDialog open={form.open} category={form.editing} onClose={form.close} />
      <ConfirmDialog {...deletion.dialog} description="Tem certeza que deseja excluir esta categoria? Esta ação não pode ser desfeita." />
    </div>
  );
}
