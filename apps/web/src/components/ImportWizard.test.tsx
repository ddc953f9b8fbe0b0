import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import { useImportWizard } from '../lib/use-import-wizard';
import { renderWithProviders } from '../test/render';
import { ImportWizard, type ImportUndo } from './ImportWizard';

interface Preview {
  rows: number;
}
interface Written {
  written: number;
}

/** A promise the test settles by hand, to look at the wizard while a file is on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface Setup {
  check: (file: File, onProgress: (fraction: number) => void) => Promise<Preview>;
  apply: (file: File, onProgress: (fraction: number) => void) => Promise<Written>;
  keepsResult?: boolean;
  restartLabel?: string;
  undo?: ImportUndo<Written>;
}

function Harness({ setup, onClose, onApplied }: { setup: Setup; onClose: () => void; onApplied: () => void }) {
  const wizard = useImportWizard<Preview, Written>({
    check: setup.check,
    apply: setup.apply,
    fileRequired: 'Selecciona un archivo .xlsx o .xls',
    keepsResult: setup.keepsResult ?? false,
    onApplied,
  });
  return (
    <ImportWizard
      wizard={wizard}
      opened
      onClose={onClose}
      title="Importar cosas"
      intro={<p>Usa la plantilla.</p>}
      file={{ label: 'Archivo', placeholder: 'Ninguno', accept: '.xlsx,.xls', clearLabel: 'Quitar archivo' }}
      progress={{
        label: 'Progreso',
        text: (fraction, step) => (fraction < 1 ? `Subiendo ${Math.round(fraction * 100)} %` : `Procesando ${step}`),
      }}
      preview={(p) => <p>{`Filas: ${p.rows}`}</p>}
      canApply={(p) => p.rows > 0}
      restartLabel={setup.restartLabel}
      result={setup.keepsResult ? (r) => <p>{`Escritas: ${r.written}`}</p> : undefined}
      undo={setup.undo}
    />
  );
}

function renderWizard(setup: Setup) {
  const onClose = vi.fn();
  const onApplied = vi.fn();
  const r = renderWithProviders(<Harness setup={setup} onClose={onClose} onApplied={onApplied} />);
  const dialog = screen.getByRole('dialog', { name: 'Importar cosas' });
  // The picker's accept list would hide a .csv; a file dropped in by name is still possible.
  const chooseFile = (name: string) =>
    fireEvent.change(dialog.querySelector('input[type=file]') as HTMLInputElement, {
      target: { files: [new File(['x'], name)] },
    });
  const button = (name: string) => within(dialog).getByRole('button', { name });
  return { ...r, dialog, chooseFile, button, onClose, onApplied };
}

describe('ImportWizard', () => {
  it('checks the name first: nothing is sent without a spreadsheet', async () => {
    const check = vi.fn();
    const w = renderWizard({ check, apply: vi.fn() });
    await w.user.click(w.button('Revisar archivo'));
    expect(within(w.dialog).getByText('Selecciona un archivo .xlsx o .xls')).toBeInTheDocument();
    w.chooseFile('datos.xlsx');
    expect(within(w.dialog).queryByText('Selecciona un archivo .xlsx o .xls')).toBeNull();
    w.chooseFile('datos.csv');
    expect(within(w.dialog).getByText('Selecciona un archivo .xlsx o .xls')).toBeInTheDocument();
    await w.user.click(w.button('Revisar archivo'));
    expect(check).not.toHaveBeenCalled();
  });

  it('shows the upload progress, the preview, then writes only on Aplicar and starts over', async () => {
    const checking = deferred<Preview>();
    const check = vi.fn((_file: File, onProgress: (fraction: number) => void) => {
      onProgress(0.5);
      return checking.promise;
    });
    const applying = deferred<Written>();
    const apply = vi.fn((_file: File, onProgress: (fraction: number) => void) => {
      onProgress(1);
      return applying.promise;
    });
    const w = renderWizard({ check, apply });
    w.chooseFile('datos.xlsx');
    await w.user.click(w.button('Revisar archivo'));
    expect(within(w.dialog).getByRole('progressbar', { name: 'Progreso' })).toBeInTheDocument();
    expect(within(w.dialog).getByRole('status')).toHaveTextContent('Subiendo 50 %');
    // A file on its way cannot be dropped.
    expect(w.button('Cancelar')).toBeDisabled();
    checking.resolve({ rows: 3 });
    expect(await within(w.dialog).findByText('Filas: 3')).toBeInTheDocument();
    expect(apply).not.toHaveBeenCalled();

    await w.user.click(w.button('Aplicar importación'));
    expect(within(w.dialog).getByRole('status')).toHaveTextContent('Procesando applying');
    applying.resolve({ written: 3 });
    await vi.waitFor(() => expect(w.onApplied).toHaveBeenCalledWith({ written: 3 }));
    // Without a result step the wizard is ready for the next file.
    expect(await within(w.dialog).findByText('Usa la plantilla.')).toBeInTheDocument();
    expect(within(w.dialog).queryByText('Filas: 3')).toBeNull();
    expect(apply.mock.calls[0]![0].name).toBe('datos.xlsx');
  });

  it("reports a refused file as 'Error importando archivo: …' and keeps the choice", async () => {
    const check = vi.fn(() => Promise.reject(new ApiError(422, 'El archivo no es una hoja de cálculo válida.')));
    const w = renderWizard({ check, apply: vi.fn() });
    w.chooseFile('datos.xlsx');
    await w.user.click(w.button('Revisar archivo'));
    expect(await within(w.dialog).findByRole('alert')).toHaveTextContent(
      'Error importando archivo: El archivo no es una hoja de cálculo válida.',
    );
    expect(w.button('Revisar archivo')).toBeEnabled();
  });

  it('disables Aplicar when the preview writes nothing, and starts over with another file', async () => {
    const w = renderWizard({
      check: () => Promise.resolve({ rows: 0 }),
      apply: vi.fn(),
      restartLabel: 'Elegir otro archivo',
    });
    w.chooseFile('datos.xlsx');
    await w.user.click(w.button('Revisar archivo'));
    expect(await within(w.dialog).findByText('Filas: 0')).toBeInTheDocument();
    expect(w.button('Aplicar importación')).toBeDisabled();
    expect(within(w.dialog).queryByLabelText('Archivo')).toBeNull();
    await w.user.click(w.button('Elegir otro archivo'));
    expect(within(w.dialog).getByText('Usa la plantilla.')).toBeInTheDocument();
    expect(within(w.dialog).queryByText('Filas: 0')).toBeNull();
  });

  it('keeps the result when asked, and offers its undo, which closes the wizard first', async () => {
    const start = vi.fn();
    const w = renderWizard({
      check: () => Promise.resolve({ rows: 2 }),
      apply: () => Promise.resolve({ written: 2 }),
      keepsResult: true,
      undo: { label: 'Deshacer importación', offered: (r) => r.written > 0, start },
    });
    w.chooseFile('datos.xlsx');
    await w.user.click(w.button('Revisar archivo'));
    await w.user.click(await within(w.dialog).findByRole('button', { name: 'Aplicar importación' }));
    expect(await within(w.dialog).findByText('Escritas: 2')).toBeInTheDocument();
    expect(within(w.dialog).queryByRole('button', { name: 'Cancelar' })).toBeNull();
    await w.user.click(w.button('Deshacer importación'));
    expect(w.onClose).toHaveBeenCalledTimes(1);
    expect(start).toHaveBeenCalledWith({ written: 2 });
    expect(within(w.dialog).queryByText('Escritas: 2')).toBeNull();
  });
});
