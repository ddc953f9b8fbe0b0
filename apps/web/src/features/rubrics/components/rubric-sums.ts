import { RUBRIC_MSG, type Criterion, type RubricAttribute } from '@egreso/domain';

const sum = (items: ReadonlyArray<{ weight: number }>) => items.reduce((s, i) => s + i.weight, 0);

/** The criteria weights of an attribute and the spec's warning when they do not add up to 100. */
export function criteriaTotal(attribute: RubricAttribute): { total: number; warning: string | null } {
  const total = sum(attribute.evaluationcriterias);
  return { total, warning: total === 100 ? null : RUBRIC_MSG.criteriaNot100 };
}

/** The indicator weights of a criterion and the warning when they do not add up to the criterion's weight. */
export function indicatorsTotal(criterion: Criterion): { total: number; warning: string | null } {
  const total = sum(criterion.indicators);
  return { total, warning: total === criterion.weight ? null : RUBRIC_MSG.indicatorsNotWeight(criterion.weight) };
}

/** What the other items already use of a limit, leaving out the one being edited. */
export function usedByOthers(items: ReadonlyArray<{ id: number; weight: number }>, exceptId: number | null): number {
  return sum(items.filter((i) => i.id !== exceptId));
}

/** 'Insuficiente (69-0)': a scale's column header, as the spec writes it (name, max-min). */
export function scaleHeader(scale: { scale_name: string; max_value: number; min_value: number }): string {
  return `${scale.scale_name} (${scale.max_value}-${scale.min_value})`;
}
