import { useMediaQuery } from '@mantine/hooks';

/** Phones get cards, desktops get tables: the one breakpoint of the app. */
export function useIsMobile(): boolean {
  return useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false }) ?? false;
}
