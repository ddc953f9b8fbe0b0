import { Box, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The screens a user meets before any menu (the login, the first-sign-in password change): one card centred on a soft
 * background on every screen size, with what goes under the card (a note, a way out) below it.
 */
export function FrontDoor({ width, children, below }: { width: number; children: ReactNode; below?: ReactNode }) {
  return (
    <Box
      component="main"
      mih="100dvh"
      px="md"
      py="xl"
      style={{
        display: 'grid',
        placeItems: 'center',
        background: 'linear-gradient(160deg, var(--mantine-color-blue-light) 0%, var(--mantine-color-body) 55%)',
      }}
    >
      <Stack w="100%" maw={width} gap="md">
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          {children}
        </Paper>
        {below}
      </Stack>
    </Box>
  );
}
