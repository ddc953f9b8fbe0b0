import type { GradebookChoices, GradebookImportResult } from '@egreso/domain';
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
