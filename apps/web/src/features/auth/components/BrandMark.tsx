import { Box } from '@mantine/core';

/** The product's mark: a graduation cap in a round badge, drawn inline so the login loads no image. */
export function BrandMark() {
  return (
    <Box
      aria-hidden="true"
      w={64}
      h={64}
      style={{
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        background: 'var(--mantine-primary-color-filled)',
        color: 'var(--mantine-color-white)',
        boxShadow: 'var(--mantine-shadow-md)',
      }}
    >
      <svg
        width="36"
        height="36"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
        strokeLinecap="round"
      >
        <path d="M2 9.5 12 5l10 4.5-10 4.5L2 9.5Z" fill="currentColor" fillOpacity="0.25" />
        <path d="M6 11.3v4.2c0 1.4 2.7 2.8 6 2.8s6-1.4 6-2.8v-4.2" />
        <path d="M22 9.5v5" />
      </svg>
    </Box>
  );
}
