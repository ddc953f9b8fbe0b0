import { describe, expect, it } from 'vitest';
import { GLOBAL_BAND_LEGEND, globalChartRows } from './global-chart-data';

describe('globalChartRows', () => {
  it('places each bar in its band: 69.9 Insuficiente, 70 to 89.9 Suficiente, 90 Sobresaliente', () => {
    const rows = globalChartRows([69.9, 70, 80.5, 87.3, 89.9, 90].map((p, i) => ({ atributo: `A${i}`, promedio: p })));
    expect(rows.map((r) => r.band)).toEqual([
      'Insuficiente',
      'Suficiente',
      'Suficiente',
      'Suficiente',
      'Suficiente',
      'Sobresaliente',
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
