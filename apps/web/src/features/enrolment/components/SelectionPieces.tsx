import { Badge, Center, Checkbox, Group, Loader, Overlay, Paper, Stack, Text } from '@mantine/core';
import type { AvailableSubject } from '@egreso/domain';
import type { Column } from '../../../components/ResponsiveTable';
import { SELECTION_TEXT } from '../selection-text';

/** A subject's state in words: 'Ya inscrita', 'Bloqueada' with its reason, or 'Disponible'. */
export function Status({ subject }: { subject: AvailableSubject }) {
  if (subject.inscrita)
    return (
      <Badge color="green" variant="light">
        Ya inscrita
      </Badge>
    );
  if (subject.bloqueada) {
    return (
      <Stack gap={2}>
        <Badge color="red" variant="light">
          Bloqueada
        </Badge>
        <Text size="sm">{subject.motivo_bloqueo}</Text>
      </Stack>
    );
  }
  return (
    <Badge color="blue" variant="light">
      Disponible
    </Badge>
  );
}

/** The subjects table's columns: the tick box (checked and locked once enrolled), name, key and state. */
export function subjectColumns(
  picked: ReadonlySet<number>,
  toggle: (id: number, on: boolean) => void,
): Array<Column<AvailableSubject>> {
  const box = (s: AvailableSubject, label?: string) => (
    <Checkbox
      label={label}
      aria-label={`Seleccionar ${s.subject_name}`}
      checked={s.inscrita || picked.has(s.id)}
      disabled={s.inscrita || s.bloqueada}
      onChange={(e) => toggle(s.id, e.currentTarget.checked)}
    />
  );
  return [
    {
      key: 'select',
      header: 'Seleccionar',
      width: 110,
      card: 'plain',
      cell: (s) => box(s),
      cardCell: (s) => box(s, 'Seleccionar'),
    },
    { key: 'subject', header: 'Materia', card: 'title', cell: (s) => s.subject_name },
    { key: 'key', header: 'Clave', cell: (s) => s.subject_key },
    { key: 'status', header: 'Estado', cell: (s) => <Status subject={s} /> },
  ];
}

/** The veil over the screen while the enrolment is sent. */
export function SavingOverlay() {
  return (
    <Overlay fixed zIndex={280} backgroundOpacity={0.45} blur={1}>
      <Center h="100%">
        <Paper p="lg" radius="md" role="status" aria-live="polite">
          <Group gap="sm">
            <Loader size="sm" />
            <Text>{SELECTION_TEXT.saving}</Text>
          </Group>
        </Paper>
      </Center>
    </Overlay>
  );
}
