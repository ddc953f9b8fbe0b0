import type { ImportProgressTexts, ImportUndo } from '../../../components/ImportWizard';

/** The progress bar of a grades file's upload, check and import. */
export const GRADES_UPLOAD_PROGRESS: ImportProgressTexts = {
  label: 'Progreso de la carga',
  text: (fraction, step) =>
    fraction < 1 ? 'Subiendo archivo...' : step === 'checking' ? 'Revisando el archivo...' : 'Importando...',
};

/** The sheet's newest import still undoable, and how to undo it. */
export interface SheetUndo {
  batchId: string | null;
  start: () => void;
}

/** 'Deshacer importación', offered once the import just written is the sheet's newest undoable one. */
export function undoOffer(undo: SheetUndo | undefined): ImportUndo<{ batch_id: string | null }> | undefined {
  return (
    undo && {
      label: 'Deshacer importación',
      offered: (r) => r.batch_id !== null && r.batch_id === undo.batchId,
      start: undo.start,
    }
  );
}
