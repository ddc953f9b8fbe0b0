import { describe, expect, it } from 'vitest';
import { collator } from './rules.js';
import { compareAttributes, esFold, esSearchFold } from './spanish-order.js';

const byKey = (a: string, b: string) => (esFold(a) < esFold(b) ? -1 : esFold(a) > esFold(b) ? 1 : 0);

describe('esFold', () => {
  it('folds accents and case, puts ñ after every n… and pads numbers', () => {
    expect(esFold('Ángel ÑOÑO 007')).toBe('angel n~on~o 0000000007');
    expect(esFold('Ética')).toBe(esFold('etica'));
  });

  it('orders names as the UI collator does (base sensitivity, numeric)', () => {
    const names = [
      'Zoe',
      'Úrsula',
      'oscar',
      'Nuñez',
      'Núñez',
      'Nunez',
      'Ñandú',
      'Nz',
      'Ana María',
      'Anabel',
      'Ángel',
      'Ética',
      'Etna',
      'Grupo 10',
      'Grupo 9',
      'Grupo 1A',
      'ISC-2',
      'ISC-10',
      'Çedilla',
      'Cecilia',
    ];
    const sorted = [...names].sort(byKey);
    for (let i = 1; i < sorted.length; i++) expect(collator.compare(sorted[i - 1]!, sorted[i]!)).toBeLessThanOrEqual(0);
  });
});

describe('esSearchFold', () => {
  it('ignores accents, case and the tilde of ñ, and leaves digits as typed', () => {
    expect(esSearchFold('Núñez ÑOÑO')).toBe('nunez nono');
    expect(esSearchFold('nunez')).toBe(esSearchFold('NÚÑEZ'));
    expect(esSearchFold('L26010001')).toContain(esSearchFold('2601'));
  });
});

describe('compareAttributes', () => {
  it('orders by code with digit runs as numbers, those without a code last by Spanish name, then id', () => {
    const a = (id: number, codigo: string | null, attribute_name: string) => ({ id, codigo, attribute_name });
    const list = [
      a(1, 'AE10', 'Ágil'),
      a(2, null, 'Zeta'),
      a(3, 'AE2', 'Beta'),
      a(4, 'ae1', 'Gamma'),
      a(5, '', 'Ética'),
      a(6, null, 'Alfa'),
      a(7, 'AE2', 'Alfa'),
      a(8, null, 'Alfa'),
    ];
    expect([...list].sort(compareAttributes).map((x) => x.id)).toEqual([4, 7, 3, 1, 6, 8, 5, 2]);
  });
});
