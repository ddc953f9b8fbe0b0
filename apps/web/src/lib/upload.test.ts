import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@egreso/domain';
import { fakeXhr } from '../test/fake-xhr';
import { signIn } from '../test/render';
import { ApiError, onPasswordChangeRequired, onUnauthorized } from './api';
import { getToken, mustChangePassword } from './session';
import { uploadFile } from './upload';

afterEach(() => vi.unstubAllGlobals());

const file = new File(['PK'], 'hoja.xlsx');

describe('uploadFile', () => {
  it('sends the fields and then the file, the query in the URL, and reports the share sent', async () => {
    const sent = fakeXhr(() => ({ status: 200, body: { ok: true } }));
    const progress = vi.fn();
    const answer = await uploadFile('/ratings/import', file, {
      query: { dry_run: 1, empty: undefined },
      fields: { group_id: 3, period_id: undefined },
      onProgress: progress,
    });
    expect(answer).toEqual({ ok: true });
    expect(sent[0]!.url).toBe('/api/ratings/import?dry_run=1');
    expect(Object.keys(sent[0]!.fields)).toEqual(['group_id', 'file']);
    expect(progress).toHaveBeenCalledWith(0.5);
  });

  it('decodes a failure as api does: the message, the per-field errors, and a 401 ends the session', async () => {
    signIn({ id: 1, full_name: 'Ana', rol: 2 });
    const signedOut = vi.fn();
    const stop = onUnauthorized(signedOut);
    fakeXhr(() => ({ status: 401, body: { message: MSG.unauthenticated } }));
    const err = await uploadFile('/students/import', file).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(MSG.unauthenticated);
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
    stop();

    fakeXhr(() => ({ status: 422, body: { message: 'No válido', errors: { file: ['Falta'] } } }));
    const invalid = (await uploadFile('/students/import', file).catch((e: unknown) => e)) as ApiError;
    expect([invalid.status, invalid.message, invalid.errors]).toEqual([422, 'No válido', { file: ['Falta'] }]);
  });

  it('opens the password change when the server asks for it first', async () => {
    signIn({ id: 1, full_name: 'Ana', rol: 2 });
    const asked = vi.fn();
    const stop = onPasswordChangeRequired(asked);
    fakeXhr(() => ({ status: 403, body: { message: MSG.mustChangePassword } }));
    await expect(uploadFile('/students/import', file)).rejects.toThrow(MSG.mustChangePassword);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(mustChangePassword()).toBe(true);
    stop();
  });

  it("words a success without a body as 'Error 200' and no answer as the lost connection", async () => {
    fakeXhr(() => ({ status: 200, body: null }));
    await expect(uploadFile('/students/import', file)).rejects.toThrow('Error 200');
    fakeXhr(() => ({ status: 0, body: null }));
    await expect(uploadFile('/students/import', file)).rejects.toThrow(MSG.connectionError);
  });
});
