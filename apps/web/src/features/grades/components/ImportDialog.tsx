import { Alert, Button, FileInput, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { GRADE_MSG, formatGrade, type RatingsImportResult } from '@egreso/domain';
import { errorText } from '../../../lib/errors';
import { countOf } from '../../../lib/plural';
import { importRatings } from '../api/import-ratings';
import type { SheetAddress } from '../api/ratings-files';

interface Props {
  opened: boolean;
  address: SheetAddress;
  onClose: () => void;
  /** The import was written: the sheet reloads. */
  onImported: (result: RatingsImportResult) => void;
}

type Phase = 'choose' | 'checking' | 'preview' | 'applying' | 'done';

const PREVIEW_ROWS = 200;
const SHOWN_ERRORS = 3;

/** 'Importar desde Excel': upload with progress, a dry-run preview of every change, and the import on confirmation. */
export function ImportDialog({ opened, address, onClose, onImported }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('choose');
  const [progress, setProgress] = useState(0);
  const [preview, setPreview] = useState<RatingsImportResult | null>(null);
  const [result, setResult] = useState<RatingsImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setPhase('choose');
    setProgress(0);
    setPreview(null);
    setResult(null);
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const run = async (dryRun: boolean) => {
    setError(null);
    if (!file || !/\.xlsx?$/i.test(file.name)) {
      setError(GRADE_MSG.fileRequired);
      return;
    }
    setProgress(0);
    setPhase(dryRun ? 'checking' : 'applying');
    try {
      const answer = await importRatings(file, address, { dryRun, onProgress: setProgress });
      if (dryRun) {
        setPreview(answer);
        setPhase('preview');
      } else {
        setResult(answer);
        setPhase('done');
        onImported(answer);
      }
    } catch (err) {
      setError(errorText('Error importando archivo', err));
      setPhase(dryRun ? 'choose' : 'preview');
    }
  };

  const busy = phase === 'checking' || phase === 'applying';
  const shown = preview?.changes.slice(0, PREVIEW_ROWS) ?? [];
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : close}
      title="Importar calificaciones desde Excel"
      size="xl"
      centered
    >
      <Stack gap="sm">
        {phase === 'choose' || phase === 'checking' ? (
          <>
            <Text size="sm">
              Usa la plantilla: una fila por alumno con su matrícula y una columna por actividad. Las celdas vacías no
              cambian nada.
            </Text>
            <FileInput
              label="Archivo .xlsx"
              placeholder="Selecciona un archivo"
              accept=".xlsx,.xls"
              value={file}
              onChange={(f) => {
                setFile(f);
                setError(null);
              }}
              clearable
              disabled={busy}
            />
          </>
        ) : null}
        {busy ? (
          <Stack gap={4}>
            <Text size="sm">
              {progress < 1
                ? 'Subiendo archivo...'
                : phase === 'checking'
                  ? 'Revisando el archivo...'
                  : 'Importando...'}
            </Text>
            <Progress value={Math.round(progress * 100)} aria-label="Progreso de la carga" animated={progress >= 1} />
          </Stack>
        ) : null}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}

        {phase === 'preview' && preview ? (
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
              <Table.ScrollContainer minWidth={520} mah={320}>
                <Table striped stickyHeader aria-label="Cambios que hará la importación">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Fila</Table.Th>
                      <Table.Th>Matrícula</Table.Th>
                      <Table.Th>Actividad</Table.Th>
                      <Table.Th ta="right">Antes</Table.Th>
                      <Table.Th ta="right">Después</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.map((c) => (
                      <Table.Tr key={`${c.user_id}-${c.activity_id}`}>
                        <Table.Td>{c.row}</Table.Td>
                        <Table.Td>{c.controlnumber}</Table.Td>
                        <Table.Td>{c.activity_name}</Table.Td>
                        <Table.Td ta="right">{formatGrade(c.before, 'vacía')}</Table.Td>
                        <Table.Td ta="right">{formatGrade(c.after)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : (
              <Text size="sm" c="dimmed">
                El archivo no cambia ninguna calificación.
              </Text>
            )}
            {preview.changes.length > PREVIEW_ROWS ? (
              <Text size="xs" c="dimmed">
                Se muestran {PREVIEW_ROWS} de {preview.changes.length} cambios.
              </Text>
            ) : null}
          </>
        ) : null}

        {phase === 'done' && result ? (
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
        ) : null}
      </Stack>
      <Group justify="flex-end" mt="lg">
        {phase === 'done' ? (
          <Button onClick={close}>Cerrar</Button>
        ) : (
          <>
            <Button variant="default" onClick={close} disabled={busy}>
              Cancelar
            </Button>
            {phase === 'preview' || phase === 'applying' ? (
              <>
                <Button variant="default" onClick={reset} disabled={busy}>
                  Elegir otro archivo
                </Button>
                <Button
                  onClick={() => void run(false)}
                  loading={phase === 'applying'}
                  disabled={!preview?.changes.length}
                >
                  Aplicar importación
                </Button>
              </>
            ) : (
              <Button onClick={() => void run(true)} loading={phase === 'checking'}>
                Revisar archivo
              </Button>
            )}
          </>
        )}
      </Group>
    </Modal>
  );
}
