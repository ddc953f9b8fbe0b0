import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportPreview, ImportResult } from '@egreso/domain';
import { queryKeys } from '../../../lib/query-keys';
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

export function useApplyImport(kind: PeopleKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      applyImport(kind, file, onProgress),
    // A student file may create groups.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.groups.all }),
      ]),
  });
}
