import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RatingsImportResult } from '@egreso/domain';
import { fakeXhr } from '../../../test/fake-xhr';
import { onUnauthorized } from '../../../lib/api';
import { getToken } from '../../../lib/session';
import { renderWithProviders, signIn } from '../../../test/render';
import { ImportDialog } from './ImportDialog';

const change = {
  row: 2,
  user_id: 1,
  controlnumber: 'L1',
  activity_id: 10,
  activity_name: 'Examen',
  before: 70,
  after: 90,
};
const errors = [1, 2, 3, 4].map((n) => ({ row: n + 2, error: `Error ${n}` }));
const answer = (dryRun: boolean): RatingsImportResult => ({
  message: dryRun ? 'Vista previa: no se guardó ningún cambio.' : 'Importación completada con advertencias',
  dry_run: dryRun,
  inserted: 0,
  updated: 1,
  skipped: 0,
  errors,
  changes: [change],
  batch_id: dryRun ? null : 'lote-1',
});

afterEach(() => vi.unstubAllGlobals());

describe('ImportDialog', () => {
  it('asks for a spreadsheet, previews the changes without writing, then imports and shows the first 3 warnings', async () => {
    const sent = fakeXhr((url) => ({ status: 200, body: answer(url.includes('dry_run=1')) }));
    const onImported = vi.fn();
    const { user } = renderWithProviders(
      <ImportDialog opened address={{ subject_id: 5, group_id: 3 }} onClose={vi.fn()} onImported={onImported} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Importar calificaciones desde Excel' });
    await user.click(within(dialog).getByRole('button', { name: 'Revisar archivo' }));
    expect(within(dialog).getByText('Selecciona un archivo .xlsx o .xls')).toBeInTheDocument();

    const file = new File(['x'], 'calificaciones.xlsx');
    await user.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, file);
    await user.click(within(dialog).getByRole('button', { name: 'Revisar archivo' }));
    expect(
      await within(dialog).findByText(/Vista previa: 0 calificaciones nuevas, 1 cambiada,/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'Cambios que hará la importación' });
    expect(within(table).getByText('70.0')).toBeInTheDocument();
    expect(within(table).getByText('90.0')).toBeInTheDocument();
    expect(onImported).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Aplicar importación' }));
    expect(
      await within(dialog).findByText('Importación completada con advertencias', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Fila 5: Error 3/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/Fila 6: Error 4/)).not.toBeInTheDocument();
    expect(onImported).toHaveBeenCalledTimes(1);
    expect(sent.map((s) => s.url)).toEqual(['/api/ratings/import?dry_run=1', '/api/ratings/import']);
  });

  it('ends the session on a 401, as every other request and the people import do', async () => {
    signIn({ id: 4, full_name: 'Profesora Demo', rol: 2 });
    const signedOut = vi.fn();
    const stop = onUnauthorized(signedOut);
    const sent = fakeXhr(() => ({ status: 401, body: { message: 'No autenticado. Inicia sesión de nuevo.' } }));
    const { user } = renderWithProviders(
      <ImportDialog
        opened
        address={{ subject_id: 5, group_id: 3, period_id: 7 }}
        onClose={vi.fn()}
        onImported={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Importar calificaciones desde Excel' });
    await user.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, new File(['x'], 'notas.xlsx'));
    await user.click(within(dialog).getByRole('button', { name: 'Revisar archivo' }));
    expect(
      await within(dialog).findByText('Error importando archivo: No autenticado. Inicia sesión de nuevo.'),
    ).toBeInTheDocument();
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
    expect(sent[0]!.fields).toEqual({ subject_id: '5', group_id: '3', period_id: '7', file: 'notas.xlsx' });
    stop();
  });
});
