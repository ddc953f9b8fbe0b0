import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';

export interface Result {
  kind: 'success' | 'error';
  message: string;
}

interface Props {
  result: Result | null;
  onClose: () => void;
  /** Closes by itself after this many milliseconds. */
  autoCloseMs?: number;
}

/** The 'Éxito' / 'Error' dialog with a close button. */
export function ResultDialog({ result, onClose, autoCloseMs }: Props) {
  useEffect(() => {
    if (!result || !autoCloseMs) return;
    const t = setTimeout(onClose, autoCloseMs);
    return () => clearTimeout(t);
  }, [result, autoCloseMs, onClose]);
  return (
    <Modal opened={result !== null} onClose={onClose} title={result?.kind === 'error' ? 'Error' : 'Éxito'} centered>
      <Text size="sm" c={result?.kind === 'error' ? 'red' : undefined} style={{ whiteSpace: 'pre-line' }}>{result?.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>Cerrar</Button>
      </Group>
    </Modal>
  );
}
