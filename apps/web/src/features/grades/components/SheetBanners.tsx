import { Alert, Button, Group, Text } from '@mantine/core';
import { GRADE_MSG } from '@egreso/domain';
import { useOnline } from '../../../lib/use-online';
import { restoredDraftsText, type HeldBack } from '../grid/save-texts';

interface Props {
  restored: boolean;
  draftCount: number;
  /** The recovered grades a save would send, and the cells it holds back (0-10 questions, non-numbers). */
  sendCount: number;
  heldBack: HeldBack;
  readOnly: boolean;
  onSave: () => void;
  onDiscard: () => void;
}

/** The banners above a grade sheet: the connection, the drafts recovered from the browser, a closed period. */
export function SheetBanners({ restored, draftCount, sendCount, heldBack, readOnly, onSave, onDiscard }: Props) {
  const { online, justBack } = useOnline();
  return (
    <>
      {!online ? (
        <Alert color="orange" role="alert" title="Sin conexión">
          Puedes seguir capturando: las calificaciones se guardan en este navegador hasta que vuelva la conexión.
        </Alert>
      ) : justBack ? (
        <Alert color="green" role="status" title="Conexión restablecida">
          Ya puedes guardar las calificaciones.
        </Alert>
      ) : null}
      {restored && draftCount > 0 ? (
        <Alert color="yellow" role="status" title="Calificaciones sin guardar recuperadas">
          <Text size="sm">{restoredDraftsText(sendCount, heldBack)}</Text>
          <Group gap="sm" mt="xs">
            <Button size="xs" onClick={onSave} disabled={readOnly}>
              Guardar ahora
            </Button>
            <Button size="xs" variant="default" onClick={onDiscard}>
              Descartar
            </Button>
          </Group>
        </Alert>
      ) : null}
      {readOnly ? (
        <Alert color="gray" role="status">
          {GRADE_MSG.periodClosed}
        </Alert>
      ) : null}
    </>
  );
}
