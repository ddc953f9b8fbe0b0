import { Button } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/errors';
import { useImports } from '../api/get-imports';
import { downloadTemplate, exportGrades, type SheetAddress } from '../api/ratings-files';
import { useUndoImport } from '../api/undo-import';
import type { SheetFeedback } from '../grid/use-grade-sheet-state';
import { GradebookDialog } from './GradebookDialog';
import { ImportDialog } from './ImportDialog';

interface Props {
  assignmentId: number;
  address: SheetAddress;
  readOnly: boolean;
  feedback: SheetFeedback;
}

/** The sheet's spreadsheet buttons: import (with its dialog), export, template, and undoing the last import. */
export function SheetFileButtons({ assignmentId, address, readOnly, feedback }: Props) {
  const [importOpen, setImportOpen] = useState(false);
  const [gradebookOpen, setGradebookOpen] = useState(false);
  const [confirmUndo, setConfirmUndo] = useState(false);
  const imports = useImports(assignmentId);
  const lastImport = imports.data?.find((i) => !i.undone) ?? null;
  const undo = useUndoImport();

  const doUndo = () => {
    if (!lastImport) return;
    undo.mutate(lastImport.batch_id, {
      onSuccess: (res) => {
        setConfirmUndo(false);
        feedback.success(res.kept.length ? `${res.message} (${res.kept.length} sin cambiar)` : res.message);
      },
      onError: (err) => {
        setConfirmUndo(false);
        feedback.error(errorText('No se pudo deshacer la importación', err));
      },
    });
  };

  const files = async (kind: 'template' | 'export') => {
    try {
      if (kind === 'template') {
        await downloadTemplate(address);
        feedback.success('Plantilla descargada.');
      } else {
        await exportGrades(address);
        feedback.success('Exportación completada.');
      }
    } catch (err) {
      feedback.error(
        errorText(kind === 'template' ? 'Error descargando la plantilla.' : 'Error exportando calificaciones.', err),
      );
    }
  };

  return (
    <>
      {!readOnly ? (
        <Button onClick={() => setImportOpen(true)} variant="light">
          Importar Excel
        </Button>
      ) : null}
      {!readOnly ? (
        <Button onClick={() => setGradebookOpen(true)} variant="light">
          Importar de Moodle o Classroom
        </Button>
      ) : null}
      <Button onClick={() => void files('export')} variant="light">
        Exportar Excel
      </Button>
      <Button onClick={() => void files('template')} variant="light">
        Descargar plantilla
      </Button>
      {!readOnly && lastImport ? (
        <Button onClick={() => setConfirmUndo(true)} variant="light" color="orange">
          Deshacer importación
        </Button>
      ) : null}
      <ConfirmDialog
        opened={confirmUndo}
        title="Deshacer importación"
        danger
        confirmLabel="Deshacer"
        loading={undo.isPending}
        message={
          lastImport
            ? `Se ${lastImport.cells === 1 ? 'restaurará la calificación' : `restaurarán las ${lastImport.cells} calificaciones`} que cambió la importación del ${formatDateTime(lastImport.changed_at)}${lastImport.file_name ? ` (${lastImport.file_name})` : ''}; las que se modificaron después se quedan como están.`
            : ''
        }
        onConfirm={doUndo}
        onCancel={() => setConfirmUndo(false)}
      />
      <ImportDialog
        opened={importOpen}
        address={address}
        onClose={() => setImportOpen(false)}
        undo={readOnly ? undefined : { batchId: lastImport?.batch_id ?? null, start: () => setConfirmUndo(true) }}
      />
      <GradebookDialog
        opened={gradebookOpen}
        address={address}
        onClose={() => setGradebookOpen(false)}
        undo={readOnly ? undefined : { batchId: lastImport?.batch_id ?? null, start: () => setConfirmUndo(true) }}
      />
    </>
  );
}
