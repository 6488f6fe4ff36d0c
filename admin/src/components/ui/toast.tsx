/**
 * A tiny toast system: title ("Erro" / "Sucesso" unless the spec says
 * otherwise) and a message, announced to screen readers, gone after 5 s.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

type ToastInput = { title: string; description?: string; variant?: 'default' | 'destructive' };
type ToastItem = ToastInput & { id: number };
type ToastApi = {
  toast: (t: ToastInput) => void;
  success: (description: string) => void;
  error: (description: string) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children, duration = 5000 }: { children: ReactNode; duration?: number }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setItems((list) => list.filter((t) => t.id !== id)), []);
  const toast = useCallback(
    (t: ToastInput) => {
      const id = next.current++;
      setItems((list) => [...list.slice(-3), { ...t, id }]);
      window.setTimeout(() => dismiss(id), duration);
    },
    [dismiss, duration],
  );
  const api = useMemo<ToastApi>(
    () => ({
      toast,
      success: (description) => toast({ title: 'Sucesso', description }),
      error: (description) => toast({ title: 'Erro', description, variant: 'destructive' }),
    }),
    [toast],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div aria-label="Notificações" role="region" className="pointer-events-none fixed right-4 bottom-4 z-[100] flex w-80 flex-col gap-2">
        {items.map((t) => (
          <div
            key={t.id}
            role={t.variant === 'destructive' ? 'alert' : 'status'}
            className={`pointer-events-auto rounded-md border p-3 shadow-lg ${
              t.variant === 'destructive' ? 'border-red-300 bg-red-50 text-red-900' : 'border-slate-200 bg-white text-slate-900'
            }`}
          >
            <div className="flex items-start justify-between gap-2">
              <div>
                <p className="text-sm font-semibold">{t.title}</p>
                {t.description && <p className="text-sm">{t.description}</p>}
              </div>
              <button type="button" aria-label="Fechar notificação" className="text-slate-500" onClick={() => dismiss(t.id)}>
                ×
              </button>
            </div>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast deve ser usado dentro de ToastProvider');
  return ctx;
}
