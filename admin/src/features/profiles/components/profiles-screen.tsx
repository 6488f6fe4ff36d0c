/** "Gerenciar Perfis": staff list, new staff account, role/municipality edit, deactivation (super_admin). */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { ROLES, roleColor, roleLabel, type Role } from '@portal/domain/roles';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { Pagination, SortHeader } from '../../../components/ui/pagination.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { RowActions } from '../../../components/ui/row-actions.tsx';
import { SearchBox } from '../../../components/ui/search-box.tsx';
import { useConfirmAction } from '../../../lib/use-crud-dialogs.ts';
import { ListTable } from '../../../components/ui/list-table.tsx';
import { env } from '../../../config/env.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { staffInputSchema, useCreateStaff, type StaffInput } from '../api/create-staff.ts';
import { profilesQueries, type StaffRow } from '../api/profiles-queries.ts';
import { useResendInvite } from '../api/resend-invite.ts';
import { useSetStaffStatus } from '../api/set-staff-status.ts';
import { staffUpdateSchema, useUpdateStaff } from '../api/update-staff.ts';

type Option = { id: string; name: string };

function RoleAndMunicipality({ role, municipality, onRole, onMunicipality, municipalities }: { role: Role; municipality: string | null; onRole: (r: Role) => void; onMunicipality: (m: string | null) => void; municipalities: Option[] }) {
  return (
    <>
      <SelectField label="Papel" value={role} onChange={(e) => onRole(e.target.value as Role)}>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {roleLabel(r)}
          </option>
        ))}
      </SelectField>
      <SelectField label="Município" value={municipality ?? ''} onChange={(e) => onMunicipality(e.target.value || null)}>
        <option value="">Sem município</option>
        {municipalities.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </SelectField>
    </>
  );
}

function NewStaffDialog({ open, onClose, municipalities }: { open: boolean; onClose: () => void; municipalities: Option[] }) {
  const toast = useToast();
  const roleIds = useQuery(profilesQueries.roleIds());
  const create = useCreateStaff();
  const empty: StaffInput = { full_name: '', email: '', role: 'producer', municipality_id: null };
  const [values, setValues] = useState<StaffInput>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof StaffInput, string>>>({});
  useEffect(() => {
    if (open) {
      setValues(empty);
      setErrors({});
    }
    // Reset only when opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const set = <K extends keyof StaffInput>(k: K, v: StaffInput[K]) => setValues((s) => ({ ...s, [k]: v }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = staffInputSchema.safeParse(values);
    if (!parsed.success) {
      const out: Partial<Record<keyof StaffInput, string>> = {};
      for (const i of parsed.error.issues) out[i.path[0] as keyof StaffInput] ??= i.message;
      setErrors(out);
      return;
    }
    const roleId = roleIds.data?.[parsed.data.role];
    if (!roleId) {
      toast.error('Papel não encontrado no servidor');
      return;
    }
    try {
      await create.mutateAsync({ input: parsed.data, roleId });
      toast.success(`Convite enviado para ${parsed.data.email}`);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível criar o usuário'));
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title="Novo Membro da Equipe">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField label="Nome Completo" value={values.full_name} onChange={(e) => set('full_name', e.target.value)} error={errors.full_name} required />
        <TextField
          label="Email"
          type="email"
          value={values.email}
          onChange={(e) => set('email', e.target.value)}
          error={errors.email}
          required
          hint="Enviaremos um convite para este e-mail; o novo membro escolhe a própria senha."
        />
        <RoleAndMunicipality role={values.role} municipality={values.municipality_id} onRole={(r) => set('role', r)} onMunicipality={(m) => set('municipality_id', m)} municipalities={municipalities} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={create.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={create.isPending}>
            Enviar convite
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function EditStaffDialog({ staff, onClose, municipalities }: { staff: StaffRow | null; onClose: () => void; municipalities: Option[] }) {
  const toast = useToast();
  const update = useUpdateStaff();
  // Keyed by the staff member (see below), so the state starts from their current values.
  const [role, setRole] = useState<Role>(staff?.role ?? 'producer');
  const [municipality, setMunicipality] = useState<string | null>(staff?.municipality?.id ?? null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!staff) return;
    const parsed = staffUpdateSchema.safeParse({ role, municipality_id: municipality });
    if (!parsed.success) return;
    try {
      await update.mutateAsync({ profileId: staff.id, input: parsed.data });
      toast.success('Perfil atualizado com sucesso');
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível atualizar o perfil'));
    }
  }

  return (
    <Dialog open={!!staff} onClose={onClose} title="Editar Perfil">
      <form onSubmit={onSubmit} className="space-y-4">
        <p className="text-sm text-slate-600">
          {staff?.full_name ?? ''} — {staff?.email ?? ''}
        </p>
        <RoleAndMunicipality role={role} municipality={municipality} onRole={setRole} onMunicipality={setMunicipality} municipalities={municipalities} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={update.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={update.isPending}>
            Atualizar
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export default function ProfilesScreen({ municipalities, currentUserId }: { municipalities: Option[]; currentUserId: string }) {
  const list = useListParams('full_name');
  const query = useQuery(profilesQueries.list(list.params));
  useErrorToast(query.error, 'Não foi possível carregar os perfis');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<StaffRow | null>(null);
  const status = useSetStaffStatus();
  const toggling = useConfirmAction<StaffRow>({
    run: (p) => status.mutateAsync({ userId: p.user_id, active: p.status !== 'active' }),
    busy: status.isPending,
    success: (p) => (p.status !== 'active' ? 'Usuário reativado com sucesso' : 'Usuário desativado com sucesso'),
    failure: (_p, err) => errorMessage(err, 'Não foi possível alterar o status do usuário'),
  });
  const deactivating = toggling.target?.status === 'active';
  const toast = useToast();
  const roleIds = useQuery(profilesQueries.roleIds());
  const resend = useResendInvite();
  // Imported staff (issue #27) get their first invitation from here; once sent in this visit, it is a resend.
  const [sentTo, setSentTo] = useState<ReadonlySet<string>>(new Set());
  const firstInvite = (p: StaffRow) => p.imported && !sentTo.has(p.user_id);
  async function onResend(p: StaffRow) {
    const first = firstInvite(p);
    const roleId = p.role ? roleIds.data?.[p.role] : undefined;
    if (!p.email || !roleId) {
      toast.error(`Não foi possível ${first ? 'enviar' : 'reenviar'} o convite: papel ou e-mail não encontrado`);
      return;
    }
    try {
      await resend.mutateAsync({ email: p.email, roleId });
      setSentTo((s) => new Set(s).add(p.user_id));
      toast.success(`Convite ${first ? 'enviado' : 'reenviado'} para ${p.email}`);
    } catch (err) {
      toast.error(errorMessage(err, `Não foi possível ${first ? 'enviar' : 'reenviar'} o convite`));
    }
  }

  const items = query.data?.items ?? [];
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">Gerenciar Perfis</h1>
        <Button onClick={() => setCreating(true)}>Novo Membro</Button>
      </div>
      <SearchBox label="Buscar perfis" placeholder="Buscar por nome ou email..." list={list} />
      <ListTable query={query} empty={items.length === 0} errorMessage="Não foi possível carregar os perfis" emptyText="Nenhum perfil encontrado">
        <thead className="bg-slate-50">
          <tr>
            <SortHeader label="Nome" field="full_name" sort={list.params.sort} onSort={list.setSort} />
            <SortHeader label="Email" field="email" sort={list.params.sort} onSort={list.setSort} />
            <SortHeader label="Papel" field="role" sort={list.params.sort} onSort={list.setSort} />
            <th scope="col" className="px-3 py-2 text-left">Município</th>
            <th scope="col" className="px-3 py-2 text-left">Situação</th>
            <th scope="col" className="px-3 py-2 text-left">Ações</th>
          </tr>
        </thead>
        <tbody>
          {items.map((p) => (
            <tr key={p.id} className="border-t">
              <td className="px-3 py-2 font-medium">{p.full_name ?? '—'}</td>
              <td className="px-3 py-2">{p.email ?? '—'}</td>
              <td className="px-3 py-2">
                <Badge color={roleColor(p.role)}>{roleLabel(p.role)}</Badge>
              </td>
              <td className="px-3 py-2">{p.municipality?.name ?? '—'}</td>
              <td className="px-3 py-2">
                <Badge color={p.status === 'active' ? 'green' : p.status === 'invited' ? 'blue' : 'gray'}>
                  {p.status === 'active' ? 'Ativo' : p.status === 'invited' ? 'Convite pendente' : 'Desativado'}
                </Badge>
              </td>
              <td className="px-3 py-2">
                <RowActions label={p.full_name ?? p.email ?? ''} onEdit={() => setEditing(p)}>
                  {p.user_id !== currentUserId &&
                    (p.status === 'invited' ? (
                      // Not accepted yet: send the invitation (again; activating it would skip choosing a password).
                      <Button
                        variant="outline"
                        aria-label={`${firstInvite(p) ? 'Enviar' : 'Reenviar'} convite para ${p.full_name ?? p.email ?? ''}`}
                        disabled={resend.isPending}
                        onClick={() => void onResend(p)}
                      >
                        {firstInvite(p) ? 'Enviar convite' : 'Reenviar convite'}
                      </Button>
                    ) : (
                      <Button
                        variant={p.status === 'active' ? 'destructive' : 'outline'}
                        aria-label={`${p.status === 'active' ? 'Desativar' : 'Reativar'} ${p.full_name ?? p.email ?? ''}`}
                        onClick={() => toggling.ask(p)}
                      >
                        {p.status === 'active' ? 'Desativar' : 'Reativar'}
                      </Button>
                    ))}
                </RowActions>
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <Pagination page={list.params.page} pageSize={env.pageSize} total={query.data?.total ?? 0} onPage={list.setPage} />
      <NewStaffDialog open={creating} onClose={() => setCreating(false)} municipalities={municipalities} />
      <EditStaffDialog key={editing?.id ?? 'none'} staff={editing} onClose={() => setEditing(null)} municipalities={municipalities} />
      <ConfirmDialog
        {...toggling.dialog}
        title={deactivating ? 'Desativar usuário' : 'Reativar usuário'}
        description={deactivating ? 'Tem certeza que deseja desativar este usuário? Ele não poderá mais entrar no sistema.' : 'Tem certeza que deseja reativar este usuário?'}
        confirmLabel={deactivating ? 'Desativar' : 'Reativar'}
      />
    </div>
  );
}
