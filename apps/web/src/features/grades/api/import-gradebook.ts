import type { GradebookChoices, GradebookImportResult } from '@egreso/domain';
import { declareWrite, useWrite } from '../../../lib/cache';
import { uploadFile } from '../../../lib/upload';
import type { SheetAddress } from './ratings-files';

/**
 * POST /ratings/gradebook (multipart: the sheet's address, the teacher's column choices as JSON, the file). With
 * `dryRun` the server answers the preview and writes nothing.
 */
export function importGradebook(
  file: File,
  address: SheetAddress,
  options: { dryRun: boolean; choices: GradebookChoices; onProgress?: (fraction: number) => void },
): Promise<GradebookImportResult> {
  return uploadFile<GradebookImportResult>('/ratings/gradebook', file, {
    query: { dry_run: options.dryRun ? 1 : undefined },
    fields: { ...address, choices: JSON.stringify(options.choices) },
    onProgress: options.onProgress,
  });
}

export interface GradebookImportInput {
  file: File;
  address: SheetAddress;
  choices: GradebookChoices;
  onProgress: (fraction: number) => void;
}

const IMPORT_GRADEBOOK = declareWrite('POST /ratings/gradebook', ['grades']);

/** The gradebook import written (no dry run): like every grade write, every view computed from grades is refreshed. */
export const useImportGradebook = () =>
  useWrite(IMPORT_GRADEBOOK, ({ file, address, choices, onProgress }: GradebookImportInput) =>
    importGradebook(file, address, { dryRun: false, choices, onProgress }),
  );
