import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Activity, SheetStudent } from '@egreso/domain';
import { renderWithProviders } from '../../../test/render';
import { GradeGrid, type StoredRow } from './GradeGrid';

const students: SheetStudent[] = [
  { id: 1, full_name: 'Ana López', controlnumber: 'L1' },
  { id: 2, full_name: 'Beto Ruiz', controlnumber: 'L2' },
  { id: 3, full_name: 'Carla Díaz', controlnumber: 'L3' },
];

function activity(id: number, name: string, ponderation: number, attributeIds: number[] = []): Activity {
  return {
    id,
    professor_subject_id: 9,
    activity_name: name,
    type_activity: null,
    evaluation_instrument: null,
    ponderation,
    attribute_ids: attributeIds,
    attributes: [],
    subject: { id: 5, subject_name: 'Cálculo' },
    group: null,
    period_id: null,
    career_id: null,
    graded_count: 0,
    created_at: '',
    updated_at: '',
  };
}

const activities = [activity(10, 'Examen', 30), activity(11, 'Proyecto', 70)];

const stored: Record<number, StoredRow> = {
  1: { 10: { qualification: 80, version: 1 }, 11: { qualification: 90, version: 1 } },
  2: { 10: { qualification: 84.4, version: 1 } },
};

function renderGrid(
  drafts: Record<number, Record<number, string>> = {},
  handlers: { onCellChange?: (u: number, a: number, text: string) => void; onPaste?: (block: unknown) => void } = {},
  columns: Activity[] = activities,
) {
  const props = {
    students,
    activities: columns,
    stored,
    drafts,
    conflicts: {},
    readOnly: false,
    onCellChange: handlers.onCellChange ?? vi.fn(),
    onPaste: handlers.onPaste ?? vi.fn(),
    onFocusCell: vi.fn(),
    onCellLeave: vi.fn(),
    onCellRestore: vi.fn(),
    onAnswer: vi.fn(),
    onOpenAttributes: vi.fn(),
  };
  return { ...renderWithProviders(<GradeGrid {...props} />), props };
}

const cellOf = (row: number, col: number) => document.getElementById(`celda-${row}-${col}`) as HTMLInputElement;
const finalOf = (name: string) =>
  screen.getByRole('row', { name: new RegExp(name) }).querySelectorAll('td')[activities.length + 1]!.textContent;

describe('GradeGrid', () => {
  it('moves like a spreadsheet: Enter down then to the next column, Tab right, arrows', async () => {
    const { user } = renderGrid();
    await user.click(cellOf(0, 0));
    // Enter on a selected cell edits it in place; Enter again leaves it downwards.
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(cellOf(0, 0));
    expect(cellOf(0, 0)).toHaveAttribute('data-mode', 'edit');
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(cellOf(1, 0));
    await user.keyboard('{ArrowDown}{ArrowUp}{ArrowDown}{ArrowDown}{Enter}{Enter}');
    expect(document.activeElement).toBe(cellOf(0, 1));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(cellOf(1, 1));
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(document.activeElement).toBe(cellOf(1, 0));
    await user.keyboard('{Tab}');
    expect(document.activeElement).toBe(cellOf(1, 1));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(cellOf(0, 1));
  });

  it('turns a pasted block into cells from the focused one, with what did not fit', () => {
    const onPaste = vi.fn();
    renderGrid({}, { onPaste });
    cellOf(1, 0).focus();
    fireEvent.paste(cellOf(1, 0), { clipboardData: { getData: () => '105\tabc\t77\r\n70,5\t60\r\n99\t98\r\n' } });
    expect(onPaste).toHaveBeenCalledWith({
      cells: [
        { row: 1, col: 0, text: '105' },
        { row: 1, col: 1, text: 'abc' },
        { row: 2, col: 0, text: '70,5' },
        { row: 2, col: 1, text: '60' },
      ],
      cut: ['77', '99', '98'],
    });
  });

  it('heads each activity with its weight, and its real share of the final in the title', () => {
    // Ponderations are relative weights: these sum to 200, so none of them is a percentage.
    renderGrid({}, {}, [
      activity(10, 'Examen', 30),
      activity(11, 'Tareas', 30),
      activity(12, 'Proyecto', 40),
      activity(13, 'Final', 100),
    ]);
    const heads = screen.getAllByRole('columnheader').filter((h) => h.title);
    expect(heads.map((h) => h.textContent)).toEqual([
      'ExamenPeso 30',
      'TareasPeso 30',
      'ProyectoPeso 40',
      'FinalPeso 100',
    ]);
    expect(heads[0]).toHaveAttribute('title', 'Examen · peso 30 de 200 (15 % del final)');
    expect(heads[3]).toHaveAttribute('title', 'Final · peso 100 de 200 (50 % del final)');
    expect(screen.queryByText(/\d %$/)).toBeNull();
  });

  it('shows every stored grade with one decimal', () => {
    renderGrid();
    expect(cellOf(0, 0)).toHaveValue('80.0');
    expect(cellOf(1, 0)).toHaveValue('84.4');
    expect(cellOf(1, 1)).toHaveValue('');
  });

  it('shows finals equal to the hand-computed ponderation-weighted means, live with typed grades', () => {
    // Ana: (80·30 + 90·70) / 100 = 87.0. Beto: only 84.4 graded = 84.4. Carla: nothing graded.
    renderGrid();
    expect(finalOf('Ana López')).toBe('87.0');
    expect(finalOf('Beto Ruiz')).toBe('84.4');
    expect(finalOf('Carla Díaz')).toBe('S/C');
  });

  it('counts typed grades over stored ones, leaves bad text out and marks the changed cells', () => {
    // Ana typed 100 in Examen: (100·30 + 90·70) / 100 = 93.0. Beto typed 84.5 in Proyecto: (84.4·30 + 84.5·70) / 100 = 84.47 → 84.5.
    // Carla typed 'abc': still nothing graded, and no unsaved grade in her final (a save would not send 'abc').
    renderGrid({ 1: { 10: '100' }, 2: { 11: '84.5' }, 3: { 10: 'abc' } });
    expect(finalOf('Ana López')).toBe('93.0•');
    expect(finalOf('Beto Ruiz')).toBe('84.5•');
    expect(finalOf('Carla Díaz')).toBe('S/C');
    expect(cellOf(0, 0).closest('td')).toHaveAttribute('data-state', 'changed');
    expect(cellOf(2, 0)).toHaveAttribute('aria-invalid', 'true');
    expect(cellOf(0, 1).closest('td')).not.toHaveAttribute('data-state');
  });

  it('reports what is typed with the student and the activity', async () => {
    const onCellChange = vi.fn();
    const { user } = renderGrid({}, { onCellChange });
    await user.type(cellOf(2, 1), '7');
    expect(onCellChange).toHaveBeenCalledWith(3, 11, '7');
  });
});
