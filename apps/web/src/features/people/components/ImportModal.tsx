import { Alert, Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  IMPORT_ROW_STATUS_LABEL,
  LIMITS,
  PEOPLE_MSG,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportResult,
  type ImportRowStatus,
} from '@egreso/domain';
import { ImportWizard, type ImportProgressTexts } from '../../../components/ImportWizard';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { StatCard } from '../../../components/StatCard';
import { errorText } from '../../../lib/errors';
import { useImportWizard } from '../../../lib/use-import-wizard';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { countOf } from '../../../lib/plural';
import { downloadImportErrors, previewImport, useApplyImport, type PeopleKind } from '../api/import-people';

const PREVIEW_PAGE = 25;
const STATUS_COLOR: Record<ImportRowStatus, string> = {
  new: 'green',
  updated: 'blue',
  unchanged: 'gray',
  error: 'red',
};

/** 'Importación completada' or, with row errors, 'Importación completada con advertencias' and the first 3 of them. */
export function importResultText(result: ImportResult): string {
  const counts = `Nuevos: ${result.inserted} · Actualizados: ${result.updated} · Omitidos: ${result.skipped}`;
  if (result.errors.length === 0) return `Importación completada\n${counts}`;
  const lines = result.errors.slice(0, LIMITS.importErrorsShown).map((e) => `Fila ${e.row}: ${e.error}`);
  return ['Importación completada con advertencias', counts, ...lines].join('\n');
}

/** A row's warnings (a group it would create): imported all the same, but shown apart from errors. */
function Warnings({ row }: { row: ImportPreviewRow }) {
  if (row.warnings.length === 0) return null;
  return (
    <>
      {row.warnings.map((w) => (
        <Text key={w} size="sm" c="#9a3412" fw={500}>
          <Text span fw={700} size="sm">
            Aviso:{' '}
          </Text>
          {w}
        </Text>
      ))}
    </>
  );
}

function ChangeList({ row }: { row: ImportPreviewRow }) {
  if (row.status === 'error')
    return (
      <Text size="sm" c="red">
        {row.error}
      </Text>
    );
  if (row.changes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {row.status === 'unchanged' ? 'Sin cambios' : '-'}
      </Text>
    );
  return (
    <Stack gap={2}>
      <Warnings row={row} />
      {row.changes.map((c) => (
        <Text key={c.field} size="sm">
          <Text span fw={600} size="sm">
            {c.field}:{' '}
          </Text>
          {row.status === 'updated' ? <>{c.before || '(vacío)'} → </> : null}
          {c.after}
        </Text>
      ))}
    </Stack>
  );
}

const rowsText = (n: number) => countOf(n, 'fila', 'filas');

const columns: Column<ImportPreviewRow>[] = [
  { key: 'row', header: 'Fila', width: 60, cell: (r) => r.row },
  { key: 'name', header: 'Nombre', cell: (r) => r.full_name || '-', card: 'title' },
  { key: 'number', header: 'Número', cell: (r) => r.controlnumber || '-' },
  {
    key: 'status',
    header: 'Resultado',
    width: 120,
    cell: (r) => (
      <Group gap={4}>
        <Badge color={STATUS_COLOR[r.status]} variant="light">
          {IMPORT_ROW_STATUS_LABEL[r.status]}
        </Badge>
        {r.warnings.length > 0 ? (
          <Badge color="orange" variant="light">
            Aviso
          </Badge>
        ) : null}
      </Group>
    ),
  },
  { key: 'changes', header: 'Cambios', cell: (r) => <ChangeList row={r} />, card: 'plain' },
];

interface Props {
  kind: PeopleKind;
  opened: boolean;
  onClose: () => void;
  /** The import was written: the page reports it. */
  onDone: (result: ImportResult) => void;
}

const progress: ImportProgressTexts = {
  label: 'Progreso de carga',
  text: (fraction) => (fraction < 1 ? `Subiendo archivo… ${Math.round(fraction * 100)} %` : 'Procesando archivo…'),
};

/** What the preview would write: new and updated rows. */
const writesOf = (preview: ImportPreview) =>
  preview.rows.filter((r) => r.status === 'new' || r.status === 'updated').length;

/** The preview's counts, the rows with errors or warnings explained, and every row, 25 a page. */
function PeoplePreview({ preview }: { preview: ImportPreview }) {
  const [page, setPage] = useState(1);
  const count = (status: ImportRowStatus) => preview.rows.filter((r) => r.status === status).length;
  const errors = count('error');
  const warned = preview.rows.filter((r) => r.warnings.length > 0).length;
  const lastPage = Math.max(1, Math.ceil(preview.rows.length / PREVIEW_PAGE));
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <StatCard label="Nuevos" value={count('new')} />
        <StatCard label="Actualizados" value={count('updated')} />
        <StatCard label="Sin cambios" value={count('unchanged')} />
        <StatCard label="Con error" value={errors} />
      </SimpleGrid>
      {errors > 0 ? (
        <Alert color="red" title={`${rowsText(errors)} con error`}>
          Esas filas no se importarán; las demás sí. Descárgalas con su columna «Error», corrígelas y vuelve a
          importarlas.
        </Alert>
      ) : null}
      {warned > 0 ? (
        <Alert color="yellow" title={`${rowsText(warned)} con aviso`}>
          Se importarán, pero crearán grupos que hoy no existen (marcados «Aviso»). Revisa que el nombre del grupo sea
          correcto antes de aplicar.
        </Alert>
      ) : null}
      <ResponsiveTable
        rows={preview.rows.slice((page - 1) * PREVIEW_PAGE, page * PREVIEW_PAGE)}
        columns={columns}
        rowKey={(r) => r.row}
        label="Vista previa de la importación"
        minWidth={640}
        emptyText="El archivo no tiene filas."
        paging={
          lastPage > 1 ? { page, lastPage, onPageChange: setPage, summary: rowsText(preview.rows.length) } : undefined
        }
      />
    </>
  );
}

/**
 * Import in two steps: the file is sent as a dry run and its preview shown (new, updated with before → after,
 * unchanged, error per row); only 'Aplicar importación' sends it again to be written.
 */
export function ImportModal({ kind, opened, onClose, onDone }: Props) {
  const isMobile = useIsMobile();
  const [downloading, setDownloading] = useState(false);
  const apply = useApplyImport(kind);
  const wizard = useImportWizard({
    check: (file, onProgress) => previewImport(kind, file, onProgress),
    apply: (file, onProgress) => apply.mutateAsync({ file, onProgress }),
    fileRequired: PEOPLE_MSG.fileRequired,
    keepsResult: false,
    onApplied: onDone,
  });

  const downloadErrors = async () => {
    if (!wizard.file) return;
    setDownloading(true);
    try {
      await downloadImportErrors(kind, wizard.file);
    } catch (err) {
      wizard.fail(errorText('Error descargando filas con error', err));
    }
    setDownloading(false);
  };

  const preview = wizard.preview;
  return (
    <ImportWizard
      wizard={wizard}
      opened={opened}
      onClose={onClose}
      title={kind === 'teachers' ? 'Importar profesores' : 'Importar alumnos'}
      size={preview ? 'xl' : 'lg'}
      fullScreen={isMobile && preview !== null}
      file={{
        id: `${kind}-import-file`,
        label: 'Archivo de Excel',
        placeholder: 'Ningún archivo seleccionado',
        description: 'Primero verás qué cambiaría; nada se guarda hasta que confirmes.',
        accept: '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel',
        clearLabel: 'Quitar archivo',
      }}
      progress={progress}
      preview={(p) => <PeoplePreview preview={p} />}
      canApply={(p) => writesOf(p) > 0}
      applyLabel={(p) => (writesOf(p) === 0 ? 'Nada que importar' : 'Aplicar importación')}
      previewActions={
        preview && preview.rows.some((r) => r.status === 'error') ? (
          <Button variant="light" color="red" onClick={downloadErrors} loading={downloading} disabled={wizard.busy}>
            Descargar filas con error
          </Button>
        ) : null
      }
    />
  );
}
