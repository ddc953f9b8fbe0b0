import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
});

/** The color scheme lives in the spec's 'theme' storage key. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });
