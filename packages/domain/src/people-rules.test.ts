import { describe, expect, it } from 'vitest';
import { nextGroupName, parseGender, parseStudentStatus } from './rules.js';

describe('the same group one semester later', () => {
  it('follows each naming scheme', () => {
    expect(nextGroupName('501', 'digits')).toBe('601');
    expect(nextGroupName('5A', 'num_letter')).toBe('6A');
    expect(nextGroupName('Grupo M5', 'grupo_m')).toBe('Grupo M6');
    expect(nextGroupName('3B', 'auto')).toBe('4B');
    expect(nextGroupName('812', 'auto')).toBe('912');
  });

  it('answers null in the 9th semester or when the name carries no semester', () => {
    expect(nextGroupName('901', 'digits')).toBeNull();
    expect(nextGroupName('Matutino', 'auto')).toBeNull();
    expect(nextGroupName('5A', 'digits')).toBeNull();
  });
});

describe('spreadsheet cells', () => {
  it('reads genders and statuses as people type them', () => {
    expect(['Hombre', 'h', '1', 'MASCULINO'].map(parseGender)).toEqual([1, 1, 1, 1]);
    expect(['Mujer', 'M', '2'].map(parseGender)).toEqual([2, 2, 2]);
    expect(parseGender('Otro')).toBeNull();
    expect(['Activo', 'baja', 'GRADUADA', '0'].map(parseStudentStatus)).toEqual([1, 0, 2, 0]);
    expect(parseStudentStatus('Suspendido')).toBeNull();
  });
});
