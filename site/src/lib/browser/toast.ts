/**
 * Toasts (spec section 8): title "Erro" for errors, "Sucesso" otherwise, in
 * an ARIA live region. Dependency-free so any island or script can raise one.
 */
export type ToastVariant = 'error' | 'success' | 'info';

const REGION_ID = 'toast-region';
const DURATION_MS = 5000;

function region(): HTMLElement {
  let el = document.getElementById(REGION_ID);
  if (!el) {
    el = document.createElement('div');
    el.id = REGION_ID;
    document.body.append(el);
  }
  el.setAttribute('aria-live', 'polite');
  el.className = 'fixed bottom-4 right-4 z-[60] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2';
  return el;
}

export function toast(title: string, description?: string, variant: ToastVariant = 'info') {
  const item = document.createElement('div');
  item.setAttribute('role', variant === 'error' ? 'alert' : 'status');
  item.dataset.toast = variant;
  item.className = `rounded-md p-4 shadow-lg ring-1 ${variant === 'error' ? 'bg-red-700 text-white ring-red-800' : 'bg-white text-gray-900 ring-gray-200'}`;
  const strong = document.createElement('p');
  strong.className = 'font-semibold';
  strong.textContent = title;
  item.append(strong);
  if (description) {
    const p = document.createElement('p');
    p.className = 'text-sm';
    p.textContent = description;
    item.append(p);
  }
  region().append(item);
  setTimeout(() => item.remove(), DURATION_MS);
}
