/**
 * The state every list screen keeps around its form and its confirmation
 * dialog, so a fix to that flow is made once (issue #14).
 */
import { useState } from 'react';
import { useToast } from '../components/ui/toast.tsx';

/** Which row the form edits (null: a new one) and whether it is open. */
export function useFormDialog<T>(startOpen = false) {
  const [open, setOpen] = useState(startOpen);
  const [editing, setEditing] = useState<T | null>(null);
  return {
    open,
    editing,
    create: () => {
      setEditing(null);
      setOpen(true);
    },
    edit: (row: T) => {
      setEditing(row);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}

/**
 * A row action that asks first (delete, deactivate): `ask(row)` opens the
 * dialog; confirming runs the action, toasts its outcome and closes.
 * `dialog` spreads onto <ConfirmDialog>.
 */
export function useConfirmAction<T>(o: {
  run: (row: T) => Promise<unknown>;
  busy: boolean;
  success: (row: T) => string;
  failure: (row: T, err: unknown) => string;
}) {
  const toast = useToast();
  const [target, setTarget] = useState<T | null>(null);
  async function confirm() {
    if (!target) return;
    try {
      await o.run(target);
      toast.success(o.success(target));
    } catch (err) {
      toast.error(o.failure(target, err));
    } finally {
      setTarget(null);
    }
  }
  return {
    target,
    ask: (row: T) => setTarget(row),
    dialog: { open: target !== null, busy: o.busy, onConfirm: () => void confirm(), onCancel: () => setTarget(null) },
  };
}
