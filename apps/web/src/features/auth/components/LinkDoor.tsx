import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MAIL_MSG } from '@egreso/domain';
import { FrontDoor } from '../../../components/FrontDoor';

/** The card of the pages a mailed link opens (and of asking for one), with the way back to the login under it. */
export function LinkDoor({ width, children }: { width: number; children: ReactNode }) {
  return (
    <FrontDoor
      width={width}
      below={
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {MAIL_MSG.toLogin}
        </Anchor>
      }
    >
      {children}
    </FrontDoor>
  );
}

/** While the server checks the mailed link. */
export function LinkChecking() {
  return (
    <Stack align="center" gap="xs">
      <Loader size="sm" />
      <Text size="sm" c="dimmed">
        {MAIL_MSG.linkChecking}
      </Text>
    </Stack>
  );
}

/** A red alert (with a title when given), for a link that is not valid or an action that failed. */
export function LinkAlert({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {children}
    </Alert>
  );
}
