import { Alert, Badge, Button, FileInput, Group, Modal, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
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
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { StatCard } from '../../../components/StatCard';
import { errorText } from '../../../lib/errors';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { countOf } from '../../../lib/plural';
import { downloadImportErrors, useApplyImport, usePreviewImport, type PeopleKind } from '../api/import-people';

/** The spec's rule: the name must end in .xlsx or .xls (the server then checks the content). */
export const isSpreadsheetName = (name: string) => /\.(xlsx|xls)$/i.test(name);

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

/**
 * Import in two steps: the file is sent as a dry run and its preview shown (new, updated with before → after,
 * unchanged, error per row); only 'Aplicar importación' sends it again to be written.
 */
export function ImportModal({ kind, opened, onClose, onDone }: Props) {
  const isMobile = useIsMobile();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const check = usePreviewImport(kind, setProgress);
  const apply = useApplyImport(kind, setProgress);
  const busy = check.isPending || apply.isPending;

  const reset = () => {
    setFile(null);
    setFileError(null);
    setFailure(null);
    setProgress(null);
    setPreview(null);
    setPage(1);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const choose = (f: File | null) => {
    setFile(f);
    setPreview(null);
    setFailure(null);
    setFileError(f && !isSpreadsheetName(f.name) ? PEOPLE_MSG.fileRequired : null);
  };

  const review = async () => {
    if (!file || !isSpreadsheetName(file.name)) {
      setFileError(PEOPLE_MSG.fileRequired);
      return;
    }
    setFailure(null);
    setProgress(0);
    try {
      setPreview(await check.mutateAsync(file));
      setPage(1);
    } catch (err) {
      setFailure(errorText('Error importando archivo', err));
    }
    setProgress(null);
  };

  const confirm = async () => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    try {
      const result = await apply.mutateAsync(file);
      reset();
      onDone(result);
    } catch (err) {
      setFailure(errorText('Error importando archivo', err));
      setProgress(null);
    }
  };

  const downloadErrors = async () => {
    if (!file) return;
    setDownloading(true);
    try {
      await downloadImportErrors(kind, file);
    } catch (err) {
      setFailure(errorText('Error descargando filas con error', err));
    }
    setDownloading(false);
  };

  const counts = preview
    ? {
        new: preview.rows.filter((r) => r.status === 'new').length,
        updated: preview.rows.filter((r) => r.status === 'updated').length,
        unchanged: preview.rows.filter((r) => r.status === 'unchanged').length,
        error: preview.rows.filter((r) => r.status === 'error').length,
        warned: preview.rows.filter((r) => r.warnings.length > 0).length,
      }
    : null;
  const lastPage = preview ? Math.max(1, Math.ceil(preview.rows.length / PREVIEW_PAGE)) : 1;
  const shown = preview?.rows.slice((page - 1) * PREVIEW_PAGE, page * PREVIEW_PAGE);
  const writes = counts ? counts.new + counts.updated : 0;
  const title = kind === 'teachers' ? 'Importar profesores' : 'Importar alumnos';

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size={preview ? 'xl' : 'lg'}
      centered
      fullScreen={isMobile && preview !== null}
      closeOnClickOutside={!busy}
    >
      <Stack gap="sm">
        {failure ? (
          <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
            {failure}
          </Alert>
        ) : null}
        <FileInput
          id={`${kind}-import-file`}
          label="Archivo de Excel"
          placeholder="Ningún archivo seleccionado"
          description="Primero verás qué cambiaría; nada se guarda hasta que confirmes."
          accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
          value={file}
          onChange={choose}
          error={fileError}
          clearable
          clearButtonProps={{ 'aria-label': 'Quitar archivo' }}
          disabled={busy}
        />
        {progress !== null ? (
          <Stack gap={4}>
            <Progress value={Math.round(progress * 100)} aria-label="Progreso de carga" animated={progress >= 1} />
            <Text size="sm" c="dimmed" role="status">
              {progress < 1 ? `Subiendo archivo… ${Math.round(progress * 100)} %` : 'Procesando archivo…'}
            </Text>
          </Stack>
        ) : null}

        {preview && counts ? (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <StatCard label="Nuevos" value={counts.new} />
              <StatCard label="Actualizados" value={counts.updated} />
              <StatCard label="Sin cambios" value={counts.unchanged} />
              <StatCard label="Con error" value={counts.error} />
            </SimpleGrid>
            {counts.error > 0 ? (
              <Alert color="red" title={`${rowsText(counts.error)} con error`}>
                Esas filas no se importarán; las demás sí. Descárgalas con su columna «Error», corrígelas y vuelve a
                importarlas.
              </Alert>
            ) : null}
            {counts.warned > 0 ? (
              <Alert color="yellow" title={`${rowsText(counts.warned)} con aviso`}>
                Se importarán, pero crearán grupos que hoy no existen (marcados «Aviso»). Revisa que el nombre del grupo
                sea correcto antes de aplicar.
              </Alert>
            ) : null}
            <ResponsiveTable
              rows={shown}
              columns={columns}
              rowKey={(r) => r.row}
              label="Vista previa de la importación"
              minWidth={640}
              emptyText="El archivo no tiene filas."
              paging={
                lastPage > 1
                  ? { page, lastPage, onPageChange: setPage, summary: rowsText(preview.rows.length) }
                  : undefined
              }
            />
          </>
        ) : null}

        <Group justify="flex-end" mt="sm" gap="sm">
          {counts && counts.error > 0 ? (
            <Button variant="light" color="red" onClick={downloadErrors} loading={downloading} disabled={busy}>
              Descargar filas con error
            </Button>
          ) : null}
          <Button variant="default" onClick={close} disabled={busy}>
            Cancelar
          </Button>
          {preview ? (
            <Button onClick={confirm} loading={apply.isPending} disabled={writes === 0}>
              {writes === 0 ? 'Nada que importar' : 'Aplicar importación'}
            </Button>
          ) : (
            <Button onClick={review} loading={check.isPending}>
              Revisar archivo
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
