import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from './api';

/** One message per form field, keyed by the request's top-level field name. */
export type FieldErrors = Record<string, string>;

/** The first message per top-level field of a failed zod parse. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) out[String(issue.path[0] ?? '_')] ??= issue.message;
  return out;
}

/** The server's first message per top-level field of a 422 or 409 ('rows.1.subject_id' counts as 'rows'). */
export function serverFieldErrors(err: unknown): FieldErrors {
  if (!(err instanceof ApiError)) return {};
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(err.errors)) {
    const first = messages[0];
    if (first) out[field.split('.')[0]!] ??= first;
  }
  return out;
}

export interface UseFormOptions<V, B> {
  /** The values a new form starts with. */
  initial: V;
  /** The domain's schema for the request body: the same one the server validates with. */
  schema: z.ZodType<B>;
  /** The request body the schema checks, from the form's values (trimmed texts, numbers from text, ids). */
  toBody: (values: V) => unknown;
  /** Checks only the form makes (e.g. a confirmation field): messages by field. */
  check?: (values: V) => FieldErrors;
  /** Shown above the fields when the form does not validate (or only when the function returns a text). */
  invalidMessage?: string | ((values: V) => string | null);
}

export interface FormState<V, B> {
  values: V;
  /** Messages under the fields: the schema's, then the server's; a field's message clears when its value changes. */
  errors: FieldErrors;
  /** The message above the fields (a failed save or `invalidMessage`); clears when any value changes. */
  failure: string | null;
  /** While `submit` saves. */
  submitting: boolean;
  setField: <K extends keyof V>(key: K, value: V[K]) => void;
  /** Replaces the values; the messages of the fields that changed are cleared. */
  setValues: (next: V) => void;
  /** value/onChange/error props for inputs whose onChange receives the value (LimitedTextInput, Select, MultiSelect). */
  bind: <K extends keyof V & string>(
    key: K,
  ) => { value: V[K]; onChange: (value: V[K]) => void; error: string | undefined };
  /** Shows a message above the fields (or none). */
  fail: (message: string | null) => void;
  /** Starts over from the given values (the initial ones by default), without messages. */
  reset: (values?: V) => void;
  /**
   * Validates with the schema, then saves its output (the values are passed too, for a request that keeps the
   * spec's wire format). Resolves true once saved; on failure the server's per-field messages go
   * under the fields and `onError` words the failure (e.g. `form.fail(errorText(...))` or a result dialog).
   */
  submit: (save: (body: B, values: V) => Promise<unknown>, onError: (err: unknown) => void) => Promise<boolean>;
}

/** The form pattern of the app: values, the domain schema's messages, the server's field errors, one submit. */
export function useForm<V extends object, B>(options: UseFormOptions<V, B>): FormState<V, B> {
  const { initial, schema, toBody, check, invalidMessage } = options;
  const [values, setValuesState] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The latest values, so submit reads what was typed even from a stale closure.
  const current = useRef(values);
  current.current = values;
  // The latest initial values: `reset()` returns to them (a default that arrives after the first render, such as a
  // chief's career, is kept for the next entry).
  const initialRef = useRef(initial);
  initialRef.current = initial;

  const setValues = useCallback((next: V) => {
    const prev = current.current;
    const changed = (Object.keys(next) as Array<keyof V>).filter((k) => next[k] !== prev[k]).map(String);
    current.current = next;
    setValuesState(next);
    if (changed.length === 0) return;
    setErrors((e) => {
      if (!changed.some((k) => k in e)) return e;
      const rest = { ...e };
      for (const k of changed) delete rest[k];
      return rest;
    });
    setFailure(null);
  }, []);

  const setField = useCallback(
    <K extends keyof V>(key: K, value: V[K]) => setValues({ ...current.current, [key]: value }),
    [setValues],
  );

  const reset = useCallback((next?: V) => {
    const v = next ?? initialRef.current;
    current.current = v;
    setValuesState(v);
    setErrors({});
    setFailure(null);
  }, []);

  const submit = async (
    save: (body: B, values: V) => Promise<unknown>,
    onError: (err: unknown) => void,
  ): Promise<boolean> => {
    const v = current.current;
    const parsed = schema.safeParse(toBody(v));
    const found = { ...(parsed.success ? {} : zodFieldErrors(parsed.error)), ...(check?.(v) ?? {}) };
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      setFailure(typeof invalidMessage === 'function' ? invalidMessage(v) : (invalidMessage ?? null));
      return false;
    }
    setErrors({});
    setFailure(null);
    setSubmitting(true);
    try {
      await save(parsed.data, v);
      return true;
    } catch (err) {
      setErrors(serverFieldErrors(err));
      onError(err);
      return false;
    } finally {
      setSubmitting(false);
    }
  };

  return {
    values,
    errors,
    failure,
    submitting,
    setField,
    setValues,
    bind: (key) => ({ value: values[key], onChange: (value) => setField(key, value), error: errors[key] }),
    fail: setFailure,
    reset,
    submit,
  };
}

/** A create/edit modal: whether it is open and the row it edits (null to create one). */
export function useFormModal<T>() {
  const [opened, setOpened] = useState(false);
  // The row stays after closing, so the title does not switch while the modal fades out.
  const [editing, setEditing] = useState<T | null>(null);
  return {
    opened,
    editing,
    open: (item: T | null) => {
      setEditing(() => item);
      setOpened(true);
    },
    close: () => setOpened(false),
  };
}

/**
 * Starts a create/edit modal's form over each time the modal opens: from the row it edits (through `toValues`), or from
 * the form's initial values to create one.
 */
export function useResetOnOpen<T, V>(
  form: { reset: (values?: V) => void },
  opened: boolean,
  row: T | null,
  toValues: (row: T) => V,
) {
  const { reset } = form;
  // The latest mapping, so an inline function does not start the form over on every render.
  const valuesOf = useRef(toValues);
  valuesOf.current = toValues;
  useEffect(() => {
    if (opened) reset(row ? valuesOf.current(row) : undefined);
  }, [opened, row, reset]);
}

/** A form's `bind` for a fields component that edits one draft through value, onChange and errors props. */
export function bindDraft<V extends object>(value: V, onChange: (next: V) => void, errors: FieldErrors) {
  return <K extends keyof V & string>(key: K) => ({
    value: value[key],
    onChange: (next: V[K]) => onChange({ ...value, [key]: next }),
    error: errors[key],
  });
}
