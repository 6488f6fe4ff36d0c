import type { ReactNode } from 'react';
import { Button } from './button.tsx';

/**
 * The "Editar" / "Excluir" buttons of a list row, labelled with the row's
 * name for screen readers. A missing handler hides its button (role rules).
 */
export function RowActions({ label, onEdit, onDelete, children }: { label: string; onEdit?: () => void; onDelete?: () => void; children?: ReactNode }) {
  return (
    <div className="flex gap-1">
      {onEdit && (
        <Button variant="outline" aria-label={`Editar ${label}`} onClick={onEdit}>
          Editar
        </Button>
      )}
      {onDelete && (
        <Button variant="destructive" aria-label={`Excluir ${label}`} onClick={onDelete}>
          Excluir
        </Button>
      )}
      {children}
    </div>
  );
}
