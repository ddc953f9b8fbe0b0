import { describe, expect, it } from 'vitest';
import type { GroupReport, StudentReport } from '@egreso/domain';
import { bandSeries, groupRows, studentRows } from './report-data';

const context = { professor_subject_id: 1, subject_name: 'Materia', group_name: '101', period_name: 'AGO-DIC 2026' };

describe('group report rows', () => {
  const report: GroupReport = {
    ...context,
    alumnos: [],
    atributos: [
      {
        attribute_id: 1,
        attribute_name: 'Resolver problemas',
        codigo: 'AE1',
        sobresaliente: 1,
        suficiente: 4,
        insuficiente: 2,
      },
      { attribute_id: 2, attribute_name: 'Comunicar', codigo: null, sobresaliente: 0, suficiente: 0, insuficiente: 0 },
    ],
  };

  it('gives counts and one-decimal shares per band, and zeros for an attribute nobody is rated in', () => {
    const rows = groupRows(report);
    expect(rows[0]).toMatchObject({
      attribute: 'AE1',
      total: 7,
      counts: { sobresaliente: 1, suficiente: 4, insuficiente: 2 },
    });
    expect(rows[0]!.percents).toEqual({ sobresaliente: 14.3, suficiente: 57.1, insuficiente: 28.6 });
    expect(rows[1]).toMatchObject({
      attribute: 'Comunicar',
      total: 0,
      percents: { sobresaliente: 0, suficiente: 0, insuficiente: 0 },
    });
  });

  it("switches a band's bars between counts and percentages", () => {
    const rows = groupRows(report);
    expect(bandSeries(rows, 'suficiente', 'count')).toEqual([4, 0]);
    expect(bandSeries(rows, 'suficiente', 'percent')).toEqual([57.1, 0]);
  });
});

describe('student report rows', () => {
  const student = { id: 9, full_name: 'Ana', controlnumber: 'L1' };
  const report = (values: Array<number | null>): StudentReport => ({
    ...context,
    alumno: student,
    atributos: values.map((promedio, i) => ({
      attribute_id: i + 1,
      attribute_name: `A${i}`,
      codigo: `AE${i + 1}`,
      promedio,
    })),
  });

  it('reads averages of 10.5 or less as a 0-10 scale, counts a missing one as 0 and gives each its band', () => {
    expect(studentRows(report([9.2, 7.45, null])).map((r) => [r.value, r.band, r.graded])).toEqual([
      [92, 'Sobresaliente', true],
      [74.5, 'Suficiente', true],
      [0, 'Insuficiente', false],
    ]);
  });

  it('keeps 0-100 averages as they are', () => {
    expect(studentRows(report([88.85, 69.9, 90])).map((r) => [r.value, r.band])).toEqual([
      [88.9, 'Suficiente'],
      [69.9, 'Insuficiente'],
      [90, 'Sobresaliente'],
    ]);
  });
});
