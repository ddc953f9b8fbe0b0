import { Alert, Stack, Table, Text } from '@mantine/core';
import { GRADE_MSG, formatGrade, type RatingsImportResult } from '@egreso/domain';
import { ImportWizard } from '../../../components/ImportWizard';
import { countOf } from '../../../lib/plural';
import { useImportWizard } from '../../../lib/use-import-wizard';
import { importRatings, useImportRatings } from '../api/import-ratings';
import type { SheetAddress } from '../api/ratings-files';
import { GradeTable, NoGradeChanges } from './GradeTable';
import { GRADES_UPLOAD_PROGRESS, undoOffer, type SheetUndo } from './import-offers';

interface Props {
  opened: boolean;
  address: SheetAddress;
  onClose: () => void;
  /** The import was written (the sheet and every view computed from grades reload by themselves). */
  onImported?: (result: RatingsImportResult) => void;
  /** The sheet's newest import still undoable, and how to undo it: offered once this import is that one. */
  undo?: SheetUndo;
}

const PREVIEW_ROWS = 200;
const SHOWN_ERRORS = 3;
const PREVIEW_COLUMNS = [
  'Fila',
  'Matrícula',
  'Actividad',
  { title: 'Antes', right: true },
  { title: 'Después', right: true },
] as const;

/** The dry run's counts, the rows that will not be imported, and every change with before and after (200 shown). */
function RatingsPreview({ preview }: { preview: RatingsImportResult }) {
  const shown = preview.changes.slice(0, PREVIEW_ROWS);
  return (
    <>
      <Text size="sm" fw={500}>
        Vista previa: {countOf(preview.inserted, 'calificación nueva', 'calificaciones nuevas')},{' '}
        {countOf(preview.updated, 'cambiada', 'cambiadas')}, {preview.skipped} sin cambio. Aún no se guardó nada.
      </Text>
      {preview.errors.length ? (
        <Alert
          color="yellow"
          title={`${countOf(preview.errors.length, 'fila', 'filas')} con advertencias (no se importarán)`}
        >
          <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 18 }}>
            {preview.errors.map((e, i) => (
              <li key={i}>
                <Text size="sm">
                  Fila {e.row}: {e.error}
                </Text>
              </li>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {shown.length ? (
        <GradeTable
          minWidth={520}
          mah={320}
          striped
          stickyHeader
          aria-label="Cambios que hará la importación"
          columns={PREVIEW_COLUMNS}
        >
          {shown.map((c) => (
            <Table.Tr key={`${c.user_id}-${c.activity_id}`}>
              <Table.Td>{c.row}</Table.Td>
              <Table.Td>{c.controlnumber}</Table.Td>
              <Table.Td>{c.activity_name}</Table.Td>
              <Table.Td ta="right">{formatGrade(c.before, 'vacía')}</Table.Td>
              <Table.Td ta="right">{formatGrade(c.after)}</Table.Td>
            </Table.Tr>
          ))}
        </GradeTable>
      ) : (
        <NoGradeChanges />
      )}
      {preview.changes.length > PREVIEW_ROWS ? (
        <Text size="xs" c="dimmed">
          Se muestran {PREVIEW_ROWS} de {preview.changes.length} cambios.
        </Text>
      ) : null}
    </>
  );
}

/** 'Importación completada', or with warnings and the first 3 of them. */
function RatingsResult({ result }: { result: RatingsImportResult }) {
  return (
    <Alert
      color={result.errors.length ? 'yellow' : 'green'}
      role="status"
      title={result.errors.length ? GRADE_MSG.importWarnings : GRADE_MSG.importDone}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {[
          `${result.inserted} calificaciones nuevas, ${result.updated} cambiadas.`,
          ...result.errors.slice(0, SHOWN_ERRORS).map((e) => `Fila ${e.row}: ${e.error}`),
        ].join('\n')}
      </Text>
    </Alert>
  );
}

/** 'Importar desde Excel': upload with progress, a dry-run preview of every change, and the import on confirmation. */
export function ImportDialog({ opened, address, onClose, onImported, undo }: Props) {
  const write = useImportRatings();
  const wizard = useImportWizard({
    check: (file, onProgress) => importRatings(file, address, { dryRun: true, onProgress }),
    apply: (file, onProgress) => write.mutateAsync({ file, address, onProgress }),
    fileRequired: GRADE_MSG.fileRequired,
    keepsResult: true,
    onApplied: (result) => onImported?.(result),
  });
  return (
    <ImportWizard
      wizard={wizard}
      opened={opened}
      onClose={onClose}
      title="Importar calificaciones desde Excel"
      size="xl"
      intro={
        <Text size="sm">
          Usa la plantilla: una fila por alumno con su matrícula y una columna por actividad. Las celdas vacías no
          cambian nada.
        </Text>
      }
      file={{ label: 'Archivo .xlsx', placeholder: 'Selecciona un archivo', accept: '.xlsx,.xls' }}
      progress={GRADES_UPLOAD_PROGRESS}
      preview={(p) => <RatingsPreview preview={p} />}
      canApply={(p) => p.changes.length > 0}
      restartLabel="Elegir otro archivo"
      result={(r) => <RatingsResult result={r} />}
      undo={undoOffer(undo)}
    />
  );
}
