import { describe, expect, it } from 'vitest';
import {
  attributeRating,
  bandCounts,
  finalGrade,
  looksLikeTenScale,
  normalizeReportValues,
  usesTenScale,
} from './rules.js';
import { activityBulkBody } from './schemas/activities.js';
import { gradeBatchBody } from './schemas/grades.js';

// Hand-computed: Examen 30 % (AE1), Proyecto 70 % (AE1, AE2), Tarea 0 % (AE2).
const activities = [
  { id: 1, ponderation: 30, attribute_ids: [11] },
  { id: 2, ponderation: 70, attribute_ids: [11, 12] },
  { id: 3, ponderation: 0, attribute_ids: [12] },
];
const grades = (map: Record<number, number | null>) => (id: number) => map[id] ?? null;

describe('final grade of a student in an assignment', () => {
  it('weights the graded activities by ponderation, one decimal', () => {
    // (85·30 + 90·70) / 100 = 88.5
    expect(finalGrade(activities, grades({ 1: 85, 2: 90, 3: 10 }))).toBe(88.5);
    // (65.5·30 + 50·70) / 100 = 54.65 → 54.7 (half up)
    expect(finalGrade(activities, grades({ 1: 65.5, 2: 50 }))).toBe(54.7);
  });

  it('leaves ungraded activities out and is null when none is graded', () => {
    expect(finalGrade(activities, grades({ 1: 100 }))).toBe(100);
    expect(finalGrade(activities, grades({}))).toBeNull();
    // Only a 0 % activity graded: nothing weighs.
    expect(finalGrade(activities, grades({ 3: 80 }))).toBeNull();
  });
});

describe('attribute rating', () => {
  it('uses only the activities linked to the attribute', () => {
    expect(attributeRating(11, activities, grades({ 1: 85, 2: 90 }))).toBe(88.5);
    expect(attributeRating(12, activities, grades({ 1: 85, 2: 90 }))).toBe(90);
    // (60·30 + 75·70) / 100 = 70.5
    expect(attributeRating(11, activities, grades({ 1: 60, 2: 75 }))).toBe(70.5);
  });

  it('is null for an attribute with no graded linked activity, or no linked activity at all', () => {
    expect(attributeRating(12, activities, grades({ 1: 85 }))).toBeNull();
    expect(attributeRating(99, activities, grades({ 1: 85, 2: 90 }))).toBeNull();
  });
});

describe('band counts', () => {
  it('counts the three bands at their boundaries and leaves empty values out', () => {
    expect(bandCounts([90, 89.9, 70, 69.9, 0, 100, null, undefined])).toEqual({
      sobresaliente: 2,
      suficiente: 2,
      insuficiente: 2,
    });
    expect(bandCounts([])).toEqual({ sobresaliente: 0, suficiente: 0, insuficiente: 0 });
  });
});

describe('0-10 scale detection', () => {
  it('detects a 0-10 scale when the largest value is 10.5 or less', () => {
    expect(usesTenScale([8.5, 10, 7])).toBe(true);
    expect(usesTenScale([10.5, null])).toBe(true);
    expect(usesTenScale([10.6, 3])).toBe(false);
    expect(usesTenScale([85, 9])).toBe(false);
    expect(normalizeReportValues([8.55, 9])).toEqual([85.5, 90]);
  });

  it('a grade up to 10.5 looks like 0-10 in a sheet that is not on that scale (or empty); 0 never does', () => {
    expect(looksLikeTenScale(8.5, [70, 92])).toBe(true);
    expect(looksLikeTenScale(8.5, [])).toBe(true);
    expect(looksLikeTenScale(10.5, [85])).toBe(true);
    expect(looksLikeTenScale(10.6, [85])).toBe(false);
    expect(looksLikeTenScale(0, [85])).toBe(false);
    expect(looksLikeTenScale(null, [85])).toBe(false);
    expect(looksLikeTenScale(8.5, [9, 7.5])).toBe(false);
  });
});

describe('request schemas of the grade screens', () => {
  it('drops nothing itself but defaults ponderation to 100 and trims names', () => {
    const parsed = activityBulkBody.parse({
      professor_subject_id: '4',
      activities: [
        { activity_name: '  Examen ', ponderation: '', attribute_ids: ['3', 3] },
        { activity_name: null, ponderation: 'x' },
      ],
    });
    expect(parsed.professor_subject_id).toBe(4);
    expect(parsed.activities[0]).toMatchObject({
      activity_name: 'Examen',
      ponderation: 100,
      attribute_ids: [3],
      type_activity: null,
    });
    expect(parsed.activities[1]).toMatchObject({ activity_name: '', ponderation: 100, attribute_ids: [] });
  });

  it('refuses grades outside 0-100, naming the row', () => {
    const result = gradeBatchBody.safeParse({
      calificaciones: [
        { user_id: 1, activity_id: 2, qualification: 100 },
        { user_id: 1, activity_id: 3, qualification: 100.5 },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['calificaciones', 1, 'qualification']);
    expect(gradeBatchBody.safeParse({ calificaciones: [] }).success).toBe(false);
  });
});
