import { describe, expect, it } from 'vitest';
import type { Criterion, RubricAttribute } from '@egreso/domain';
import { criteriaTotal, indicatorsTotal, scaleHeader, usedByOthers } from './rubric-sums';

const criterion = (id: number, weight: number, indicators: number[] = []): Criterion => ({
  id,
  rubric_id: 1,
  attribute_id: 1,
  name_criterion: `C${id}`,
  weight,
  evaluation_scales: [],
  indicators: indicators.map((w, i) => ({
    id: id * 10 + i,
    evaluationcriteria_id: id,
    description: `I${i}`,
    weight: w,
  })),
});
const attribute = (criteria: Criterion[]): RubricAttribute => ({
  id: 1,
  attribute_name: 'AE',
  codigo: 'AE1',
  description: null,
  evaluationcriterias: criteria,
});

describe('rubric sums', () => {
  it("warns '(¡No suma 100!)' until an attribute's criteria add up to exactly 100", () => {
    expect(criteriaTotal(attribute([]))).toEqual({ total: 0, warning: '(¡No suma 100!)' });
    expect(criteriaTotal(attribute([criterion(1, 60)]))).toEqual({ total: 60, warning: '(¡No suma 100!)' });
    expect(criteriaTotal(attribute([criterion(1, 60), criterion(2, 40)]))).toEqual({ total: 100, warning: null });
  });

  it("warns '(¡No suma {weight}!)' until a criterion's indicators add up to its weight", () => {
    expect(indicatorsTotal(criterion(1, 60, [30]))).toEqual({ total: 30, warning: '(¡No suma 60!)' });
    expect(indicatorsTotal(criterion(1, 60, [30, 30]))).toEqual({ total: 60, warning: null });
    expect(indicatorsTotal(criterion(1, 25))).toEqual({ total: 0, warning: '(¡No suma 25!)' });
  });

  it('leaves the edited item out of what the others use', () => {
    const items = [
      { id: 1, weight: 60 },
      { id: 2, weight: 30 },
    ];
    expect(usedByOthers(items, null)).toBe(90);
    expect(usedByOthers(items, 1)).toBe(30);
  });

  it("writes a scale's header as 'name (max-min)'", () => {
    expect(scaleHeader({ scale_name: 'Suficiente', max_value: 89, min_value: 70 })).toBe('Suficiente (89-70)');
  });
});
