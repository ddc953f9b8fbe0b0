import { MSG } from '@egreso/domain';
import { ApiError, saveBlob, sessionRefused, withQuery } from './api';
import { getToken } from './session';

type Query = Record<string, string | number | boolean | null | undefined>;

export interface UploadOptions {
  query?: Query;
  /** Share of the file sent, 0 to 1 (XMLHttpRequest's upload progress; fetch has none). */
  onProgress?: (fraction: number) => void;
}

function failureOf(xhr: XMLHttpRequest, body: unknown): ApiError {
  if (xhr.status === 0) return new ApiError(0, MSG.connectionError);
  let message = '';
  let errors: Record<string, string[]> = {};
  if (body && typeof body === 'object') {
    const data = body as { message?: string; error?: string; errors?: Record<string, string[]> };
    message = data.message ?? data.error ?? '';
    errors = data.errors ?? {};
  }
  if (xhr.status === 401) sessionRefused();
  return new ApiError(xhr.status, message || `Error ${xhr.status}`, errors);
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
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = responseType;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => resolve(xhr);
    xhr.onerror = () => resolve(xhr);
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/** Sends a file as multipart ('file' field) and answers the JSON reply; throws ApiError like `api`. */
export async function uploadFile<T>(path: string, file: File, opts: UploadOptions = {}): Promise<T> {
  const xhr = await send(path, file, 'json', opts);
  if (xhr.status >= 200 && xhr.status < 300) return xhr.response as T;
  throw failureOf(xhr, xhr.response);
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
  if (xhr.status < 200 || xhr.status >= 300 || !blob) throw failureOf(xhr, blob ? await blobJson(blob) : null);
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(xhr.getResponseHeader('content-disposition') ?? '');
  const name = match?.[1] ? decodeURIComponent(match[1]) : fallbackName;
  saveBlob(blob, name);
  return name;
}
