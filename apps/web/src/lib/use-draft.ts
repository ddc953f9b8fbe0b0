import { useState } from 'react';
import { serverFieldErrors, type FieldErrors } from './form-errors';

/** A draft's check: the request body, or the message to show (and, optionally, the fields at fault). */
export type DraftCheck<B> = { body: B } | { error: string; fields?: FieldErrors };

/** A form's draft with its validation message and the server's per-field messages. */
export function useDraft<D, B>(empty: D, check: (draft: D) => DraftCheck<B>) {
  const [value, setValue] = useState<D>(empty);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  return {
    value,
    setValue,
    error,
    fieldErrors,
    /** Starts over from the given draft (the empty one by default), without messages. */
    reset: (draft: D = empty) => {
      setValue(draft);
      setError(null);
      setFieldErrors({});
    },
    /**
     * Checks the draft and saves it when valid; true once saved. A failed save puts the server's per-field
     * messages under the fields and goes to onError.
     */
    submit: async (save: (body: B) => Promise<unknown>, onError: (err: unknown) => void): Promise<boolean> => {
      const checked = check(value);
      if ('error' in checked) {
        if (checked.fields) setFieldErrors(checked.fields);
        setError(checked.error);
        return false;
      }
      setError(null);
      try {
        await save(checked.body);
        return true;
      } catch (err) {
        setFieldErrors(serverFieldErrors(err));
        onError(err);
        return false;
      }
    },
  };
}
