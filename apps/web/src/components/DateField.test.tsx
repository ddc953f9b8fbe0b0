import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DateField, INVALID_DATE, isoToText, maskDate, textToIso } from './DateField';

function Harness({ initial = '', onIso }: { initial?: string; onIso: (iso: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="Fecha de inicio"
        value={value}
        onChange={(v) => {
          setValue(v);
          onIso(v);
        }}
      />
      <button type="button" onClick={() => setValue('2027-01-31')}>
        Fijar
      </button>
      <output data-testid="iso">{value}</output>
    </>
  );
}

describe('date text', () => {
  it('lays digits into dd/mm/aaaa and reads only real days', () => {
    expect(maskDate('15082026')).toBe('15/08/2026');
    expect(maskDate('15-08-2026x99')).toBe('15/08/2026');
    expect(maskDate('150')).toBe('15/0');
    expect(textToIso('15/08/2026')).toBe('2026-08-15');
    expect(textToIso('29/02/2028')).toBe('2028-02-29');
    expect(textToIso('29/02/2027')).toBeNull();
    expect(textToIso('31/04/2026')).toBeNull();
    expect(textToIso('01/13/2026')).toBeNull();
    expect(textToIso('01/01/9999')).toBeNull();
    expect(isoToText('2026-08-15')).toBe('15/08/2026');
    expect(isoToText('')).toBe('');
  });
});

describe('DateField', () => {
  it('shows a stored date as dd/mm/aaaa and hands the form an ISO date once typed', async () => {
    const onIso = vi.fn();
    const r = renderWithProviders(<Harness initial="2026-08-15" onIso={onIso} />);
    const input = screen.getByLabelText('Fecha de inicio');
    expect(input).toHaveValue('15/08/2026');
    expect(input).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await r.user.clear(input);
    await r.user.type(input, '0102202');
    expect(input).toHaveValue('01/02/202');
    expect(screen.getByTestId('iso')).toHaveTextContent('');
    await r.user.type(input, '7');
    expect(input).toHaveValue('01/02/2027');
    expect(screen.getByTestId('iso')).toHaveTextContent('2027-02-01');
    expect(onIso).toHaveBeenLastCalledWith('2027-02-01');
  });

  it('says so when a whole date is not a real day, and gives the form no date', async () => {
    const r = renderWithProviders(<Harness onIso={vi.fn()} />);
    const input = screen.getByLabelText('Fecha de inicio');
    await r.user.type(input, '31022026');
    expect(screen.getByText(INVALID_DATE)).toBeInTheDocument();
    expect(screen.getByTestId('iso')).toHaveTextContent('');
  });

  it('flags a partial date when the user leaves the field', async () => {
    const r = renderWithProviders(<Harness onIso={vi.fn()} />);
    await r.user.type(screen.getByLabelText('Fecha de inicio'), '12');
    expect(screen.queryByText(INVALID_DATE)).not.toBeInTheDocument();
    await r.user.tab();
    expect(screen.getByText(INVALID_DATE)).toBeInTheDocument();
  });

  it('follows a date the form sets by itself', async () => {
    const r = renderWithProviders(<Harness onIso={vi.fn()} />);
    await r.user.click(screen.getByRole('button', { name: 'Fijar' }));
    expect(screen.getByLabelText('Fecha de inicio')).toHaveValue('31/01/2027');
  });
});
