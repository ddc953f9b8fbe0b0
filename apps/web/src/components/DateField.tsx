import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';

export const DATE_FORMAT_HINT = 'dd/mm/aaaa';
export const INVALID_DATE = 'Escribe una fecha válida (dd/mm/aaaa).';

/** 'YYYY-MM-DD' shown as 'dd/mm/aaaa'; anything else as empty. */
export function isoToText(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso.slice(0, 10));
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** A complete 'dd/mm/aaaa' of a real calendar day (years 1900-2999) as 'YYYY-MM-DD', else null. */
export function textToIso(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** What was typed or pasted, as digits laid into dd/mm/aaaa (the slashes come by themselves). */
export function maskDate(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean).join('/');
}

interface Props extends Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'defaultValue'> {
  /** 'YYYY-MM-DD', or '' for none. */
  value: string;
  /** Called with 'YYYY-MM-DD' once a whole valid date is typed, and with '' while it is empty, partial or invalid. */
  onChange: (iso: string) => void;
}

/**
 * A date typed as dd/mm/aaaa in Spanish whatever the browser's language (a native date field follows the browser:
 * mm/dd/yyyy in English). The form receives ISO dates only.
 */
export function DateField({ value, onChange, error, onBlur, placeholder = DATE_FORMAT_HINT, ...rest }: Props) {
  const [text, setText] = useState(() => isoToText(value));
  const [shownValue, setShownValue] = useState(value);
  const [left, setLeft] = useState(false);
  // A value set by the form (loading a row, a computed end date) replaces the text unless the text already says it.
  if (value !== shownValue) {
    setShownValue(value);
    if ((textToIso(text) ?? '') !== value) setText(isoToText(value));
  }
  const complete = text.length === 10;
  const invalid = text !== '' && (complete || left) && textToIso(text) === null;
  return (
    <TextInput
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder}
      maxLength={10}
      value={text}
      error={error ?? (invalid ? INVALID_DATE : undefined)}
      onChange={(e) => {
        const next = maskDate(e.currentTarget.value);
        setText(next);
        setLeft(false);
        const iso = textToIso(next) ?? '';
        setShownValue(iso);
        if (iso !== value) onChange(iso);
      }}
      onBlur={(e) => {
        setLeft(true);
        onBlur?.(e);
      }}
    />
  );
}
