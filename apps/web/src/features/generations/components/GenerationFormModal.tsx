import { Alert, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import {
  generationName, generationPreview, generationUpdateBody, isValidIsoDate, type Generation, type SemesterPreview,
} from '@egreso/domain';
import { FormModalFooter } from '../../../components/FormModalFooter';
import { ApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { zodFieldErrors } from '../../../lib/form-errors';
import { useFormErrors } from '../../../lib/use-form-errors';
import { fetchGenerationPreview } from '../api/get-generation-preview';
import { useSaveGeneration } from '../api/save-generation';

export interface GenerationDraft {
  start_date: string;
  end_date: string;
}

interface Props {
  opened: boolean;
  /** The generation being edited, or null to create one. */
  generation: Generation | null;
  /** Starting values of a new generation (e.g. the suggested one). */
  initial: GenerationDraft | null;
  onClose: () => void;
  onSaved: (generation: Generation) => void;
}

const FIELD_LABEL: Record<string, string> = { start_date: 'Fecha de inicio', end_date: 'Fecha de fin' };

/** The catalogue's save failure: the server's message, then one line per validation error. */
export function generationSaveError(err: unknown): string {
  if (!(err instanceof ApiError)) return 'No se pudo guardar la generación';
  const lines = Object.entries(err.errors).flatMap(([field, messages]) => messages.map((m) => `${FIELD_LABEL[field] ?? field}: ${m}`));
  return [err.message, ...lines].join('\n');
}

const semestersOf = (start: string): SemesterPreview[] => (isValidIsoDate(start) ? generationPreview(start).semesters : []);

export function GenerationFormModal({ opened, generation, initial, onClose, onSaved }: Props) {
  const save = useSaveGeneration();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [semesters, setSemesters] = useState<SemesterPreview[]>([]);
  const [previewing, setPreviewing] = useState(false);
  const { errors, setErrors, failure, clear, failed } = useFormErrors();
  // Only the answer to the latest start date may fill the form.
  const latest = useRef(0);

  useEffect(() => {
    // A preview still on its way belongs to the previous opening.
    latest.current++;
    setPreviewing(false);
    if (!opened) return;
    const s = generation?.start_date ?? initial?.start_date ?? '';
    setStart(s);
    setEnd(generation?.end_date ?? initial?.end_date ?? '');
    setSemesters(semestersOf(s));
    clear();
  }, [opened, generation, initial, clear]);

  const changeStart = async (value: string) => {
    setStart(value);
    // Every change outdates the preview in flight, including a change to an incomplete date.
    const ticket = ++latest.current;
    if (!isValidIsoDate(value)) {
      setSemesters([]);
      setPreviewing(false);
      return;
    }
    setPreviewing(true);
    const preview = await fetchGenerationPreview(value);
    if (ticket !== latest.current) return;
    setEnd(preview.end_date);
    setSemesters(preview.semesters);
    setPreviewing(false);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = generationUpdateBody.safeParse({ start_date: start, end_date: end });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    clear();
    try {
      onSaved(await save.mutateAsync({ id: generation?.id ?? null, body: parsed.data }));
    } catch (err) {
      failed(err, generationSaveError(err));
    }
  };

  const name = isValidIsoDate(start) && isValidIsoDate(end) ? generationName(start, end) : null;

  return (
    <Modal opened={opened} onClose={onClose} title={generation ? 'Editar generación' : 'Nueva generación'} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {failure ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{failure}</Alert> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Fecha de inicio" type="date" required value={start} onChange={(e) => void changeStart(e.currentTarget.value)} error={errors.start_date} data-autofocus />
            <TextInput label="Fecha de fin" type="date" required value={end} min={start || undefined} onChange={(e) => setEnd(e.currentTarget.value)} error={errors.end_date} description="Se calcula al elegir el inicio (54 meses)." />
          </SimpleGrid>
          <Paper withBorder radius="md" p="sm">
            <Group justify="space-between" mb="xs">
              <Text fw={600} size="sm">Vista previa de semestres</Text>
              <Text size="sm" c="dimmed">{previewing ? 'Calculando...' : name ? `Generación ${name}` : ''}</Text>
            </Group>
            {semesters.length === 0 ? (
              <Text size="sm" c="dimmed">Elige la fecha de inicio para ver los 9 semestres.</Text>
            ) : (
              <Table verticalSpacing={4} fz="sm" aria-label="Vista previa de semestres">
                <Table.Tbody>
                  {semesters.map((s) => (
                    <Table.Tr key={s.semester}>
                      <Table.Td w={40} fw={600}>{s.semester}</Table.Td>
                      <Table.Td>{s.label}</Table.Td>
                      <Table.Td c="dimmed" ta="right" visibleFrom="xs">{formatDate(s.date)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
          <FormModalFooter saving={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
