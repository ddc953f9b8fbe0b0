import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { DIALOG_Z_INDEX } from '../app/theme';

export interface Result {
  kind: 'success' | 'error' | 'warning';
  message: string;
  /** A warning's title; success and error are titled 'Éxito' and 'Error'. */
  title?: string;
}

const TITLES = { success: 'Éxito', error: 'Error', warning: 'Aviso' } as const;
const COLORS = { success: undefined, error: 'red', warning: 'orange.9' } as const;

interface Props {
  result: Result | null;
  onClose: () => void;
  /** Closes by itself after this many milliseconds. */
  autoCloseMs?: number;
}

/**
 * The 'Éxito' / 'Error' dialog, above any drawer or form modal that caused it. Its one close control is the 'Cerrar'
 * button (Escape and a click outside close it too).
 */
export function ResultDialog({ result, onClose, autoCloseMs }: Props) {
  useEffect(() => {
    if (!result || !autoCloseMs) return;
    const t = setTimeout(onClose, autoCloseMs);
    return () => clearTimeout(t);
  }, [result, autoCloseMs, onClose]);
  // The last result stays on screen while the dialog animates closed, instead of an empty box.
  const [shown, setShown] = useState(result);
  if (result && result !== shown) setShown(result);
  return (
    <Modal
      opened={result !== null}
      onClose={onClose}
      title={shown ? (shown.title ?? TITLES[shown.kind]) : ''}
      centered
      zIndex={DIALOG_Z_INDEX}
      withCloseButton={false}
    >
      <Text size="sm" c={shown ? COLORS[shown.kind] : undefined} style={{ whiteSpace: 'pre-line' }}>
        {shown?.message}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>Cerrar</Button>
      </Group>
    </Modal>
  );
}
