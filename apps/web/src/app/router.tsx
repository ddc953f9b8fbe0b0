import { Suspense, lazy } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { PAGES } from './routes';

const LoginPage = lazy(() => import('../features/auth/pages/LoginPage'));
// The signed-in shell (menu, drawer) is its own chunk, so the login page loads only what it shows.
const AppLayout = lazy(() => import('./AppLayout'));

/**
 * Paths match without case, so the menu's /acount reaches the route table's /Acount
 * (and /teachers, /subjects... reach their screens).
 */
export const routes: RouteObject[] = [
  { path: '/login', element: <Suspense fallback={<PageLoader />}><LoginPage /></Suspense> },
  {
    element: <Suspense fallback={<PageLoader />}><AppLayout /></Suspense>,
    children: PAGES.map(({ path, Component }) => ({ path, element: <Component /> })),
  },
  { path: '/', element: <Navigate to="/login" replace /> },
  { path: '*', element: <Navigate to="/login" replace /> },
];

export function createRouter() {
  return createBrowserRouter(routes, { basename: '/app' });
}
