import type { ImportProgressTexts } from '../../../components/ImportWizard';

/** The progress bar of a grades file's upload, check and import. */
export const GRADES_UPLOAD_PROGRESS: ImportProgressTexts = {
  label: 'Progreso de la carga',
  text: (fraction, step) =>
    fraction < 1 ? 'Subiendo archivo...' : step === 'checking' ? 'Revisando el archivo...' : 'Importando...',
};
