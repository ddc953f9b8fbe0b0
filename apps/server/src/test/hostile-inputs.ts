/** Length of the pathological strings: 300 KB, well over any field's limit. */
export const BIG = 300_000;

/** The e-mail that made the old pattern backtrack in quadratic time (24 s for one request). */
export const LOGIN_BOMB = `a@${'a.'.repeat(BIG / 2)}@`;

/** Strings of shapes that make patterns backtrack, sent to every text field by the hostile-input test and bench. */
export const HOSTILE_TEXTS: Record<string, string> = {
  'the login bomb': LOGIN_BOMB,
  letters: 'a'.repeat(BIG),
  'spaces then a letter': `${' '.repeat(BIG)}x`,
  'digits and dots': '1.'.repeat(BIG / 2),
  'at signs and dots': '@.'.repeat(BIG / 2),
  'slashes then a letter': `${'/'.repeat(BIG)}x`,
  'combining accents': 'a\u0301'.repeat(BIG / 2),
  'NUL characters': '\u0000'.repeat(BIG / 6),
  dates: '2026-01-01'.repeat(BIG / 10),
};

export const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
export const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
