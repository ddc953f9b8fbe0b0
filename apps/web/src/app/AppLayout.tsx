import { Box, Container } from '@mantine/core';
import { Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { getRole, getToken } from '../lib/session';
import { SideMenu } from './SideMenu';

/** Every screen but /login: a stored token and role are required, and the side menu is shown. */
export default function AppLayout() {
  if (!getToken() || getRole() === null) return <Navigate to="/login" replace />;
  return (
    <>
      <SideMenu />
      {/* The floating menu button sits above the content, hence the top padding. */}
      <Box component="main" pt={72} pb="xl">
        <Container size="xl" px={{ base: 'sm', sm: 'md' }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
      </Box>
    </>
  );
}
