import type { ReactNode } from 'react';

export function Card({ title, children, className = '' }: { title?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm ${className}`}>
      {title && <h2 className="mb-2 text-sm font-medium text-slate-600">{title}</h2>}
      {children}
    </section>
  );
}

/** A number card; shows "..." while loading (spec: dashboard values). */
export function StatCard({ label, value, loading, note }: { label: string; value: number | string; loading?: boolean; note?: string }) {
  return (
    <Card title={label}>
      <p className="text-2xl font-bold">
        {loading ? '...' : value}
      </p>
      {note && <p className="text-xs text-slate-500">{note}</p>}
    </Card>
  );
}
