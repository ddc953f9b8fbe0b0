import type { RatingsImportResult } from '@egreso/domain';
import { declareWrite, useWrite } from '../../../lib/cache';
import { uploadFile } from '../../../lib/upload';
import type { SheetAddress } from './ratings-files';

/** POST /ratings/import (multipart, the sheet's address as fields). With `dryRun` the server answers what would change and writes nothing. */
export function importRatings(
  file: File,
  address: SheetAddress,
  options: { dryRun: boolean; onProgress?: (fraction: number) => void },
): Promise<RatingsImportResult> {
  return uploadFile<RatingsImportResult>('/ratings/import', file, {
    query: { dry_run: options.dryRun ? 1 : undefined },
    fields: { ...address },
    onProgress: options.onProgress,
  });
}

export interface RatingsImportInput {
  file: File;
  address: SheetAddress;
  onProgress: (fraction: number) => void;
}

const IMPORT_RATINGS = declareWrite('POST /ratings/import', ['grades']);

/** The import written (no dry run): like every grade write, every view computed from grades is refreshed. */
export const useImportRatings = () =>
  useWrite(IMPORT_RATINGS, ({ file, address, onProgress }: RatingsImportInput) =>
    importRatings(file, address, { dryRun: false, onProgress }),
  );
