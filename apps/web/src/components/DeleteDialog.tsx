import type { ReactNode } from 'react';
import type { ConfirmDeletion } from '../lib/use-confirm-delete';
import { ConfirmDialog } from './ConfirmDialog';

interface Props<T> {
  /** The row awaiting confirmation and the dialog's steps (`useConfirmDelete`). */
  deletion: ConfirmDeletion<T>;
  title: string;
  /** '¿Eliminar esta carrera?'; the row's name follows on its own line, in bold. */
  question: string;
  name: (row: T) => ReactNode;
  confirmLabel?: string;
}

/** The 'Eliminar …' confirmation of a list row: the question, then which row. */
export function DeleteDialog<T>({ deletion, title, question, name, confirmLabel }: Props<T>) {
  const { target } = deletion;
  return (
    <ConfirmDialog
      {...deletion.dialogProps}
      confirmLabel={confirmLabel ?? deletion.dialogProps.confirmLabel}
      title={title}
      message={
        <>
          {question}
          {target !== null ? (
            <>
              <br />
              <strong>{name(target)}</strong>
            </>
          ) : null}
        </>
      }
    />
  );
}
