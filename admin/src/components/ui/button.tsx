import type { ButtonHTMLAttributes } from 'react';

type Variant = 'default' | 'outline' | 'destructive' | 'ghost';
const VARIANTS: Record<Variant, string> = {
  default: 'bg-blue-700 text-white hover:bg-blue-800',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
  destructive: 'bg-red-600 text-white hover:bg-red-700',
  ghost: 'text-slate-700 hover:bg-slate-100',
};

/** A button's look, also for links that act as buttons ("Nova Notícia", "Editar"): 44 px tall on a phone. */
export const buttonClasses = (variant: Variant = 'default', className = '') =>
  `inline-flex items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium max-sm:min-h-11 max-sm:min-w-11 disabled:cursor-not-allowed disabled:opacity-50 ${VARIANTS[variant]} ${className}`;

export function Button({ variant = 'default', className = '', type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={buttonClasses(variant, className)} {...props} />;
}
