import { Alert, Badge, Button, Group, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import {
  GRADEBOOK_MSG,
  formatGrade,
  gradebookCellKey,
  type GradebookCell,
  type GradebookChoices,
  type GradebookColumn,
  type GradebookImportResult,
} from '@egreso/domain';
import { ImportWizard } from '../../../components/ImportWizard';
import { countOf } from '../../../lib/plural';
import { useImportWizard } from '../../../lib/use-import-wizard';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { importGradebook, useImportGradebook } from '../api/import-gradebook';
import type { SheetAddress } from '../api/ratings-files';
import { GradeTable, NoGradeChanges } from './GradeTable';
import { GRADES_UPLOAD_PROGRESS, undoOffer, type SheetUndo } from './import-offers';

interface Props {
  opened: boolean;
  address: SheetAddress;
  onClose: () => void;
  onImported?: (result: GradebookImportResult) => void;
  undo?: SheetUndo;
}

/** The names a platform's grade download has: Moodle's .xlsx, .ods (refused by the server) or text; Classroom's .csv. */
export const isGradebookName = (name: string) => /\.(xlsx|xls|ods|csv|txt|tsv)$/i.test(name);

const PREVIEW_CELLS = 300;
const SOURCE_NAME = { moodle: 'Moodle', classroom: 'Google Classroom' } as const;
const STATUS: Record<GradebookCell['status'], { label: string; color: string }> = {
  new: { label: 'Nueva', color: 'green' },
  changed: { label: 'Cambia', color: 'blue' },
  same: { label: 'Sin cambio', color: 'gray' },
  empty: { label: 'Sin calificación', color: 'gray' },
  refused: { label: 'Rechazada', color: 'red' },
  clamped: { label: 'Ajustada', color: 'yellow' },
  kept: { label: 'No se sobrescribió', color: 'orange' },
};

const CELL_COLUMNS = [
  'Alumno',
  'Actividad',
  { title: 'En el archivo', right: true },
  { title: 'Calificación', right: true },
  { title: 'Reemplaza a', right: true },
  'Estado',
] as const;

type ColumnChoices = NonNullable<GradebookChoices['columns']>;

/** One column of the file: its activity (or none) and, for points without a stated maximum, the maximum. */
function ColumnRow({
  column,
  activities,
  choice,
  onChange,
  card,
}: {
  /** A phone: the column as a small card of a list instead of a table row. */
  card: boolean;
  column: GradebookColumn;
  activities: GradebookImportResult['activities'];
  choice: ColumnChoices[string] | undefined;
  onChange: (next: ColumnChoices[string]) => void;
}) {
  const item = column.kind === 'item';
  const activityId = choice ? choice.activity_id : column.activity_id;
  const max = choice?.max ?? (column.max_from === 'teacher' ? column.max : null);
  const activity = item ? (
    <Select
      aria-label={`Actividad para «${column.header}»`}
      size="xs"
      data={[
        { value: '', label: 'No importar' },
        ...activities.map((a) => ({ value: String(a.id), label: a.activity_name })),
      ]}
      value={activityId === null ? '' : String(activityId)}
      onChange={(v) => onChange({ activity_id: v ? Number(v) : null, max: max ?? undefined })}
      allowDeselect={false}
    />
  ) : (
    <Text size="sm" c="dimmed">
      {column.ignored}
    </Text>
  );
  const maximum =
    item && column.display === 'points' ? (
      column.max_from === 'file' ? (
        <Text size="sm">De {column.max} puntos</Text>
      ) : (
        <NumberInput
          aria-label={`Calificación máxima de «${column.header}»`}
          size="xs"
          min={0}
          decimalSeparator="."
          placeholder="Máximo"
          value={max ?? ''}
          error={activityId !== null && max === null ? 'Indica el máximo' : undefined}
          onChange={(v) => onChange({ activity_id: activityId, max: typeof v === 'number' && v > 0 ? v : undefined })}
        />
      )
    ) : item ? (
      <Text size="sm" c="dimmed">
        {column.display === 'percentage' ? 'Porcentaje' : 'Letras (no se importan)'}
      </Text>
    ) : null;
  const note =
    item && column.mapped_by ? (
      <Text size="xs" c="dimmed">
        {column.mapped_by === 'remembered'
          ? 'Como en la importación anterior'
          : column.mapped_by === 'name'
            ? 'Sugerida por el nombre'
            : 'Elegida por ti'}
      </Text>
    ) : item && column.ignored ? (
      <Text size="xs" c="dimmed">
        {column.ignored}
      </Text>
    ) : null;
  if (card)
    return (
      <Stack gap={4} component="li">
        <Text size="sm" fw={500}>
          {column.header}
        </Text>
        {activity}
        {maximum}
        {note}
      </Stack>
    );
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm">{column.header}</Text>
      </Table.Td>
      <Table.Td miw={180}>{activity}</Table.Td>
      <Table.Td miw={120}>{maximum}</Table.Td>
      <Table.Td>{note}</Table.Td>
    </Table.Tr>
  );
}

/** The file's columns, each with the activity it fills and its maximum: cards on a phone, a table otherwise. */
function PreviewColumns({
  preview,
  choices,
  onChoose,
  isMobile,
}: {
  preview: GradebookImportResult;
  choices: ColumnChoices;
  onChoose: (key: string, next: ColumnChoices[string]) => void;
  isMobile: boolean;
}) {
  return (
    <>
      {isMobile ? (
        <Stack
          gap="sm"
          component="ul"
          aria-label="Columnas del archivo"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {preview.columns.map((c) => (
            <ColumnRow
              card
              key={c.key}
              column={c}
              activities={preview.activities}
              choice={choices[c.key]}
              onChange={(next) => onChoose(c.key, next)}
            />
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Columnas del archivo" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Columna del archivo</Table.Th>
                <Table.Th>Actividad</Table.Th>
                <Table.Th>Máximo</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.columns.map((c) => (
                <ColumnRow
                  card={false}
                  key={c.key}
                  column={c}
                  activities={preview.activities}
                  choice={choices[c.key]}
                  onChange={(next) => onChoose(c.key, next)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}

/** Who matched how (e-mail, control number, name), who is in the file only, and who is in the group only. */
function PreviewStudents({ preview }: { preview: GradebookImportResult }) {
  const matched = preview.rows.filter((r) => r.user_id !== null);
  const strangers = preview.rows.filter((r) => r.user_id === null);
  const byHow = (how: 'email' | 'control' | 'name') => matched.filter((r) => r.match === how).length;
  return (
    <Alert color={strangers.length || preview.missing.length ? 'yellow' : 'green'} title="Alumnos">
      <Text size="sm">
        {countOf(matched.length, 'alumno encontrado', 'alumnos encontrados')}: {byHow('email')} por correo,{' '}
        {byHow('control')} por matrícula, {byHow('name')} por nombre.
      </Text>
      {strangers.length ? (
        <Text size="sm">
          En el archivo pero no en el grupo: {strangers.map((r) => `${r.name} (fila ${r.row})`).join(', ')}.
        </Text>
      ) : null}
      {preview.missing.length ? (
        <Text size="sm">
          En el grupo pero no en el archivo:{' '}
          {preview.missing
            .map((m) => (m.controlnumber ? `${m.full_name} (${m.controlnumber})` : m.full_name))
            .join(', ')}
          .
        </Text>
      ) : null}
    </Alert>
  );
}

/** Every cell that changes: the file's value, the converted grade and the grade it replaces. */
function PreviewCells({
  preview,
  shown,
  isMobile,
}: {
  preview: GradebookImportResult;
  shown: GradebookImportResult['cells'];
  isMobile: boolean;
}) {
  const nameOf = (id: number) => preview.rows.find((r) => r.user_id === id)?.full_name ?? '';
  const activityOf = (id: number) => preview.activities.find((a) => a.id === id)?.activity_name ?? '';
  return (
    <>
      {shown.length && isMobile ? (
        <Stack
          gap={6}
          component="ul"
          aria-label="Calificaciones del archivo"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {shown.map((c) => (
            <li key={`${c.user_id}-${c.activity_id}`}>
              <Text size="sm" fw={500}>
                {nameOf(c.user_id)} · {activityOf(c.activity_id)}
              </Text>
              <Group gap={6}>
                <Text size="sm">
                  {c.source === '' ? '(vacía)' : c.source} → {c.grade === null ? '—' : formatGrade(c.grade)} (antes{' '}
                  {formatGrade(c.before, 'vacía')})
                </Text>
                <Badge size="sm" variant="light" color={STATUS[c.status].color}>
                  {STATUS[c.status].label}
                </Badge>
              </Group>
              {c.note ? (
                <Text size="xs" c="dimmed">
                  {c.note}
                </Text>
              ) : null}
            </li>
          ))}
        </Stack>
      ) : shown.length ? (
        <GradeTable
          minWidth={640}
          mah={320}
          striped
          stickyHeader
          aria-label="Calificaciones del archivo"
          verticalSpacing={4}
          columns={CELL_COLUMNS}
        >
          {shown.map((c) => (
            <Table.Tr key={`${c.user_id}-${c.activity_id}`}>
              <Table.Td>{nameOf(c.user_id)}</Table.Td>
              <Table.Td>{activityOf(c.activity_id)}</Table.Td>
              <Table.Td ta="right">{c.source === '' ? '(vacía)' : c.source}</Table.Td>
              <Table.Td ta="right">{c.grade === null ? '—' : formatGrade(c.grade)}</Table.Td>
              <Table.Td ta="right">{formatGrade(c.before, 'vacía')}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={STATUS[c.status].color}>
                  {STATUS[c.status].label}
                </Badge>
                {c.note ? (
                  <Text size="xs" c="dimmed">
                    {c.note}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </GradeTable>
      ) : (
        <NoGradeChanges />
      )}
    </>
  );
}

/** The preview: columns and their activities, who matched how, and every cell with its source, grade and what it replaces. */
export function GradebookPreview({
  preview,
  choices,
  onChoose,
  onRefresh,
  dirty,
}: {
  preview: GradebookImportResult;
  choices: ColumnChoices;
  onChoose: (key: string, next: ColumnChoices[string]) => void;
  onRefresh: () => void;
  dirty: boolean;
}) {
  const shown = preview.cells.filter((c) => c.status !== 'same').slice(0, PREVIEW_CELLS);
  const isMobile = useIsMobile();
  return (
    <Stack gap="sm">
      <Text size="sm" fw={500}>
        Vista previa ({SOURCE_NAME[preview.source]}, {preview.file_name}):{' '}
        {countOf(preview.inserted, 'calificación nueva', 'calificaciones nuevas')},{' '}
        {countOf(preview.updated, 'cambiada', 'cambiadas')}, {countOf(preview.refused, 'rechazada', 'rechazadas')}.
        {preview.dry_run ? ' Aún no se guardó nada.' : ''}
      </Text>
      <PreviewColumns preview={preview} choices={choices} onChoose={onChoose} isMobile={isMobile} />
      {dirty && preview.dry_run ? (
        <Group>
          <Button size="xs" variant="light" onClick={onRefresh}>
            Actualizar vista previa
          </Button>
          <Text size="xs" c="dimmed">
            Cambiaste columnas o máximos: actualiza la vista previa antes de aplicar.
          </Text>
        </Group>
      ) : null}
      <PreviewStudents preview={preview} />
      <PreviewCells preview={preview} shown={shown} isMobile={isMobile} />
      {preview.cells.filter((c) => c.status !== 'same').length > PREVIEW_CELLS ? (
        <Text size="xs" c="dimmed">
          Se muestran {PREVIEW_CELLS} de {preview.cells.filter((c) => c.status !== 'same').length} celdas.
        </Text>
      ) : null}
    </Stack>
  );
}

/** The outcome: written, and the cells saved meanwhile by someone else that were left as they are. */
function GradebookResult({ result }: { result: GradebookImportResult }) {
  return (
    <Alert color={result.conflicts.length ? 'yellow' : 'green'} role="status" title={result.message}>
      <Text size="sm">
        {countOf(result.inserted, 'calificación nueva', 'calificaciones nuevas')},{' '}
        {countOf(result.updated, 'cambiada', 'cambiadas')}
        {result.conflicts.length
          ? `; ${countOf(result.conflicts.length, 'celda cambió', 'celdas cambiaron')} desde la vista previa y no se sobrescribió.`
          : '.'}
      </Text>
    </Alert>
  );
}

const changed = (c: GradebookCell) => c.status === 'new' || c.status === 'changed' || c.status === 'clamped';

/** 'Importar de Moodle o Classroom': the platform's own download, previewed cell by cell, then written. */
export function GradebookDialog({ opened, address, onClose, onImported, undo }: Props) {
  const [choices, setChoices] = useState<ColumnChoices>({});
  const [dirty, setDirty] = useState(false);
  const isMobile = useIsMobile();
  const choicesRef = useRef(choices);
  choicesRef.current = choices;
  const previewRef = useRef<GradebookImportResult | null>(null);
  const write = useImportGradebook();
  const wizard = useImportWizard({
    check: async (file, onProgress) => {
      const result = await importGradebook(file, address, {
        dryRun: true,
        choices: { columns: choicesRef.current },
        onProgress,
      });
      previewRef.current = result;
      setDirty(false);
      return result;
    },
    apply: (file, onProgress) => {
      const versions = Object.fromEntries(
        (previewRef.current?.cells ?? [])
          .filter(changed)
          .map((c) => [gradebookCellKey(c.user_id, c.activity_id), c.version]),
      );
      return write.mutateAsync({ file, address, choices: { columns: choicesRef.current, versions }, onProgress });
    },
    fileRequired: GRADEBOOK_MSG.fileRequired,
    acceptsName: isGradebookName,
    keepsResult: true,
    onApplied: (result) => onImported?.(result),
  });
  const close = () => {
    setChoices({});
    setDirty(false);
    onClose();
  };
  return (
    <ImportWizard
      wizard={{
        ...wizard,
        reset: () => {
          setChoices({});
          wizard.reset();
        },
      }}
      opened={opened}
      onClose={close}
      title="Importar calificaciones de Moodle o Classroom"
      size="xl"
      fullScreen={isMobile}
      intro={
        <Text size="sm">
          Sube el archivo tal como lo descargas: en Moodle, Calificaciones → Exportar (Hoja de cálculo Excel o Archivo
          de texto plano); en Classroom, Calificaciones → Descargar estas calificaciones como archivo CSV. Antes de
          guardar verás cada calificación convertida a 0-100.
        </Text>
      }
      file={{
        label: 'Archivo .xlsx, .csv o .txt',
        placeholder: 'Selecciona un archivo',
        accept: '.xlsx,.csv,.txt,.ods',
      }}
      progress={GRADES_UPLOAD_PROGRESS}
      preview={(p) => (
        <GradebookPreview
          preview={p}
          choices={choices}
          dirty={dirty}
          onChoose={(key, next) => {
            setChoices((all) => ({ ...all, [key]: next }));
            setDirty(true);
          }}
          onRefresh={() => void wizard.review()}
        />
      )}
      canApply={(p) => !dirty && p.cells.some(changed)}
      restartLabel="Elegir otro archivo"
      result={(r) => <GradebookResult result={r} />}
      undo={undoOffer(undo)}
    />
  );
}
