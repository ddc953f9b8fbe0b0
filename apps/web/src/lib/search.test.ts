import { describe, expect, it } from 'vitest';
import { matchesSearch, normalizeSearch } from './search';

describe('normalizeSearch', () => {
  it('ignores case, accents and surrounding blanks both ways', () => {
    expect(normalizeSearch(' Ética ')).toBe('etica');
    expect(matchesSearch('etica', 'Ética profesional')).toBe(true);
    expect(matchesSearch('ÉTICA', 'etica profesional')).toBe(true);
    expect(matchesSearch('', 'lo que sea')).toBe(true);
    expect(matchesSearch('scd', 'Cálculo', 'SCD-1008')).toBe(true);
  });
});
