import { describe, expect, it } from 'vitest';
import { countOf } from './plural';

describe('countOf', () => {
  it('puts the noun in the number of the count', () => {
    expect(countOf(1, 'fila', 'filas')).toBe('1 fila');
    expect(countOf(0, 'criterio', 'criterios')).toBe('0 criterios');
    expect(countOf(1200, 'fila', 'filas')).toBe('1,200 filas');
  });
});
