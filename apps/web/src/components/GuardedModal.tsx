import { Drawer, Modal, type DrawerProps, type ModalProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

export const DISCARD_TITLE = '¿Descartar los cambios?';
export const DISCARD_TEXT = 'Lo que escribiste en este formulario se perderá.';

/** What a form's fields hold right now: values, and checked states of boxes and radios. */
function formState(root: HTMLElement | null): string {
  if (!root) return '';
  return Array.from(
    root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select'),
  )
    .map((el) =>
      el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') ? String(el.checked) : el.value,
    )
    .join('\u0000');
}

/**
 * Escape, the X and a click outside ask before throwing away what the user changed. The fields are read when the
 * user first touches the form (before any change) and compared when a close is requested, so every form inside
 * gets the question without telling its state; the form's own Cancelar and a successful save close directly.
 */
export function useDiscardGuard(opened: boolean, onClose: () => void) {
  const rootRef = useRef<HTMLDivElement>(null);
  const before = useRef<string | null>(null);
  const [asking, setAsking] = useState(false);
  const askingRef = useRef(false);

  // A closed form starts clean next time (state adjusted while rendering, refs after it).
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (!opened) setAsking(false);
  }
  useEffect(() => {
    if (!opened) {
      before.current = null;
      askingRef.current = false;
    }
  }, [opened]);

  const touch = () => {
    if (before.current === null) before.current = formState(rootRef.current);
  };
  const ask = (value: boolean) => {
    askingRef.current = value;
    setAsking(value);
  };
  const requestClose = () => {
    // Escape reaches every open modal: while the question is shown, it answers only the question.
    if (askingRef.current) return;
    if (before.current !== null && before.current !== formState(rootRef.current)) ask(true);
    else onClose();
  };

  return {
    requestClose,
    asking,
    /** Wraps the form: marks the first touch (pointer or key) before it changes anything. */
    wrap: (children: React.ReactNode) => (
      <div ref={rootRef} onPointerDownCapture={touch} onKeyDownCapture={touch} style={{ display: 'contents' }}>
        {children}
      </div>
    ),
    dialog: (
      <ConfirmDialog
        opened={asking}
        title={DISCARD_TITLE}
        message={DISCARD_TEXT}
        confirmLabel="Descartar"
        cancelLabel="Seguir editando"
        danger
        onConfirm={() => {
          ask(false);
          onClose();
        }}
        onCancel={() => ask(false)}
      />
    ),
  };
}

/** Mantine's Modal for forms: same props, and closing it with typed data asks '¿Descartar los cambios?'. */
export function GuardedModal({ opened, onClose, children, closeOnEscape = true, ...rest }: ModalProps) {
  const guard = useDiscardGuard(opened, onClose);
  return (
    <>
      <Modal {...rest} opened={opened} onClose={guard.requestClose} closeOnEscape={closeOnEscape && !guard.asking}>
        {guard.wrap(children)}
      </Modal>
      {guard.dialog}
    </>
  );
}

/** Mantine's Drawer for forms: same props, and closing it with typed data asks '¿Descartar los cambios?'. */
export function GuardedDrawer({ opened, onClose, children, closeOnEscape = true, ...rest }: DrawerProps) {
  const guard = useDiscardGuard(opened, onClose);
  return (
    <>
      <Drawer {...rest} opened={opened} onClose={guard.requestClose} closeOnEscape={closeOnEscape && !guard.asking}>
        {guard.wrap(children)}
      </Drawer>
      {guard.dialog}
    </>
  );
}
