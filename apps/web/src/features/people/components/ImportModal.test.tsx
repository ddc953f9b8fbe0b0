import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportPreview } from '@egreso/domain';
import { fakeXhr } from '../../../test/fake-xhr';
import { renderWithProviders, signIn } from '../../../test/render';
import { ImportModal, importResultText } from './ImportModal';

const PREVIEW: ImportPreview = {
  dry_run: true,
  inserted: 1,
  updated: 1,
  skipped: 2,
  errors: [{ row: 5, error: 'El correo no es válido' }],
  rows: [
    {
      row: 2,
      status: 'new',
      full_name: 'Ana Ruiz',
      controlnumber: 'L1',
      changes: [{ field: 'Grupo', before: null, after: '501' }],
      error: null,
      warnings: [],
    },
    {
      row: 3,
      status: 'updated',
      full_name: 'Beto Díaz',
      controlnumber: 'L2',
      changes: [{ field: 'Correo', before: 'b@x.mx', after: 'beto@x.mx' }],
      error: null,
      warnings: [],
    },
    { row: 4, status: 'unchanged', full_name: 'Ciro Paz', controlnumber: 'L3', changes: [], error: null, warnings: [] },
    {
      row: 5,
      status: 'error',
      full_name: 'Dora Gil',
      controlnumber: 'L4',
      changes: [],
      error: 'El correo no es válido',
      warnings: [],
    },
  ],
};

/** Mantine's FileInput is a button over a hidden file input. */
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

const xlsx = (name: string) =>
  new File(['PK'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

function renderModal(onDone = vi.fn()) {
  signIn({ id: 9, full_name: 'Jefe Demo', rol: 1 });
  const r = renderWithProviders(<ImportModal kind="students" opened onClose={() => {}} onDone={onDone} />);
  return { ...r, onDone };
}

afterEach(() => vi.unstubAllGlobals());

describe('ImportModal', () => {
  it("refuses a file that is not .xlsx or .xls with 'Selecciona un archivo .xlsx o .xls'", async () => {
    const sent = fakeXhr(() => ({ status: 200, body: PREVIEW }));
    const r = renderModal();
    // The picker's accept list would hide it; a file dropped or typed in by name is still possible.
    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'alumnos.csv')] } });
    expect(await screen.findByText('Selecciona un archivo .xlsx o .xls')).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Quitar archivo' }));
    expect(screen.queryByText('Selecciona un archivo .xlsx o .xls')).toBeNull();
    await r.user.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    expect(await screen.findByText('Selecciona un archivo .xlsx o .xls')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('previews the file (new, before → after, unchanged, error) and writes it only on confirmation', async () => {
    const sent = fakeXhr((url) =>
      url.includes('dry_run=1')
        ? { status: 200, body: PREVIEW }
        : { status: 200, body: { inserted: 1, updated: 1, skipped: 2, errors: PREVIEW.errors } },
    );
    const r = renderModal();
    await r.user.upload(fileInput(), xlsx('alumnos.xlsx'));
    await r.user.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    expect(await screen.findByRole('progressbar', { name: 'Progreso de carga' })).toBeInTheDocument();
    expect(screen.getByText('Subiendo archivo… 50 %')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Vista previa de la importación' });
    const rowOf = (name: string) => within(table).getByRole('cell', { name }).closest('tr')!;
    expect(within(rowOf('Ana Ruiz')).getByText('Nuevo')).toBeInTheDocument();
    expect(rowOf('Beto Díaz').textContent).toContain('Correo: b@x.mx → beto@x.mx');
    expect(within(rowOf('Ciro Paz')).getAllByText('Sin cambios')).not.toHaveLength(0);
    expect(rowOf('Dora Gil').textContent).toContain('El correo no es válido');
    expect(screen.getByRole('button', { name: 'Descargar filas con error' })).toBeInTheDocument();
    expect(sent.map((s) => s.url)).toEqual(['/api/students/import?dry_run=1']);
    expect(r.onDone).not.toHaveBeenCalled();

    await r.user.click(screen.getByRole('button', { name: 'Aplicar importación' }));
    await waitFor(() =>
      expect(r.onDone).toHaveBeenCalledWith({ inserted: 1, updated: 1, skipped: 2, errors: PREVIEW.errors }),
    );
    expect(sent.map((s) => s.url)).toEqual(['/api/students/import?dry_run=1', '/api/students/import']);
    expect(sent[1]!.file?.name).toBe('alumnos.xlsx');
  });

  it('shows a group the import would create as a warning, apart from the errors', async () => {
    const preview: ImportPreview = {
      ...PREVIEW,
      rows: [
        {
          ...PREVIEW.rows[0]!,
          changes: [{ field: 'Grupo', before: null, after: '1Z' }],
          warnings: ['Se creará el grupo «1Z» de 1.º semestre.'],
        },
        PREVIEW.rows[3]!,
      ],
    };
    fakeXhr(() => ({ status: 200, body: preview }));
    const r = renderModal();
    await r.user.upload(fileInput(), xlsx('alumnos.xlsx'));
    await r.user.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    const table = await screen.findByRole('table', { name: 'Vista previa de la importación' });
    const ana = within(table).getByRole('cell', { name: 'Ana Ruiz' }).closest('tr')!;
    expect(within(ana).getByText('Aviso')).toBeInTheDocument();
    expect(ana.textContent).toContain('Aviso: Se creará el grupo «1Z» de 1.º semestre.');
    expect(
      within(within(table).getByRole('cell', { name: 'Dora Gil' }).closest('tr')!).queryByText('Aviso'),
    ).toBeNull();
    expect(screen.getByText('1 fila con aviso')).toBeInTheDocument();
    expect(screen.getByText('1 fila con error')).toBeInTheDocument();
  });

  it("shows the server's refusal of the file", async () => {
    fakeXhr(() => ({ status: 422, body: { message: 'El archivo no es una hoja de cálculo válida (.xlsx o .xls).' } }));
    const r = renderModal();
    await r.user.upload(fileInput(), xlsx('falso.xlsx'));
    await r.user.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    expect(
      await screen.findByText('Error importando archivo: El archivo no es una hoja de cálculo válida (.xlsx o .xls).'),
    ).toBeInTheDocument();
  });

  it("words the result: 'Importación completada', or 'con advertencias' with the first 3 errors", () => {
    expect(importResultText({ inserted: 2, updated: 0, skipped: 0, errors: [] }).split('\n')[0]).toBe(
      'Importación completada',
    );
    const errors = [2, 3, 4, 5].map((row) => ({ row, error: `Error ${row}` }));
    const text = importResultText({ inserted: 0, updated: 0, skipped: 4, errors });
    expect(text.split('\n')).toEqual([
      'Importación completada con advertencias',
      'Nuevos: 0 · Actualizados: 0 · Omitidos: 4',
      'Fila 2: Error 2',
      'Fila 3: Error 3',
      'Fila 4: Error 4',
    ]);
  });
});
