import { describe, expect, it } from 'vitest';
import { GLOBAL_BAND_LEGEND, GLOBAL_CHART_PALETTE, globalChartRows } from './global-chart-data';

describe('globalChartRows', () => {
  it('keeps 0-100 values, one colour per attribute from the 12-colour palette', () => {
    const rows = globalChartRows(Array.from({ length: 13 }, (_, i) => ({ atributo: `A${i}`, promedio: 60 + i * 2 })));
    expect(GLOBAL_CHART_PALETTE).toHaveLength(12);
    expect(new Set(rows.slice(0, 12).map((r) => r.color)).size).toBe(12);
    expect(rows[12]!.color).toBe(rows[0]!.color);
    expect(rows.map((r) => r.band).slice(0, 6)).toEqual([
      'Insuficiente',
      'Insuficiente',
      'Insuficiente',
      'Insuficiente',
      'Insuficiente',
      'Suficiente',
    ]);
  });

  it('applies the 0-10 rule: a largest value of 10.5 or less is multiplied by 10', () => {
    expect(
      globalChartRows([
        { atributo: 'A', promedio: 9.25 },
        { atributo: 'B', promedio: null },
      ]).map((r) => r.value),
    ).toEqual([92.5, 0]);
    expect(globalChartRows([{ atributo: 'A', promedio: 83.5 }]).map((r) => r.value)).toEqual([83.5]);
  });

  it('names the bands as the spec does', () => {
    expect(GLOBAL_BAND_LEGEND.map((b) => b.label)).toEqual([
      'Insuficiente 0-69',
      'Suficiente 70-89',
      'Sobresaliente 90-100',
    ]);
  });
});
