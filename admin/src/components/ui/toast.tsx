/**
 * A tiny toast system: title ("Erro" / "Sucesso" unless the spec says
 * otherwise) and a message, announced to screen readers, gone after 5 s.
 *
 * Toasts never cover a button (issue #34, decision 042): they are shown in a
 * lane that takes its own room in the page, at the top of the surface the
 * user is on: under the admin header (a `<ToastViewport />` the layout
 * places), or at the top of the open dialog. Only the innermost lane shows
 * them. Screens without a lane of their own get one at the top of the page.
 */
import { createContext, useCallback, useContext, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';

type ToastInput = { title: string; description?: string; variant?: 'default' | 'destructive' };
type ToastItem = ToastInput & { id: number };
type ToastApi = {
  toast: (t: ToastInput) => void;
  success: (description: string) => void;
  error: (description: string) => void;
};
type Lanes = { items: ToastItem[]; dismiss: (id: number) => void; top: string | null; register: (id: string) => () => void };

const ToastContext = createContext<ToastApi | null>(null);
const LaneContext = createContext<Lanes | null>(null);

/** At most this many at once: a lane that takes room must stay short on a phone. */
const MAX_VISIBLE = 3;

export function ToastProvider({ children, duration = 5000 }: { children: ReactNode; duration?: number }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const [lanes, setLanes] = useState<string[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setItems((list) => list.filter((t) => t.id !== id)), []);
  const toast = useCallback(
    (t: ToastInput) => {
      const id = next.current++;
      setItems((list) => [...list.slice(-(MAX_VISIBLE - 1)), { ...t, id }]);
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
  const register = useCallback((id: string) => {
    setLanes((l) => [...l, id]);
    return () => setLanes((l) => l.filter((x) => x !== id));
  }, []);
  const lanesValue = useMemo<Lanes>(() => ({ items, dismiss, top: lanes.at(-1) ?? null, register }), [items, dismiss, lanes, register]);
  return (
    <ToastContext.Provider value={api}>
      <LaneContext.Provider value={lanesValue}>
        {/* No lane on this screen (sign-in, /dashboard): the top of the page, in the flow. */}
        {lanesValue.top === null && <ToastList items={items} dismiss={dismiss} className="sticky top-0 z-[100] px-4 pt-2" />}
        {children}
      </LaneContext.Provider>
    </ToastContext.Provider>
  );
}

/** Where this surface shows its toasts: in the flow, so they push content down instead of covering it. */
export function ToastViewport({ className = '' }: { className?: string }) {
  const id = useId();
  const lanes = useContext(LaneContext);
  const register = lanes?.register;
  useLayoutEffect(() => register?.(id), [register, id]);
  if (!lanes || lanes.top !== id) return null;
  return <ToastList items={lanes.items} dismiss={lanes.dismiss} className={className} />;
}

function ToastList({ items, dismiss, className }: { items: ToastItem[]; dismiss: (id: number) => void; className: string }) {
  // The region stays while empty so screen readers already watch it when a toast arrives.
  return (
    <div aria-label="Notificações" role="region" className={`flex flex-col gap-2 ${items.length ? className : ''}`}>
      {items.map((t) => (
        <div
          key={t.id}
          role={t.variant === 'destructive' ? 'alert' : 'status'}
          className={`mx-auto w-full max-w-xl rounded-md border px-3 py-2 shadow-sm ${
            t.variant === 'destructive' ? 'border-red-300 bg-red-50 text-red-900' : 'border-green-300 bg-green-50 text-slate-900'
          }`}
        >
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="text-sm font-semibold">{t.title}</p>
              {t.description && <p className="text-sm break-words">{t.description}</p>}
            </div>
            <button
              type="button"
              aria-label="Fechar notificação"
              className="-my-1 -mr-2 flex h-11 w-11 shrink-0 items-center justify-center rounded text-slate-600 hover:bg-black/5 sm:h-8 sm:w-8"
              onClick={() => dismiss(t.id)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast deve ser usado dentro de ToastProvider');
  return ctx;
}
