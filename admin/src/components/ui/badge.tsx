import type { ReactNode } from 'react';

export type BadgeColor = 'gray' | 'red' | 'blue' | 'green' | 'yellow' | 'teal';
const COLORS: Record<BadgeColor, string> = {
  gray: 'bg-slate-100 text-slate-800',
  red: 'bg-red-100 text-red-800',
  blue: 'bg-blue-100 text-blue-800',
  green: 'bg-green-100 text-green-800',
  yellow: 'bg-yellow-100 text-yellow-800',
  teal: 'bg-teal-100 text-teal-800',
};

export function Badge({ color = 'gray', children }: { color?: BadgeColor; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${COLORS[color]}`} data-color={color}>{children}</span>;
}
