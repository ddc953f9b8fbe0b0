import type { ImportPreview, ImportResult } from '@egreso/domain';
import { declareWrite, useWrite } from '../../../lib/cache';
import { uploadFile, uploadForFile } from '../../../lib/upload';

export type PeopleKind = 'teachers' | 'students';

/** POST /{kind}/import?dry_run=1: what the file would change, row by row; nothing is written. */
export function previewImport(
  kind: PeopleKind,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<ImportPreview> {
  return uploadFile<ImportPreview>(`/${kind}/import`, file, { query: { dry_run: 1 }, onProgress });
}

/** POST /{kind}/import: the same file again, written (the server plans it anew inside its transaction). */
export function applyImport(
  kind: PeopleKind,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<ImportResult> {
  return uploadFile<ImportResult>(`/${kind}/import`, file, { onProgress });
}

/** POST /{kind}/import/errors: downloads the file's rows with errors and an 'Error' column. */
export function downloadImportErrors(kind: PeopleKind, file: File): Promise<string> {
  return uploadForFile(
    `/${kind}/import/errors`,
    file,
    `errores_${kind === 'teachers' ? 'profesores' : 'alumnos'}.xlsx`,
  );
}

/** A file of people: accounts, and for students their groups (created when missing), generation links and status. */
const IMPORT_PEOPLE = declareWrite('POST /{teachers|students}/import', ['users', 'memberships', 'statuses', 'groups']);

export const useApplyImport = (kind: PeopleKind) =>
  useWrite(IMPORT_PEOPLE, ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
    applyImport(kind, file, onProgress),
  );
