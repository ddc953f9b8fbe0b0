import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RatingsImportResult } from '@egreso/domain';
import { renderWithProviders } from '../../../test/render';
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

/** A stand-in for the browser's XMLHttpRequest: records the URL, reports upload progress and answers JSON. */
class FakeXhr {
  static urls: string[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send() {
    FakeXhr.urls.push(this.url);
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    this.status = 200;
    this.responseText = JSON.stringify(answer(this.url.includes('dry_run=1')));
    setTimeout(() => this.onload?.(), 0);
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('ImportDialog', () => {
  it('asks for a spreadsheet, previews the changes without writing, then imports and shows the first 3 warnings', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
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
    expect(FakeXhr.urls).toEqual(['/api/ratings/import?dry_run=1', '/api/ratings/import']);
  });
});
