/** Modal dialog and confirmation, without a library: labelled, Escape closes, focus moves inside. */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button.tsx';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

type DialogProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  description?: string;
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md' | 'lg';
};

export function Dialog({ open, title, onClose, children, description, role = 'dialog', size = 'md' }: DialogProps) {
  const titleId = useId();
  const descId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const el = panel.current?.querySelector<HTMLElement>('input:not([disabled]), textarea, select, button:not([aria-label="Fechar"])');
    el?.focus();
    const onKey = (e: KeyboardEvent) => {
      // A modal open inside this one (the crop dialog over the news form) handles the keys itself.
      if (panel.current?.querySelector('[aria-modal="true"]')) return;
      if (e.key === 'Escape') onClose();
      // Keep Tab inside the dialog (modal focus trap).
      if (e.key === 'Tab' && panel.current) {
        const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute('disabled'));
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) return;
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
    // Focus only when opening; onClose identity may change on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  if (!open) return null;
  const width = size === 'sm' ? 'max-w-md' : size === 'lg' ? 'max-w-3xl' : 'max-w-xl';
  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-black/50 p-4">
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descId : undefined}
        className={`mt-8 w-full ${width} rounded-lg bg-white p-6 shadow-xl`}
      >
        <div className="mb-4 flex items-start justify-between">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button type="button" aria-label="Fechar" onClick={onClose} className="text-slate-500 hover:text-slate-900">
            ×
          </button>
        </div>
        {description && (
          <p id={descId} className="mb-4 text-sm text-slate-600">
            {description}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}

type ConfirmProps = {
  open: boolean;
  title?: string;
  description: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog({ open, title = 'Confirmar exclusão', description, confirmLabel = 'Excluir', busy, onConfirm, onCancel }: ConfirmProps) {
  return (
    <Dialog open={open} title={title} description={description} onClose={onCancel} role="alertdialog" size="sm">
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
