import { useCallback, useState } from 'react';
import { serverFieldErrors, type FieldErrors } from './form-errors';

/** A modal form's messages: one under each field at fault, and the save failure above the fields. */
export function useFormErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  /** No messages: when the form opens and when a save starts. */
  const clear = useCallback(() => {
    setErrors({});
    setFailure(null);
  }, []);
  /** A failed save: the server's per-field messages under the fields, the given text above them. */
  const failed = useCallback((err: unknown, message: string) => {
    setErrors(serverFieldErrors(err));
    setFailure(message);
  }, []);
  return { errors, setErrors, failure, clear, failed };
}
