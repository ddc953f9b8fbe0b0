import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { MIN_TEXT_CONTRAST, contrastRatio, cssVariablesResolver, mix, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const vars = cssVariablesResolver(merged);
const WHITE = '#ffffff';
const DARK_BODY = merged.colors.dark[7];
const PALETTE = Object.keys(merged.colors).filter((c) => c !== 'dark');

describe('theme contrast (WCAG 2.1 AA, 4.5:1 for text)', () => {
  it('reads dimmed text and errors on the light and dark bodies', () => {
    expect(contrastRatio(vars.light['--mantine-color-dimmed']!, WHITE)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(vars.light['--mantine-color-dimmed']!, merged.colors.gray[0])).toBeGreaterThanOrEqual(
      MIN_TEXT_CONTRAST,
    );
    expect(contrastRatio(vars.light['--mantine-color-error']!, WHITE)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(vars.dark['--mantine-color-dimmed']!, DARK_BODY)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(vars.dark['--mantine-color-dimmed']!, merged.colors.dark[6])).toBeGreaterThanOrEqual(
      MIN_TEXT_CONTRAST,
    );
    expect(contrastRatio(vars.dark['--mantine-color-error']!, DARK_BODY)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it.each(PALETTE)('reads white on filled %s, and its text on white and on its light tint', (color) => {
    const v = (name: string) => vars.light[`--mantine-color-${color}-${name}`]!;
    expect(contrastRatio(WHITE, v('filled'))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(WHITE, v('filled-hover'))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(v('text'), WHITE)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(v('light-color'), v('light'))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(v('light-color'), v('light-hover'))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it.each(PALETTE)(
    'reads %s in the dark scheme: white on filled, text and light variants on the dark body',
    (color) => {
      const v = (name: string) => vars.dark[`--mantine-color-${color}-${name}`]!;
      expect(contrastRatio(WHITE, v('filled'))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(contrastRatio(v('text'), DARK_BODY)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      // Mantine's dark light variant: shade 6 at 15 % over the body.
      expect(contrastRatio(v('light-color'), mix(merged.colors[color]![6], DARK_BODY, 0.85))).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
    },
  );
});
