import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, LIMITS, MSG, loginBody, screenRouteOf } from './index.js';

/** The login bomb: 'a@' then 150,000 'a.' then '@' (300 KB); the former e-mail pattern took 24 s on it. */
const BOMB = `a@${'a.'.repeat(150_000)}@`;
/** The e-mail pattern the app had, quadratic on BOMB; the new one must accept exactly the same strings. */
// eslint-disable-next-line regexp/no-super-linear-backtracking -- the former pattern, kept to compare with
const FORMER_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The fastest of three runs of `fn`, in ms: a pause of the machine (the browser flows run beside these tests) lengthens
 * one run, not all three. A quadratic pattern takes seconds on these inputs; a linear one, a few ms.
 */
function msOf(fn: () => unknown): number {
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const start = Date.now();
    fn();
    best = Math.min(best, Date.now() - start);
  }
  return best;
}

describe('text patterns run in linear time', () => {
  it('the e-mail pattern answers the login bomb in milliseconds', () => {
    let result = true;
    const ms = msOf(() => {
      result = EMAIL_PATTERN.test(BOMB);
    });
    expect(result).toBe(false);
    expect(ms).toBeLessThan(50);
  });

  it.each([
    ['many dots, no domain end', `a@${'.'.repeat(300_000)}`],
    ['spaces at the end', `a@b.${'c'.repeat(300_000)} `],
    ['a long domain ending in a dot', `a@${'ab'.repeat(150_000)}.`],
    ['an @ in the local part run', `${'a'.repeat(300_000)}@@b.c`],
  ])('the e-mail pattern answers %s in milliseconds', (_, text) => {
    expect(msOf(() => EMAIL_PATTERN.test(text))).toBeLessThan(50);
  });

  it('accepts exactly what the former pattern accepted', () => {
    const alphabet = ['a', '.', '@', ' ', 'b'];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    for (let n = 0; n < 20_000; n++) {
      const length = next() % 10;
      const text = Array.from({ length }, () => alphabet[next() % alphabet.length]).join('');
      expect(EMAIL_PATTERN.test(text), JSON.stringify(text)).toBe(FORMER_EMAIL.test(text));
    }
    for (const ok of ['ana@uni.mx', 'a.b@c.d.e', 'x@.a.b', 'l26010001@demo.edu.mx'])
      expect(EMAIL_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['ana@uni', 'ana@uni.', 'a@@b.c', 'a b@c.d', '@b.c', 'a@b.c@'])
      expect(EMAIL_PATTERN.test(bad), bad).toBe(false);
  });

  it('the login schema stops at the length check: one message, and no pattern run on the bomb', () => {
    let result: ReturnType<typeof loginBody.safeParse> | null = null;
    const ms = msOf(() => {
      result = loginBody.safeParse({ email: BOMB, password: 'x' });
    });
    expect(ms).toBeLessThan(50);
    expect(result!.success).toBe(false);
    expect(result!.error!.issues.map((i) => i.message)).toEqual([MSG.tooLong(LIMITS.email)]);
  });

  it('keeps both messages of a short malformed or empty e-mail', () => {
    const empty = loginBody.safeParse({ email: '', password: 'x' });
    expect(empty.error!.issues.map((i) => i.message)).toEqual([MSG.emailRequired, MSG.emailInvalid]);
    const malformed = loginBody.safeParse({ email: 'no-es-correo', password: 'x' });
    expect(malformed.error!.issues.map((i) => i.message)).toEqual([MSG.emailInvalid]);
  });

  it('finds a screen behind 300,000 trailing slashes in milliseconds', () => {
    let found: unknown;
    const ms = msOf(() => {
      found = screenRouteOf(`/Groups${'/'.repeat(300_000)}`);
    });
    expect(ms).toBeLessThan(50);
    expect(found).toMatchObject({ path: '/Groups' });
    expect(msOf(() => screenRouteOf(`/${'/'.repeat(300_000)}x`))).toBeLessThan(50);
  });
});
