import { Group, Paper, SimpleGrid, Table, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import {
  generationName,
  generationPreview,
  generationUpdateBody,
  isValidIsoDate,
  type Generation,
  type SemesterPreview,
} from '@egreso/domain';
import { DateField } from '../../../components/DateField';
import { FormModal } from '../../../components/FormModal';
import { formatDate } from '../../../lib/dates';
import { errorText, serverMessage } from '../../../lib/errors';
import { useForm } from '../../../lib/use-form';
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

const FIELD_LABELS = { start_date: 'Fecha de inicio', end_date: 'Fecha de fin' };
const EMPTY: GenerationDraft = { start_date: '', end_date: '' };

/** The catalogue's save failure (spec): the server's message, then one line per validation error. */
export function generationSaveError(err: unknown): string {
  return errorText(serverMessage(err) ?? 'No se pudo guardar la generación', err, {
    fieldLabels: FIELD_LABELS,
    separator: '\n',
  });
}

const semestersOf = (start: string): SemesterPreview[] =>
  isValidIsoDate(start) ? generationPreview(start).semesters : [];

export function GenerationFormModal({ opened, generation, initial, onClose, onSaved }: Props) {
  const save = useSaveGeneration();
  const form = useForm({ initial: EMPTY, schema: generationUpdateBody, toBody: (v) => v });
  const { reset, setField, values } = form;
  const [semesters, setSemesters] = useState<SemesterPreview[]>([]);
  const [previewing, setPreviewing] = useState(false);
  // Only the answer to the latest start date may fill the form.
  const latest = useRef(0);

  useEffect(() => {
    // A preview still on its way belongs to the previous opening.
    latest.current++;
    setPreviewing(false);
    if (!opened) return;
    const start = generation?.start_date ?? initial?.start_date ?? '';
    reset({ start_date: start, end_date: generation?.end_date ?? initial?.end_date ?? '' });
    setSemesters(semestersOf(start));
  }, [opened, generation, initial, reset]);

  const changeStart = async (value: string) => {
    setField('start_date', value);
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
    setField('end_date', preview.end_date);
    setSemesters(preview.semesters);
    setPreviewing(false);
  };

  const submit = () =>
    form.submit(
      async (body) => onSaved(await save.mutateAsync({ id: generation?.id ?? null, body })),
      (err) => form.fail(generationSaveError(err)),
    );

  const name =
    isValidIsoDate(values.start_date) && isValidIsoDate(values.end_date)
      ? generationName(values.start_date, values.end_date)
      : null;

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={generation ? 'Editar generación' : 'Nueva generación'}
      size="lg"
      onSubmit={submit}
      saving={save.isPending}
      failure={form.failure}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DateField
          label="Fecha de inicio"
          required
          data-autofocus
          value={values.start_date}
          onChange={(v) => void changeStart(v)}
          error={form.errors.start_date}
        />
        <DateField
          label="Fecha de fin"
          required
          description="Se calcula al elegir el inicio (54 meses)."
          value={values.end_date}
          onChange={(v) => setField('end_date', v)}
          error={form.errors.end_date}
        />
      </SimpleGrid>
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" mb="xs">
          <Text fw={600} size="sm">
            Vista previa de semestres
          </Text>
          <Text size="sm" c="dimmed">
            {previewing ? 'Calculando...' : name ? `Generación ${name}` : ''}
          </Text>
        </Group>
        {semesters.length === 0 ? (
          <Text size="sm" c="dimmed">
            Elige la fecha de inicio para ver los 9 semestres.
          </Text>
        ) : (
          <Table verticalSpacing={4} fz="sm" aria-label="Vista previa de semestres">
            <Table.Tbody>
              {semesters.map((s) => (
                <Table.Tr key={s.semester}>
                  <Table.Td w={40} fw={600}>
                    {s.semester}
                  </Table.Td>
                  <Table.Td>{s.label}</Table.Td>
                  <Table.Td c="dimmed" ta="right" visibleFrom="xs">
                    {formatDate(s.date)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </FormModal>
  );
}
