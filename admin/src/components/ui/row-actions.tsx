import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from './button.tsx';

/**
 * The "Editar" / "Excluir" buttons of a list row, labelled with the row's
 * name for screen readers. A missing handler hides its button (role rules).
 * `editTo` makes "Editar" a link, for rows edited on a page of their own
 * (the story editor); `editState` travels with it (where to come back to).
 */
export function RowActions({
  label,
  onEdit,
  editTo,
  editState,
  onDelete,
  children,
}: {
  label: string;
  onEdit?: () => void;
  editTo?: string;
  editState?: unknown;
  onDelete?: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap gap-1" data-row-actions>
      {editTo && (
        <Link
          to={editTo}
          state={editState}
          aria-label={`Editar ${label}`}
          className={buttonClasses('outline')}
        >
          Editar
        </Link>
      )}
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
