import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Activity, GradeSheet } from '@egreso/domain';
import { renderWithProviders } from '../../../test/render';
import { FinalsStatus } from './FinalsStatus';
import { SheetNotices } from './SheetNotices';

const exam = { id: 10, activity_name: 'Examen', ponderation: 100 } as Activity;
const students = [
  { id: 1, full_name: 'Ana López', controlnumber: 'L1' },
  { id: 2, full_name: 'Beto Ruiz', controlnumber: 'L2' },
];

function sheetWith(finals: GradeSheet['finals']): GradeSheet {
  return { students, activities: [exam], finals } as unknown as GradeSheet;
}

describe('the grade sheet says what it sends and what it holds back', () => {
  it('names the cells that are not numbers, in the singular and the plural', () => {
    const props = { notice: null, asked: [], students, activities: [exam], onDismiss: () => {}, onAnswer: () => {} };
    const { unmount } = renderWithProviders(<SheetNotices badCount={1} {...props} />);
    expect(screen.getByRole('alert').textContent).toBe('1 celda no es un número: corrígela antes de guardar.');
    unmount();
    renderWithProviders(<SheetNotices badCount={3} {...props} />);
    expect(screen.getByRole('alert').textContent).toBe('3 celdas no son números: corrígelas antes de guardar.');
  });

  it('counts the finals the server has not confirmed yet, and says when unsaved grades are in them', () => {
    const stored = { 1: { 10: { qualification: 80, version: 1 } } };
    const { unmount } = renderWithProviders(
      <FinalsStatus
        sheet={sheetWith([
          { user_id: 1, final: 70 },
          { user_id: 2, final: null },
        ])}
        state={{ stored, drafts: {}, sendCount: 0 }}
      />,
    );
    screen.getByText('El servidor aún no confirma el final de 1 alumno; se actualizará en un momento.');
    unmount();
    const confirmed = sheetWith([
      { user_id: 1, final: 80 },
      { user_id: 2, final: null },
    ]);
    const { unmount: again } = renderWithProviders(
      <FinalsStatus sheet={confirmed} state={{ stored, drafts: {}, sendCount: 0 }} />,
    );
    screen.getByText('Finales confirmados por el servidor.');
    again();
    renderWithProviders(
      <FinalsStatus sheet={confirmed} state={{ stored, drafts: { 2: { 10: '90' } }, sendCount: 1 }} />,
    );
    screen.getByText('Los finales marcados con • incluyen calificaciones sin guardar.');
  });
});
