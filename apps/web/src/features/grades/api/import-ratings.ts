import type { RatingsImportResult } from '@egreso/domain';
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
