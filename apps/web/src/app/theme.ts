import { Input, createTheme, localStorageColorSchemeManager } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    // Mantine paints an invalid field's placeholder in the error colour, so an example ('ISC') reads as a typed value.
    Input: Input.extend({ styles: { wrapper: { '--input-placeholder-color': 'var(--mantine-color-placeholder)' } } }),
  },
});

/** The color scheme lives in the spec's 'theme' storage key. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });
