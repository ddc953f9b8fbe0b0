import { MSG, type RatingsImportResult } from '@egreso/domain';
import { ApiError } from '../../../lib/api';
import { getToken } from '../../../lib/session';
import type { SheetAddress } from './ratings-files';

/**
 * POST /ratings/import (multipart). XMLHttpRequest rather than fetch, because only it reports upload progress
 * (0-1 to `onProgress`). With `dryRun` the server answers what would change and writes nothing.
 */
export function importRatings(
  file: File,
  address: SheetAddress,
  options: { dryRun: boolean; onProgress?: (fraction: number) => void },
): Promise<RatingsImportResult> {
  const form = new FormData();
  form.append('group_id', String(address.group_id));
  form.append('subject_id', String(address.subject_id));
  if (address.period_id !== undefined) form.append('period_id', String(address.period_id));
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/ratings/import${options.dryRun ? '?dry_run=1' : ''}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, MSG.connectionError));
    xhr.onload = () => {
      let data: { message?: string; errors?: unknown } | null = null;
      try {
        data = JSON.parse(xhr.responseText) as { message?: string; errors?: unknown };
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && data) {
        options.onProgress?.(1);
        resolve(data as unknown as RatingsImportResult);
        return;
      }
      const errors =
        data && data.errors && !Array.isArray(data.errors) ? (data.errors as Record<string, string[]>) : {};
      reject(new ApiError(xhr.status, data?.message || `Error ${xhr.status}`, errors));
    };
    xhr.send(form);
  });
}
