import { act, fireEvent } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import * as domain from '@egreso/domain';
import type { Activity, SheetStudent } from '@egreso/domain';
import { renderWithProviders } from '../../../test/render';
import { GradeGrid } from './GradeGrid';
import { setDraft, type Drafts } from './grid-model';

const STUDENTS = 60;
const ACTIVITIES = 30;
const students: SheetStudent[] = Array.from({ length: STUDENTS }, (_, i) => ({
  id: i + 1,
  full_name: `Alumno ${i + 1}`,
  controlnumber: `L${i + 1}`,
}));
const activities: Activity[] = Array.from({ length: ACTIVITIES }, (_, j) => ({
  id: 100 + j,
  professor_subject_id: 1,
  activity_name: `Actividad ${j + 1}`,
  type_activity: null,
  evaluation_instrument: null,
  ponderation: 100,
  attribute_ids: [],
  attributes: [],
  subject: { id: 1, subject_name: 'Materia' },
  group: null,
  period_id: null,
  career_id: null,
  graded_count: 0,
  created_at: '',
  updated_at: '',
}));

function Sheet() {
  const [drafts, setDrafts] = useState<Drafts>({});
  const onCellChange = useCallback(
    (u: number, a: number, text: string) => setDrafts((d) => setDraft(d, u, a, text)),
    [],
  );
  const noop = useCallback(() => undefined, []);
  return (
    <GradeGrid
      students={students}
      activities={activities}
      stored={{}}
      drafts={drafts}
      conflicts={{}}
      readOnly={false}
      onCellChange={onCellChange}
      onPaste={noop}
      onFocusCell={noop}
      onCellLeave={noop}
      onCellRestore={noop}
      onAnswer={noop}
      onOpenAttributes={noop}
    />
  );
}

describe('GradeGrid at 60 × 30', () => {
  it('renders all 1,800 cells and re-renders only the typed row on a keystroke', () => {
    renderWithProviders(<Sheet />);
    expect(document.querySelectorAll('tbody input')).toHaveLength(STUDENTS * ACTIVITIES);
    // Each row computes its final once per render: counting the calls counts the rows that re-rendered.
    const finalGrade = vi.spyOn(domain, 'finalGrade');
    const input = document.getElementById('celda-30-15') as HTMLInputElement;
    act(() => {
      fireEvent.change(input, { target: { value: '9' } });
    });
    expect(input.value).toBe('9');
    expect(finalGrade).toHaveBeenCalledTimes(1);
  });
});
