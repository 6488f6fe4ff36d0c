/**
 * "Enviar alerta" (issue #29): asks first, saying how many readers will get it
 * and how many alerts may still go this hour, then sends; the server's answer
 * (or its refusal, in pt-BR) comes back as a toast.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { alertsQueries, type Audience } from '../api/alerts-queries.ts';
import { useSendAlert, type AlertTarget } from '../api/send-alert.ts';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;

/** What the confirmation says. @example audienceText({ subscribers: 1200, perHour: 3, left: 2 }) */
export function audienceText(a: Audience): string {
  if (!a.subscribers) return 'Ainda não há leitores inscritos para receber alertas.';
  const who = `O alerta vai para ${plural(a.subscribers, 'leitor inscrito', 'leitores inscritos')}.`;
  return a.left ? `${who} Restam ${plural(a.left, 'alerta', 'alertas')} de ${a.perHour} nesta hora.` : `${who} O limite de ${a.perHour} alertas nesta hora foi atingido.`;
}

export function SendAlertButton({ target, label = 'Enviar alerta' }: { target: AlertTarget; label?: string }) {
  const [open, setOpen] = useState(false);
  const audience = useQuery({ ...alertsQueries.audience(), enabled: open });
  const send = useSendAlert();
  const toast = useToast();
  const ready = audience.data && audience.data.subscribers > 0 && audience.data.left > 0;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} title="Enviar alerta aos leitores" onClose={() => setOpen(false)} role="alertdialog" size="sm">
        <p className="text-sm text-gray-700" role="status">
          {audience.isPending ? 'Contando os inscritos…' : audience.isError ? errorMessage(audience.error, 'Não foi possível contar os inscritos') : audienceText(audience.data)}
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)} disabled={send.isPending}>
            Cancelar
          </Button>
          <Button
            onClick={() => {
              send.mutate(target, {
                onSuccess: (r) => {
                  toast.success(r.message);
                  setOpen(false);
                },
                onError: (e) => toast.error(errorMessage(e, 'Não foi possível enviar o alerta')),
              });
            }}
            disabled={!ready || send.isPending}
          >
            Enviar alerta
          </Button>
        </div>
      </Dialog>
    </>
  );
}
