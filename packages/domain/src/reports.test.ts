import { describe, expect, it } from 'vitest';
import { bandPercentages, normalizeReportValues } from './rules.js';
import { RUBRIC_MSG, criterionCreateBody, indicatorUpdateBody } from './schemas/rubrics.js';
import { EVIDENCE_MSG } from './schemas/evidence.js';

describe('band percentages', () => {
  it('gives each band its share of the students with one decimal', () => {
    expect(bandPercentages({ sobresaliente: 1, suficiente: 1, insuficiente: 1 })).toEqual({
      sobresaliente: 33.3,
      suficiente: 33.3,
      insuficiente: 33.3,
    });
    expect(bandPercentages({ sobresaliente: 2, suficiente: 5, insuficiente: 1 })).toEqual({
      sobresaliente: 25,
      suficiente: 62.5,
      insuficiente: 12.5,
    });
    expect(bandPercentages({ sobresaliente: 1, suficiente: 2, insuficiente: 4 })).toEqual({
      sobresaliente: 14.3,
      suficiente: 28.6,
      insuficiente: 57.1,
    });
  });

  it('answers zeros when nobody is counted', () => {
    expect(bandPercentages({ sobresaliente: 0, suficiente: 0, insuficiente: 0 })).toEqual({
      sobresaliente: 0,
      suficiente: 0,
      insuficiente: 0,
    });
  });
});

describe('the 0-10 scale rule of report values', () => {
  it('multiplies every value by 10 when the largest is 10.5 or less', () => {
    expect(normalizeReportValues([8.45, 10.5, 6])).toEqual([84.5, 105, 60]);
    expect(normalizeReportValues([9.96, 7])).toEqual([99.6, 70]);
  });

  it('keeps 0-100 values as they are, rounded to one decimal', () => {
    expect(normalizeReportValues([10.6, 95.04, 70.05])).toEqual([10.6, 95, 70.1]);
  });

  it('counts a missing average as 0 and leaves an empty list empty', () => {
    expect(normalizeReportValues([null, 85, undefined])).toEqual([0, 85, 0]);
    expect(normalizeReportValues([null, 9])).toEqual([0, 90]);
    expect(normalizeReportValues([])).toEqual([]);
  });
});

describe('rubric bodies', () => {
  it('trims and upper-cases names in Spanish and keeps weights whole from 1 to 100', () => {
    expect(
      criterionCreateBody.parse({ rubric_id: 1, attribute_id: 2, name_criterion: '  diseño ñandú ', weight: '35' }),
    ).toEqual({ rubric_id: 1, attribute_id: 2, name_criterion: 'DISEÑO ÑANDÚ', weight: 35 });
    for (const weight of [0, 101, 2.5, 'x']) {
      const r = indicatorUpdateBody.safeParse({ description: 'a', weight });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(RUBRIC_MSG.weightRange);
    }
    const missing = indicatorUpdateBody.safeParse({ description: '', weight: '' });
    expect(missing.error?.issues.map((i) => i.message)).toEqual([
      RUBRIC_MSG.indicatorFillAll,
      RUBRIC_MSG.indicatorFillAll,
    ]);
  });
});

describe("the curriculum map's missing levels", () => {
  it('reads as Spanish: one level singular, several joined with "y"', () => {
    expect(EVIDENCE_MSG.noLevel(['I'])).toBe('Ninguna materia lo trabaja en el nivel I.');
    expect(EVIDENCE_MSG.noLevel(['I', 'A'])).toBe('Ninguna materia lo trabaja en los niveles I y A.');
    expect(EVIDENCE_MSG.noLevel(['I', 'M', 'A'])).toBe('Ninguna materia lo trabaja en los niveles I, M y A.');
  });
});
