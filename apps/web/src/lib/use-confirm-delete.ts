import { useState } from 'react';

/**
 * The ask, confirm, delete steps of a list row: which row awaits confirmation, and the props that make a
 * ConfirmDialog its 'Eliminar' dialog (busy while the delete runs). A failed delete goes to onError; the dialog closes
 * either way.
 */
export function useConfirmDelete<T>(remove: (item: T) => Promise<unknown>, onError: (err: unknown) => void) {
  const [target, setTarget] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);
  const cancel = () => setTarget(null);
  const confirm = async () => {
    if (target === null) return;
    setDeleting(true);
    try {
      await remove(target);
    } catch (err) {
      onError(err);
    }
    setDeleting(false);
    setTarget(null);
  };
  return {
    target,
    ask: (item: T) => setTarget(() => item),
    dialogProps: {
      opened: target !== null,
      confirmLabel: 'Eliminar',
      danger: true,
      loading: deleting,
      onConfirm: confirm,
      onCancel: cancel,
    },
  };
}

export type ConfirmDeletion<T> = ReturnType<typeof useConfirmDelete<T>>;
