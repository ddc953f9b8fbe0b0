import { vi } from 'vitest';

export interface Sent {
  url: string;
  file: File | null;
  /** Every field of the form, the file by its name. */
  fields: Record<string, string>;
}

/**
 * A stand-in for the browser's XMLHttpRequest (the uploads' transport): records what is sent, reports half the file
 * sent, then, 500 ms later (long enough to see the progress on a busy machine), answers from `answer` by URL.
 */
export function fakeXhr(answer: (url: string) => { status: number; body: unknown }): Sent[] {
  const sent: Sent[] = [];
  class FakeXhr {
    status = 0;
    response: unknown = null;
    responseType = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader() {
      return null;
    }
    send(form: FormData) {
      const fields: Record<string, string> = {};
      form.forEach((value, name) => (fields[name] = typeof value === 'string' ? value : value.name));
      sent.push({ url: this.url, file: form.get('file') as File | null, fields });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      setTimeout(() => {
        const a = answer(this.url);
        this.status = a.status;
        this.response = a.body;
        this.onload?.();
      }, 500);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
