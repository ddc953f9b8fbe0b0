import {
  Input,
  createTheme,
  localStorageColorSchemeManager,
  luminance,
  toRgba,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import { LIMITS } from '@egreso/domain';

const WHITE = '#ffffff';
const BLACK = '#000000';

/** WCAG 2.1 AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** `color` laid at `weight` over `base`, as an opaque rgb() colour (what a tint looks like on the page). */
export function mix(color: string, base: string, baseWeight: number): string {
  const [a, b] = [toRgba(color), toRgba(base)];
  const channel = (x: number, y: number) => Math.round(x * (1 - baseWeight) + y * baseWeight);
  return `rgb(${channel(a.r, b.r)}, ${channel(a.g, b.g)}, ${channel(a.b, b.b)})`;
}

/** The first of shades 8 and 9, then darker steps of 9, that reads at AA on the given background. */
function readableOn(shades: MantineColorsTuple, background: (shade: string) => string): string {
  const candidates = [shades[8], shades[9], ...[0.15, 0.3, 0.45, 0.6].map((amount) => mix(shades[9], BLACK, amount))];
  return candidates.find((c) => contrastRatio(c, background(c)) >= MIN_TEXT_CONTRAST) ?? '#000000';
}

/**
 * Mantine's default shades put text under AA: dimmed grey (3.3:1), white on blue 6 (3.55:1), blue or red on their
 * pale backgrounds (3.0:1, 2.8:1). Every colour's filled, text and light variants are chosen here once, for both
 * schemes, as the first shade that reaches 4.5:1 against what it is drawn on.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': theme.colors.gray[7],
    '--mantine-color-error': theme.colors.red[9],
    '--mantine-color-placeholder': theme.colors.gray[6],
    '--mantine-color-anchor': readableOn(theme.colors[theme.primaryColor]!, () => WHITE),
  };
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': theme.colors.dark[1],
    '--mantine-color-error': theme.colors.red[4],
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark') continue;
    // White text on the filled variant, in both schemes.
    const filled = readableOn(shades, () => WHITE);
    // Coloured text on white, and on the pale tints of itself that light variants use as background (hover is darker).
    const onTint = readableOn(shades, (c) => mix(c, WHITE, 0.84));
    Object.assign(light, {
      [`--mantine-color-${name}-filled`]: filled,
      [`--mantine-color-${name}-filled-hover`]: mix(filled, BLACK, 0.1),
      [`--mantine-color-${name}-text`]: onTint,
      [`--mantine-color-${name}-light`]: mix(onTint, WHITE, 0.9),
      [`--mantine-color-${name}-light-hover`]: mix(onTint, WHITE, 0.84),
      [`--mantine-color-${name}-light-color`]: onTint,
      [`--mantine-color-${name}-outline`]: onTint,
    });
    Object.assign(dark, {
      [`--mantine-color-${name}-filled`]: filled,
      [`--mantine-color-${name}-filled-hover`]: mix(filled, BLACK, 0.1),
      // Shades 3 and 4 on the dark body read at 5:1 or more for every palette colour.
      [`--mantine-color-${name}-text`]: shades[4],
      [`--mantine-color-${name}-light-color`]: shades[3],
      [`--mantine-color-${name}-outline`]: shades[4],
    });
  }
  return { variables: {}, light, dark };
};

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    // Mantine paints an invalid field's placeholder in the error colour, so an example ('ISC') reads as a typed value.
    Input: Input.extend({ styles: { wrapper: { '--input-placeholder-color': 'var(--mantine-color-placeholder)' } } }),
    // Every dropdown (selects, menus) is placed against the screen: an absolutely placed dropdown that overflows a
    // phone's width widens the page, which widens the fixed modal around the select, which moves the dropdown again,
    // every frame.
    Popover: {
      defaultProps: { floatingStrategy: 'fixed', middlewares: { flip: true, shift: { padding: 8 }, inline: false } },
    },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } },
    // The spec: a multi-select dropdown shows at most 1,000 options (typing narrows them).
    MultiSelect: { defaultProps: { limit: LIMITS.multiSelectOptions } },
  },
});

/** The color scheme lives in the spec's 'theme' storage key. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });

/** Above every drawer and form modal (Mantine's 'modal' layer is 200), below dropdowns opened inside them (300). */
export const DIALOG_Z_INDEX = 290;
