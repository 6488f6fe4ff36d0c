/**
 * Modal dialog and confirmation, without a library: labelled, Escape closes,
 * focus moves inside. On a phone (below 640 px) a dialog takes the whole
 * screen and scrolls on its own; toasts raised while it is open show at its
 * top (decision 042).
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { ToastViewport } from './toast.tsx';

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
    const el = panel.current?.querySelector<HTMLElement>('input:not([disabled]), textarea, select, button:not([aria-label^="Fechar"])');
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
  const width = size === 'sm' ? 'sm:max-w-md' : size === 'lg' ? 'sm:max-w-3xl' : 'sm:max-w-xl';
  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto overscroll-contain bg-black/50 sm:p-4">
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descId : undefined}
        className={`min-h-full w-full ${width} bg-white p-4 shadow-xl sm:mt-8 sm:min-h-0 sm:rounded-lg sm:p-6`}
      >
        <ToastViewport className="-mx-1 mb-3" />
        <div className="mb-4 flex items-start justify-between gap-2">
          <h2 id={titleId} className="pt-2 text-lg font-semibold sm:pt-0">
            {title}
          </h2>
          <button
            type="button"
            aria-label="Fechar"
            onClick={onClose}
            className="-mt-1 -mr-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-xl text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:h-8 sm:w-8"
          >
            <span aria-hidden="true">×</span>
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
