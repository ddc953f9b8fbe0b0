import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GRADEBOOK_MSG, type GradebookImportResult } from '@egreso/domain';
import { fakeXhr } from '../../../test/fake-xhr';
import { renderWithProviders } from '../../../test/render';
import { GradebookDialog } from './GradebookDialog';

const column = (over: Partial<GradebookImportResult['columns'][number]>) => ({
  key: 'k',
  header: 'h',
  name: 'h',
  kind: 'item' as const,
  display: 'points' as const,
  max: null,
  max_from: null,
  activity_id: null,
  mapped_by: null,
  ignored: null,
  ...over,
});

const answer = (dryRun: boolean, max: number | null): GradebookImportResult => ({
  message: dryRun ? GRADEBOOK_MSG.previewed : GRADEBOOK_MSG.done,
  dry_run: dryRun,
  source: 'moodle',
  file_name: 'ISC Calificaciones.csv',
  columns: [
    column({
      key: 'tarea: practica 1 (real)',
      header: 'Tarea: Práctica 1 (Real)',
      name: 'Práctica 1',
      activity_id: 10,
      mapped_by: 'name',
      max,
      max_from: max === null ? null : 'teacher',
    }),
    column({
      key: 'cuestionario: examen (porcentaje)',
      header: 'Cuestionario: Examen (Porcentaje)',
      name: 'Examen',
      display: 'percentage',
      activity_id: 11,
      mapped_by: 'remembered',
    }),
    column({
      key: 'total del curso (real)',
      header: 'Total del curso (Real)',
      kind: 'total',
      display: 'points',
      ignored: GRADEBOOK_MSG.ignoredTotal,
    }),
  ],
  activities: [
    { id: 10, activity_name: 'Práctica 1' },
    { id: 11, activity_name: 'Examen' },
  ],
  rows: [
    {
      row: 2,
      name: 'Ana López',
      email: 'ana@x.mx',
      user_id: 1,
      controlnumber: 'L1',
      full_name: 'Ana López',
      match: 'email',
    },
    {
      row: 3,
      name: 'Beto Ruiz',
      email: null,
      user_id: 2,
      controlnumber: 'L2',
      full_name: 'Beto Ruiz',
      match: 'control',
    },
    {
      row: 4,
      name: 'Persona Ajena',
      email: 'p@otra.mx',
      user_id: null,
      controlnumber: null,
      full_name: null,
      match: null,
    },
  ],
  missing: [{ user_id: 3, full_name: 'Ciro Díaz', controlnumber: 'L3' }],
  cells: [
    max === null
      ? {
          row: 2,
          user_id: 1,
          activity_id: 10,
          column: 'tarea: practica 1 (real)',
          source: '8.00',
          grade: null,
          before: null,
          version: 0,
          status: 'refused',
          note: GRADEBOOK_MSG.needsMax,
        }
      : {
          row: 2,
          user_id: 1,
          activity_id: 10,
          column: 'tarea: practica 1 (real)',
          source: '8.00',
          grade: 80,
          before: 70,
          version: 3,
          status: 'changed',
          note: null,
        },
    {
      row: 2,
      user_id: 1,
      activity_id: 11,
      column: 'cuestionario: examen (porcentaje)',
      source: '120.00 %',
      grade: 100,
      before: null,
      version: 0,
      status: 'clamped',
      note: GRADEBOOK_MSG.clamped('120.00 %', 100),
    },
    {
      row: 3,
      user_id: 2,
      activity_id: 11,
      column: 'cuestionario: examen (porcentaje)',
      source: '-',
      grade: null,
      before: 90,
      version: 1,
      status: 'empty',
      note: null,
    },
  ],
  inserted: 1,
  updated: max === null ? 0 : 1,
  refused: max === null ? 1 : 0,
  conflicts: [],
  batch_id: dryRun ? null : 'lote-9',
});

afterEach(() => vi.unstubAllGlobals());

describe('GradebookDialog', () => {
  it(
    'previews columns, students and cells; a maximum asked for refreshes the preview; apply sends the versions shown',
    { timeout: 60_000 },
    async () => {
      let max: number | null = null;
      const sent = fakeXhr((url) => ({ status: 200, body: answer(url.includes('dry_run=1'), max) }));
      const onImported = vi.fn();
      const { user } = renderWithProviders(
        <GradebookDialog opened address={{ subject_id: 5, group_id: 3 }} onClose={vi.fn()} onImported={onImported} />,
      );
      const dialog = screen.getByRole('dialog', { name: 'Importar calificaciones de Moodle o Classroom' });
      await user.click(within(dialog).getByRole('button', { name: 'Revisar archivo' }));
      expect(within(dialog).getByText(GRADEBOOK_MSG.fileRequired)).toBeInTheDocument();

      await user.upload(
        dialog.querySelector('input[type=file]') as HTMLInputElement,
        new File(['x'], 'ISC Calificaciones.csv'),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Revisar archivo' }));
      expect(
        await within(dialog).findByText(
          /Vista previa \(Moodle, ISC Calificaciones.csv\): 1 calificación nueva, 0 cambiadas, 1 rechazada/,
          {},
          { timeout: 5000 },
        ),
      ).toBeInTheDocument();
      const columns = within(dialog).getByRole('table', { name: 'Columnas del archivo' });
      expect(within(columns).getByText('Sugerida por el nombre')).toBeInTheDocument();
      expect(within(columns).getByText('Como en la importación anterior')).toBeInTheDocument();
      expect(within(columns).getByText(GRADEBOOK_MSG.ignoredTotal)).toBeInTheDocument();
      expect(
        within(dialog).getByText(/2 alumnos encontrados: 1 por correo, 1 por matrícula, 0 por nombre/),
      ).toBeInTheDocument();
      expect(
        within(dialog).getByText(/En el archivo pero no en el grupo: Persona Ajena \(fila 4\)/),
      ).toBeInTheDocument();
      expect(within(dialog).getByText(/En el grupo pero no en el archivo: Ciro Díaz \(L3\)/)).toBeInTheDocument();
      const cells = within(dialog).getByRole('table', { name: 'Calificaciones del archivo' });
      expect(within(cells).getByText(GRADEBOOK_MSG.needsMax)).toBeInTheDocument();
      expect(within(cells).getByText('120.00 %')).toBeInTheDocument();
      expect(within(cells).getByText(GRADEBOOK_MSG.clamped('120.00 %', 100))).toBeInTheDocument();
      expect(within(cells).getByText('Sin calificación')).toBeInTheDocument();
      expect(within(cells).getByText('90.0')).toBeInTheDocument();

      // The maximum of Práctica 1: the preview must be refreshed before applying.
      await user.type(
        within(dialog).getByRole('textbox', { name: 'Calificación máxima de «Tarea: Práctica 1 (Real)»' }),
        '10',
      );
      expect(within(dialog).getByRole('button', { name: 'Aplicar importación' })).toBeDisabled();
      max = 10;
      await user.click(within(dialog).getByRole('button', { name: 'Actualizar vista previa' }));
      expect(await within(dialog).findByText(/0 rechazadas/, {}, { timeout: 5000 })).toBeInTheDocument();
      expect(JSON.parse(sent[1]!.fields.choices!)).toEqual({
        columns: { 'tarea: practica 1 (real)': { activity_id: 10, max: 10 } },
      });
      expect(within(dialog).getByText('80.0')).toBeInTheDocument();
      expect(within(dialog).getByText('70.0')).toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Aplicar importación' }));
      expect(await within(dialog).findByText(GRADEBOOK_MSG.done, {}, { timeout: 5000 })).toBeInTheDocument();
      expect(sent.map((s) => s.url)).toEqual([
        '/api/ratings/gradebook?dry_run=1',
        '/api/ratings/gradebook?dry_run=1',
        '/api/ratings/gradebook',
      ]);
      expect(JSON.parse(sent[2]!.fields.choices!).versions).toEqual({ '1:10': 3, '1:11': 0 });
      expect(onImported).toHaveBeenCalledTimes(1);
    },
  );
});
