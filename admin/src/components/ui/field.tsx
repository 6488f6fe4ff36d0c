/** Labelled inputs: tests and screen readers find every field by its label. */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

const INPUT = 'w-full rounded-md border border-slate-300 px-3 py-2 text-sm disabled:bg-slate-100 read-only:bg-slate-50';

type Common = { label: string; error?: string; hint?: ReactNode };

function Wrap({ id, label, error, hint, children }: Common & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({ label, error, hint, id, ...props }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Wrap id={fid} label={label} error={error} hint={hint}>
      <input id={fid} className={INPUT} aria-invalid={error ? true : undefined} aria-describedby={error ? `${fid}-error` : undefined} {...props} />
    </Wrap>
  );
}

export function TextAreaField({ label, error, hint, id, ...props }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Wrap id={fid} label={label} error={error} hint={hint}>
      <textarea id={fid} className={INPUT} aria-invalid={error ? true : undefined} aria-describedby={error ? `${fid}-error` : undefined} {...props} />
    </Wrap>
  );
}

export function SelectField({ label, error, hint, id, children, ...props }: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Wrap id={fid} label={label} error={error} hint={hint}>
      <select id={fid} className={INPUT} aria-invalid={error ? true : undefined} {...props}>
        {children}
      </select>
    </Wrap>
  );
}

export function CheckboxField({ label, id, ...props }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <div className="flex items-center gap-2">
      <input id={fid} type="checkbox" className="h-4 w-4" {...props} />
      {/* The label is part of the target: a whole 44 px line on a phone. */}
      <label htmlFor={fid} className="flex items-center text-sm text-slate-700 max-sm:min-h-11 max-sm:flex-1">
        {label}
      </label>
    </div>
  );
}

/** On/off switch with an accessible name (the ads list status switch); 44 px to tap on a phone around its 24 px track. */
export function Switch({ checked, onChange, label, disabled }: { checked: boolean; onChange: (v: boolean) => void; label: string; disabled?: boolean }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className="inline-flex items-center justify-center rounded-full disabled:opacity-50 max-sm:h-11 max-sm:w-14"
    >
      <span className={`relative inline-flex h-6 w-11 items-center rounded-full transition ${checked ? 'bg-green-600' : 'bg-slate-300'}`}>
        <span className={`inline-block h-5 w-5 transform rounded-full bg-white shadow transition ${checked ? 'translate-x-5' : 'translate-x-1'}`} />
      </span>
    </button>
  );
}

/** The <option>s of a fixed set of values with their pt-BR labels (status filters and the like). */
export function LabelledOptions<T extends string>({ values, labels }: { values: readonly T[]; labels: Record<T, string> }) {
  return (
    <>
      {values.map((v) => (
        <option key={v} value={v}>
          {labels[v]}
        </option>
      ))}
    </>
  );
}
