import { useState } from 'react';

/** A create/edit modal: whether it is open and the row it edits (null to create one). */
export function useFormModal<T>() {
  const [opened, setOpened] = useState(false);
  // The row stays after closing, so the title does not switch while the modal fades out.
  const [editing, setEditing] = useState<T | null>(null);
  return {
    opened,
    editing,
    open: (item: T | null) => {
      setEditing(() => item);
      setOpened(true);
    },
    close: () => setOpened(false),
  };
}
