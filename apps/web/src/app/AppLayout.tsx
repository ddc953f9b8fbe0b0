import { Box, Container, Group, Text } from '@mantine/core';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { APP_TITLE, isRole, redirectForRole } from '@egreso/domain';
import { PageLoader } from '../components/PageLoader';
import { displayTimeZone } from '../lib/dates';
import { useMe } from '../lib/me';
import { FORCED_PASSWORD_PATH, getRole, getToken, mustChangePassword } from '../lib/session';
import { SideMenu } from './SideMenu';

/** Height of the top bar that holds the menu button. */
export const TOP_BAR_HEIGHT = 60;

/**
 * The screen, drawn again once `GET /me` has told the institution's time zone if it differs from the one assumed
 * (America/Mexico_City), so no date stays in the machine's or the default zone.
 */
function InstitutionOutlet() {
  useMe();
  return <Outlet key={displayTimeZone()} />;
}

/**
 * Every screen but /login: a stored token and role are required, a screen of another role's menu sends the user to
 * their own dashboard (or to /login for /Selection, as the spec says), and the side menu opens from a top bar that
 * scrolls nothing under itself.
 */
export default function AppLayout() {
  const location = useLocation();
  const role = getRole();
  if (!getToken() || role === null) return <Navigate to="/login" replace />;
  // No screen (nor the menu) before the password someone else set is changed.
  if (mustChangePassword()) return <Navigate to={FORCED_PASSWORD_PATH} replace />;
  const elsewhere = isRole(role) ? redirectForRole(role, location.pathname) : null;
  if (elsewhere) return <Navigate to={elsewhere} replace />;
  return (
    <>
      <Box
        component="header"
        data-print="hide"
        pos="sticky"
        top={0}
        h={TOP_BAR_HEIGHT}
        px={{ base: 'sm', sm: 'md' }}
        style={{
          zIndex: 150,
          background: 'var(--mantine-color-body)',
          borderBottom: '1px solid var(--mantine-color-default-border)',
        }}
      >
        <Group h="100%" gap="sm" wrap="nowrap">
          <SideMenu />
          <Text fw={600} truncate>
            {APP_TITLE}
          </Text>
        </Group>
      </Box>
      <Box component="main" pt="lg" pb="xl">
        <Container size="xl" px={{ base: 'sm', sm: 'md' }}>
          <Suspense fallback={<PageLoader />}>
            <InstitutionOutlet />
          </Suspense>
        </Container>
      </Box>
    </>
  );
}
