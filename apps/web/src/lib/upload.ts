import { MSG } from '@egreso/domain';
import { ApiError, failureOf, saveBlob, withQuery, type Query } from './api';
import { getToken } from './session';

export interface UploadOptions {
  query?: Query;
  /** Form fields sent with the file, ahead of it (the server reads them before the file). */
  fields?: Record<string, string | number | undefined>;
  /** Share of the file sent, 0 to 1 (XMLHttpRequest's upload progress; fetch has none). */
  onProgress?: (fraction: number) => void;
}

/** A failed upload as `api` reports any failure: no answer is a lost connection, else the server's JSON error. */
function failure(xhr: XMLHttpRequest, body: unknown): ApiError {
  if (xhr.status === 0) return new ApiError(0, MSG.connectionError);
  return failureOf(xhr.status, body);
}

/** Reads a failed blob answer as the JSON error it carries. */
async function blobJson(blob: Blob): Promise<unknown> {
  try {
    return JSON.parse(await blob.text());
  } catch {
    return null;
  }
}

function send(path: string, file: File, responseType: 'json' | 'blob', opts: UploadOptions): Promise<XMLHttpRequest> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', withQuery(`/api${path}`, opts.query));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = responseType;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => resolve(xhr);
    xhr.onerror = () => resolve(xhr);
    const form = new FormData();
    for (const [name, value] of Object.entries(opts.fields ?? {}))
      if (value !== undefined) form.append(name, String(value));
    form.append('file', file);
    xhr.send(form);
  });
}

/**
 * The one spreadsheet upload: the file as multipart ('file' field, after `fields`), with upload progress; answers the
 * JSON reply and throws ApiError like `api` (a 401 ends the session).
 */
export async function uploadFile<T>(path: string, file: File, opts: UploadOptions = {}): Promise<T> {
  const xhr = await send(path, file, 'json', opts);
  // A success without a JSON body (a proxy's page, say) is a failure too.
  if (xhr.status >= 200 && xhr.status < 300 && xhr.response !== null) return xhr.response as T;
  throw failure(xhr, xhr.response);
}

/** Sends a file and saves the file the server answers (e.g. the rows with errors) under the server's name. */
export async function uploadForFile(
  path: string,
  file: File,
  fallbackName: string,
  opts: UploadOptions = {},
): Promise<string> {
  const xhr = await send(path, file, 'blob', opts);
  const blob = xhr.response as Blob | null;
  if (xhr.status < 200 || xhr.status >= 300 || !blob) throw failure(xhr, blob ? await blobJson(blob) : null);
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(xhr.getResponseHeader('content-disposition') ?? '');
  const name = match?.[1] ? decodeURIComponent(match[1]) : fallbackName;
  saveBlob(blob, name);
  return name;
}
