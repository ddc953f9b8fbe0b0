import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { PageLoader } from '../../../components/PageLoader';
import { useCopySources } from '../api/copy-rubric';

interface Props {
  opened: boolean;
  assignmentId: number;
  saving: boolean;
  onCopy: (fromAssignmentId: number) => void;
  onClose: () => void;
}

/** Copies, in one action, the rubric of another of the teacher's assignments of the same subject. */
export function CopyRubricModal({ opened, assignmentId, saving, onCopy, onClose }: Props) {
  const sources = useCopySources(opened ? assignmentId : null);
  const [from, setFrom] = useState<string | null>(null);
  useEffect(() => {
    if (opened) setFrom(null);
  }, [opened]);
  const options = (sources.data ?? []).map((s) => ({
    value: String(s.professor_subject_id),
    label: `Grupo ${s.group_name ?? 'sin grupo'} – ${s.period_name ?? 'sin periodo'} (${s.criteria_count} ${s.criteria_count === 1 ? 'criterio' : 'criterios'})`,
  }));
  return (
    <Modal opened={opened} onClose={onClose} title="Copiar rúbrica de otra asignación" centered>
      {sources.isPending ? (
        <PageLoader />
      ) : (
        <Stack gap="sm">
          {options.length === 0 ? (
            <Text size="sm">No tienes otra asignación de esta materia con rúbrica para copiar.</Text>
          ) : (
            <>
              <Select
                label="Copiar de"
                placeholder="Selecciona la asignación"
                data={options}
                value={from}
                onChange={setFrom}
                data-autofocus
              />
              <Alert color="yellow" title="Confirmación">
                Los criterios, indicadores y descripciones de esta rúbrica se reemplazarán por los de la asignación
                elegida.
              </Alert>
            </>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancelar
            </Button>
            <Button disabled={from === null} loading={saving} onClick={() => from && onCopy(Number(from))}>
              Copiar rúbrica
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
