import { Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Activity } from '@egreso/domain';

interface Props {
  opened: boolean;
  activities: Activity[];
  /** The activity of the cell the teacher was on: the dialog starts there. */
  initialActivityId: number | null;
  /** How many cells of an activity are empty right now. */
  emptyCount: (activityId: number) => number;
  onFill: (activityId: number, value: number) => void;
  onClose: () => void;
}

/** 'Rellenar vacías': one value into every empty cell of an activity (typed, not saved until 'Guardar calificaciones'). */
export function FillEmptyDialog({ opened, activities, initialActivityId, emptyCount, onFill, onClose }: Props) {
  const [activityId, setActivityId] = useState<string | null>(null);
  const [value, setValue] = useState<number | string>('');
  // Each opening starts on the current cell's activity (state adjusted during render, not in an effect).
  const [wasOpened, setWasOpened] = useState(false);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened && initialActivityId !== null) setActivityId(String(initialActivityId));
  }
  const n = activityId ? emptyCount(Number(activityId)) : 0;
  const valid = activityId !== null && typeof value === 'number' && value >= 0 && value <= 100;
  return (
    <Modal opened={opened} onClose={onClose} title="Rellenar vacías" centered>
      <Stack gap="sm">
        <Select
          label="Actividad"
          placeholder="Selecciona una actividad"
          data={activities.map((a) => ({ value: String(a.id), label: a.activity_name }))}
          value={activityId}
          onChange={setActivityId}
        />
        <NumberInput
          label="Calificación"
          min={0}
          max={100}
          clampBehavior="strict"
          decimalScale={2}
          value={value}
          onChange={setValue}
        />
        {activityId ? (
          <Text size="sm" c="dimmed">
            {n === 1 ? '1 celda vacía' : `${n} celdas vacías`} recibirán este valor.
          </Text>
        ) : null}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button
          disabled={!valid || n === 0}
          onClick={() => {
            onFill(Number(activityId), Number(value));
            setValue('');
          }}
        >
          Rellenar
        </Button>
      </Group>
    </Modal>
  );
}
